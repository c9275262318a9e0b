// ItemListBehavior: the shared part of every behavior that acts on a list of items (gravity,
// collision, push, dynamic item, field): `items`, `addItem`, `removeItem`, as in UIKit.
// Membership is a set beside the list, so adding an item costs the same however many the
// behavior holds (a scene that adds thousands one at a time, as rain's ragdolls do, is not
// quadratic); removing one still finds it in the list.
import Geometry

/// The base of the behaviors that act on a list of items: gravity, collision, push, dynamic
/// item and field behaviors. Not open: subclass ``DynamicBehavior`` for a behavior of your own.
public class ItemListBehavior: DynamicBehavior {
    /// The items this behavior acts on, in the order they were added, each once.
    public private(set) var items: [DynamicItem]
    /// The items of `items`, for membership.
    private var members: Set<ObjectIdentifier>

    /// A behavior for `items` (a repeated item is kept once, at its first place).
    public init(items: [DynamicItem] = []) {
        // Duplicates are dropped, keeping the first; a set keeps that linear for big scenes.
        var seen = Set<ObjectIdentifier>()
        self.items = items.filter { seen.insert(ObjectIdentifier($0)).inserted }
        self.members = seen
        super.init()
    }

    /// Adds an item at the end; an item already in ``items`` is ignored. UIKit: `addItem(_:)`.
    public func addItem(_ item: DynamicItem) {
        if !members.insert(ObjectIdentifier(item)).inserted { return }
        items.append(item)
        setNeedsCommit()
    }

    /// Removes an item; one not in ``items`` is ignored. UIKit: `removeItem(_:)`.
    public func removeItem(_ item: DynamicItem) {
        guard members.remove(ObjectIdentifier(item)) != nil, let i = items.firstIndex(where: { $0 === item }) else { return }
        items.remove(at: i)
        setNeedsCommit()
    }

    override var ownItems: [DynamicItem] { items }

    /// The engine bodies of `items` that have one, in order, noted at every commit so per-step
    /// forces need no lookups.
    private(set) var bodies: [BodyID] = []

    /// Notes the items' bodies; a subclass that overrides this calls it last.
    override func sync(_ context: SyncContext) {
        bodies = items.compactMap { context.body(for: $0) }
    }

    /// Checkpoints: the bodies noted at the last commit (subclasses add their own state).
    override func captureState() -> Any? { bodies }
    override func restoreState(_ state: Any?) { bodies = state as? [BodyID] ?? bodies }
}
