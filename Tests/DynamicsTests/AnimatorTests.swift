import Testing
import Geometry
@testable import Dynamics

@Suite struct AnimatorTests {
    final class PauseListener: DynamicAnimatorDelegate {
        var paused: [Double] = []
        var resumed = 0
        func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { paused.append(animator.elapsedTime) }
        func dynamicAnimatorWillResume(_ animator: DynamicAnimator) { resumed += 1 }
    }

    /// A snap settles at its point with rotation 0; less damping overshoots more.
    @Test func snapSettlesAtItsPointUpright() {
        func overshoot(damping: Double) -> (Double, Point, Double) {
            let item = Box(Point(100, 100), Size(80, 80), angle: 0.8)
            let animator = DynamicAnimator(referenceBounds: bounds640)
            let snap = SnapBehavior(item: item, snapTo: Point(400, 100))
            snap.damping = damping
            animator.addBehavior(snap)
            var maxX = 0.0
            run(animator, steps: 300) { _ in maxX = max(maxX, item.center.x) }
            return (maxX - 400, item.center, item.angle)
        }
        let loose = overshoot(damping: 0.1), firm = overshoot(damping: 0.9)
        #expect(loose.0 > firm.0 + 10, "overshoot \(loose.0) vs \(firm.0)")
        for (_, center, angle) in [loose, firm] {
            #expect(center.distance(to: Point(400, 100)) < 0.5)
            #expect(abs(angle) < 0.01)
        }
    }

    /// UIKit's `damping` is the damping ratio of the snap's 4 Hz spring, from 0 (the most
    /// oscillation) to 1 (the least): the overshoot shrinks as the damping grows, none is left at
    /// 1 (a critically damped spring never crosses its point), and at every damping the item
    /// comes to rest at the point (UIKit's snap always settles).
    @Test func snapDampingRunsFromMostOscillationToNone() {
        func snapped(damping: Double) -> (overshoot: Double, settled: Bool) {
            let item = Box(Point(200, 184), Size(80, 80))
            let animator = DynamicAnimator(referenceBounds: bounds640)
            let snap = SnapBehavior(item: item, snapTo: Point(400, 184))
            snap.damping = damping
            animator.addBehavior(snap)
            var overshoot = -Double.infinity
            run(animator, steps: 240) { _ in overshoot = max(overshoot, item.center.x - 400) }
            return (overshoot, item.center.distance(to: Point(400, 184)) < 0.5)
        }
        let runs = [0.0, 0.25, 0.5, 0.75, 1.0].map { snapped(damping: $0) }
        for (less, more) in zip(runs, runs.dropFirst()) {
            #expect(less.overshoot > more.overshoot, "overshoots \(runs.map(\.overshoot))")
        }
        #expect(runs[0].overshoot > 100, "damping 0 swings past the point by half the distance or more: \(runs[0].overshoot)")
        #expect(runs[4].overshoot < 0.5, "damping 1 does not overshoot: \(runs[4].overshoot)")
        #expect(runs.allSatisfy { $0.settled }, "settles: \(runs.map(\.settled))")
    }

    @Test func aNewSnapForAnItemReplacesTheOldOne() {
        let item = Box(Point(100, 100), Size(80, 80))
        let animator = DynamicAnimator(referenceBounds: bounds640)
        let first = SnapBehavior(item: item, snapTo: Point(200, 200))
        animator.addBehavior(first)
        animator.addBehavior(SnapBehavior(item: item, snapTo: Point(500, 300)))
        #expect(animator.behaviors.count == 1)
        run(animator, steps: 300)
        #expect(item.center.distance(to: Point(500, 300)) < 0.5)
    }

    @Test func pausesWithinASecondOfRestAndResumesWhenABehaviorIsAdded() {
        let item = Box(Point(320, 300), Size(40, 40))
        let animator = DynamicAnimator(referenceBounds: bounds640)
        let listener = PauseListener()
        animator.delegate = listener
        animator.addBehavior(GravityBehavior(items: [item]))
        let c = CollisionBehavior(items: [item])
        c.setTranslatesReferenceBoundsIntoBoundary(true)
        animator.addBehavior(c)
        #expect(listener.resumed == 1)
        // It lands (64 pt to fall: ≈ 0.36 s), comes to rest, and must pause within 1 s of that.
        var restedAt: Double?
        run(animator, steps: 180) { _ in
            if restedAt == nil && animator.isRunning && animator.linearVelocity(for: item).length < 1 && item.center.y > 360 {
                restedAt = animator.elapsedTime
            }
        }
        #expect(listener.paused.count == 1)
        #expect(!animator.isRunning)
        if let rest = restedAt, let pause = listener.paused.first {
            #expect(pause - rest <= 1.0)
        }
        let time = animator.elapsedTime
        animator.step()
        #expect(animator.elapsedTime == time, "a paused animator does not advance")
        animator.addBehavior(PushBehavior(items: [item], mode: .instantaneous))
        #expect(animator.isRunning && listener.resumed == 2)
    }

    @Test func noBehaviorsMeansNotRunning() {
        let animator = DynamicAnimator(referenceBounds: bounds640)
        animator.step()
        #expect(!animator.isRunning)
        #expect(animator.elapsedTime == 0)
    }

    @Test func compositeBehaviorsActAndRunChildActionsEachStep() {
        let item = Box(Point(100, 100), Size(100, 100))
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 100_000, height: 100_000))
        let parent = DynamicBehavior()
        let gravity = GravityBehavior(items: [item])
        parent.addChildBehavior(gravity)
        parent.addChildBehavior(gravity)   // a duplicate is ignored
        #expect(parent.childBehaviors.count == 1)
        var parentActions = 0, childActions = 0
        parent.action = { parentActions += 1 }
        gravity.action = { childActions += 1 }
        animator.addBehavior(parent)
        run(animator, steps: 60)
        #expect(parentActions == 60 && childActions == 60)
        #expect(abs(animator.linearVelocity(for: item).y - 1000) < 20)
        #expect(abs(animator.elapsedTime - 1) < 1e-9)
    }

    @Test func behaviorsAddedDuringAStepTakeEffectAfterIt() {
        let item = Box(Point(100, 100), Size(100, 100))
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 100_000, height: 100_000))
        let gravity = GravityBehavior(items: [item])
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.setAngle(0, magnitude: 1)
        var added = false
        gravity.action = {
            if !added { animator.addBehavior(push); added = true }
            #expect(animator.behaviors.count == (added && animator.elapsedTime < 1.5 / 60 ? 1 : 2))
        }
        animator.addBehavior(gravity)
        animator.step()
        #expect(animator.behaviors.count == 2)
        #expect(animator.linearVelocity(for: item).x == 0)
        animator.step()
        #expect(abs(animator.linearVelocity(for: item).x - 100) < 1e-9)
    }

    @Test func itemsInRectAndUpdateItemUsingCurrentState() {
        let a = Box(Point(100, 100), Size(40, 40)), b = Box(Point(500, 300), Size(40, 40))
        let animator = DynamicAnimator(referenceBounds: bounds640)
        animator.addBehavior(CollisionBehavior(items: [a, b]))
        animator.commitChanges()
        #expect(animator.items(in: Rect(x: 0, y: 0, width: 200, height: 200)).map { $0 === a } == [true])
        #expect(animator.items(in: bounds640).count == 2)
        b.center = Point(50, 50)
        animator.updateItem(usingCurrentState: b)
        #expect(animator.items(in: Rect(x: 0, y: 0, width: 70, height: 70)).contains { $0 === b })
    }

    @Test func anchoredItemsCollideButNeverMove() {
        let wall = Box(Point(300, 200), Size(20, 200))
        let ball = Box.ball(Point(100, 200), diameter: 20)
        let animator = DynamicAnimator(referenceBounds: bounds640)
        animator.addBehavior(CollisionBehavior(items: [wall, ball]))
        let anchored = DynamicItemBehavior(items: [wall])
        anchored.isAnchored = true
        animator.addBehavior(anchored)
        let props = DynamicItemBehavior(items: [ball])
        props.addLinearVelocity(Vector(300, 0), for: ball)
        animator.addBehavior(props)
        run(animator, steps: 120)
        #expect(wall.center == Point(300, 200))
        #expect(ball.center.x <= 300 - 10 - 10 + 0.5)
    }

    @Test func resistanceDampsVelocityAtItsRate() {
        let item = Box(Point(100, 100), Size(100, 100))
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 100_000, height: 100_000))
        let props = DynamicItemBehavior(items: [item])
        props.resistance = 1
        props.addLinearVelocity(Vector(1000, 0), for: item)
        animator.addBehavior(props)
        run(animator, steps: 60)
        // dv/dt = −v: after 1 s, v = 1000·e⁻¹ (implicit integration in 240 substeps: within 1%).
        #expect(abs(animator.linearVelocity(for: item).x - 1000 * exp(-1)) / (1000 * exp(-1)) < 0.01)
    }

    @Test func allowsRotationFalseKeepsAngle() {
        let item = Box(Point(100, 100), Size(100, 40))
        let animator = DynamicAnimator(referenceBounds: bounds640)
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.setAngle(.pi / 2, magnitude: 1)
        push.setTargetOffsetFromCenter(Vector(40, 0), for: item)
        let props = DynamicItemBehavior(items: [item])
        props.allowsRotation = false
        animator.addBehavior(push)
        animator.addBehavior(props)
        run(animator, steps: 30)
        #expect(item.angle == 0)
        #expect(item.center.y > 100)
    }

    @Test func offCenterPushTurnsTheItem() {
        let item = Box(Point(500, 500), Size(100, 100))
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1000, height: 1000))
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.setAngle(.pi / 2, magnitude: 1)      // down
        push.setTargetOffsetFromCenter(Vector(50, 0), for: item)
        animator.addBehavior(push)
        animator.step()
        // Angular impulse r × P = 50·100 = 5000; I = m(w²+h²)/12 = 1666.7 → ω = 3 rad/s (clockwise).
        #expect(abs(animator.angularVelocity(for: item) - 3) < 1e-6)
    }
}
