// RollingTests: a ball on a flat floor moves along it and never up or down.
//
// A contact's anchors turn with their bodies, but the point of a round surface that faces the
// floor does not: it stays at the bottom however the ball spins. Turned with the ball, the
// anchor said the ball had lifted by r(1 − cos θ) within a step, the solver let it sink into the
// floor by that much, and an elastic ball sliding on the floor then hopped at 10 to 15 pt/s for
// good (docs/dynamics.md, "Rolling anchors"). Under gravity alone nothing pushes a ball on a
// level floor up or down, so its vertical speed stays at zero, up to the soft contact settling
// under the ball's weight (g/ω², under a hundredth of a point), whatever it slides or spins at.
import Testing
import Geometry
@testable import Dynamics

@Suite struct RollingTests {
    /// A ball of `diameter` on the floor of a 4,000 pt wide box, 1,500 pt from its left wall,
    /// sliding right at `speed` and spinning at `spin`, under gravity, for 2 s (it reaches no
    /// wall: a ball spinning against a wall climbs it, rightly).
    static func roll(diameter: Double, speed: Double, spin: Double, friction: Double, elasticity: Double)
        -> (fastestVertical: Double, highest: Double, deepest: Double) {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 4_000, height: 400))
        let ball = Box.ball(Point(1_500, 400 - diameter / 2), diameter: diameter)
        let walls = CollisionBehavior(items: [ball])
        walls.setTranslatesReferenceBoundsIntoBoundary(true)
        animator.addBehavior(walls)
        animator.addBehavior(GravityBehavior(items: [ball]))
        let props = DynamicItemBehavior(items: [ball])
        props.friction = friction
        props.elasticity = elasticity
        props.addLinearVelocity(Vector(speed, 0), for: ball)
        props.addAngularVelocity(spin, for: ball)
        animator.addBehavior(props)
        var fastest = 0.0, highest = 0.0, deepest = 0.0
        let rest = 400 - diameter / 2
        run(animator, steps: 120) { _ in
            fastest = max(fastest, abs(animator.linearVelocity(for: ball).y))
            highest = max(highest, rest - ball.center.y)
            deepest = max(deepest, ball.center.y - rest)
        }
        return (fastest, highest, deepest)
    }

    @Test("a ball sliding along the floor under gravity never leaves it or sinks into it",
          arguments: [10.0, 40, 100], [0.0, 1])
    func slidingBallStaysOnTheFloor(diameter: Double, elasticity: Double) {
        for friction in [0.0, 0.5, 1] {
            let r = Self.roll(diameter: diameter, speed: 600, spin: 0, friction: friction, elasticity: elasticity)
            let label = "\(diameter) pt, μ \(friction), e \(elasticity)"
            #expect(r.fastestVertical < 0.5, "\(label): moved up or down at \(r.fastestVertical) pt/s")
            #expect(r.highest < 0.01 && r.deepest < 0.01, "\(label): \(r.highest) pt above, \(r.deepest) pt into the floor")
        }
    }

    @Test("a ball spinning fast on the floor, rolling or in place, never leaves it or sinks into it",
          arguments: [10.0, 40, 100], [0.0, 1])
    func spinningBallStaysOnTheFloor(diameter: Double, elasticity: Double) {
        // Rolling without slipping at 600 pt/s, and spinning in place at the same rate.
        let spin = 600 / (diameter / 2)
        for (speed, friction) in [(600.0, 0.5), (0, 0.5), (0, 0)] {
            let r = Self.roll(diameter: diameter, speed: speed, spin: speed > 0 ? spin : -spin,
                              friction: friction, elasticity: elasticity)
            let label = "\(diameter) pt at \(speed) pt/s, μ \(friction), e \(elasticity)"
            #expect(r.fastestVertical < 0.5, "\(label): moved up or down at \(r.fastestVertical) pt/s")
            #expect(r.highest < 0.01 && r.deepest < 0.01, "\(label): \(r.highest) pt above, \(r.deepest) pt into the floor")
        }
    }
}
