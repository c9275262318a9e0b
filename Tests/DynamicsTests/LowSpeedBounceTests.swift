// LowSpeedBounceTests: elasticity holds at every impact speed, and resting stays resting.
//
// A fixed restitution threshold (Box2D's 1 m/s, 100 pt/s here) made every slower impact
// inelastic: a ball dropped from less than 5 pt did not bounce at all. The threshold now is what
// the bodies' applied accelerations add along the normal in two substeps (plus 2 pt/s), the
// approach speed a body resting on the contact has; anything faster is an impact.
import Testing
import Geometry
@testable import Dynamics

@Suite struct LowSpeedBounceTests {
    /// A 20 pt ball dropped from h onto the floor under gravity 1000 pt/s² with elasticity e:
    /// the first rebound's apex above the resting height.
    static func rebound(e: Double, h: Double) -> Double {
        let floor = 400.0, r = 10.0
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: floor))
        let ball = Box.ball(Point(200, floor - r - h), diameter: 2 * r)
        animator.addBehavior(GravityBehavior(items: [ball]))
        let collision = CollisionBehavior(items: [ball])
        collision.setTranslatesReferenceBoundsIntoBoundary(true)
        animator.addBehavior(collision)
        let props = DynamicItemBehavior(items: [ball])
        props.elasticity = e
        animator.addBehavior(props)
        // The highest pose after the ball first moves up, within the time it takes to rise
        // (and fall back, for e = 1) to at most h: sampled at 60 Hz, the apex is missed by at
        // most g·(1/120 s)²/2 = 0.035 pt.
        var bounced = false, apex = Double.infinity
        run(animator, steps: 60) { _ in
            if animator.linearVelocity(for: ball).y < 0 { bounced = true }
            if bounced { apex = min(apex, ball.center.y) }
        }
        return bounced ? floor - r - apex : 0
    }

    /// The rebound is e²·h to within 5 % and what the substeps make of it: the impact is
    /// resolved at a substep's start or end, not at the instant of touching, so the speed that
    /// bounces may differ from √(2gh) by up to two substeps of gravity (2·g·h_s), which moves the
    /// apex by up to 2·e·u·h_s (u the impact speed, h_s = 1/240 s): 0.26 pt for e = 0.5 from 2 pt.
    /// Before, no drop below 5 pt bounced at all (it hit slower than 100 pt/s).
    @Test(arguments: [0.5, 0.8, 1], [2.0, 5, 20])
    func dropFromAFewPointsReboundsToElasticitySquaredTimesHeight(e: Double, h: Double) {
        let rebound = Self.rebound(e: e, h: h)
        let u = (2 * GravityBehavior.pointsPerSecondSquared * h).squareRoot(), substep = 1.0 / 240
        let tolerance = 0.05 * e * e * h + 2 * e * u * substep
        #expect(abs(rebound - e * e * h) <= tolerance, "rebound \(rebound) vs \(e * e * h) ± \(tolerance)")
    }

    /// A ball and a box resting on the floor, and a box on a box, elastic or not, stay at rest:
    /// after settling for half a second no body moves faster than 1 pt/s, and they fall asleep.
    @Test(arguments: [0.5, 1])
    func restingContactStaysAtRest(e: Double) {
        let animator = DynamicAnimator(referenceBounds: bounds640)
        let ball = Box.ball(Point(100, 384 - 10), diameter: 20)
        let box = Box(Point(300, 384 - 20), Size(40, 40))
        let lower = Box(Point(500, 384 - 20), Size(40, 40)), upper = Box(Point(500, 384 - 60), Size(40, 40))
        let items: [Box] = [ball, box, lower, upper]
        animator.addBehavior(GravityBehavior(items: items))
        let collision = CollisionBehavior(items: items)
        collision.setTranslatesReferenceBoundsIntoBoundary(true)
        animator.addBehavior(collision)
        let props = DynamicItemBehavior(items: items)
        props.elasticity = e
        props.friction = 0.5
        animator.addBehavior(props)
        animator.pausesAtRest = false
        var fastest = 0.0
        run(animator, steps: 120) { step in
            guard step > 30 else { return }
            for item in items { fastest = max(fastest, animator.linearVelocity(for: item).length) }
        }
        #expect(fastest < 1, "a resting body moved at \(fastest) pt/s")
        #expect(animator.world.bodies.allSatisfy { $0.kind != .dynamic || $0.isAsleep }, "not all asleep")
    }
}
