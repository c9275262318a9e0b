// BoxTwinSmash: the twin of Box2D v3's smash (shared/benchmarks.c: CreateSmash), stated in v3's
// units; BoxTwins.swift says how they map.
//
// smash (300 steps, gravity zero, v3's default sleeping on): a ram, a box of half extents 4 × 4 m
// and density 8 at (−20, 0) moving at 40 m/s to the right, into a wall of 120 columns × 80 rows
// of boxes of half extent 0.2 m (density 1, friction 0.6, v3's defaults), touching, at
// x = 30 + 0.4i, y = 0.4(j − 40), made asleep. No ground.
// "Made asleep" is `DynamicAnimator.setStartsAsleep`: the wall's island sleeps at the end of the
// first step (v3 creates it asleep), long before the ram reaches it (about 1.1 s).
import Geometry
import Dynamics

extension BoxTwins {
    /// v3's smash.
    struct Smash {
        let ramHalf = 4.0, ramDensity = 8.0, ramStart = (-20.0, 0.0), ramVelocity = (40.0, 0.0)
        let columns = 120, rows = 80, boxSize = 0.4, wallX = 30.0, density = 1.0, friction = 0.6, steps = 300
    }

    static var smash: BenchScene {
        let d = Smash()
        return BenchScene(name: "smash", summary: "v3 twin: a ram at 40 m/s into a sleeping wall of 9,600 boxes, no gravity",
                          steps: d.steps) {
            let animator = Self.animator(bounds: Rect(x: -4_000, y: -4_000, width: 12_000, height: 8_000), sleeping: true)
            let ram = BenchItem(center: point(d.ramStart.0, d.ramStart.1), size: size(halfWidth: d.ramHalf, halfHeight: d.ramHalf))
            let wall = boxGrid(columns: d.columns, rows: d.rows, half: d.boxSize / 2, byColumns: true) { i, j in
                (Double(i) * d.boxSize + d.wallX, (Double(j) - Double(d.rows) / 2) * d.boxSize)
            }
            let collision = CollisionBehavior(items: [ram] + wall)
            collision.collisionMode = .items
            animator.addBehavior(collision)
            let ramProps = DynamicItemBehavior(items: [ram])
            ramProps.density = d.ramDensity
            ramProps.friction = d.friction
            animator.addBehavior(ramProps)
            let wallProps = DynamicItemBehavior(items: wall)
            wallProps.density = d.density
            wallProps.friction = d.friction
            animator.addBehavior(wallProps)
            animator.setVelocity(Vector(d.ramVelocity.0 * scale, -d.ramVelocity.1 * scale), angular: 0, for: ram)
            for box in wall { animator.setStartsAsleep(box) }
            let all = [ram] + wall
            return BuiltBenchScene(animator: animator, items: all, start: all.map(\.center), standTolerance: nil)
        }
    }
}
