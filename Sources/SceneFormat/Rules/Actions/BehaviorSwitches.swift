// BehaviorSwitches: `action: addBehavior`, `removeBehavior`, `enableBehavior` and
// `disableBehavior`, a behavior of the scene file named by its id.
//
// UIKit adds and removes behaviors while the animator runs (`addBehavior`, `removeBehavior`);
// `removeBehavior` takes the entry's live behavior out of the animator and `addBehavior` puts it
// back (with the items it had), each doing nothing when it is already so. `disableBehavior` and
// `enableBehavior` are a push's `active` for a push (an instantaneous push fires again when
// enabled) and, for any other kind, the same as removing and adding it. A behavior with
// children (an attachment chain's links, a collision's boundaries) goes and comes back as one,
// as UIKit's composite behaviors do.
import Yams

extension ActionDescription {
    /// What the four kinds share: the behavior id they name.
    public struct BehaviorTarget: Hashable, Sendable {
        public static let keys = ["behavior"]
        public var behavior: String
        public init(behavior: String) { self.behavior = behavior }
        static func parse(_ m: MappingReader, context: ParsingContext) -> Self? {
            context.behaviorID(m.required("behavior", "the id of a behavior of the scene")).map(Self.init)
        }
        func write() -> [(key: String, value: Node)] { [("behavior", .string(behavior))] }
    }

    public struct AddBehavior: ActionKind {
        public var target: BehaviorTarget
        public init(_ target: BehaviorTarget) { self.target = target }
        public static let name = "addBehavior"
        public static let summary = "puts a behavior of the scene (by id) back into the animator (`addBehavior`)"
        public static let keys = BehaviorTarget.keys
        public var namedItems: [String] { [] }
        public static func example(naming items: [String], behavior: String) -> Self { Self(BehaviorTarget(behavior: behavior)) }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? { BehaviorTarget.parse(m, context: context).map(Self.init) }
        public func write() -> [(key: String, value: Node)] { target.write() }
    }

    public struct RemoveBehavior: ActionKind {
        public var target: BehaviorTarget
        public init(_ target: BehaviorTarget) { self.target = target }
        public static let name = "removeBehavior"
        public static let summary = "takes a behavior of the scene (by id) out of the animator (`removeBehavior`)"
        public static let keys = BehaviorTarget.keys
        public var namedItems: [String] { [] }
        public static func example(naming items: [String], behavior: String) -> Self { Self(BehaviorTarget(behavior: behavior)) }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? { BehaviorTarget.parse(m, context: context).map(Self.init) }
        public func write() -> [(key: String, value: Node)] { target.write() }
    }

    public struct EnableBehavior: ActionKind {
        public var target: BehaviorTarget
        public init(_ target: BehaviorTarget) { self.target = target }
        public static let name = "enableBehavior"
        public static let summary = "turns a behavior (by id) on: a push's `active`, else adds it back"
        public static let keys = BehaviorTarget.keys
        public var namedItems: [String] { [] }
        public static func example(naming items: [String], behavior: String) -> Self { Self(BehaviorTarget(behavior: behavior)) }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? { BehaviorTarget.parse(m, context: context).map(Self.init) }
        public func write() -> [(key: String, value: Node)] { target.write() }
    }

    public struct DisableBehavior: ActionKind {
        public var target: BehaviorTarget
        public init(_ target: BehaviorTarget) { self.target = target }
        public static let name = "disableBehavior"
        public static let summary = "turns a behavior (by id) off: a push's `active`, else takes it out"
        public static let keys = BehaviorTarget.keys
        public var namedItems: [String] { [] }
        public static func example(naming items: [String], behavior: String) -> Self { Self(BehaviorTarget(behavior: behavior)) }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? { BehaviorTarget.parse(m, context: context).map(Self.init) }
        public func write() -> [(key: String, value: Node)] { target.write() }
    }
}
