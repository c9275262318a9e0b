// Snap: `type: snap`, SnapBehavior in a scene file: one item pulled to a point.
import Geometry
import Yams

extension BehaviorDescription {
    public struct Snap: BehaviorKind {
        public var id: String?
        public var item: String
        public var point: Position
        public var damping: Double = 0.5
        public init(id: String? = nil, item: String, point: Position) { self.id = id; self.item = item; self.point = point }

        public var listsEveryItem: Bool { false }
        public var namedItems: [String] { [item] }
        public static func example(naming items: [String]) -> Self { Self(item: items[0], point: .center) }

        public static let type = "snap"

        /// One line for the generated list of kinds in the README.

        public static let summary = "one item pulled to a point with a damped spring (`SnapBehavior`)"
        public static let keys = ["item", "point", "damping"]
        /// UIKit's documented default.
        static let defaultDamping = 0.5

        public static let documentation = """
            | key | type | default | |
            |---|---|---|---|
            | `item` | id | required | a new snap on an item replaces its previous one |
            | `point` | position | required | |
            | `damping` | number 0…1 | `0.5` | 0 oscillates most, 1 least |
            """

        public static func parse(_ m: MappingReader, id: String?, context: ParsingContext) -> Self? {
            let item = context.itemReference(m.required("item", "the id of the item to snap"))
            let point = m.required("point", "the snap point [x, y]")?.position()
            let damping = m["damping"]?.number(in: 0...1) ?? defaultDamping
            guard let item, let point else { return nil }
            var b = Self(id: id, item: item, point: point)
            b.damping = damping
            return b
        }

        public func write() -> [(key: String, value: Node)] {
            var w = EntryWriter()
            w.add("item", .string(item))
            w.add("point", .position(point))
            w.add("damping", damping == Self.defaultDamping ? nil : .number(damping))
            return w.pairs
        }
    }
}
