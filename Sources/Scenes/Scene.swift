// Scene: a live scene, the items and the animator that moves them.
//
// Built by SceneBuilder from a validated description. Gestures and animations stay descriptions
// here; the modules that run them look items and behaviors up through this object.
import Dynamics
import Geometry
import SceneFormat

public final class Scene {
    /// What the scene was built from, kept in step with every edit (`apply(_:)`) and every tuning
    /// (Scene+Tuning): what saving writes. `fileBehaviors[i]` is always the live behavior of
    /// `sceneDescription.behaviors[i]`.
    public internal(set) var sceneDescription: SceneDescription
    /// The reference bounds; setting it moves the walls that follow them (`animator.referenceBounds`)
    /// and the named boundaries placed in percent of them.
    public var referenceBounds: Rect {
        didSet {
            animator.referenceBounds = referenceBounds
            for layout in boundaryLayouts { layout(referenceBounds) }
        }
    }
    /// Re-lays a named boundary whose points are percentages, for new reference bounds.
    var boundaryLayouts: [(Rect) -> Void] = []
    /// Behaviors an edit took out; kept alive because a boundary layout may still refer to them.
    var retiredBehaviors: [DynamicBehavior] = []
    /// In the scene file's order (spawned items after them; removed items are gone).
    public internal(set) var items: [SceneItem]
    public let animator: DynamicAnimator
    /// The behaviors that carry an `id` in the file.
    public internal(set) var behaviorsByID: [String: DynamicBehavior]
    /// The live item groups, one per `groups:` entry, in file order (Scene+Groups.swift).
    public internal(set) var groups: [DynamicItemGroup] = []
    /// Whether an item of a group was taken out other than by `removeItemRecordingGroup` (an
    /// edit): the group left is made where its items were then, which a scene built again
    /// cannot make, so no checkpoint is taken from then on (Scene+Checkpoint).
    var regroupedWhilePlaying = false
    /// The file's behaviors, one per `behaviors:` entry, in file order.
    public internal(set) var fileBehaviors: [DynamicBehavior] = []
    /// The `dynamicItem` entries tuning added for one item each (Scene+Tuning), by behavior identity.
    var tuningEntries = Set<ObjectIdentifier>()
    /// The bits of the scene's collision category names (an item made later may add one).
    var collisionCategories = CollisionCategories()

    /// The engine filter of an item made from `description` in this scene, for an item added
    /// after the scene was built (edit mode, a spawn).
    public func collisionFilter(for description: ItemDescription) -> CollisionFilter {
        collisionCategories.filter(for: description)
    }

    init(sceneDescription: SceneDescription, referenceBounds: Rect, items: [SceneItem], animator: DynamicAnimator,
         behaviorsByID: [String: DynamicBehavior]) {
        self.sceneDescription = sceneDescription
        self.referenceBounds = referenceBounds
        self.items = items
        self.animator = animator
        self.behaviorsByID = behaviorsByID
    }

    public var gestures: [GestureDescription] { sceneDescription.gestures }
    public var animations: [AnimationDescription] { sceneDescription.animations }

    public func item(withID id: String) -> SceneItem? { items.first { $0.id == id } }

    public func behavior(withID id: String) -> DynamicBehavior? { behaviorsByID[id] }

    /// Whether any behavior drives `item` now (only those have velocities in the animator). Derived
    /// from the behaviors, as the animator derives its items: nothing to keep in step by hand.
    /// An item of a group is dynamic when its group is.
    public func isDynamic(_ item: SceneItem) -> Bool { animator.contains(dynamicItem(for: item)) }

    /// The item's velocity in pt/s, zero for items no behavior drives; for an item of a group,
    /// the group's velocity at the item's center.
    public func linearVelocity(of item: SceneItem) -> Vector {
        guard isDynamic(item) else { return .zero }
        if let group = group(of: item) { return velocity(of: group, at: item.center) }
        return animator.linearVelocity(for: item)
    }

    /// The item's angular velocity in rad/s (its group's), zero for items no behavior drives.
    public func angularVelocity(of item: SceneItem) -> Double {
        isDynamic(item) ? animator.angularVelocity(for: dynamicItem(for: item)) : 0
    }

    // MARK: Adding and removing items (spawned items, `then: remove`)

    /// Appends `item` to the scene's items and adds it to `behaviors` (file behaviors, each as its
    /// kind takes an item: list behaviors add it, snaps and attachments keep their own items); it
    /// becomes dynamic if any took it.
    public func addItem(_ item: SceneItem, joining behaviors: [DynamicBehavior] = []) {
        items.append(item)
        for behavior in behaviors {
            if let i = fileBehaviors.firstIndex(where: { $0 === behavior }) {
                sceneDescription.behaviors[i].runtime.take(item, intoLive: behavior)
            } else {
                (behavior as? ItemListBehavior)?.addItem(item)
            }
        }
    }

    /// Removes `item` from the items and from every behavior. A file behavior lets go of it as
    /// its kind says (BehaviorRuntime.letGo: a list drops it, a behavior made for it leaves the
    /// animator). The behaviors gestures make at run time (a tap's snap, a drag's push, a grab's
    /// attachment) are of those three classes, and let go of it the same way here.
    public func removeItem(_ item: SceneItem) {
        if let index = groups.firstIndex(where: { g in g.items.contains { $0 === item } }) {
            removeFromGroup(item, groupAt: index)
            items.removeAll { $0 === item }
            return
        }
        items.removeAll { $0 === item }
        var entries: [ObjectIdentifier: BehaviorDescription] = [:]
        for (entry, live) in zip(sceneDescription.behaviors, fileBehaviors) { entries[ObjectIdentifier(live)] = entry }
        func visit(_ behavior: DynamicBehavior, parent: DynamicBehavior?) {
            let detach: Bool
            if let entry = entries[ObjectIdentifier(behavior)] {
                detach = entry.runtime.letGo(of: item, inLive: behavior)
            } else {
                for child in behavior.childBehaviors { visit(child, parent: behavior) }
                detach = Self.runTimeBehavior(behavior, lettingGoOf: item)
            }
            guard detach else { return }
            if let parent { parent.removeChildBehavior(behavior) } else { animator.removeBehavior(behavior) }
        }
        for behavior in animator.behaviors { visit(behavior, parent: nil) }
    }

    /// Whether a behavior no file entry made (a gesture's) leaves with `item`; a list lets go of it.
    private static func runTimeBehavior(_ behavior: DynamicBehavior, lettingGoOf item: SceneItem) -> Bool {
        if let list = behavior as? ItemListBehavior {
            list.removeItem(item)
            return false
        }
        if let snap = behavior as? SnapBehavior { return snap.item === item }
        if let attachment = behavior as? AttachmentBehavior { return attachment.items.contains { $0 === item } }
        return false
    }

    /// Makes `live` hold exactly the items `ids` names (every item for nil), in that order for
    /// the ones it gains.
    func relist(_ live: ItemListBehavior, _ ids: [String]?) {
        var seen = Set<ObjectIdentifier>()
        let wanted = (ids.map { $0.compactMap(item(withID:)) } ?? items).map(dynamicItem(for:))
            .filter { seen.insert(ObjectIdentifier($0)).inserted }
        for item in live.items where !wanted.contains(where: { $0 === item }) { live.removeItem(item) }
        for item in wanted where !live.items.contains(where: { $0 === item }) { live.addItem(item) }
    }
}
