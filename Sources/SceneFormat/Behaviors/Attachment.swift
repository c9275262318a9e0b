// Attachment: `type: attachment`, AttachmentBehavior in a scene file.
//
// One type, five kinds of joint (`kind:` distance, pin, sliding, limit, fixed), each needing its
// own keys: the rules below say which keys a kind needs and which it does not take, every
// violation reported at the key (or the entry) it concerns.
//
// Values are held to what the joint can do from its first step on: a pin's or a slider's range
// contains 0, where the item starts (UIKit requires it; outside it the item would jump to the
// nearer end at once), a limit (a rope) is longer than 0, and a spring is either off
// (frequency 0) or at least `minimumFrequency`, below which its stiffness underflows and the
// step divides by zero. The same rules stand in the playground's inspector (`problem(length:)`,
// `problem(frequency:)`), so a tuned scene still passes `nudge check`.
import Geometry
import Yams

extension BehaviorDescription {
    public struct Attachment: BehaviorKind {
        public enum Kind: String, CaseIterable, Sendable { case distance, pin, sliding, limit, fixed }
        public var id: String?
        public var kind: Kind = .distance
        public var item: String
        /// The other item, for item-to-item attachments.
        public var to: String?
        /// The anchor point (to a point; for pin, sliding and fixed, the shared point).
        public var anchor: Position?
        /// Offset from `item`'s center.
        public var offset: Vector = .zero
        /// Offset from `to`'s center.
        public var toOffset: Vector = .zero
        /// nil: the distance at creation.
        public var length: Double?
        public var frequency: Double?
        public var damping: Double?
        /// Sliding only.
        public var axis: Vector?
        /// Pin only.
        public var frictionTorque: Double?
        /// Pin only: the motor's target angular velocity of `item` relative to `to` (or the world), rad/s.
        public var motorSpeed: Double?
        /// Pin only: the most torque the motor applies, mass·pt²/s².
        public var motorTorque: Double?
        /// Pin: the allowed relative angle in radians; sliding: the allowed travel in points.
        public var range: ClosedRange<Double>?
        /// Pin only: the angular spring's frequency, Hz (none when nil or 0).
        public var angularFrequency: Double?
        /// Pin only: the angular spring's damping ratio.
        public var angularDamping: Double?
        /// Pin only: the relative angle, radians, the angular spring turns toward (counted from
        /// the angle when the scene starts).
        public var restAngle: Double?
        public init(id: String? = nil, item: String) { self.id = id; self.item = item }

        public var listsEveryItem: Bool { false }
        public var namedItems: [String] { [item] + (to.map { [$0] } ?? []) }
        public static func example(naming items: [String]) -> Self {
            var a = Self(item: items[0])
            a.to = items[1]
            return a
        }

        /// The least frequency of a spring, Hz (a period of about 17 minutes); 0 is a rigid rod.
        public static let minimumFrequency = 0.001

        /// Why `length` cannot be the length of an attachment of `kind`, or nil.
        public static func problem(length: Double, kind: Kind) -> String? {
            if kind == .limit && !(length > 0) {
                return "expected a length above 0 for kind: limit (a rope of length 0 holds its item in no direction), found \(NodeReader.format(length))"
            }
            return nil
        }

        /// Why `frequency` cannot be a spring's frequency, or nil.
        public static func problem(frequency: Double) -> String? {
            if frequency > 0 && frequency < minimumFrequency {
                return "expected 0 (a rigid rod) or a frequency of at least \(NodeReader.format(minimumFrequency)) Hz, found \(NodeReader.format(frequency))"
            }
            return nil
        }

        /// Why `range` cannot be the range of an attachment of `kind` (pin or sliding), or nil.
        public static func problem(range: ClosedRange<Double>, kind: Kind) -> String? {
            if !range.contains(0) {
                let what = kind == .pin ? "angle" : "travel"
                return "expected a range containing 0 (the item's \(what) when the scene starts; outside the range it would jump to the nearer end), found [\(NodeReader.format(range.lowerBound)), \(NodeReader.format(range.upperBound))]"
            }
            return nil
        }

        public static let type = "attachment"

        /// One line for the generated list of kinds in the README.

        public static let summary = "a joint between two items or an item and an anchor: distance, pin, sliding, limit or fixed (`AttachmentBehavior`)"
        public static let keys = ["item", "to", "anchor", "offset", "toOffset", "length", "frequency", "damping", "kind",
                                  "axis", "frictionTorque", "range", "motorSpeed", "motorTorque", "angularFrequency",
                                  "angularDamping", "restAngle"]

        public static let documentation = """
            | key | type | default | |
            |---|---|---|---|
            | `item` | id | required | |
            | `kind` | `distance` \\| `pin` \\| `sliding` \\| `limit` \\| `fixed` | `distance` | |
            | `anchor` | position | see below | a point of the reference bounds |
            | `to` | id | see below | another item (not `item` itself) |
            | `offset` | vector | `[0, 0]` | attachment point on `item`, in its own coordinates (distance and limit) |
            | `toOffset` | vector | `[0, 0]` | attachment point on `to` (needs `to`; distance and limit) |
            | `length` | number ≥ 0; above 0 for `limit` | the distance at creation | |
            | `frequency` | 0, or a number ≥ 0.001 | `0` | Hz; 0 is a rigid rod, above 0 a spring |
            | `damping` | number 0…1 | `0` | the spring's damping ratio (1 = critical) |
            | `axis` | vector, not `[0, 0]` | required for `sliding`, not allowed otherwise | the direction of travel |
            | `frictionTorque` | number ≥ 0 | `0` | `pin` only |
            | `range` | `[min, max]`, min ≤ 0 ≤ max | unlimited | `pin`: the allowed relative angle in radians; `sliding`: the allowed travel in points |
            | `motorSpeed` | number | `0` | `pin` only: the motor turns `item` at this many rad/s (clockwise on screen) relative to `to` or the world; needs `motorTorque` |
            | `motorTorque` | number ≥ 0 | `0` (no motor) | `pin` only: the most torque the motor applies, mass·pt²/s²; not together with `frictionTorque` |
            | `angularFrequency` | 0, or a number ≥ 0.001 | `0` | `pin` only: Hz of an angular spring turning `item` back toward `restAngle` relative to `to` or the world; 0 is none |
            | `angularDamping` | number 0…1 | `0` | `pin` only: the angular spring's damping ratio (1 = critical); needs `angularFrequency` |
            | `restAngle` | number | `0` | `pin` only: the relative angle in radians (clockwise on screen, from the angle when the scene starts) the angular spring turns toward; needs `angularFrequency` |
            """

        public static func parse(_ m: MappingReader, id: String?, context: ParsingContext) -> Self? {
            let item = context.itemReference(m.required("item", "the id of the attached item"))
            let kind = m["kind"]?.choice(Kind.self) ?? .distance
            let to = context.itemReference(m["to"])
            let anchor = m["anchor"]?.position()
            checkKeys(of: kind, m)
            if let item, let to, item == to { m["to"]?.error("an item cannot be attached to itself") }

            guard let item else { return nil }
            var b = Self(id: id, item: item)
            b.kind = kind
            b.to = to
            b.anchor = anchor
            b.offset = m["offset"]?.vector() ?? .zero
            b.toOffset = m["toOffset"]?.vector() ?? .zero
            if let reader = m["length"], let length = reader.nonNegativeNumber() {
                if let why = problem(length: length, kind: kind) { reader.error(why) } else { b.length = length }
            }
            if let reader = m["frequency"], let frequency = reader.nonNegativeNumber() {
                if let why = problem(frequency: frequency) { reader.error(why) } else { b.frequency = frequency }
            }
            b.damping = m["damping"]?.number(in: 0...1)
            if let axisReader = m["axis"], let axis = axisReader.vector() {
                if axis.length == 0 { axisReader.error("the axis must not be [0, 0]") } else { b.axis = axis }
            }
            b.frictionTorque = m["frictionTorque"]?.nonNegativeNumber()
            b.motorSpeed = m["motorSpeed"]?.number()
            b.motorTorque = m["motorTorque"]?.nonNegativeNumber()
            if let reader = m["angularFrequency"], let frequency = reader.nonNegativeNumber() {
                if let why = problem(frequency: frequency) { reader.error(why) } else { b.angularFrequency = frequency }
            }
            b.angularDamping = m["angularDamping"]?.number(in: 0...1)
            b.restAngle = m["restAngle"]?.number()
            if let rangeReader = m["range"], let parts = rangeReader.list(count: 2, what: "a range [min, max] (radians for pin, points for sliding)") {
                if let lo = parts[0].number(), let hi = parts[1].number() {
                    if lo > hi {
                        rangeReader.error("expected [min, max] with min ≤ max, found [\(NodeReader.format(lo)), \(NodeReader.format(hi))]")
                    } else if let why = problem(range: lo...hi, kind: kind) {
                        rangeReader.error(why)
                    } else {
                        b.range = lo...hi
                    }
                }
            }
            return b
        }

        /// The keys each kind needs, and those it does not take.
        private static func checkKeys(of kind: Kind, _ m: MappingReader) {
            switch kind {
            case .distance, .limit:
                if m.has("anchor") == m.has("to") {
                    if m.has("anchor") { m.forbid("to", "give either 'anchor' (a point) or 'to' (another item), not both") }
                    else { m.reader.error("missing 'anchor' or 'to' (attach to a point [x, y] or to another item)") }
                }
            case .pin:
                _ = m.required("anchor", "the pin's point [x, y]; add 'to' to pin two items together")
            case .fixed:
                _ = m.required("to", "the other item of a fixed attachment")
                _ = m.required("anchor", "the weld point [x, y]")
            case .sliding:
                _ = m.required("anchor", "a point [x, y] on the sliding axis")
                _ = m.required("axis", "the sliding axis [dx, dy]")
            }
            if kind == .pin || kind == .sliding || kind == .fixed {
                m.forbid("offset", "'offset' does not apply to kind: \(kind.rawValue) (the anchor is the shared point)")
                m.forbid("toOffset", "'toOffset' does not apply to kind: \(kind.rawValue) (the anchor is the shared point)")
            }
            if kind != .sliding { m.forbid("axis", "'axis' applies only to kind: sliding") }
            if kind != .pin { m.forbid("frictionTorque", "'frictionTorque' applies only to kind: pin") }
            if kind != .pin {
                m.forbid("motorSpeed", "'motorSpeed' applies only to kind: pin")
                m.forbid("motorTorque", "'motorTorque' applies only to kind: pin")
            } else if m.has("motorSpeed") && !m.has("motorTorque") {
                m.forbid("motorSpeed", "'motorSpeed' needs 'motorTorque' (the most torque the motor applies)")
            }
            if kind != .pin {
                for key in ["angularFrequency", "angularDamping", "restAngle"] {
                    m.forbid(key, "'\(key)' applies only to kind: pin")
                }
            } else if !m.has("angularFrequency") {
                m.forbid("angularDamping", "'angularDamping' needs 'angularFrequency' (the angular spring's frequency)")
                m.forbid("restAngle", "'restAngle' needs 'angularFrequency' (the angular spring's frequency)")
            }
            if m.has("motorTorque") {
                m.forbid("frictionTorque", "give either 'frictionTorque' or a motor ('motorTorque'), not both: friction is a motor at speed 0")
            }
            if kind != .pin && kind != .sliding { m.forbid("range", "'range' applies only to kind: pin (radians) or sliding (points)") }
            if !m.has("to") { m.forbid("toOffset", "'toOffset' needs 'to' (another item)") }
        }

        public func write() -> [(key: String, value: Node)] {
            var w = EntryWriter()
            w.add("item", .string(item))
            w.add("to", to.map(Node.string))
            w.add("anchor", anchor.map(Node.position))
            w.add("offset", offset == .zero ? nil : .vector(offset))
            w.add("toOffset", toOffset == .zero ? nil : .vector(toOffset))
            w.add("length", length.map(Node.number))
            w.add("frequency", frequency.map(Node.number))
            w.add("damping", damping.map(Node.number))
            w.add("kind", kind == .distance ? nil : Node(kind.rawValue))
            w.add("axis", axis.map(Node.vector))
            w.add("frictionTorque", frictionTorque.map(Node.number))
            w.add("range", range.map { .list([.number($0.lowerBound), .number($0.upperBound)]) })
            w.add("motorSpeed", motorSpeed.map(Node.number))
            w.add("motorTorque", motorTorque.map(Node.number))
            w.add("angularFrequency", angularFrequency.map(Node.number))
            w.add("angularDamping", angularDamping.map(Node.number))
            w.add("restAngle", restAngle.map(Node.number))
            return w.pairs
        }
    }
}
