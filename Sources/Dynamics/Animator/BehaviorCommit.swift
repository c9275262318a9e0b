// BehaviorCommit: what a behavior contributes to the engine when the animator commits.
//
// The commit (DynamicAnimator+Commit.swift) does not look for behaviors of particular types:
// each behavior says what it contributes, through the three hooks below, and the commit calls
// them on every behavior in the animator's order. Some settings belong to an item and are
// shared by several behaviors (a dynamic item behavior's materials, where the last one that set
// a property wins; a collision behavior's filter bit, which every item of it carries), so they
// are first gathered in a CommitPlan and written into the engine once; engine objects a
// behavior owns alone (a joint, boundary walls) it creates or updates itself in `sync`.
import Geometry

/// A behavior's part in a commit. DynamicBehavior provides empty defaults; the built-in
/// behaviors override what they contribute.
protocol BehaviorCommit: AnyObject {
    /// Adds what the behavior sets on items that other behaviors may set too: materials, mass
    /// and damping (DynamicItemBehavior), collision filters (CollisionBehavior).
    func declare(into plan: inout CommitPlan)
    /// After every item has its body and settings: creates or updates the engine objects the
    /// behavior owns (joints, boundary walls) and notes its items' bodies.
    func sync(_ context: SyncContext)
    /// The behavior left the animator: releases the engine objects it owns.
    func detach(_ context: SyncContext)
}

extension DynamicBehavior: BehaviorCommit {}

/// What a behavior sees of its animator while the engine is brought up to date.
struct SyncContext {
    unowned let animator: DynamicAnimator
    var world: World { animator.world }
    func body(for item: DynamicItem) -> BodyID? { animator.body(for: item) }
    func shape(for item: DynamicItem) -> ShapeID? { animator.record(for: item)?.shape }
}

/// What the behaviors declared at one commit, written into the engine by `apply`.
struct CommitPlan {
    /// Each item's physical properties, resolved over the dynamic item behaviors that name it.
    var materials: [ObjectIdentifier: ItemMaterial] = [:]
    /// Each item's collision masks: the bits of the collision behaviors whose items it collides
    /// with, and of those whose boundaries it hits.
    var masks: [ObjectIdentifier: (items: UInt64, boundaries: UInt64)] = [:]
    /// The collision behaviors, in order: the one at index k has bit 1 << k.
    var collisionBehaviors: [CollisionBehavior] = []
    /// The gravity behaviors, in order (for the potential energy).
    var gravityBehaviors: [GravityBehavior] = []
    /// The joints the behaviors will create at this commit (an attachment without one), so the
    /// world's joint array is sized once (World+Reserving.swift).
    var newJoints = 0

    /// Writes materials and mass, then filters (the behaviors' masks and each item's category
    /// filter), into every item's body and shape.
    func apply(records: [ItemRecord], world: World) {
        for record in records {
            (materials[ObjectIdentifier(record.item)] ?? ItemMaterial()).apply(to: record, world: world)
        }
        for record in records {
            let m = masks[ObjectIdentifier(record.item)] ?? (0, 0)
            // A group's shapes are its items', each with the item's own category filter.
            let parts = (record.item as? DynamicItemGroup)?.items
            for (k, s) in record.shapes.enumerated() {
                let filter = parts.map { k < $0.count ? $0[k].collisionFilter : .default } ?? record.item.collisionFilter
                world.setFilter(s, itemMask: m.items, boundaryMask: m.boundaries, filter: filter)
            }
        }
    }
}
