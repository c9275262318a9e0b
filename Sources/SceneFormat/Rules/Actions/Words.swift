// Words: `action: message`, `bell` and `counter`, what a rule tells the player.
//
// `message` shows its text in the status line for 5 s, as a gesture's message does. `bell`
// rings the terminal's bell (BEL). `counter` changes a named counter, which the status line
// shows (`score 3`) from the first time a rule touches it: `by` adds (1 when left out), `to`
// sets. Counters start at 0 and are numbers, so `by: 0.5` works.
import Yams

extension ActionDescription {
    public struct Message: ActionKind {
        public var text: String
        public init(text: String) { self.text = text }
        public static let name = "message"
        public static let summary = "shows a message in the status line for 5 s"
        public static let keys = ["text"]
        public var namedItems: [String] { [] }
        public static func example(naming items: [String], behavior: String) -> Self { Self(text: "Touched!") }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? {
            m.required("text", "the message to show")?.string().map(Self.init)
        }
        public func write() -> [(key: String, value: Node)] { [("text", .string(text))] }
    }

    public struct Bell: ActionKind {
        public init() {}
        public static let name = "bell"
        public static let summary = "rings the terminal's bell"
        public static let keys: [String] = []
        public var namedItems: [String] { [] }
        public static func example(naming items: [String], behavior: String) -> Self { Self() }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? { Self() }
        public func write() -> [(key: String, value: Node)] { [] }
    }

    public struct Counter: ActionKind {
        public var counter: String
        /// Added to the counter; ignored when `to` is set.
        public var by: Double
        public var to: Double?
        public init(counter: String, by: Double = 1, to: Double? = nil) { self.counter = counter; self.by = by; self.to = to }
        public static let name = "counter"
        public static let summary = "adds to (`by`, 1) or sets (`to`) a named counter the status line shows"
        public static let keys = ["counter", "by", "to"]
        public var namedItems: [String] { [] }
        public static func example(naming items: [String], behavior: String) -> Self { Self(counter: "score") }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? {
            let name = m.required("counter", "the counter's name, e.g. score")?.identifier()
            if m.has("by") && m.has("to") { m.forbid("to", "give either 'by' or 'to', not both") }
            let by = m["by"]?.number() ?? 1
            let to = m.has("by") ? nil : m["to"]?.number()
            return name.map { Self(counter: $0, by: by, to: to) }
        }
        public func write() -> [(key: String, value: Node)] {
            var w = EntryWriter()
            w.add("counter", .string(counter))
            if let to { w.add("to", .number(to)) } else { w.add("by", by == 1 ? nil : .number(by)) }
            return w.pairs
        }
    }
}
