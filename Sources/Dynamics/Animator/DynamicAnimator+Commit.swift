// DynamicAnimator+Commit: bringing the engine up to date with the behaviors, in one place.
//
// A commit runs only when behaviors changed since the last one (`hasUncommittedChanges`), and
// only from `step()` or from a mutator that needs an item's body: never from a query. It
//   1. flattens the behavior tree, parents before children, and detaches behaviors that left;
//   2. gives every item some behavior names a body and a shape (in order of first mention) and
//      destroys the bodies of items no behavior names any more;
//   3. resets what behaviors configure on items, then lets every behavior declare its part
//      through BehaviorCommit (materials from dynamic item behaviors, collision filters from
//      collision behaviors) and writes the resolved result into the engine;
//   4. lets every behavior sync the engine objects it owns (joints, boundary walls) and note
//      its items' bodies, in the behaviors' order.
// The behaviors are never found by their concrete types: each says what it contributes.
import Geometry

extension DynamicAnimator {
    /// Every behavior, parents before their children, as of the last commit.
    var flattened: [DynamicBehavior] { committedBehaviors }

    /// Nudge extension: applies the changes made to behaviors since the last step to the engine
    /// now, instead of at the start of the next step, so that queries see them (a scene just
    /// built, an edit made while time stands still). Nothing happens when there are none.
    public func commitChanges() {
        commitIfNeeded()
    }

    /// Applies the changes made since the last commit; nothing when there are none.
    func commitIfNeeded() {
        if hasUncommittedChanges { commit() }
    }

    private func commit() {
        hasUncommittedChanges = false
        noteCommit()
        commitBehaviorTree()
        commitItems()
        let context = SyncContext(animator: self)
        var plan = CommitPlan()
        plan.materials.reserveCapacity(records.count)
        plan.masks.reserveCapacity(records.count)
        for b in committedBehaviors { b.declare(into: &plan) }
        precondition(plan.collisionBehaviors.count <= 64, "at most 64 collision behaviors per animator")
        collisionBehaviors = plan.collisionBehaviors
        gravityBehaviors = plan.gravityBehaviors
        resetItemSettings()
        plan.apply(records: records, world: world)
        world.reserve(bodies: 0, shapes: 0, joints: plan.newJoints)
        for b in committedBehaviors { b.sync(context) }
        world.refreshMaterials(of: records.flatMap(\.shapes))
    }

    /// Flattens the tree and detaches the behaviors that are no longer in it.
    private func commitBehaviorTree() {
        var flat: [DynamicBehavior] = []
        func visit(_ b: DynamicBehavior) {
            flat.append(b)
            b.childBehaviors.forEach(visit)
        }
        behaviors.forEach(visit)
        let present = Set(flat.map(ObjectIdentifier.init))
        let context = SyncContext(animator: self)
        for old in committedBehaviors where !present.contains(ObjectIdentifier(old)) {
            old.detach(context)
            old.dynamicAnimator = nil
        }
        for b in flat { b.dynamicAnimator = self }
        committedBehaviors = flat
    }

    /// Every item named by a behavior gets a record, in order of first mention; the bodies of
    /// items no behavior names are destroyed.
    private func commitItems() {
        for r in records { r.seen = false }
        // Sized for the items there were: a scene that adds a few items at a time (a rain of
        // ragdolls) commits often, and the tables grew from empty through every doubling each time.
        var order: [DynamicItem] = []
        var seen = Set<ObjectIdentifier>(minimumCapacity: records.count)
        order.reserveCapacity(records.count)
        for b in committedBehaviors {
            for item in b.ownItems where seen.insert(ObjectIdentifier(item)).inserted {
                order.append(item)
            }
        }
        var newRecords: [ItemRecord] = []
        newRecords.reserveCapacity(order.count)
        // Each new item takes a body and at least a shape (a group one per part).
        let made = order.reduce(0) { $0 + (record(for: $1) == nil ? 1 : 0) }
        world.reserve(bodies: made, shapes: made, joints: 0)
        for item in order {
            if let r = record(for: item) {
                r.seen = true
                newRecords.append(r)
            } else {
                newRecords.append(ItemRecord.make(for: item, in: world))
            }
        }
        for r in records where !r.seen { world.destroyBody(r.body) }
        records = newRecords
        recordIndex = Dictionary(minimumCapacity: records.count)
        shapeOwner = Dictionary(minimumCapacity: shapeOwner.count)
        for (i, r) in records.enumerated() {
            recordIndex[ObjectIdentifier(r.item)] = i
            for s in r.shapes { shapeOwner[s] = i }
        }
    }

    /// Clears what behaviors configure on items, before each declares its part again.
    private func resetItemSettings() {
        for r in records {
            for s in r.shapes { world.withShape(s) { $0.friction = 0; $0.restitution = 0 } }
            world.withBody(r.body) { b in
                b.linearDamping = 0
                b.angularDamping = 0
            }
        }
    }
}
