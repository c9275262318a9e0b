// SceneBuilder: a validated SceneDescription + reference bounds → a live Scene.
//
// Every value was checked by SceneParser, so building cannot fail on the file's content: ids
// resolve, numbers are finite and in range. Percent positions resolve against the reference
// bounds here and only here. Each kind of behavior builds itself (Behaviors/, one file per kind,
// through BehaviorRuntime), so this file knows no kind by name. Items listed by no behavior stay
// out of the animator (as a view no behavior holds), and a behavior's `items` left out means
// every item. An item's `velocity` and `angularVelocity` are set last, replacing what the
// behaviors added at the start; items no behavior drives have no velocity to set.
import Dynamics
import Geometry
import SceneFormat

public struct SceneBuilder: Sendable {
    public init() {}

    /// One live group per `groups:` entry, of the items as placed.
    static func groups(_ entries: [GroupDescription], items: [SceneItem]) -> [DynamicItemGroup] {
        guard !entries.isEmpty else { return [] }
        var byID: [String: SceneItem] = [:]
        for item in items { byID[item.id] = item }
        return entries.map { DynamicItemGroup(items: $0.items.compactMap { byID[$0] }) }
    }

    /// A group moves as its first item with a velocity says: the item's `angularVelocity` is the
    /// group's, and its `velocity` the group's at the item's center, so the group's own is
    /// v − ω × r. (A saved group writes each item's velocity this way, so any item gives the same.)
    static func setVelocities(of groups: [DynamicItemGroup], from entries: [ItemDescription], animator: DynamicAnimator) {
        var byID: [String: ItemDescription] = [:]
        for entry in entries { byID[entry.id] = entry }
        for group in groups where animator.contains(group) {
            guard let (item, entry) = group.items.lazy.compactMap({ item -> (SceneItem, ItemDescription)? in
                guard let s = item as? SceneItem, let e = byID[s.id],
                      e.velocity != .zero || e.angularVelocity != 0 else { return nil }
                return (s, e)
            }).first else { continue }
            let r = item.center - group.center, w = entry.angularVelocity
            animator.setVelocity(entry.velocity - Vector(-w * r.y, w * r.x), angular: w, for: group)
        }
    }

    public func build(_ description: SceneDescription, referenceBounds: Rect) -> Scene {
        let items = description.items.map { SceneItem($0, in: referenceBounds) }
        var categories = CollisionCategories(description)
        for (item, entry) in zip(items, description.items) { item.collisionFilter = categories.filter(for: entry) }
        let groups = Self.groups(description.groups, items: items)
        let context = BehaviorBuildContext(referenceBounds: referenceBounds, items: items, groups: groups)
        let animator = DynamicAnimator(referenceBounds: referenceBounds)
        animator.allowsSleeping = description.sleeping
        var behaviorsByID: [String: DynamicBehavior] = [:]
        var fileBehaviors: [DynamicBehavior] = []

        for entry in description.behaviors {
            let behavior = entry.runtime.buildLive(in: context)
            if let id = entry.id { behaviorsByID[id] = behavior }
            fileBehaviors.append(behavior)
            animator.addBehavior(behavior)
        }
        for work in context.afterAdding { work() }
        // An item's own velocity is its state, set after the behaviors' once-at-start additions
        // (a dynamicItem's `velocity`), so a saved scene moves on exactly as it was saved.
        for (item, entry) in zip(items, description.items)
        where (entry.velocity != .zero || entry.angularVelocity != 0) && animator.contains(item) {
            animator.setVelocity(entry.velocity, angular: entry.angularVelocity, for: item)
        }
        Self.setVelocities(of: groups, from: description.items, animator: animator)
        // Built means in the engine: queries about the new scene answer before its first step.
        animator.commitChanges()
        for (item, entry) in zip(items, description.items) where entry.asleep { animator.setStartsAsleep(item) }

        let scene = Scene(sceneDescription: description, referenceBounds: referenceBounds, items: items, animator: animator,
                          behaviorsByID: behaviorsByID)
        scene.fileBehaviors = fileBehaviors
        scene.groups = groups
        scene.collisionCategories = categories
        scene.boundaryLayouts = context.boundaryLayouts
        return scene
    }
}
