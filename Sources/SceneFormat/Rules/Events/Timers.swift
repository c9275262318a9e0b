// Timers: `event: after` and `event: every`, a Timer's one-shot and repeating forms.
//
// Scene time moves in steps of exactly 1/60 s, so a timer fires at a step: `after: s` at step
// round(s × 60) (at least 1), `every: s` at every multiple of round(s × 60) steps (at least 1).
// A time that is not a whole number of steps is rounded to the nearest one; the docs say so.
import Yams

extension EventDescription {
    /// The step a timer of `seconds` fires at (or repeats every).
    public static func timerSteps(_ seconds: Double) -> Int {
        max(1, Int((seconds * 60).rounded().clamped(0, Double(Int32.max))))
    }

    public struct After: EventKind {
        public var seconds: Double
        public init(seconds: Double) { self.seconds = seconds }
        public static let name = "after"
        public static let summary = "once, that many seconds after the scene starts (`Timer`, not repeating)"
        public static let keys = ["seconds"]
        public var namedItems: [String] { [] }
        public static func example(naming items: [String]) -> Self { Self(seconds: 0.5) }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? {
            m.required("seconds", "when it fires, seconds after the start")?.positiveNumber().map { Self(seconds: $0) }
        }
        public func write() -> [(key: String, value: Node)] { [("seconds", .number(seconds))] }
    }

    public struct Every: EventKind {
        public var seconds: Double
        public init(seconds: Double) { self.seconds = seconds }
        public static let name = "every"
        public static let summary = "again and again, every that many seconds (`Timer`, repeating)"
        public static let keys = ["seconds"]
        public var namedItems: [String] { [] }
        public static func example(naming items: [String]) -> Self { Self(seconds: 0.25) }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? {
            m.required("seconds", "the period in seconds")?.positiveNumber().map { Self(seconds: $0) }
        }
        public func write() -> [(key: String, value: Node)] { [("seconds", .number(seconds))] }
    }
}

extension Double {
    func clamped(_ low: Double, _ high: Double) -> Double { Swift.min(Swift.max(self, low), high) }
}
