// Composite+Building: `type: composite` → a DynamicBehavior whose children are the entries'
// live behaviors, added to and removed from the animator as one (UIKit's childBehaviors).
//
// The live parent keeps each child's entry beside its live behavior, so an item joining or
// leaving reaches every child as that child's own kind says (a list takes it or lets it go; a
// behavior made for it leaves the parent), and saving writes each child as it is now.
import Dynamics
import SceneFormat

/// The live composite: a parent behavior that knows the entry of each child.
final class CompositeBehavior: DynamicBehavior {
    fileprivate var entries: [(entry: BehaviorDescription, live: DynamicBehavior)] = []
}

extension BehaviorDescription.Composite: BehaviorRuntime {
    func build(in context: BehaviorBuildContext) -> CompositeBehavior {
        let parent = CompositeBehavior()
        for child in children {
            let live = child.runtime.buildLive(in: context)
            parent.entries.append((child, live))
            parent.addChildBehavior(live)
        }
        return parent
    }

    func take(_ item: SceneItem, into live: CompositeBehavior) {
        for (entry, child) in live.entries where entry.listsEveryItem { entry.runtime.take(item, intoLive: child) }
    }

    func letGo(of item: SceneItem, in live: CompositeBehavior) -> Bool {
        live.entries.removeAll { entry, child in
            guard entry.runtime.letGo(of: item, inLive: child) else { return false }
            live.removeChildBehavior(child)
            return true
        }
        return live.entries.isEmpty
    }

    func current(_ live: CompositeBehavior, in scene: Scene, itemIDs: Set<String>) -> Self? {
        let now = live.entries.compactMap { $0.entry.runtime.currentEntry($0.live, in: scene, itemIDs: itemIDs) }
        guard !now.isEmpty else { return nil }
        return Self(id: id, children: now)
    }
}
