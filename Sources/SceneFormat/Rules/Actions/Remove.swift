// Remove: `action: remove`, the item leaves the scene (removeFromSuperview and every behavior's
// removeItem), as an animation's `then: remove` takes it out: from the items and from every
// behavior, each as its kind lets go of it.
import Yams

extension ActionDescription {
    public struct Remove: ActionKind {
        public var item: String?
        public init(item: String? = nil) { self.item = item }
        public static let name = "remove"
        public static let summary = "removes the item from the scene and from every behavior"
        public static let keys = ["item"]
        public var namedItems: [String] { item.map { [$0] } ?? [] }
        public static func example(naming items: [String], behavior: String) -> Self { Self(item: items[1]) }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? { Self(item: m.actionItem(context)) }
        public func write() -> [(key: String, value: Node)] {
            var w = EntryWriter()
            w.addActionItem(item)
            return w.pairs
        }
    }
}
