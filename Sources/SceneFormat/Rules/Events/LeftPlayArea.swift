// LeftPlayArea: `event: leftPlayArea`, an item's center went out of the reference bounds.
//
// UIKit has no callback for it (an item simply flies off screen); scenes need it for "the ball
// fell off the table: lost". It fires once per departure, at the step the center crosses out;
// an item that comes back and leaves again fires again.
import Yams

extension EventDescription {
    public struct LeftPlayArea: EventKind {
        /// nil: every item.
        public var items: [String]?
        public init(items: [String]? = nil) { self.items = items }
        public static let name = "leftPlayArea"
        public static let summary = "an item's center leaves the reference bounds"
        public static let keys = ["item", "items"]
        public var namedItems: [String] { items ?? [] }
        public static func example(naming items: [String]) -> Self { Self(items: items) }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? { Self(items: m.eventItems(context)) }
        public func write() -> [(key: String, value: Node)] {
            var w = EntryWriter()
            w.addEventItems(items)
            return w.pairs
        }
    }
}
