// ActionKind: the seam a kind of action plugs into a scene's rules through.
//
// Each `action:` of a rule's `do:` list (setColor, add, push, counter, end, ...) is one value
// type conforming to this protocol, in a file of its own under Actions/, built the way behavior
// kinds are (BehaviorKind): its name, keys, parse with positioned errors, write, the items it
// names and an example. `ActionKinds.all` is the only list of kinds. An action that acts on an
// item takes `item:`, or, left out, the item of the event that fired the rule (the ball that
// touched the floor, the domino that tipped over). What an action does at run time is the
// Playground module's ActionRuntime.
import Yams

public protocol ActionKind: Hashable, Sendable {
    /// The `action:` name in a scene file.
    static var name: String { get }
    /// What it does, in one line, with UIKit's name for it: the docs' generated list.
    static var summary: String { get }
    /// The keys an action of this kind may have besides `action`, in the order `write` uses.
    static var keys: [String] { get }
    /// The item ids the action names.
    var namedItems: [String] { get }
    /// An action of this kind naming `items` (two ids, both in the scene) and, where it takes
    /// one, the behavior id `behavior`, for the tests.
    static func example(naming items: [String], behavior: String) -> Self
    /// Reads one action mapping whose `action` is already read; errors go to the collector.
    static func parse(_ m: MappingReader, context: ParsingContext) -> Self?
    /// The keys besides `action`, in `keys` order, defaults left out.
    func write() -> [(key: String, value: Node)]
}

/// The action kinds a rule may use, in the order the docs and messages list them.
public enum ActionKinds {
    public static let all: [any ActionKind.Type] = [
        ActionDescription.SetColor.self,
        ActionDescription.SetAlpha.self,
        ActionDescription.SetScale.self,
        ActionDescription.Remove.self,
        ActionDescription.Add.self,
        ActionDescription.Push.self,
        ActionDescription.Snap.self,
        ActionDescription.SetVelocity.self,
        ActionDescription.AddBehavior.self,
        ActionDescription.RemoveBehavior.self,
        ActionDescription.EnableBehavior.self,
        ActionDescription.DisableBehavior.self,
        ActionDescription.Animate.self,
        ActionDescription.Message.self,
        ActionDescription.Counter.self,
        ActionDescription.Bell.self,
        ActionDescription.NextScene.self,
        ActionDescription.End.self,
    ]

    /// The `action:` names, in registry order.
    public static var names: [String] { all.map { $0.name } }

    public static func kind(named name: String) -> (any ActionKind.Type)? { all.first { $0.name == name } }
}

/// One action of a rule's `do:`, whichever kind it is.
public struct ActionDescription: Hashable, Sendable {
    public let kind: any ActionKind

    public init(_ kind: some ActionKind) { self.kind = kind }

    /// The `action:` name.
    public var name: String { Swift.type(of: kind).name }
    public var namedItems: [String] { kind.namedItems }

    /// `{action: NAME, ...}` in flow style.
    public func write() -> Node {
        .flowMapping([("action", Node(name))] + kind.write().map { ($0.key, $0.value) })
    }

    public static func == (a: ActionDescription, b: ActionDescription) -> Bool { AnyHashable(a.kind) == AnyHashable(b.kind) }
    public func hash(into hasher: inout Hasher) { AnyHashable(kind).hash(into: &hasher) }
}
