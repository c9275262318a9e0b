// EventKind: the seam a kind of event plugs into a scene's rules through.
//
// Each `event:` of a rule's `on:` (contactBegan, tap, after, threshold, ...) is one value type
// conforming to this protocol, in a file of its own under Events/ that owns everything the
// format knows of it: its name, its keys, how it is read (errors positioned through
// MappingReader, item ids through ParsingContext so unknown ones are named with a did-you-mean),
// how it is written back, the items it names and an example for the tests. `EventKinds.all` is
// the only list of kinds: the parser, the writer, the generated docs list and the tests that run
// every kind go through it. What an event means at run time (when it fires) is the Playground
// module's EventRuntime, since the format never sees the engine.
import Yams

public protocol EventKind: Hashable, Sendable {
    /// The `event:` name in a scene file.
    static var name: String { get }
    /// What fires it, in one line, with UIKit's name for it: the docs' generated list.
    static var summary: String { get }
    /// The keys an `on:` of this event may have besides `event`, in the order `write` uses.
    static var keys: [String] { get }
    /// The item ids the event names (none: it listens to every item, or to none).
    var namedItems: [String] { get }
    /// An event of this kind naming `items` (two ids, both in the scene), for the tests.
    static func example(naming items: [String]) -> Self
    /// Reads one `on:` mapping whose `event` is already read; errors go to the collector.
    static func parse(_ m: MappingReader, context: ParsingContext) -> Self?
    /// The keys besides `event`, in `keys` order, defaults left out.
    func write() -> [(key: String, value: Node)]
}

/// The event kinds a rule may use, in the order the docs and messages list them.
public enum EventKinds {
    public static let all: [any EventKind.Type] = [
        EventDescription.ContactBegan.self,
        EventDescription.ContactEnded.self,
        EventDescription.LeftPlayArea.self,
        EventDescription.Tap.self,
        EventDescription.Pan.self,
        EventDescription.LongPress.self,
        EventDescription.AnimationCompleted.self,
        EventDescription.Rest.self,
        EventDescription.Resume.self,
        EventDescription.After.self,
        EventDescription.Every.self,
        EventDescription.Threshold.self,
        EventDescription.CounterReached.self,
    ]

    /// The `event:` names, in registry order.
    public static var names: [String] { all.map { $0.name } }

    public static func kind(named name: String) -> (any EventKind.Type)? { all.first { $0.name == name } }
}

/// A rule's `on:`, whichever kind of event it is.
public struct EventDescription: Hashable, Sendable {
    public let kind: any EventKind

    public init(_ kind: some EventKind) { self.kind = kind }

    /// The `event:` name.
    public var name: String { Swift.type(of: kind).name }
    public var namedItems: [String] { kind.namedItems }

    /// `{event: NAME, ...}` in flow style.
    public func write() -> Node {
        .flowMapping([("event", Node(name))] + kind.write().map { ($0.key, $0.value) })
    }

    public static func == (a: EventDescription, b: EventDescription) -> Bool { AnyHashable(a.kind) == AnyHashable(b.kind) }
    public func hash(into hasher: inout Hasher) { AnyHashable(kind).hash(into: &hasher) }
}
