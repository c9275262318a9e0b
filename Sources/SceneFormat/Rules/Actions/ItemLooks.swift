// ItemLooks: `action: setColor`, `setAlpha` and `setScale`, a view's backgroundColor, alpha and
// transform scale set at once.
//
// As on a UIView, none of them touches the dynamics: the collision shape keeps its size when
// the drawn scale changes. Three kinds, one file, since they differ only in their value.
import Yams

extension ActionDescription {
    public struct SetColor: ActionKind {
        public var item: String?
        public var color: SceneColor
        public init(item: String? = nil, color: SceneColor) { self.item = item; self.color = color }
        public static let name = "setColor"
        public static let summary = "sets the item's color (`backgroundColor`)"
        public static let keys = ["item", "color"]
        public var namedItems: [String] { item.map { [$0] } ?? [] }
        public static func example(naming items: [String], behavior: String) -> Self { Self(item: items[0], color: SceneColor(red: 255, green: 0, blue: 0)) }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? {
            let item = m.actionItem(context)
            return m.required("color", "a color name or \"#rrggbb\"")?.color().map { Self(item: item, color: $0) }
        }
        public func write() -> [(key: String, value: Node)] {
            var w = EntryWriter()
            w.addActionItem(item)
            w.add("color", .color(color))
            return w.pairs
        }
    }

    public struct SetAlpha: ActionKind {
        public var item: String?
        public var alpha: Double
        public init(item: String? = nil, alpha: Double) { self.item = item; self.alpha = alpha }
        public static let name = "setAlpha"
        public static let summary = "sets the item's opacity, 0…1 (`alpha`)"
        public static let keys = ["item", "alpha"]
        public var namedItems: [String] { item.map { [$0] } ?? [] }
        public static func example(naming items: [String], behavior: String) -> Self { Self(item: items[0], alpha: 0.5) }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? {
            let item = m.actionItem(context)
            return m.required("alpha", "0 (invisible) … 1 (opaque)")?.number(in: 0...1).map { Self(item: item, alpha: $0) }
        }
        public func write() -> [(key: String, value: Node)] {
            var w = EntryWriter()
            w.addActionItem(item)
            w.add("alpha", .number(alpha))
            return w.pairs
        }
    }

    public struct SetScale: ActionKind {
        public var item: String?
        public var scale: Double
        public init(item: String? = nil, scale: Double) { self.item = item; self.scale = scale }
        public static let name = "setScale"
        public static let summary = "sets the item's drawn scale; the collision shape keeps its size (`transform`)"
        public static let keys = ["item", "scale"]
        public var namedItems: [String] { item.map { [$0] } ?? [] }
        public static func example(naming items: [String], behavior: String) -> Self { Self(item: items[0], scale: 2) }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? {
            let item = m.actionItem(context)
            return m.required("scale", "a factor greater than 0")?.positiveNumber().map { Self(item: item, scale: min($0, 50)) }
        }
        public func write() -> [(key: String, value: Node)] {
            var w = EntryWriter()
            w.addActionItem(item)
            w.add("scale", .number(scale))
            return w.pairs
        }
    }
}
