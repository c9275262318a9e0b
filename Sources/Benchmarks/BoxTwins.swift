// BoxTwins: Nudge twins of Box2D v3's ten benchmark scenes (its benchmark app's large_pyramid,
// many_pyramids, tumbler, junkyard, washer, smash, spinner, joint_grid, compounds and rain), so
// that `benchmarks/v3-table.sh` can time v3's own app beside Nudge on the same work.
//
// Each twin lives in its own file (BoxTwin<Name>.swift) as a description that states v3's
// parameters in v3's units (metres, kg/m², rad/s, y up) and a builder that turns them into items
// and behaviors. This file holds what they share: the unit change, the scene names, and the two
// stand-ins every twin uses for what Nudge lacks today.
//
// Units: 1 m = 100 pt, and Nudge's y points down while v3's points up, so a v3 point (x, y) is
// Nudge's (100x, −100y): every twin is v3's scene mirrored top to bottom. Angles and angular
// velocities change sign with the mirror. Gravity 1 (1,000 pt/s²) is v3's default 10 m/s².
// Masses are Nudge's (density × the item's width × height / 10⁴, whatever its shape: a 1 m box of
// density 1 weighs 1 as in v3), so a v3 density carries over as it is; torques scale by
// (100 pt/m)² = 10⁴ (the mass is the same, lengths squared grow 10⁴ times).
// Steps: v3's app steps 1/60 s with 4 substeps, Nudge's default as well. v3 times every step but
// the first; BenchResult.totalMs does the same.
//
// Stand-ins (each twin's description says where it uses them):
// - Static ground: v3 builds its grounds from touching static boxes; here each run of touching
//   boxes is one closed boundary outline of their union (a static body either way; fewer shapes).
// - Capsules (the spinner's bodies and every bone of the rain's ragdolls): a group of a box and
//   two balls before Nudge had capsules; `capsule` now makes one capsule item. Its mass follows
//   UIKit's rule (density × width × height), a little more than v3's density × true area.
import Geometry
import Dynamics

public enum BoxTwins {
    /// The ten twins, in the order of v3's benchmark app.
    public static var all: [BenchScene] {
        [compounds, jointGrid, junkyard, largePyramid, manyPyramids, rain, smash, spinner, tumbler, washer]
    }

    /// The twin with v3's name `name`, or nil.
    public static func scene(named name: String) -> BenchScene? {
        all.first { $0.name == name }
    }

    /// Points per metre.
    static let scale = 100.0
    /// Torque and other mass·length² quantities: v3's N·m to Nudge's mass·pt²/s².
    static let torqueScale = 1e4

    /// v3's point (metres, y up) as a Nudge point.
    @inline(__always) static func point(_ x: Double, _ y: Double) -> Point {
        Point(x * scale, -y * scale)
    }

    /// v3's box of half extents (hx, hy) metres as a Nudge size.
    static func size(halfWidth hx: Double, halfHeight hy: Double) -> Size {
        Size(2 * hx * scale, 2 * hy * scale)
    }

    /// A fresh animator that never pauses, with v3's sleeping setting for the scene.
    static func animator(bounds: Rect, sleeping: Bool) -> DynamicAnimator {
        let animator = DynamicAnimator(referenceBounds: bounds)
        animator.pausesAtRest = false
        animator.allowsSleeping = sleeping
        return animator
    }

    /// A static box of v3's (centre and half extents in metres) as a closed boundary outline.
    static func addStaticBox(_ collision: CollisionBehavior, id: String, center: (Double, Double),
                             halfWidth hx: Double, halfHeight hy: Double) {
        let (cx, cy) = center
        let corners = [point(cx - hx, cy - hy), point(cx + hx, cy - hy), point(cx + hx, cy + hy),
                       point(cx - hx, cy + hy), point(cx - hx, cy - hy)]
        collision.addBoundary(withIdentifier: id, for: corners)
    }

    /// A capsule of v3's (the segment from `p1` to `p2` in metres, radius r) as a capsule item
    /// along the segment, placed at `at` (metres) plus the segment. With `extra` parts (a
    /// ragdoll's foot) the capsule and the parts are one item group. Returns the body and its
    /// parts (for `BuiltBenchScene.items`).
    static func capsule(at center: (Double, Double), from p1: (Double, Double), to p2: (Double, Double),
                        radius r: Double, extra: [BenchItem] = []) -> (body: DynamicItem, parts: [BenchItem]) {
        let a = point(center.0 + p1.0, center.1 + p1.1), b = point(center.0 + p2.0, center.1 + p2.1)
        let length = a.distance(to: b), mid = Point((a.x + b.x) / 2, (a.y + b.y) / 2)
        let diameter = 2 * r * scale
        let bar = BenchItem(center: mid, size: Size(length + diameter, diameter), type: .capsule)
        bar.transform = AffineTransform(rotationAngle: atan2(b.y - a.y, b.x - a.x))
        if extra.isEmpty { return (bar, [bar]) }
        let parts = [bar] + extra
        return (DynamicItemGroup(items: parts), parts)
    }

    /// A convex polygon of v3's (vertices in metres about the body's origin at `at`) as a path
    /// item: centred on the middle of its bounding box, the path relative to that centre.
    static func polygon(at origin: (Double, Double), _ vertices: [(Double, Double)]) -> BenchItem {
        let pts = vertices.map { point(origin.0 + $0.0, origin.1 + $0.1) }
        let xs = pts.map(\.x), ys = pts.map(\.y)
        let lo = Point(xs.min()!, ys.min()!), hi = Point(xs.max()!, ys.max()!)
        let c = Point((lo.x + hi.x) / 2, (lo.y + hi.y) / 2)
        return BenchItem(center: c, size: Size(hi.x - lo.x, hi.y - lo.y), type: .path,
                         path: pts.map { Point($0.x - c.x, $0.y - c.y) })
    }
}
