// BehaviorKind: the seam a kind of behavior plugs into the scene format through.
//
// Each `type:` of behavior (collision, push, gravity, ...) is one value type conforming to this
// protocol, in a file of its own that owns everything the format knows about it: its keys, how
// an entry is read (with every error positioned, as NodeReader records them), how it is written
// back to YAML, and its row of the documentation. The registry (`BehaviorKinds.all`) lists the
// types; the parser, the writer and the docs test go through it, so adding a kind is one file
// here, one line in the registry and, in the runtime module, the one function that builds it.
// Building stays out of this protocol because the format module never sees the engine.
import Yams

public protocol BehaviorKind: Hashable, Sendable {
    /// The `type:` name in a scene file.
    static var type: String { get }
    /// The keys an entry of this type may have besides `type` and `id`, in the order `write` uses.
    static var keys: [String] { get }
    /// This type's table in docs/scene-format.md, header included, exactly as the docs show it.
    static var documentation: String { get }

    /// The behavior's id, if it has one (gestures address behaviors by id).
    var id: String? { get }
    /// Whether the behavior acts on every item of the scene (a list behavior whose `items` the
    /// file leaves out), spawned items included.
    var listsEveryItem: Bool { get }

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
    ]

    /// The `type:` names, in registry order.
    public static var names: [String] { all.map { $0.type } }

    /// The kind whose `type:` name is `type`.
    public static func kind(named type: String) -> (any BehaviorKind.Type)? {
        all.first { $0.type == type }
    }
}
