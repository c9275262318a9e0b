// CounterReached: `event: counterReached`, a counter of the scene's rules reaching a value.
//
// Games end on counts: every domino down, ten pins. The event fires at the step boundary where
// the counter goes from below `value` to at least `value` (once per crossing, as a threshold),
// and sees changes made by the rules before it in the same boundary, so a rule after the one
// that counts can end the scene at the same step.
import Yams

extension EventDescription {
    public struct CounterReached: EventKind {
        public var counter: String
        public var value: Double
        public init(counter: String, value: Double) { self.counter = counter; self.value = value }
        public static let name = "counterReached"
        public static let summary = "a rule's counter reaches a value (from below)"
        public static let keys = ["counter", "value"]
        public var namedItems: [String] { [] }
        public static func example(naming items: [String]) -> Self { Self(counter: "score", value: 3) }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? {
            let counter = m.required("counter", "the counter's name")?.identifier()
            let value = m.required("value", "the value to reach")?.number()
            guard let counter, let value else { return nil }
            return Self(counter: counter, value: value)
        }
        public func write() -> [(key: String, value: Node)] { [("counter", .string(counter)), ("value", .number(value))] }
    }
}
