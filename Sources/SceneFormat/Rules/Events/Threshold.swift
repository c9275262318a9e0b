// Threshold: `event: threshold`, an item's speed, position or angle crossing a value.
//
// What UIKit code does in a behavior's `action` block, checking a value every step. `value` is
// `speed` (pt/s), `x` or `y` (the center, points), `angle` (radians, clockwise) or `tilt` (the
// angle's size either way: a pin knocked left or right); the event
// fires at the step the value goes from not above to above `above` (or from not below to below
// `below`), so it fires once per crossing, not on every step the value stays over. The value at
// the scene's start counts as the value before the first step: an item already over does not
// fire until it has come back and crossed again.
import Yams

extension EventDescription {
    public struct Threshold: EventKind {
        public enum Value: String, CaseIterable, Sendable { case speed, x, y, angle, tilt }
        /// nil: every item.
        public var items: [String]?
        public var value: Value
        /// Exactly one of `above` and `below` is set.
        public var above: Double?
        public var below: Double?

        public init(items: [String]? = nil, value: Value, above: Double? = nil, below: Double? = nil) {
            self.items = items; self.value = value; self.above = above; self.below = below
        }
        public static let name = "threshold"
        public static let summary = "an item's `speed`, `x`, `y`, `angle` or `tilt` crosses above or below a value (a behavior's `action` block)"
        public static let keys = ["item", "items", "value", "above", "below"]
        public var namedItems: [String] { items ?? [] }
        public static func example(naming items: [String]) -> Self { Self(items: [items[0]], value: .y, above: 120) }

        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? {
            let items = m.eventItems(context)
            let value = m.required("value", "speed | x | y | angle | tilt")?.choice(Value.self)
            if m.has("above") && m.has("below") { m.forbid("below", "give either 'above' or 'below', not both") }
            if !m.has("above") && !m.has("below") { m.reader.error("missing 'above' or 'below' (the value to cross)") }
            let above = m["above"]?.number(), below = m["below"]?.number()
            guard let value, above != nil || below != nil else { return nil }
            return Self(items: items, value: value, above: above, below: m.has("above") ? nil : below)
        }

        public func write() -> [(key: String, value: Node)] {
            var w = EntryWriter()
            w.addEventItems(items)
            w.add("value", Node(value.rawValue))
            w.add("above", above.map(Node.number))
            w.add("below", below.map(Node.number))
            return w.pairs
        }
    }
}
