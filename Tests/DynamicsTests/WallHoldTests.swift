// WallHoldTests: nothing is pushed or crowded through the reference-bounds walls.
//
// A soft contact yields in proportion to the force on it, and its push-out is capped at 3 m/s,
// so a steady push of magnitude 2,000 on a 20 pt box (5·10⁶ pt/s²) sank the box into the wall
// by about a point a step, past its center and on for good. The soft pass now stops an
// approach once the overlap reaches WorldSettings.maxSoftOverlap (2 pt), whatever the force.
import Testing
import Geometry
@testable import Dynamics

@Suite struct WallHoldTests {
    /// A 20 pt box pushed steadily toward a wall for 2 s: its center stays at least its half
    /// size less the allowed overlap (and a slop of round-off) from the wall.
    @Test(arguments: [20.0, 200, 2000, 20_000], [0.0, Double.pi / 2])
    func steadyPushNeverCarriesABoxThroughAWall(magnitude: Double, angle: Double) {
        let animator = DynamicAnimator(referenceBounds: bounds640)
        let box = Box(Point(320, 192), Size(20, 20))
        let collision = CollisionBehavior(items: [box])
        collision.setTranslatesReferenceBoundsIntoBoundary(true)
        animator.addBehavior(collision)
        let push = PushBehavior(items: [box], mode: .continuous)
        push.angle = angle
        push.magnitude = magnitude
        animator.addBehavior(push)
        let wall = angle == 0 ? 640.0 : 384.0
        let limit = wall - 10 + WorldSettings().maxSoftOverlap + WorldSettings().linearSlop
        var deepest = 0.0
        run(animator, steps: 120) { _ in
            deepest = max(deepest, angle == 0 ? box.center.x : box.center.y)
        }
        #expect(deepest <= limit, "center reached \(deepest), wall at \(wall)")
    }

    /// 400 balls of 16 pt made within 4 pt of one point push each other apart, with and without
    /// gravity, and none ends outside the 640×384 walls (or closer to one than its radius less
    /// the allowed overlap).
    @Test(arguments: [false, true])
    func overlappingCrowdIsPushedApartInsideTheWalls(gravity: Bool) {
        let animator = DynamicAnimator(referenceBounds: bounds640)
        var balls: [Box] = []
        for i in 0..<400 {
            let a = Double(i) * 2.399963, r = 4 * (Double(i) / 400).squareRoot()
            balls.append(Box.ball(Point(320 + r * cos(a), 192 + r * sin(a)), diameter: 16))
        }
        let collision = CollisionBehavior(items: balls)
        collision.setTranslatesReferenceBoundsIntoBoundary(true)
        animator.addBehavior(collision)
        if gravity { animator.addBehavior(GravityBehavior(items: balls)) }
        run(animator, steps: 120)
        let margin = 8 - WorldSettings().maxSoftOverlap - WorldSettings().linearSlop
        let outside = balls.filter {
            !($0.center.x >= margin && $0.center.x <= 640 - margin && $0.center.y >= margin && $0.center.y <= 384 - margin)
        }
        #expect(outside.isEmpty, "\(outside.count) balls outside, e.g. \(outside.first.map { "\($0.center)" } ?? "")")
    }
}
