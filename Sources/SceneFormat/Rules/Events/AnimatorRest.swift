// AnimatorRest: `event: rest` and `event: resume`, UIDynamicAnimatorDelegate's two calls.
//
// `rest` is `dynamicAnimatorDidPause`: every item has rested for half a second and the animator
// paused. `resume` is `dynamicAnimatorWillResume`: a change woke it again. Neither has keys.
import Yams

extension EventDescription {
    public struct Rest: EventKind {
        public init() {}
        public static let name = "rest"
        public static let summary = "the animator comes to rest and pauses (`dynamicAnimatorDidPause`)"
        public static let keys: [String] = []
        public var namedItems: [String] { [] }
        public static func example(naming items: [String]) -> Self { Self() }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? { Self() }
        public func write() -> [(key: String, value: Node)] { [] }
    }

    public struct Resume: EventKind {
        public init() {}
        public static let name = "resume"
        public static let summary = "the paused animator starts again (`dynamicAnimatorWillResume`)"
        public static let keys: [String] = []
        public var namedItems: [String] { [] }
        public static func example(naming items: [String]) -> Self { Self() }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? { Self() }
        public func write() -> [(key: String, value: Node)] { [] }
    }
}
