// BehaviorRuntime: the runtime half of a behavior kind, everything the live scene asks of it.
//
// The scene format (SceneFormat) reads and writes each kind without knowing the engine; here each
// kind, in a file of its own beside this one, says what its entries do once they are live:
// - `build`: the checked description → a UIKit-style behavior (values the file leaves out stay
//   at the behavior classes' own, UIKit's, defaults, so the defaults live in one place);
// - `take` and `letGo`: what the live behavior does when an item joins the scene (the entry lists
//   every item, or a spawn names it) and when one is removed (a list lets go of it; a behavior
//   made for it leaves the animator);
// - `current`: the entry as the live behavior is now, which saving writes;
// - `change` and `removed`: an edit that changes the entry in place keeping its live state, and
//   the entry an undo puts back (defaults: build it again; the entry as it was).
// Scene, SceneBuilder, Scene+Editing and Scene+CurrentDescription go through this protocol
// only, so none of them names a kind, and a kind that leaves out `letGo` or `current` does not
// compile. List kinds whose live behavior is an ItemListBehavior share the list defaults below;
// a kind with its own live class writes its own. `Live` is the class `build` makes, so the
// methods get it already cast. The registry in SceneFormat is the only list of kinds; a
// registered kind without this conformance fails the property test over every kind.
import Dynamics
import Geometry
import SceneFormat

protocol BehaviorRuntime: BehaviorKind {
    associatedtype Live: DynamicBehavior
    /// The behavior this description makes, not yet added to the animator.
    func build(in context: BehaviorBuildContext) -> Live
    /// `item` joined the scene and this entry acts on it (it lists every item, or a spawn names
    /// the entry): take it in, or do nothing if the kind acts on its own items only.
    func take(_ item: SceneItem, into live: Live)
    /// `item` left the scene: let go of it. True when `live` has nothing left to act on and must
    /// leave the animator (a behavior made for that item).
    func letGo(of item: SceneItem, in live: Live) -> Bool
    /// This entry as `live` is now, to be saved and built again where the items now are
    /// (`itemIDs`: the items the saved scene has); nil when nothing of it is left.
    func current(_ live: Live, in scene: Scene, itemIDs: Set<String>) -> Self?
    /// Changes `live` from this entry to `new` without building it again; false when it must be
    /// built again (the default: always).
    func change(_ live: Live, to new: Self, in scene: Scene) -> Bool
    /// The entry an undo of its removal puts back (the default: itself).
    func removed(from live: Live) -> Self
}

extension BehaviorRuntime {
    func change(_ live: Live, to new: Self, in scene: Scene) -> Bool { false }
    func removed(from live: Live) -> Self { self }
}

// MARK: Kinds that act on a list of items through an ItemListBehavior

extension BehaviorRuntime where Self: ListingItems, Live: ItemListBehavior {
    func take(_ item: SceneItem, into live: Live) { live.addItem(item) }

    func letGo(of item: SceneItem, in live: Live) -> Bool {
        live.removeItem(item)
        return false
    }

    func current(_ live: Live, in scene: Scene, itemIDs: Set<String>) -> Self? {
        guard let ids = scene.itemList(items, live) else { return nil }
        var entry = self
        entry.items = ids
        return entry
    }

    /// Only the list may differ; the live behavior then holds exactly the new list's items.
    func change(_ live: Live, to new: Self, in scene: Scene) -> Bool {
        var rest = self
        rest.items = new.items
        guard rest == new else { return false }
        scene.relist(live, new.items)
        return true
    }
}

// MARK: Calls on an entry of any kind

extension BehaviorDescription {
    /// The entry's runtime half. Every registered kind has one (the property test over the
    /// registry checks it), and the parser lets no other kind through.
    var runtime: any BehaviorRuntime {
        guard let runtime = kind as? any BehaviorRuntime else {
            preconditionFailure("behavior type '\(type)' has no BehaviorRuntime conformance in Scenes")
        }
        return runtime
    }
}

extension BehaviorRuntime {
    func buildLive(in context: BehaviorBuildContext) -> DynamicBehavior { build(in: context) }

    func take(_ item: SceneItem, intoLive live: DynamicBehavior) {
        if let live = live as? Live { take(item, into: live) }
    }

    func letGo(of item: SceneItem, inLive live: DynamicBehavior) -> Bool {
        guard let live = live as? Live else { return false }
        return letGo(of: item, in: live)
    }

    func currentEntry(_ live: DynamicBehavior, in scene: Scene, itemIDs: Set<String>) -> BehaviorDescription? {
        guard let live = live as? Live else { return BehaviorDescription(self) }
        return current(live, in: scene, itemIDs: itemIDs).map(BehaviorDescription.init)
    }

    func change(_ live: DynamicBehavior, to new: BehaviorDescription, in scene: Scene) -> Bool {
        guard let live = live as? Live, let new = new.as(Self.self) else { return false }
        return change(live, to: new, in: scene)
    }

    func removedEntry(from live: DynamicBehavior) -> BehaviorDescription {
        guard let live = live as? Live else { return BehaviorDescription(self) }
        return BehaviorDescription(removed(from: live))
    }
}
