// FastBounceTests: an elastic bounce lands where the reflected path puts it, at any speed.
//
// The impact pass resolves a contact before the drift in which its gap closes; applied at once,
// the rebound used to run for the whole drift, and the body turned back up to a substep's travel
// short of the wall (a ball of e = 1 at 20,000 pt/s from y = 300 ended a step at y = 133.3, not
// 53.3). Struck at the moment of contact, it travels to the wall, turns and travels back for the
// rest of the substep (ImpactShift.swift). No gravity here, so the exact path is straight lines:
// a ball of radius r thrown at −V from y₀ meets the ceiling at t_c = (y₀ − r)/V and after a step
// of dt is at r + e·V·(dt − t_c), moving at +e·V.
//
// Tolerance: the step's displacement is kept in single precision (BodyState), 2⁻²⁴ of at most
// 833 pt (50,000 pt/s for a step) a rounding, a few dozen roundings: under 10⁻³ pt. 0.01 pt is
// far below what the old answer missed by, (1 + e)·V·t* with t* the rest of a substep, which
// for the slowest case here (100 pt/s, e = 0.5) is still 0.3 pt.
import Testing
import Geometry
@testable import Dynamics

@Suite struct FastBounceTests {
    static let dt = 1.0 / 60
    static let tolerance = 0.01

    /// An animator with reference-bound walls and the items, elastic by `e`, no gravity.
    static func animator(_ items: [Box], e: Double, bounds: Rect = Rect(x: 0, y: 0, width: 2000, height: 2000),
                         walls: Bool = true) -> DynamicAnimator {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let collision = CollisionBehavior(items: items)
        collision.setTranslatesReferenceBoundsIntoBoundary(walls)
        animator.addBehavior(collision)
        let props = DynamicItemBehavior(items: items)
        props.elasticity = e
        animator.addBehavior(props)
        animator.pausesAtRest = false
        return animator
    }

    /// A 20 pt ball thrown straight up at `speed` so that it meets the ceiling `fraction` of a
    /// step in: after one step it is where the reflection puts it, moving at e·V, with its energy
    /// (e = 1) kept. Before, it ended (1 + e)·V·t* short of that.
    @Test(arguments: [0.5, 1], [100.0, 1000, 5000, 20000, 50000])
    func ballThrownAtTheCeilingLandsOnTheReflectedPath(e: Double, speed: Double) {
        let r = 10.0, fraction = 0.87
        let y0 = r + fraction * speed * Self.dt
        let ball = Box.ball(Point(1000, y0), diameter: 2 * r)
        let animator = Self.animator([ball], e: e)
        animator.setVelocity(Vector(0, -speed), angular: 0, for: ball)
        animator.step()
        let expected = r + e * speed * (1 - fraction) * Self.dt
        #expect(abs(ball.center.y - expected) < Self.tolerance, "y \(ball.center.y), reflection \(expected)")
        #expect(abs(ball.center.x - 1000) < Self.tolerance)
        let v = animator.linearVelocity(for: ball)
        #expect(abs(v.y - e * speed) <= 1e-6 * speed && abs(v.x) <= 1e-6 * speed, "v \(v)")
    }

    /// The ball (e = 1, 20,000 pt/s) meeting the ceiling early, midway and late in the
    /// step: each substep's impact, whether the pass before the drift or the one after the
    /// previous drift finds it, lands on the reflected path.
    @Test(arguments: [0.1, 0.3, 0.45, 0.6, 0.87, 0.99])
    func impactAtAnyMomentOfTheStepLandsOnTheReflectedPath(fraction: Double) {
        let r = 10.0, speed = 20_000.0
        let ball = Box.ball(Point(1000, r + fraction * speed * Self.dt), diameter: 2 * r)
        let animator = Self.animator([ball], e: 1)
        animator.setVelocity(Vector(0, -speed), angular: 0, for: ball)
        animator.step()
        let expected = r + speed * (1 - fraction) * Self.dt
        #expect(abs(ball.center.y - expected) < Self.tolerance, "y \(ball.center.y), reflection \(expected)")
        #expect(abs(animator.linearVelocity(for: ball).y - speed) <= 1e-6 * speed)
    }

    /// A contact the last substep finds meets in the next step's first drift: the ball carries
    /// the displacement there. Thrown from 1 pt beyond a step's travel (its contact exists from
    /// the start, within the speculative 2 pt plus the step's closing distance), it is 1 pt from
    /// the ceiling after one step, and the next step turns it there, 1/V s in.
    @Test func impactInTheNextStepsFirstSubstepLandsOnTheReflectedPath() {
        let r = 10.0, speed = 20_000.0
        let y0 = r + speed * Self.dt + 1
        let ball = Box.ball(Point(1000, y0), diameter: 2 * r)
        let animator = Self.animator([ball], e: 1)
        animator.setVelocity(Vector(0, -speed), angular: 0, for: ball)
        animator.step()
        #expect(abs(ball.center.y - (r + 1)) < Self.tolerance, "y \(ball.center.y) after one step")
        animator.step()
        let expected = r + speed * Self.dt - 1
        #expect(abs(ball.center.y - expected) < Self.tolerance, "y \(ball.center.y), reflection \(expected)")
    }

    /// A ball thrown into the top-left corner meets the left wall 0.6 of a step in and the
    /// ceiling 0.87 in: the two reflections are independent (the walls are perpendicular), so
    /// after the step each coordinate is its own wall's reflection.
    @Test(arguments: [0.5, 1])
    func ballThrownIntoACornerLandsOnTheReflectedPath(e: Double) {
        let r = 10.0, vx = 15_000.0, vy = 20_000.0, fx = 0.6, fy = 0.87
        let ball = Box.ball(Point(r + fx * vx * Self.dt, r + fy * vy * Self.dt), diameter: 2 * r)
        let animator = Self.animator([ball], e: e)
        animator.setVelocity(Vector(-vx, -vy), angular: 0, for: ball)
        animator.step()
        let x = r + e * vx * (1 - fx) * Self.dt, y = r + e * vy * (1 - fy) * Self.dt
        #expect(abs(ball.center.x - x) < Self.tolerance && abs(ball.center.y - y) < Self.tolerance,
                "center \(ball.center), reflection (\(x), \(y))")
        let v = animator.linearVelocity(for: ball)
        #expect(abs(v.x - e * vx) <= 1e-6 * vx && abs(v.y - e * vy) <= 1e-6 * vy, "v \(v)")
    }

    /// Two balls of different masses meeting head-on at 10,000 and −15,000 pt/s, 0.55 of a step
    /// in, with no walls: their center of mass moves exactly as without the collision, and each
    /// ball is where the collision at the moment of contact puts it, with u the center of mass's
    /// velocity: vᵢ' = u − e·(vᵢ − u).
    @Test(arguments: [0.5, 1])
    func ballsMeetingHeadOnLandWhereTheCollisionPutsThem(e: Double) {
        let r1 = 10.0, r2 = 15.0, v1 = 10_000.0, v2 = -15_000.0, fraction = 0.55
        let x1 = 1000.0, x2 = x1 + r1 + r2 + fraction * (v1 - v2) * Self.dt
        let a = Box.ball(Point(x1, 500), diameter: 2 * r1), b = Box.ball(Point(x2, 500), diameter: 2 * r2)
        let animator = Self.animator([a, b], e: e, walls: false)
        animator.setVelocity(Vector(v1, 0), angular: 0, for: a)
        animator.setVelocity(Vector(v2, 0), angular: 0, for: b)
        animator.step()
        let m1 = animator.mass(for: a), m2 = animator.mass(for: b)
        let u = (m1 * v1 + m2 * v2) / (m1 + m2)
        let com0 = (m1 * x1 + m2 * x2) / (m1 + m2)
        let com = (m1 * a.center.x + m2 * b.center.x) / (m1 + m2)
        #expect(abs(com - (com0 + u * Self.dt)) < Self.tolerance, "center of mass \(com), free \(com0 + u * Self.dt)")
        let tc = fraction * Self.dt
        let w1 = u - e * (v1 - u), w2 = u - e * (v2 - u)
        let e1 = x1 + v1 * tc + w1 * (Self.dt - tc), e2 = x2 + v2 * tc + w2 * (Self.dt - tc)
        #expect(abs(a.center.x - e1) < Self.tolerance, "a at \(a.center.x), collision puts it at \(e1)")
        #expect(abs(b.center.x - e2) < Self.tolerance, "b at \(b.center.x), collision puts it at \(e2)")
        #expect(abs(animator.linearVelocity(for: a).x - w1) <= 1e-6 * v1)
        #expect(abs(animator.linearVelocity(for: b).x - w2) <= 1e-6 * v1)
    }
}
