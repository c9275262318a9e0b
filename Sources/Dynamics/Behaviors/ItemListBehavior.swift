// ItemListBehavior: the shared part of every behavior that acts on a list of items (gravity,
// collision, push, dynamic item, field): `items`, `addItem`, `removeItem`, as in UIKit.
import Geometry

public class ItemListBehavior: DynamicBehavior {
    public private(set) var items: [DynamicItem]

    public init(items: [DynamicItem] = []) {
        // Duplicates are dropped, keeping the first; a set keeps that linear for big scenes.
        var seen = Set<ObjectIdentifier>()
        self.items = items.filter { seen.insert(ObjectIdentifier($0)).inserted }
        super.init()
    }

    public func addItem(_ item: DynamicItem) {
        if items.contains(where: { $0 === item }) { return }
        items.append(item)
        setNeedsSync()
    }

    public func removeItem(_ item: DynamicItem) {
        guard let i = items.firstIndex(where: { $0 === item }) else { return }
        items.remove(at: i)
        setNeedsSync()
    }

    override var ownItems: [DynamicItem] { items }

    /// The engine bodies of `items`, in order (−1 for an item without one), refreshed at every
    /// sync so per-step forces need no lookups.
    private(set) var bodies: [Int32] = []

    func cacheBodies(_ context: SyncContext) {
        bodies = items.map { context.body(for: $0) ?? -1 }
    }
}
