// HeadlessSimulation: steps a scene with no terminal and reports its state as JSON Lines.
//
// This is the headless contract, `nudge simulate`'s output: one object per reported
// step, step 0 before the first step, items in file order, `time` = step / 60 exactly. Numbers
// print so they round-trip: Swift's Double description is the shortest text that reads back to
// the same bits, and integral values drop the ".0" (320, not 320.0), as in the contract's example.
// The same scene gives the same bytes every run. `alpha` is listed when an item's alpha is not 1
// or the scene has animations (so a fade shows from its first line), `scale` when it is not 1.
import Dynamics
import Geometry
import SceneFormat

public struct HeadlessSimulation {
    public let scene: Scene

    public init(scene: Scene) { self.scene = scene }

    /// Steps `steps` times, writing step 0, every `every`-th step, and the last step.
    public func run(steps: Int, every: Int, write: (String) -> Void) {
        precondition(steps >= 0 && every >= 1, "steps ≥ 0 and every ≥ 1 (the command line checks them)")
        write(stateLine(step: 0))
        guard steps > 0 else { return }
        for step in 1...steps {
            scene.animator.step()
            if Self.reports(step: step, of: steps, every: every) { write(stateLine(step: step)) }
        }
    }

    /// Whether step `step` of `steps` is printed: every `every`-th, and always the last, so a
    /// run shows where it ended whatever K is.
    public static func reports(step: Int, of steps: Int, every: Int) -> Bool {
        step % every == 0 || step == steps
    }

    /// The JSON object for the scene's current state, labelled `step`.
    public func stateLine(step: Int) -> String {
        var line = "{\"step\":\(step),\"time\":\(Self.number(Double(step) / 60)),\"items\":["
        for (index, item) in scene.items.enumerated() {
            if index > 0 { line += "," }
            let v = scene.linearVelocity(of: item)
            line += "{\"id\":\(Self.string(item.id))"
            line += ",\"x\":\(Self.number(item.center.x)),\"y\":\(Self.number(item.center.y))"
            line += ",\"angle\":\(Self.number(item.transform.rotationAngle))"
            line += ",\"vx\":\(Self.number(v.x)),\"vy\":\(Self.number(v.y))"
            line += ",\"omega\":\(Self.number(scene.angularVelocity(of: item)))"
            if item.alpha != 1 || !scene.animations.isEmpty { line += ",\"alpha\":\(Self.number(item.alpha))" }
            if item.scale != 1 { line += ",\"scale\":\(Self.number(item.scale))" }
            line += "}"
        }
        return line + "]}"
    }

    /// A JSON number that reads back to exactly `value`; integral values without a fraction;
    /// null for a non-finite value (JSON has no NaN or infinity).
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            return String(Int64(value))  // also turns -0.0 into 0
        }
        return value.description
    }

    /// A JSON string literal.
    public static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
