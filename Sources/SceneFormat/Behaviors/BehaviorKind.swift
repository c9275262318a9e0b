// BehaviorKind: the seam a kind of behavior plugs into the scene format through.
//
// Each `type:` of behavior (collision, push, gravity, ...) is one value type conforming to this
// protocol, in a file of its own that owns everything the format knows about it: its keys, how
// an entry is read (with every error positioned, as NodeReader records them), how it is written
// back to YAML, the items it names (which an editor may not delete while the entry stands), an
// example entry for the tests, and its table of the documentation. Every requirement is one the
// kind must write (no default hides a forgotten one, except `namedItems` and `listsEveryItem`
// for kinds that declare an `items` list through ListingItems). The registry
// (`BehaviorKinds.all`) is the only list of kinds: the parser, the writer, the docs tests, the
// README's generated list of kinds and the runtime's property test go through it. The runtime
// half (building, letting go of a removed item, writing the live state back) is the runtime
// module's BehaviorRuntime, because the format module never sees the engine; the property test
// fails for a registered kind without it. docs/architecture.md, "Adding a behavior kind", is the recipe.
import Yams

public protocol BehaviorKind: Hashable, Sendable {
    /// The `type:` name in a scene file.
    static var type: String { get }
    /// What the kind does, in one line: the README's list of kinds is generated from it.
    static var summary: String { get }
    /// The keys an entry of this type may have besides `type` and `id`, in the order `write` uses.
    static var keys: [String] { get }
    /// This type's table in docs/scene-format.md, header included, exactly as the docs show it.
    static var documentation: String { get }

    /// The behavior's id, if it has one (gestures address behaviors by id).
    var id: String? { get }
    /// Whether the behavior acts on every item of the scene (a list behavior whose `items` the
    /// file leaves out), spawned items included.
    var listsEveryItem: Bool { get }
    /// The item ids the entry names (its list, or the items it is made for): deleting one of them
    /// while the entry stands is refused, and the entry must say what it does when one is removed.
    var namedItems: [String] { get }

    /// An entry of this kind that names `items` (two ids, both in the scene), for the tests that
    /// run every registered kind through build, save, reload and delete.
    static func example(naming items: [String]) -> Self

    /// Reads one entry whose `type` and `id` are already read. Problems go to the entry's error
    /// collector; nil when the entry cannot be used (its errors are recorded).
    static func parse(_ entry: MappingReader, id: String?, context: ParsingContext) -> Self?
    /// The entry's keys besides `type` and `id`, in `keys` order; values left at their defaults
    /// are left out, so a written entry reads back to an equal description.
    func write() -> [(key: String, value: Node)]
}

/// The behavior kinds a scene file may use, in the order the docs and messages list them.
public enum BehaviorKinds {
    public static let all: [any BehaviorKind.Type] = [
        BehaviorDescription.Collision.self,
        BehaviorDescription.Push.self,
        BehaviorDescription.Gravity.self,
        BehaviorDescription.Snap.self,
        BehaviorDescription.Attachment.self,
        BehaviorDescription.DynamicItemProperties.self,
        BehaviorDescription.Field.self,
        BehaviorDescription.Composite.self,
    ]

    /// The `type:` names, in registry order.
    public static var names: [String] { all.map { $0.type } }

    /// The kind whose `type:` name is `type`.
    public static func kind(named type: String) -> (any BehaviorKind.Type)? {
        all.first { $0.type == type }
    }
}

/// A kind that acts on a list of items, `items: nil` meaning every item of the scene (spawned
/// items too). Declaring it gives the kind its `namedItems` and `listsEveryItem`, and lets the
/// editor add an item to or take one out of the entry.
public protocol ListingItems {
    var items: [String]? { get set }
}

extension BehaviorKind where Self: ListingItems {
    public var namedItems: [String] { items ?? [] }
    public var listsEveryItem: Bool { items == nil }
}
