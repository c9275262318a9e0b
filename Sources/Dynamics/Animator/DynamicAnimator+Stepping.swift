// DynamicAnimator+Stepping: one step of 1/60 s, in UIKit's order.
//
// A step commits the changes made since the last one, then runs behaviors' pre-step forces,
// the physics step, writes centers and rotations back to the items, delivers collision-began
// then -ended callbacks, runs every behavior's `action` (children included), and finally the
// adds and removes requested during the step; last, it decides whether everything rests.
import Geometry

extension DynamicAnimator {
    /// Advances the simulation by exactly 1/60 s (nothing happens while paused).
    public func step() {
        if behaviors.isEmpty { isRunning = false; return }
        commitIfNeeded()
        if !isRunning { return }
        isStepping = true
        let dt = Self.stepDuration
        // 1. Behaviors' forces.
        world.resetAccelerations()
        let context = StepContext(animator: self, dt: dt, time: elapsedTime)
        for b in flattened { b.applyBeforeStep(context) }
        // 2. Physics.
        world.step(dt: dt)
        elapsedTime += dt
        // 3. Write back centers and pure rotations.
        let moving = writeBack()
        // 4. Collision callbacks: began, then ended.
        CollisionBehavior.deliver(world.beginEvents, began: true, animator: self)
        CollisionBehavior.deliver(world.endEvents, began: false, animator: self)
        // 5. Actions.
        for b in flattened { b.action?() }
        isStepping = false
        // 6. Requested adds and removes.
        let requests = pending
        pending.removeAll()
        for req in requests {
            if req.add { addBehavior(req.behavior) } else { removeBehavior(req.behavior) }
        }
        updateRest(moving: moving, dt: dt)
    }

    /// Writes every moved body's center and rotation into its item; returns whether some item
    /// moved faster than the rest speeds.
    ///
    /// Only the bodies the step moved are visited (the world's movers, found by record through
    /// `recordOfBody`): a sleeping item costs nothing here. `records` holds every record, and
    /// each record its item, for the whole loop: a record is borrowed as guaranteed and its item
    /// read through it, so neither is retained per item (two retains and releases an item are a
    /// measurable share of the step of a large scene).
    @inline(__always)
    private func writeBack() -> Bool {
        if recordOfBody.isEmpty && !records.isEmpty { mapRecordsByBody() }
        var moving = false
        let movers = world.movers
        records.withUnsafeBufferPointer { rp in
        recordOfBody.withUnsafeBufferPointer { rb in
            for m in movers where Int(m) < rb.count && rb[Int(m)] >= 0 {
                let b = world.body(rp[Int(rb[Int(m)])].body)
                if b.kind == .fixed || b.isAsleep || (b.kind == .anchored && b.velocity == .zero && b.angularVelocity == 0) {
                    continue
                }
                Unmanaged.passUnretained(rp[Int(rb[Int(m)])])._withUnsafeGuaranteedRef { r in
                    // A step that moved the item counts as motion even when it ends at rest (a
                    // face that arrives is stopped dead in one step), as it does for sleeping.
                    let shift = b.position - r.item.center
                    if shift.x * shift.x + shift.y * shift.y > Self.restShift * Self.restShift { moving = true }
                    let turn = AffineTransform(rotationCosine: b.rotation.c, sine: b.rotation.s)
                    if r.parts != nil {
                        // A group places its items once for both (DynamicItemGroup.place).
                        unsafeDowncast(r.item as AnyObject, to: DynamicItemGroup.self).place(center: b.position, transform: turn)
                    } else {
                        r.item.center = b.position
                        r.item.transform = turn
                    }
                }
                if b.velocity.length > Self.restLinearSpeed || abs(b.angularVelocity) > Self.restAngularSpeed {
                    moving = true
                }
            }
        }}
        return moving
    }

    /// `recordOfBody` for the current records.
    private func mapRecordsByBody() {
        var map = [Int32](repeating: -1, count: records.map { Int($0.body.index) + 1 }.max() ?? 0)
        for (i, r) in records.enumerated() { map[Int(r.body.index)] = Int32(i) }
        recordOfBody = map
    }

    /// Rest detection: half a second without motion (and with nothing to commit) pauses.
    private func updateRest(moving: Bool, dt: Double) {
        if moving || hasUncommittedChanges || !pausesAtRest {
            restClock = 0
        } else {
            restClock += dt
            if restClock >= Self.restTime - 1e-9 {
                isRunning = false
                restClock = 0
                delegate?.dynamicAnimatorDidPause(self)
            }
        }
    }
}

/// What a behavior sees of its animator while it applies forces before a step.
struct StepContext {
    unowned let animator: DynamicAnimator
    let dt: Double
    let time: Double
    var world: World { animator.world }
    func body(for item: DynamicItem) -> BodyID? { animator.body(for: item) }
}
