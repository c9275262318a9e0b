// BoxTwinJunkyard: the twin of Box2D v3's junkyard (shared/benchmarks.c: CreateJunkyard,
// StepJunkyard), stated in v3's units; BoxTwins.swift says how they map.
//
// junkyard (800 steps, v3's default sleeping on): a static floor of 161 boxes of half extents
// 0.55 × 0.5 m at x = −80…80 (1 m apart), y = 0, and two walls of 50 boxes of half extents
// 0.5 × 0.55 at x = ±80, y = 1…50; 200 columns × 40 rows = 8,000 pentagons (the five points of
// radius 0.25 m at angles k·π(√5 − 1), k = 0…4), density 1, friction 0.6 (defaults), column i at
// x = 0.75i − 75 shifted ±0.1 m in turn (−0.1 first), row j at y = 15 + j; a kinematic pusher, a
// box of half extents 2 × 4 m whose bottom is at the body's origin, sent before every step k
// toward x = 60 sin(0.2 · k/60) (v3's b2Body_SetTargetTransform: the velocity that gets there
// in one step). Each run of touching ground boxes is one boundary outline (their union).
import Geometry
import Dynamics

extension BoxTwins {
    /// v3's junkyard.
    struct Junkyard {
        let floorCenters = -80...80, floorHalf = (0.55, 0.5), wallX = 80.0, wallBoxes = 50, wallHalf = (0.5, 0.55)
        let columns = 200, rows = 40, radius = 0.25, side = 0.1, yStart = 15.0, density = 1.0, friction = 0.6
        let pusherHalf = (2.0, 4.0), pusherAmplitude = 60.0, pusherRate = 0.2, steps = 800
        /// The pentagon's vertices (m, about its body's origin).
        var pentagon: [(Double, Double)] {
            let phi = Double.pi * (5.0.squareRoot() - 1)
            return (0..<5).map { (radius * cos(phi * Double($0)), radius * sin(phi * Double($0))) }
        }
    }

    static var junkyard: BenchScene {
        let d = Junkyard()
        return BenchScene(name: "junkyard", summary: "v3 twin: 8,000 pentagons pushed about by a kinematic pusher",
                          steps: d.steps) {
            let animator = Self.animator(bounds: Rect(x: -9_000, y: -6_000, width: 18_000, height: 7_000), sleeping: true)
            var pieces: [BenchItem] = []
            var side = -d.side
            for i in 0..<d.columns {
                let x = 1.5 * (2 * Double(i) - Double(d.columns)) * d.radius
                for j in 0..<d.rows {
                    pieces.append(polygon(at: (x + side, 4 * Double(j) * d.radius + d.yStart), d.pentagon))
                    side = -side
                }
            }
            let pusher = BenchItem(center: point(0, d.pusherHalf.1), size: size(halfWidth: d.pusherHalf.0, halfHeight: d.pusherHalf.1))
            let collision = CollisionBehavior(items: pieces + [pusher])
            addWalledFloor(collision, floorCenters: d.floorCenters, floorHalf: d.floorHalf, wallX: d.wallX,
                           wallBoxes: d.wallBoxes, wallHalf: d.wallHalf)
            addBodies(pieces, collision: collision, density: d.density, friction: d.friction, to: animator)
            let pusherProps = DynamicItemBehavior(items: [pusher])
            pusherProps.isAnchored = true
            pusherProps.friction = d.friction
            animator.addBehavior(pusherProps)
            let all = pieces + [pusher]
            var built = BuiltBenchScene(animator: animator, items: all, start: all.map(\.center), standTolerance: nil)
            let dt = DynamicAnimator.stepDuration
            built.beforeStep = { [unowned animator] k in
                let target = d.pusherAmplitude * sin(d.pusherRate * Double(k) * dt) * scale
                animator.setKinematicVelocity(Vector((target - pusher.center.x) / dt, 0), angular: 0, for: pusher)
            }
            return built
        }
    }
}
