// BoxTwinCompounds: the twin of Box2D v3's compounds (shared/benchmarks.c: CreateCompounds),
// stated in v3's units; BoxTwins.swift says how they map.
//
// compounds (500 steps, v3's default sleeping on): a static floor of 81 boxes of half extents
// 0.55 × 0.5 m at x = −40…40, y = 0, two walls of 100 boxes of half extents 0.5 × 0.55 at
// x = ±40, y = 1…100, and a segment from (−800, −80) to (800, −80); 20 columns × 150 rows =
// 3,000 bodies, each of two triangles ((−1, 0), (0.5, 1), (0, 2)) and ((1, 0), (−0.5, 1), (0, 2)),
// density 1, friction 0.5, column i at x = 2i − 19 shifted ±0.25 m in turn (+0.25 first), row j
// at y = 2.25j + 5.575. A body of two shapes is an item group of two path items. Each run of
// touching ground boxes is one boundary outline (their union).
import Geometry
import Dynamics

extension BoxTwins {
    /// v3's compounds.
    struct Compounds {
        let floorCenters = -40...40, floorHalf = (0.55, 0.5), wallX = 40.0, wallBoxes = 100, wallHalf = (0.5, 0.55)
        let segment = ((-800.0, -80.0), (800.0, -80.0))
        let left = [(-1.0, 0.0), (0.5, 1.0), (0.0, 2.0)], right = [(1.0, 0.0), (-0.5, 1.0), (0.0, 2.0)]
        let columns = 20, rows = 150, shift = 2.0, extraY = 0.25, side = 0.25, yStart = 5.0
        let density = 1.0, friction = 0.5, steps = 500
        var centerX: Double { shift * Double(columns) / 2 - 1 }
        let centerY = 1.15 / 2
    }

    static var compounds: BenchScene {
        let d = Compounds()
        return BenchScene(name: "compounds", summary: "v3 twin: 3,000 bodies of two triangles each into a walled box",
                          steps: d.steps) {
            let animator = Self.animator(bounds: Rect(x: -9_000, y: -12_000, width: 18_000, height: 21_000), sleeping: true)
            var bodies: [DynamicItemGroup] = [], parts: [BenchItem] = []
            var side = d.side
            for i in 0..<d.columns {
                let x = Double(i) * d.shift - d.centerX
                for j in 0..<d.rows {
                    let origin = (x + side, Double(j) * (d.shift + d.extraY) + d.centerY + d.yStart)
                    side = -side
                    let pair = [polygon(at: origin, d.left), polygon(at: origin, d.right)]
                    bodies.append(DynamicItemGroup(items: pair)); parts += pair
                }
            }
            let collision = CollisionBehavior(items: bodies)
            addWalledFloor(collision, floorCenters: d.floorCenters, floorHalf: d.floorHalf, wallX: d.wallX,
                           wallBoxes: d.wallBoxes, wallHalf: d.wallHalf)
            collision.addBoundary(withIdentifier: "below", from: point(d.segment.0.0, d.segment.0.1),
                                  to: point(d.segment.1.0, d.segment.1.1))
            addBodies(bodies, collision: collision, density: d.density, friction: d.friction, to: animator)
            return BuiltBenchScene(animator: animator, items: parts, start: parts.map(\.center), standTolerance: nil)
        }
    }
}
