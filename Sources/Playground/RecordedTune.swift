// RecordedTune: a change the inspector made (edit mode's `i`, then ←/→), as a line of a recording.
//
// The arrow keys are recorded as keys, but a key says only "one step right": which field was
// under the cursor, and what one step of it is, belong to a panel the replay does not have. So
// the change itself is written, after the key, as an edit:
//   {"t": 1.5, "type": "tune", "item": "ball", "property": "density", "value": 5}
//   {"t": 2, "type": "tune", "joint": 3, "property": "motorSpeed", "value": 3.5}
//   {"t": 2.5, "type": "tune", "item": "ball", "property": "color", "value": "orange"}
// `item` (an id) or `joint` (the attachment's index among the file's behaviors) names what
// changed; `property` is the inspector's name for the field (ItemMaterial, JointProperty, or
// `color`); `value` is the new value, a number, or a color as the scene format writes one. A
// replay makes the same change through its edit mode at the same step, with the value before
// read from its own scene (the same as live, since the replay went through the same steps), so
// `u` undoes it there as live.
import Foundation
import SceneFormat
import Scenes

/// An inspector change as a recording writes it: what changed, to what, and when.
public struct RecordedTune: Hashable, Sendable {
    /// Seconds since the scene started, in session time, like every recorded event.
    public var time: Double
    /// The item or joint changed.
    public var target: Selection
    /// The field changed.
    public var property: PropertyChange.Property
    /// The value it was changed to.
    public var value: PropertyChange.Value

    /// The change `change` made at `time`.
    public init(_ change: PropertyChange, time: Double) {
        self.time = time
        target = change.target
        property = change.property
        value = change.newValue
    }

    /// The same change at another time.
    func at(_ time: Double) -> RecordedTune {
        var tune = self
        tune.time = time
        return tune
    }

    /// The change to make in `scene` now: from its present value to `value`; nil when the scene
    /// has no such item, joint or field.
    public func change(in scene: Scene) -> PropertyChange? {
        let old: PropertyChange.Value
        switch (target, property) {
        case (.item(let id), .material(let material)):
            guard let value = scene.material(material, of: id) else { return nil }
            old = .number(value)
        case (.item(let id), .color):
            guard let color = scene.color(of: id) else { return nil }
            old = .color(color)
        case (.joint(let index), .joint(let joint)):
            guard let value = scene.jointValue(joint, ofBehaviorAt: index) else { return nil }
            old = .number(value)
        default:
            return nil
        }
        return PropertyChange(target: target, property: property, from: old, to: value)
    }

    /// The property's name in a recording.
    static func name(of property: PropertyChange.Property) -> String {
        switch property {
        case .material(let material): material.rawValue
        case .color: "color"
        case .joint(let joint): joint.rawValue
        }
    }

    /// The event as one JSON line (no newline).
    public var jsonLine: String {
        let n = HeadlessSimulation.number, s = HeadlessSimulation.string
        var line = "{\"t\":\(n(time)),\"type\":\"tune\","
        switch target {
        case .item(let id): line += "\"item\":\(s(id)),"
        case .joint(let index): line += "\"joint\":\(index),"
        }
        line += "\"property\":\(s(Self.name(of: property))),\"value\":"
        switch value {
        case .number(let tuned): line += n(tuned.value)
        case .color(let color): line += s(Inspector.name(of: color))
        }
        return line + "}"
    }

    private struct Fields: Decodable {
        var item: String?
        var joint: Int?
        var property: String?
        var value: Value?

        enum Value: Decodable {
            case number(Double), text(String)
            init(from decoder: any Decoder) throws {
                let c = try decoder.singleValueContainer()
                if let x = try? c.decode(Double.self) { self = .number(x) } else { self = .text(try c.decode(String.self)) }
            }
        }
    }

    /// Reads a `"type": "tune"` line whose time is `t`; `fail` makes the error for a message.
    static func parse(_ line: String, time t: Double, fail: (String) -> InputFileError) throws -> RecordedTune {
        guard let fields = try? JSONDecoder().decode(Fields.self, from: Data(line.utf8)) else {
            throw fail("a tune line needs \"item\" (an id) or \"joint\" (a whole number), \"property\" and \"value\" (a number or a color)")
        }
        let target: Selection
        switch (fields.item, fields.joint) {
        case (let id?, nil): target = .item(id: id)
        case (nil, let index?) where index >= 0: target = .joint(index: index)
        default: throw fail("a tune line names either \"item\" (an id) or \"joint\" (an index of 0 or more)")
        }
        guard let name = fields.property else { throw fail("missing \"property\" for type tune") }
        let property: PropertyChange.Property
        if case .item = target, name == "color" {
            property = .color
        } else if case .item = target, let material = ItemMaterial(rawValue: name) {
            property = .material(material)
        } else if case .joint = target, let joint = JointProperty(rawValue: name) {
            property = .joint(joint)
        } else {
            let names = ItemMaterial.allCases.map(\.rawValue) + ["color"]
            let known = (fields.joint == nil ? names : JointProperty.allCases.map(\.rawValue)).joined(separator: ", ")
            throw fail("\"property\": expected one of \(known), found \(HeadlessSimulation.string(name))")
        }
        let value: PropertyChange.Value
        switch (property, fields.value) {
        case (.color, .text(let text)?):
            guard let color = SceneColor(parsing: text) else { throw fail("\"value\": expected a color name or \"#rrggbb\"") }
            value = .color(color)
        case (.color, _):
            throw fail("\"value\": expected a color name or \"#rrggbb\" for property color")
        case (_, .number(let x)?) where x.isFinite && abs(x) <= 1e9:
            value = .number(TunedValue(explicit: x))
        default:
            throw fail("\"value\": expected a finite number for property \(name)")
        }
        return RecordedTune(time: t, target: target, property: property, value: value)
    }

    init(time: Double, target: Selection, property: PropertyChange.Property, value: PropertyChange.Value) {
        self.time = time; self.target = target; self.property = property; self.value = value
    }
}
