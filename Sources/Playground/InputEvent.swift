// InputEvent: one line of a recorded session (`nudge play --record`, `nudge simulate --input`).
//
// JSON Lines, one event per line, the contract's format:
//   {"t": seconds, "type": "down" | "move" | "up" | "key", "x": pt, "y": pt, "button": 1, "key": "n"}
// plus two optional extensions that never change the meaning of the base keys:
//   "type": "scroll" with "direction": "up" | "down" (a wheel notch), and
//   "modifiers": ["shift", "control", "alt"] on pointer events (rotation and pinch need them).
// and an inspector change, "type": "tune" (RecordedTune, which gives its keys), and one that time
// travel needs: "type": "resume" at `t`, written when the session went back to
// `t` and went on from there (a resume, or an edit made in the past): what was recorded after the
// step of `t` did not happen. Its `t` may be earlier than the line before; `timeline` applies it.
// `t` is seconds since the scene started, in the session's own step time (see PlaygroundApp), so a
// replay delivers each event before the same step the live session did. Reading is strict and
// never traps: every problem is an `InputFileError` naming the file and line, and times must be
// finite, not negative and not decreasing. Numbers are written so they read back to the same bits.
import Foundation
import SceneFormat
import Geometry
import Gestures
import SceneFormat
import Scenes

public enum InputEvent: Hashable, Sendable {
    case pointer(PointerEvent)
    /// A key as `Key.description` names it ("n", "Tab", "Ctrl-C", " " for space).
    case key(String, time: Double)
    /// The session went back to `time` and went on from there (see the header).
    case resume(time: Double)
    /// The inspector changed a value (RecordedTune).
    case tune(RecordedTune)

    public var time: Double {
        switch self {
        case .pointer(let e): e.time
        case .key(_, let t): t
        case .resume(let t): t
        case .tune(let tune): tune.time
        }
    }

    /// The event as one JSON line (no newline).
    public var jsonLine: String {
        let n = HeadlessSimulation.number
        switch self {
        case .key(let key, let t):
            return "{\"t\":\(n(t)),\"type\":\"key\",\"key\":\(HeadlessSimulation.string(key))}"
        case .resume(let t):
            return "{\"t\":\(n(t)),\"type\":\"resume\"}"
        case .tune(let tune):
            return tune.jsonLine
        case .pointer(let e):
            var type = ""
            var extra = ""
            switch e.phase {
            case .down: type = "down"
            case .move: type = "move"
            case .up: type = "up"
            case .scroll(let d): type = "scroll"; extra = ",\"direction\":\"\(d == .up ? "up" : "down")\""
            }
            var line = "{\"t\":\(n(e.time)),\"type\":\"\(type)\",\"x\":\(n(e.location.x)),\"y\":\(n(e.location.y))"
            if case .scroll = e.phase {} else { line += ",\"button\":\(e.button.rawValue)" }
            line += extra
            var mods: [String] = []
            if e.modifiers.contains(.shift) { mods.append("\"shift\"") }
            if e.modifiers.contains(.control) { mods.append("\"control\"") }
            if e.modifiers.contains(.alt) { mods.append("\"alt\"") }
            if !mods.isEmpty { line += ",\"modifiers\":[\(mods.joined(separator: ","))]" }
            return line + "}"
        }
    }

    /// Reads a whole JSON Lines text; blank lines are skipped. `file` names the source in errors.
    /// Lines end in LF or CRLF (a Swift string holds "\r\n" as one character, so lines are split
    /// at every newline character, not at "\n").
    public static func parse(_ text: String, file: String) throws -> [InputEvent] {
        var events: [InputEvent] = []
        var lastTime = 0.0
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { continue }
            let event = try parseLine(line, file: file, line: index + 1)
            if case .resume(let t) = event {
                // Back to the step of t: later lines start from there.
                lastTime = Double(SceneSession.stepIndex(forEventTime: t)) / 60
                events.append(event)
                continue
            }
            if event.time < lastTime {
                throw InputFileError(file: file, line: index + 1,
                                     message: "\"t\" went back in time (\(HeadlessSimulation.number(event.time)) after \(HeadlessSimulation.number(lastTime))); times must not decrease")
            }
            lastTime = event.time
            events.append(event)
        }
        return events
    }

    private struct Fields: Decodable {
        var t: Double?
        var type: String?
        var x: Double?
        var y: Double?
        var button: Int?
        var key: String?
        var direction: String?
        var modifiers: [String]?
    }

    /// What a field of `type` holds, in words (never a Swift type name such as `Array<Any>`).
    static func expectation(for type: Any.Type, key: String) -> String {
        if type == Double.self { return "a number" }
        if type == Int.self { return "a whole number" }
        if type == String.self { return "a string" }
        if key == "modifiers" { return "a list of names in brackets, e.g. [\"shift\"] or [\"control\", \"alt\"]" }
        if type is [Any].Type { return "a list in brackets" }
        return "another kind of value"
    }

    static func parseLine(_ line: String, file: String, line number: Int) throws -> InputEvent {
        func fail(_ message: String) -> InputFileError { InputFileError(file: file, line: number, message: message) }
        let fields: Fields
        do {
            fields = try JSONDecoder().decode(Fields.self, from: Data(line.utf8))
        } catch let DecodingError.typeMismatch(type, context) where !context.codingPath.isEmpty {
            let key = context.codingPath.first?.stringValue ?? "?"
            throw fail("\"\(key)\": expected \(expectation(for: type, key: key))")
        } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
            throw fail("\"\(context.codingPath[0].stringValue)\": expected a finite number")
        } catch {
            throw fail("not a valid JSON object (expected e.g. {\"t\": 0.5, \"type\": \"down\", \"x\": 320, \"y\": 192}; numbers must be finite, NaN and Infinity are not JSON)")
        }
        guard let t = fields.t else { throw fail("missing \"t\" (seconds since the scene started)") }
        guard t.isFinite else { throw fail("\"t\": expected a finite number") }
        guard t >= 0 else { throw fail("\"t\": expected 0 or more seconds, found \(HeadlessSimulation.number(t))") }
        guard let type = fields.type else { throw fail("missing \"type\" (down | move | up | key | scroll | tune)") }
        if type == "resume" { return .resume(time: t) }
        if type == "tune" { return .tune(try RecordedTune.parse(line, time: t, fail: fail)) }
        if type == "key" {
            guard let key = fields.key, !key.isEmpty else { throw fail("missing \"key\" for type key") }
            return .key(key, time: t)
        }
        let phase: PointerEvent.Phase
        switch type {
        case "down": phase = .down
        case "move": phase = .move
        case "up": phase = .up
        case "scroll":
            switch fields.direction {
            case "up": phase = .scroll(.up)
            case "down": phase = .scroll(.down)
            default: throw fail("\"direction\": expected up or down for type scroll")
            }
        default:
            throw fail("\"type\": expected down | move | up | key | scroll | tune | resume, found \"\(type)\"")
        }
        guard let x = fields.x, let y = fields.y else { throw fail("missing \"x\" or \"y\" (points) for type \(type)") }
        guard x.isFinite, y.isFinite, abs(x) <= 1e6, abs(y) <= 1e6 else {
            throw fail("\"x\" and \"y\": expected finite numbers within ±1000000 points")
        }
        let buttonNumber = fields.button ?? 1
        guard let button = PointerButton(rawValue: buttonNumber) else {
            throw fail("\"button\": expected 1 (left), 2 (middle) or 3 (right), found \(buttonNumber)")
        }
        var modifiers: PointerModifiers = []
        for name in fields.modifiers ?? [] {
            switch name {
            case "shift": modifiers.insert(.shift)
            case "control", "ctrl": modifiers.insert(.control)
            case "alt": modifiers.insert(.alt)
            default: throw fail("\"modifiers\": expected shift, control or alt, found \"\(name)\"")
            }
        }
        if case .scroll(let direction) = phase {
            return .pointer(.scroll(direction, at: Point(x, y), time: t, modifiers: modifiers))
        }
        return .pointer(PointerEvent(phase, at: Point(x, y), time: t, button: button, modifiers: modifiers))
    }
}

extension InputEvent {
    /// The events of the line of time a recording ended on: each `resume` drops the pointer events
    /// before it whose step is later than its own; the keys before it stay (they changed what was
    /// on screen, not the scene's past), moved back to its time so times never decrease.
    public static func timeline(_ events: [InputEvent]) -> [InputEvent] {
        var kept: [InputEvent] = []
        for event in events {
            guard case .resume(let t) = event else { kept.append(event); continue }
            let step = SceneSession.stepIndex(forEventTime: t)
            kept = kept.compactMap { earlier in
                guard SceneSession.stepIndex(forEventTime: earlier.time) > step else { return earlier }
                if case .key(let key, _) = earlier { return .key(key, time: t) }
                return nil
            }
        }
        return kept
    }
}

/// A problem in an input file, located by file and line.
public struct InputFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String
    public init(file: String, line: Int, message: String) { self.file = file; self.line = line; self.message = message }
    /// "file:line: message", with control and bidi characters from the file (or its name) escaped.
    public var description: String {
        (line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)").escapingControlCharacters
    }
}
