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
    /// A 20 pt box pushed steadily toward a wall for 2 s: once it has arrived (after 0.5 s) its
    /// center stays at least its half size less the allowed overlap (and a slop of round-off)
    /// from the wall, and it never crosses the wall.
    @Test(arguments: [20.0, 200, 2000, 20_000], [0.0, Double.pi / 2])
    func steadyPushNeverCarriesABoxThroughAWall(magnitude: Double, angle: Double) {
        let animator = DynamicAnimator(referenceBounds: bounds640)
        let box = Box(Point(320, 192), Size(20, 20))
        let collision = CollisionBehavior(items: [box])
        collision.setTranslatesReferenceBoundsIntoBoundary(true)
        animator.addBehavior(collision)
        let push = PushBehavior(items: [box], mode: .continuous)
        // The angle and the magnitude at once: an angle set while the magnitude is 0 is lost.
        push.setAngle(angle, magnitude: magnitude)
        animator.addBehavior(push)
        let wall = angle == 0 ? 640.0 : 384.0
        let limit = wall - 10 + WorldSettings().maxSoftOverlap + WorldSettings().linearSlop
        var deepest = 0.0, settled = 0.0
        run(animator, steps: 120) { step in
            deepest = max(deepest, angle == 0 ? box.center.x : box.center.y)
            if step > 30 { settled = max(settled, angle == 0 ? box.center.x : box.center.y) }
        }
        #expect(settled <= limit, "center reached \(settled) after arriving, wall at \(wall)")
        #expect(deepest < wall, "center reached \(deepest), beyond the wall at \(wall)")
    }

    /// A 20 pt box pushed flat onto the floor or into the right wall lands flat: no corner ever
    /// goes further into it than the allowed overlap and a slop, arrival included, and it never
    /// turns (a face meeting a face gets equal impulses at its two points). Pushed down at 200
    /// it arrives at 12,500 pt/s; the two points of its speculative contact, stopped one after
    /// the other, used to turn it by 0.014 rad and put a corner 6.9 pt into the floor.
    @Test(arguments: [20.0, 200], [0.0, Double.pi / 2])
    func pushedBoxLandsFlat(magnitude: Double, angle: Double) {
        let (deepest, turned) = pushFlat([Box(Point(320, 192), Size(20, 20))], magnitude: magnitude, angle: angle)
        let limit = WorldSettings().maxSoftOverlap + WorldSettings().linearSlop
        #expect(deepest <= limit, "a corner went \(deepest) pt into the wall")
        #expect(turned < 1e-4, "turned by \(turned) rad")
    }

    /// Eight 20 pt boxes side by side, pushed flat onto the floor or into the right wall, land
    /// flat as one box does: eight contacts with the ground in one color are one batch of the
    /// wide solver's lanes, and each lane's arriving face (both points still apart) is stopped
    /// as a block. One point after the other, the first point took the whole stop and turned its
    /// box: pushed down at 20 the boxes turned by 9.9°, at 200 by 1.2° with a corner 4.4 pt
    /// into the floor. No box turns by 0.5° and no corner goes further in than the allowed
    /// overlap and a slop (the steady push then holds them 0.9 pt in, as it does one box).
    @Test(arguments: [20.0, 200], [0.0, Double.pi / 2])
    func eightPushedBoxesLandFlat(magnitude: Double, angle: Double) {
        let boxes = (0..<8).map { i in
            angle == 0 ? Box(Point(320, 52 + 40 * Double(i)), Size(20, 20)) : Box(Point(180 + 40 * Double(i), 192), Size(20, 20))
        }
        let (deepest, turned) = pushFlat(boxes, magnitude: magnitude, angle: angle)
        let limit = WorldSettings().maxSoftOverlap + WorldSettings().linearSlop
        #expect(deepest <= limit, "a corner went \(deepest) pt into the wall")
        #expect(turned < 0.5 * Double.pi / 180, "turned by \(turned * 180 / Double.pi)°")
    }

    /// 20 pt boxes pushed steadily right (angle 0) or down for 60 steps inside the reference
    /// bounds: how far the deepest corner went past the wall they are pushed at, and the largest
    /// turn of any box.
    private func pushFlat(_ boxes: [Box], magnitude: Double, angle: Double) -> (deepest: Double, turned: Double) {
        let animator = DynamicAnimator(referenceBounds: bounds640)
        let collision = CollisionBehavior(items: boxes)
        collision.setTranslatesReferenceBoundsIntoBoundary(true)
        animator.addBehavior(collision)
        let push = PushBehavior(items: boxes, mode: .continuous)
        push.setAngle(angle, magnitude: magnitude)
        animator.addBehavior(push)
        let wall = angle == 0 ? 640.0 : 384.0
        var deepest = -Double.infinity, turned = 0.0
        run(animator, steps: 60) { _ in
            for box in boxes {
                turned = max(turned, abs(box.angle))
                for corner in [Vector(10, 10), Vector(10, -10), Vector(-10, 10), Vector(-10, -10)] {
                    let p = box.center + corner.rotated(by: box.angle)
                    deepest = max(deepest, (angle == 0 ? p.x : p.y) - wall)
                }
            }
        }
        return (deepest, turned)
    }

    /// Pushes of 2,000 to 20,000 on 20 pt boxes of three densities, right into the right wall
    /// and down onto the floor, for 2 s: no corner of a box ever goes further into the wall than
    /// the allowed overlap and a slop. One box alone is solved by the scalar solver; eight boxes
    /// side by side along the wall make eight contacts with the ground in one color, which the
    /// wide solver takes as one batch of eight lanes. Solved one point after the other, the wide
    /// lanes turned a box pushed at 20,000 until a corner was 10 pt into the wall.
    @Test(arguments: [2_000.0, 5_000, 20_000], [0.25, 1.0, 4.0])
    func steadyPushHoldsOnBothSolverPaths(magnitude: Double, density: Double) {
        for count in [1, 8] {
            for angle in [0.0, Double.pi / 2] {
                let deepest = deepestCorner(boxes: count, magnitude: magnitude, density: density, angle: angle)
                let limit = WorldSettings().maxSoftOverlap + WorldSettings().linearSlop
                #expect(deepest <= limit, "\(count) boxes pushed at angle \(angle): a corner \(deepest) pt into the wall")
            }
        }
    }

    /// How far the deepest corner of `boxes` 20 pt boxes, 40 pt apart along the wall, pushed
    /// toward the right wall (angle 0) or the floor (π/2), went beyond it in 120 steps.
    private func deepestCorner(boxes count: Int, magnitude: Double, density: Double, angle: Double) -> Double {
        let animator = DynamicAnimator(referenceBounds: bounds640)
        let boxes = (0..<count).map { i in
            angle == 0 ? Box(Point(320, 52 + 40 * Double(i)), Size(20, 20)) : Box(Point(180 + 40 * Double(i), 192), Size(20, 20))
        }
        let collision = CollisionBehavior(items: boxes)
        collision.setTranslatesReferenceBoundsIntoBoundary(true)
        animator.addBehavior(collision)
        let properties = DynamicItemBehavior(items: boxes)
        properties.density = density
        animator.addBehavior(properties)
        let push = PushBehavior(items: boxes, mode: .continuous)
        // The angle and the magnitude at once: an angle set while the magnitude is 0 is lost.
        push.setAngle(angle, magnitude: magnitude)
        animator.addBehavior(push)
        let wall = angle == 0 ? 640.0 : 384.0
        var deepest = -Double.infinity
        run(animator, steps: 120) { _ in
            for box in boxes {
                for corner in [Vector(10, 10), Vector(10, -10), Vector(-10, 10), Vector(-10, -10)] {
                    let p = box.center + corner.rotated(by: box.angle)
                    deepest = max(deepest, (angle == 0 ? p.x : p.y) - wall)
                }
            }
        }
        return deepest
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
