// Scene+Groups: the scene's item groups live (UIKit's UIDynamicItemGroup), one per `groups:`
// entry, and what a group changes in the questions asked about its items.
//
// A group is one body to the animator: behaviors hold the group in place of its items
// (BehaviorBuildContext.select), so an item of a group is not itself in the animator. The scene
// answers for it through its group: it is dynamic when its group is, its velocity is the
// group's at the item's center (v + ω × r, the rigid body's velocity field) and its angular
// velocity the group's. `groups[i]` is always the live group of `sceneDescription.groups[i]`.
// Forming and dissolving a group while the scene plays (undo and redo of a group's deletion in
// edit mode) swaps the group for its items, or its items for the group, in every list behavior
// that holds them; a snap or an attachment holds what it was built with.
//
// An item of a group taken out while the scene plays (a rule's `remove`, an animation's `then:
// remove`) leaves the rest as one body: UIKit's groups are fixed once made, so the rest becomes
// a new group, made where its items are now, in the old one's place in every list behavior and
// in the description (so `w` saves the group that is left), moving as the rigid body did: each
// remaining item keeps its velocity v + ω × r. Its mass and inertia are the remaining items'
// (Σm, Σ(I + m d²) about the new center of mass). One item left is a lone item again. A snap or
// attachment that held the old group lets go with it, as joints naming a removed item do.
import Dynamics
import Geometry
import SceneFormat

extension Scene {
    /// The live group `item` belongs to, if any.
    public func group(of item: SceneItem) -> DynamicItemGroup? {
        groups.first { g in g.items.contains { $0 === item } }
    }

    /// What the animator moves for `item`: its group, or the item itself.
    public func dynamicItem(for item: SceneItem) -> DynamicItem {
        group(of: item) ?? item
    }

    /// The velocity of the rigid body at `point`: v + ω × r.
    func velocity(of group: DynamicItemGroup, at point: Point) -> Vector {
        let v = animator.linearVelocity(for: group), w = animator.angularVelocity(for: group)
        let r = point - group.center
        return v + Vector(-w * r.y, w * r.x)
    }

    /// A live group of the items `ids` names, as they are placed now.
    func makeGroup(_ d: GroupDescription) -> DynamicItemGroup {
        DynamicItemGroup(items: d.items.compactMap(item(withID:)))
    }

    /// Puts `group` in place of its items in every list behavior that holds one of them.
    func form(_ group: DynamicItemGroup) {
        for case let list as ItemListBehavior in Self.flattened(animator.behaviors)
        where list.items.contains(where: { i in group.items.contains { $0 === i } }) {
            for item in group.items { list.removeItem(item) }
            list.addItem(group)
        }
    }

    /// Puts the items of `group` in its place in every list behavior that holds it, each where
    /// the group has put it, moving with the group's velocity at its center.
    func dissolve(_ group: DynamicItemGroup) {
        let moving = animator.contains(group)
        let velocities = group.items.map { moving ? velocity(of: group, at: $0.center) : .zero }
        let spin = moving ? animator.angularVelocity(for: group) : 0
        for case let list as ItemListBehavior in Self.flattened(animator.behaviors)
        where list.items.contains(where: { $0 === group }) {
            list.removeItem(group)
            for item in group.items { list.addItem(item) }
        }
        guard moving else { return }
        for (item, v) in zip(group.items, velocities) where animator.contains(item) {
            animator.setVelocity(v, angular: spin, for: item)
        }
    }

    /// Takes `item` out of the group `groups[index]` (see the top of this file); the item itself
    /// is still to be taken out of `items` by the caller.
    func removeFromGroup(_ item: SceneItem, groupAt index: Int) {
        let old = groups[index]
        regroupedWhilePlaying = true
        let moving = animator.contains(old)
        let v = moving ? animator.linearVelocity(for: old) : .zero
        let spin = moving ? animator.angularVelocity(for: old) : 0
        let rest = old.items.filter { $0 !== item }
        let replacement: DynamicItem
        if rest.count >= 2 {
            let group = DynamicItemGroup(items: rest)
            groups[index] = group
            sceneDescription.groups[index].items.removeAll { $0 == item.id }
            replacement = group
        } else {
            groups.remove(at: index)
            sceneDescription.groups.remove(at: index)
            guard let last = rest.first else { return }
            replacement = last
        }
        for behavior in Self.flattened(animator.behaviors) {
            if let list = behavior as? ItemListBehavior, list.items.contains(where: { $0 === old }) {
                list.removeItem(old)
                list.addItem(replacement)
            } else if Self.holds(behavior, old) {
                if let parent = Self.flattened(animator.behaviors).first(where: { $0.childBehaviors.contains { $0 === behavior } }) {
                    parent.removeChildBehavior(behavior)
                } else {
                    animator.removeBehavior(behavior)
                }
            }
        }
        guard moving, v != .zero || spin != 0 else { return }
        let r = replacement.center - old.center
        animator.setVelocity(v + Vector(-spin * r.y, spin * r.x), angular: spin, for: replacement)
    }

    /// Whether `behavior` is a snap or attachment holding `item`.
    private static func holds(_ behavior: DynamicBehavior, _ item: DynamicItem) -> Bool {
        if let snap = behavior as? SnapBehavior { return snap.item === item }
        if let attachment = behavior as? AttachmentBehavior { return attachment.items.contains { $0 === item } }
        return false
    }

    static func flattened(_ behaviors: [DynamicBehavior]) -> [DynamicBehavior] {
        behaviors.flatMap { [$0] + flattened($0.childBehaviors) }
    }

    // MARK: Edits

    func insertGroup(_ d: GroupDescription, at index: Int) -> SceneEdit? {
        guard index >= 0, index <= sceneDescription.groups.count, d.items.count >= 2,
              Set(d.items).count == d.items.count,
              d.items.allSatisfy({ id in item(withID: id).map { self.group(of: $0) == nil } ?? false }) else { return nil }
        let group = makeGroup(d)
        sceneDescription.groups.insert(d, at: index)
        groups.insert(group, at: index)
        form(group)
        return .removeGroup(at: index)
    }

    func removeGroup(at index: Int) -> SceneEdit? {
        guard sceneDescription.groups.indices.contains(index), groups.indices.contains(index) else { return nil }
        let d = sceneDescription.groups.remove(at: index)
        dissolve(groups.remove(at: index))
        return .insertGroup(d, at: index)
    }

    /// Moves the group of `live` so that `live` ends at `placement` (the others keep their
    /// places in the group), at rest; the edit that puts it back.
    func place(_ group: DynamicItemGroup, by live: SceneItem, at placement: ItemPlacement) -> SceneEdit {
        let old = ItemPlacement(center: live.center, angle: live.angle)
        guard let k = group.items.firstIndex(where: { $0 === live }) else { return .placeItem(id: live.id, old) }
        let turn = placement.angle - group.placements[k].angle
        group.transform = AffineTransform(rotationAngle: turn)
        group.center = placement.center - group.placements[k].offset.rotated(by: turn)
        if animator.contains(group) {
            animator.updateItem(usingCurrentState: group)
            animator.setVelocity(.zero, angular: 0, for: group)
        }
        return .placeItem(id: live.id, old)
    }
}
