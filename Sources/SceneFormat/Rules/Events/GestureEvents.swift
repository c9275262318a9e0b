// GestureEvents: `event: tap`, `pan` and `longPress`, a gesture on an item (or anywhere).
//
// Each such event is a recognizer of its own in the scene's GestureRouter, UIKit's kinds with
// the scene's terminal slop: a tap fires when it is recognized, a pan and a long press when they
// begin. `item:` keeps only gestures whose press lies on that item as drawn; left out, any press
// fires. The event's point is the recognizer's location, its item the item under the press.
// The three kinds share their keys and reading here; each is its own registered kind.
import Yams

extension EventDescription {
    /// What a gesture event names: the item the press must start on (nil: anywhere).
    public struct GestureTarget: Hashable, Sendable {
        public static let keys = ["item"]
        public var item: String?
        public init(item: String? = nil) { self.item = item }
        static func parse(_ m: MappingReader, context: ParsingContext) -> Self { Self(item: context.itemReference(m["item"])) }
        func write() -> [(key: String, value: Node)] {
            var w = EntryWriter()
            w.add("item", item.map(Node.string))
            return w.pairs
        }
    }

    public struct Tap: EventKind {
        public var target: GestureTarget
        public init(_ target: GestureTarget) { self.target = target }
        public static let name = "tap"
        public static let summary = "a tap on the item, when recognized (`UITapGestureRecognizer`)"
        public static let keys = GestureTarget.keys
        public var namedItems: [String] { target.item.map { [$0] } ?? [] }
        public static func example(naming items: [String]) -> Self { Self(GestureTarget(item: items[0])) }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? { Self(GestureTarget.parse(m, context: context)) }
        public func write() -> [(key: String, value: Node)] { target.write() }
    }

    public struct Pan: EventKind {
        public var target: GestureTarget
        public init(_ target: GestureTarget) { self.target = target }
        public static let name = "pan"
        public static let summary = "a drag that starts on the item, when it begins (`UIPanGestureRecognizer`)"
        public static let keys = GestureTarget.keys
        public var namedItems: [String] { target.item.map { [$0] } ?? [] }
        public static func example(naming items: [String]) -> Self { Self(GestureTarget(item: items[0])) }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? { Self(GestureTarget.parse(m, context: context)) }
        public func write() -> [(key: String, value: Node)] { target.write() }
    }

    public struct LongPress: EventKind {
        public var target: GestureTarget
        public init(_ target: GestureTarget) { self.target = target }
        public static let name = "longPress"
        public static let summary = "a press held 0.5 s on the item, when it begins (`UILongPressGestureRecognizer`)"
        public static let keys = GestureTarget.keys
        public var namedItems: [String] { target.item.map { [$0] } ?? [] }
        public static func example(naming items: [String]) -> Self { Self(GestureTarget(item: items[0])) }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? { Self(GestureTarget.parse(m, context: context)) }
        public func write() -> [(key: String, value: Node)] { target.write() }
    }
}
