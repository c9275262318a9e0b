// BehaviorDescription: one `behaviors:` entry, whichever kind it is.
//
// The kinds themselves live in Behaviors/, one file each (see BehaviorKind). This wrapper holds
// one of them and gives the parts every kind shares (its type name, id, equality), so a scene
// description stays a plain Hashable value however many kinds there are. Optional fields of a
// kind are nil when the file leaves them out, so the builder applies the behavior class's own
// (UIKit's documented) defaults instead of repeating them. `items: nil` means "every item of the
// scene", which keeps small scenes short and lets items spawned later join.
import Yams

public struct BehaviorDescription: Hashable, Sendable {
    /// The kind's own value (`BehaviorDescription.Collision`, `.Push`, ...).
    public let kind: any BehaviorKind

    public init(_ kind: some BehaviorKind) { self.kind = kind }

    /// The `type:` name.
    public var type: String { Swift.type(of: kind).type }

    /// The behavior's id, if it has one (gestures address behaviors by id).
    public var id: String? { kind.id }

    /// A list behavior whose `items` the file leaves out (it acts on every item, spawned ones too).
    public var listsEveryItem: Bool { kind.listsEveryItem }

    /// The item ids the entry names: its list, or the items it is made for.
    public var namedItems: [String] { kind.namedItems }

    /// The entry's `items` list, for kinds that have one (nil inside: every item).
    public var listedItems: [String]?? { (kind as? any ListingItems).map(\.items) }

    /// The same entry with `items` replaced (unchanged for kinds without a list).
    public func withListedItems(_ items: [String]?) -> BehaviorDescription {
        guard var list = kind as? any ListingItems else { return self }
        list.items = items
        guard let changed = list as? any BehaviorKind else { return self }
        return BehaviorDescription(changed)
    }

    /// The kind's value when it is a `K`.
    public func `as`<K: BehaviorKind>(_: K.Type) -> K? { kind as? K }

    /// The entry as a YAML mapping: `type`, `id` when there is one, then the kind's keys.
    public func write() -> Node {
        var pairs: [(Node, Node)] = [(Node("type"), Node(type))]
        if let id { pairs.append((Node("id"), Node(id))) }
        for (key, value) in kind.write() { pairs.append((Node(key), value)) }
        return .mapping(Node.Mapping(pairs))
    }

    /// The entry as YAML text, a block mapping (the `- ` of a list item is the caller's).
    public func writeYAML() throws -> String { try Yams.serialize(node: write()) }

    public static func == (a: BehaviorDescription, b: BehaviorDescription) -> Bool {
        AnyHashable(a.kind) == AnyHashable(b.kind)
    }

    public func hash(into hasher: inout Hasher) { AnyHashable(kind).hash(into: &hasher) }
}
