// SmashProbe: a profiling scene shaped like Box2D v3's smash benchmark, at 1 m = 100 pt: no
// gravity, a heavy 800 pt box (density 8) at 4,000 pt/s into a wall of 60 × 40 boxes of 40 pt
// (density 1, friction 0.6), 300 steps. It exercises what a fast heavy body costs the collision
// side: fat boxes swept ahead, pairs made and dropped every step as the wall scatters,
// speculative contacts and the continuous sweep. Not in `EngineScenes.all` (its figures are not
// in the README's table); `nudge bench engine --scene smash-probe` runs it.
import Geometry
import Dynamics

public enum SmashProbe {
    public static let name = "smash-probe"

    public static var scene: BenchScene {
        BenchScene(name: name, summary: "an 800 pt box at 4,000 pt/s into a wall of 2,400 boxes, no gravity", steps: 300) {
            let animator = DynamicAnimator(referenceBounds: Rect(x: -4000, y: -3000, width: 12000, height: 6000))
            animator.pausesAtRest = false
            animator.allowsSleeping = false
            let d = 40.0, columns = 60, rows = 40
            var wall: [BenchItem] = []
            for i in 0..<columns {
                for j in 0..<rows {
                    wall.append(BenchItem(center: Point(Double(i) * d + 1000, (Double(j) - Double(rows) / 2) * d),
                                          size: Size(d, d)))
                }
            }
            let ram = BenchItem(center: Point(-1000, 0), size: Size(800, 800))
            let all = [ram] + wall
            let collision = CollisionBehavior(items: all)
            collision.collisionMode = .items
            animator.addBehavior(collision)
            let wallProps = DynamicItemBehavior(items: wall)
            wallProps.friction = 0.6
            animator.addBehavior(wallProps)
            let ramProps = DynamicItemBehavior(items: [ram])
            ramProps.friction = 0.6
            ramProps.density = 8
            animator.addBehavior(ramProps)
            ramProps.addLinearVelocity(Vector(4000, 0), for: ram)
            return BuiltBenchScene(animator: animator, items: all, start: all.map(\.center), standTolerance: nil)
        }
    }
}
