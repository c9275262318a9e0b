// A joint's definition on a sleeping island: writing it back unchanged leaves the island asleep
// (an unchanged constraint adds no load), and changing any field wakes it so the new constraint
// acts at once. Each case checks where the new constraint must bring the item.
import Testing
import Geometry
@testable import Dynamics

@Suite struct JointDefinitionWakeTests {
    static let bounds = Rect(x: 0, y: 0, width: 1000, height: 1000)

    func isAsleep(_ item: DynamicItem, _ animator: DynamicAnimator) -> Bool {
        animator.body(for: item).map { animator.world.body($0).isAsleep } ?? false
    }

    /// Steps until the item sleeps (at most 3 s); whether it did.
    func runUntilAsleep(_ item: DynamicItem, _ animator: DynamicAnimator) -> Bool {
        for _ in 0..<180 {
            animator.step()
            if isAsleep(item, animator) { return true }
        }
        return false
    }

    /// Writes the same value back, steps 1 s, and checks the item slept through it unmoved.
    func staysAsleep(_ item: DynamicItem, _ animator: DynamicAnimator, rewrite: () -> Void) {
        let before = item.center
        rewrite()
        run(animator, steps: 60)
        #expect(isAsleep(item, animator))
        #expect(item.center == before)
    }

    /// A bob hanging at rest 200 pt below its anchor on a rigid rod: a longer rod lets it drop
    /// until it hangs 250 pt below.
    @Test func changingAnAttachmentsLengthWakesASleepingPendulum() {
        let animator = DynamicAnimator(referenceBounds: Self.bounds)
        let bob = Box.ball(Point(500, 300), diameter: 20)
        let rod = AttachmentBehavior(item: bob, attachedToAnchor: Point(500, 100))
        animator.addBehavior(GravityBehavior(items: [bob]))
        animator.addBehavior(rod)
        #expect(runUntilAsleep(bob, animator))
        staysAsleep(bob, animator) { rod.length = rod.length }
        rod.length = 250
        animator.step()
        #expect(!isAsleep(bob, animator))
        run(animator, steps: 180)
        #expect(abs(bob.center.y - 350) < 0.5, "bob at \(bob.center)")
        #expect(abs(bob.center.x - 500) < 0.5, "bob at \(bob.center)")
    }

    /// A bar pinned at its center whose motor holds it still sleeps; a new motorSpeed with
    /// torque to spare turns it at that speed.
    @Test func changingAPinsMotorSpeedWakesItsSleepingItem() {
        let animator = DynamicAnimator(referenceBounds: Self.bounds)
        let bar = Box(Point(500, 500), Size(100, 20))
        let pin = AttachmentBehavior.pinAttachment(with: bar, attachmentAnchor: bar.center)
        pin.maxMotorTorque = 1e6
        animator.addBehavior(GravityBehavior(items: [bar]))
        animator.addBehavior(pin)
        #expect(runUntilAsleep(bar, animator))
        staysAsleep(bar, animator) { pin.motorSpeed = pin.motorSpeed }
        pin.motorSpeed = 3
        run(animator, steps: 30)
        #expect(!isAsleep(bar, animator))
        let omega = animator.angularVelocity(for: bar)
        #expect(abs(omega - 3) <= 0.03, "ω \(omega)")
    }

    /// A ball resting at its snap point sleeps; moving the snap point pulls it there.
    @Test func movingASnapPointWakesTheSleepingItem() {
        let animator = DynamicAnimator(referenceBounds: Self.bounds)
        let ball = Box.ball(Point(300, 300), diameter: 40)
        let snap = SnapBehavior(item: ball, snapTo: Point(300, 300))
        animator.addBehavior(snap)
        #expect(runUntilAsleep(ball, animator))
        staysAsleep(ball, animator) { snap.snapPoint = snap.snapPoint }
        snap.snapPoint = Point(400, 300)
        animator.step()
        #expect(!isAsleep(ball, animator))
        run(animator, steps: 240)
        #expect(ball.center.distance(to: Point(400, 300)) < 1, "ball at \(ball.center)")
    }
}
