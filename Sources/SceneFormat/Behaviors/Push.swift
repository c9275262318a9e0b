// Push: `type: push`, PushBehavior in a scene file.
//
// The push is given either as `angle`/`magnitude` or as a `direction` vector (UIKit's
// pushDirection), never both. Gestures aim a push by id (`action: pushToward`).
import Geometry
import Yams

extension BehaviorDescription {
    public struct Push: BehaviorKind, ListingItems {
        public enum Mode: String, CaseIterable, Sendable { case continuous, instantaneous }
        public var id: String?
        public var items: [String]?
        public var mode: Mode = .continuous
        public var angle: Double?
        public var magnitude: Double?
        /// Exclusive with angle/magnitude.
        public var direction: Vector?
        public var active: Bool = true
        /// `targetOffsetFromCenter` for every item of the push.
        public var offset: Vector?
        public init(id: String? = nil, items: [String]? = nil) { self.id = id; self.items = items }

        public static func example(naming items: [String]) -> Self {
            var p = Self(items: items)
            p.angle = 0.5
            p.magnitude = 1
            return p
        }

        public static let type = "push"

        /// One line for the generated list of kinds in the README.

        public static let summary = "a continuous or instantaneous force on items (`PushBehavior`)"
        public static let keys = ["items", "mode", "angle", "magnitude", "direction", "active", "offset"]

        public static let documentation = """
            | key | type | default | |
            |---|---|---|---|
            | `items` | list of ids | every item | |
            | `mode` | `continuous` \\| `instantaneous` | `continuous` | instantaneous fires once at the next step, then `active` turns false |
            | `angle` | number | `0` | radians |
            | `magnitude` | number | `0` | 1 accelerates a 100×100 item of density 1 at 100 pt/s² (or changes its velocity by 100 pt/s at once); negative reverses |
            | `direction` | vector | — | the push vector itself (`pushDirection`); not together with `angle`/`magnitude` |
            | `active` | bool | `true` | |
            | `offset` | vector | `[0, 0]` | where on each item the push applies (`targetOffsetFromCenter`), in the item's own coordinates |
            """

        public static func parse(_ m: MappingReader, id: String?, context: ParsingContext) -> Self? {
            var b = Self(id: id, items: context.itemList(m["items"]))
            b.mode = m["mode"]?.choice(Mode.self) ?? .continuous
            m.forbidDirectionWithAngle()
            b.angle = m["angle"]?.number()
            b.magnitude = m["magnitude"]?.number()
            b.direction = m["direction"]?.vector()
            b.active = m["active"]?.bool() ?? true
            b.offset = m["offset"]?.vector()
            return b
        }

        public func write() -> [(key: String, value: Node)] {
            var w = EntryWriter()
            w.add("items", items.map(Node.ids))
            w.add("mode", mode == .continuous ? nil : Node(mode.rawValue))
            w.add("angle", angle.map(Node.number))
            w.add("magnitude", magnitude.map(Node.number))
            w.add("direction", direction.map(Node.vector))
            w.add("active", active ? nil : Node.bool(false))
            w.add("offset", offset.map(Node.vector))
            return w.pairs
        }
    }
}

extension MappingReader {
    /// Reports `direction` given together with `angle` or `magnitude` (push and gravity).
    func forbidDirectionWithAngle() {
        if has("direction") && (has("angle") || has("magnitude")) {
            forbid("direction", "give either 'direction' or 'angle'/'magnitude', not both")
        }
    }
}
