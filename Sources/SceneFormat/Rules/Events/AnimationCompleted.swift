// AnimationCompleted: `event: animationCompleted`, an animation of the item ran to its end.
//
// UIView.animate's completion block called with `finished == true`: an animation replaced or
// cut short by its item's removal does not fire it. The scene's own `animations:` and those a
// rule's `animate` starts both count.
import Yams

extension EventDescription {
    public struct AnimationCompleted: EventKind {
        /// nil: an animation of any item.
        public var items: [String]?
        public init(items: [String]? = nil) { self.items = items }
        public static let name = "animationCompleted"
        public static let summary = "an animation of the item runs to its end (`UIView.animate`'s completion, finished)"
        public static let keys = ["item", "items"]
        public var namedItems: [String] { items ?? [] }
        public static func example(naming items: [String]) -> Self { Self(items: [items[0]]) }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? { Self(items: m.eventItems(context)) }
        public func write() -> [(key: String, value: Node)] {
            var w = EntryWriter()
            w.addEventItems(items)
            return w.pairs
        }
    }
}
