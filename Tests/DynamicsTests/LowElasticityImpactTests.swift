// LowElasticityImpactTests: an approach whose rebound would be slower than a resting contact's
// approach is no impact, and faster ones still rebound at e times their speed.
//
// Without gravity a resting contact approaches at no more than the restitution threshold
// (2 pt/s, WorldSettings.restitutionThreshold). A ball of elasticity 0.1 that meets a wall at
// 15 pt/s would rebound at 1.5 pt/s, below it: the soft contact stops it instead (it used to
// rebound, and in a stirred pile of such bodies those slow bounces were most of the impact
// pass's work). At 50 pt/s the rebound, 5 pt/s, is above the threshold and still happens.
import Testing
import Geometry
@testable import Dynamics

@Suite struct LowElasticityImpactTests {
    /// A 20 pt ball half a point from the left wall, moving into it at `speed` without gravity
    /// or friction, sleeping off (a ball slower than 5 pt/s would fall asleep): its velocity
    /// along x a second later.
    static func after(speed: Double, e: Double) -> Double {
        let ball = Box.ball(Point(10.5, 200), diameter: 20)
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 640, height: 400))
        let collision = CollisionBehavior(items: [ball])
        collision.setTranslatesReferenceBoundsIntoBoundary(true)
        animator.addBehavior(collision)
        let props = DynamicItemBehavior(items: [ball])
        props.elasticity = e
        props.friction = 0
        props.addLinearVelocity(Vector(-speed, 0), for: ball)
        animator.addBehavior(props)
        animator.allowsSleeping = false
        animator.pausesAtRest = false
        run(animator, steps: 60)
        return animator.linearVelocity(for: ball).x
    }

    @Test func reboundSlowerThanRestingIsNoImpact() {
        // e·u = 1.5 pt/s < 2 pt/s: the ball stops at the wall (before: it left at 1.5 pt/s).
        let v = Self.after(speed: 15, e: 0.1)
        #expect(abs(v) < 0.3, "left the wall at \(v) pt/s")
    }

    @Test(arguments: [(50.0, 0.1), (300, 0.1), (15, 0.5), (5, 0.5), (3, 1)])
    func fasterApproachReboundsAtElasticityTimesSpeed(speed: Double, e: Double) {
        let v = Self.after(speed: speed, e: e)
        #expect(abs(v - e * speed) <= 0.05 * e * speed, "rebound \(v) vs \(e * speed)")
    }
}
