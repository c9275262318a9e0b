// Gravity: `type: gravity`, GravityBehavior in a scene file.
//
// Given as `angle`/`magnitude` (UIKit's defaults for the one left out: straight down,
// magnitude 1 = 1000 pt/s²) or as a `direction` vector, never both.
import Geometry
import Yams

extension BehaviorDescription {
    public struct Gravity: BehaviorKind, ListingItems {
        public var id: String?
        public var items: [String]?
        public var magnitude: Double?
        public var angle: Double?
        /// Exclusive with angle/magnitude.
        public var direction: Vector?
        public init(id: String? = nil, items: [String]? = nil) { self.id = id; self.items = items }

        public static func example(naming items: [String]) -> Self { Self(items: items) }

        public static let type = "gravity"

        /// One line for the generated list of kinds in the README.

        public static let summary = "a constant acceleration on items, the same for every mass (`GravityBehavior`)"
        public static let keys = ["items", "magnitude", "angle", "direction"]

        public static let documentation = """
            | key | type | default | |
            |---|---|---|---|
            | `items` | list of ids | every item | |
            | `magnitude` | number | `1` | 1.0 = 1000 pt/s², the same for every mass |
            | `angle` | number | `π/2` (down) | radians |
            | `direction` | vector | `[0, 1]` | `gravityDirection`; not together with `angle`/`magnitude` |
            """

        public static func parse(_ m: MappingReader, id: String?, context: ParsingContext) -> Self? {
            var b = Self(id: id, items: context.itemList(m["items"]))
            m.forbidDirectionWithAngle()
            b.magnitude = m["magnitude"]?.number()
            b.angle = m["angle"]?.number()
            b.direction = m["direction"]?.vector()
            return b
        }

        public func write() -> [(key: String, value: Node)] {
            var w = EntryWriter()
            w.add("items", items.map(Node.ids))
            w.add("magnitude", magnitude.map(Node.number))
            w.add("angle", angle.map(Node.number))
            w.add("direction", direction.map(Node.vector))
            return w.pairs
        }
    }
}
