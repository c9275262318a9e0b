// BoxTwinPyramids: the twins of Box2D v3's large_pyramid and many_pyramids (shared/benchmarks.c:
// CreateLargePyramid, CreateManyPyramids), stated in v3's units; BoxTwins.swift says how they map.
//
// large_pyramid (500 steps, sleeping off): a pyramid of base 100 (5,050 boxes) of square boxes of
// half extent a = 0.5 m, density 1, friction 0.6 (v3's default), row i's centres at
// y = (2i + 1)a and x = (i + 1)a + 2(j − i)a − a·100, on a static ground box of half extents
// 100 × 1 m centred at (0, −1) (its top at y = 0).
// many_pyramids (200 steps, sleeping off): 20 × 20 pyramids of base 10 (55 boxes each, 22,000
// in all) of the same boxes, density 1 (v3's default), friction 0.6; 20 ground segments 220 m
// wide (2·0.5·20·11) at y = 0, 11, 22, … (11 m apart), pyramid (row r, column c) with its base
// on segment r and its boxes at x = (i + 1)·0.5 + (j − i)·1 + cx − 0.5, cx = −110 + 11c + 1.
// Stand-ins: the ground box is a boundary outline; each ground segment a two-sided boundary segment.
import Geometry
import Dynamics

extension BoxTwins {
    /// v3's large_pyramid.
    struct LargePyramid {
        let baseCount = 100, halfExtent = 0.5, density = 1.0, friction = 0.6, steps = 500
        let groundCenter = (0.0, -1.0), groundHalf = (100.0, 1.0)
    }

    /// v3's many_pyramids.
    struct ManyPyramids {
        let baseCount = 10, halfExtent = 0.5, rows = 20, columns = 20, density = 1.0, friction = 0.6, steps = 200
        var groundSpacing: Double { 2 * halfExtent * Double(baseCount + 1) }
        var groundWidth: Double { 2 * halfExtent * Double(columns) * Double(baseCount + 1) }
    }

    static var largePyramid: BenchScene {
        let d = LargePyramid()
        return BenchScene(name: "large_pyramid", summary: "v3 twin: 5,050-box pyramid (base 100), sleeping off",
                          steps: d.steps) {
            let animator = Self.animator(bounds: Rect(x: -12_000, y: -12_000, width: 24_000, height: 13_000), sleeping: false)
            var items: [BenchItem] = []
            let a = d.halfExtent
            for i in 0..<d.baseCount {
                for j in i..<d.baseCount {
                    let x = (Double(i) + 1) * a + 2 * Double(j - i) * a - a * Double(d.baseCount)
                    items.append(BenchItem(center: point(x, (2 * Double(i) + 1) * a), size: size(halfWidth: a, halfHeight: a)))
                }
            }
            let collision = CollisionBehavior(items: items)
            addStaticBox(collision, id: "ground", center: d.groundCenter, halfWidth: d.groundHalf.0, halfHeight: d.groundHalf.1)
            addBodies(items, collision: collision, density: d.density, friction: d.friction, to: animator)
            return BuiltBenchScene(animator: animator, items: items, start: items.map(\.center), standTolerance: a * scale / 2)
        }
    }

    static var manyPyramids: BenchScene {
        let d = ManyPyramids()
        return BenchScene(name: "many_pyramids", summary: "v3 twin: 400 pyramids of 55 boxes (22,000), sleeping off",
                          steps: d.steps) {
            let animator = Self.animator(bounds: Rect(x: -12_000, y: -23_000, width: 24_000, height: 24_000), sleeping: false)
            var items: [BenchItem] = [], grounds: [(Point, Point)] = []
            let a = d.halfExtent, baseWidth = 2 * a * Double(d.baseCount)
            for r in 0..<d.rows {
                let groundY = Double(r) * d.groundSpacing
                grounds.append((point(-d.groundWidth / 2, groundY), point(d.groundWidth / 2, groundY)))
                for c in 0..<d.columns {
                    let cx = -d.groundWidth / 2 + Double(c) * (baseWidth + 2 * a) + 2 * a
                    for i in 0..<d.baseCount {
                        for j in i..<d.baseCount {
                            let x = (Double(i) + 1) * a + 2 * Double(j - i) * a + cx - 0.5
                            let y = (2 * Double(i) + 1) * a + groundY
                            items.append(BenchItem(center: point(x, y), size: size(halfWidth: a, halfHeight: a)))
                        }
                    }
                }
            }
            let collision = CollisionBehavior(items: items)
            for (r, g) in grounds.enumerated() { collision.addBoundary(withIdentifier: "ground-\(r)", from: g.0, to: g.1) }
            addBodies(items, collision: collision, density: d.density, friction: d.friction, to: animator)
            return BuiltBenchScene(animator: animator, items: items, start: items.map(\.center), standTolerance: a * scale / 2)
        }
    }

    /// Gravity, the collision behavior (items and boundaries) and the material for plain bodies.
    static func addBodies(_ items: [DynamicItem], collision: CollisionBehavior, density: Double, friction: Double,
                          elasticity: Double = 0, gravity: Bool = true, to animator: DynamicAnimator) {
        if gravity { animator.addBehavior(GravityBehavior(items: items)) }
        animator.addBehavior(collision)
        let props = DynamicItemBehavior(items: items)
        props.density = density
        props.friction = friction
        if elasticity > 0 { props.elasticity = elasticity }
        animator.addBehavior(props)
    }
}
