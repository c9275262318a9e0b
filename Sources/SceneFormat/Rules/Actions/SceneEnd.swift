// SceneEnd: `action: nextScene` and `action: end`, a rule that finishes the scene.
//
// `end` ends the play with `result: won` or `lost` and an optional message: the playground
// stops the clock and shows "won: MESSAGE" in the status line; `nudge simulate` prints the
// result line and stops. `nextScene` goes on to the next scene of the list, as `n` does; in a
// headless run there is no next scene, so it ends the run with the result `next`.
import Yams

extension ActionDescription {
    public struct End: ActionKind {
        public enum Result: String, CaseIterable, Sendable { case won, lost }
        public var result: Result
        public var message: String?
        public init(result: Result, message: String? = nil) { self.result = result; self.message = message }
        public static let name = "end"
        public static let summary = "ends the scene, `result: won` or `lost`, with a message"
        public static let keys = ["result", "message"]
        public var namedItems: [String] { [] }
        public static func example(naming items: [String], behavior: String) -> Self { Self(result: .won, message: "In!") }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? {
            let message = m["message"]?.string()
            return m.required("result", "won | lost")?.choice(Result.self).map { Self(result: $0, message: message) }
        }
        public func write() -> [(key: String, value: Node)] {
            var w = EntryWriter()
            w.add("result", Node(result.rawValue))
            w.add("message", message.map(Node.string))
            return w.pairs
        }
    }

    public struct NextScene: ActionKind {
        public init() {}
        public static let name = "nextScene"
        public static let summary = "goes on to the next scene of the list, as `n` does"
        public static let keys: [String] = []
        public var namedItems: [String] { [] }
        public static func example(naming items: [String], behavior: String) -> Self { Self() }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? { Self() }
        public func write() -> [(key: String, value: Node)] { [] }
    }
}
