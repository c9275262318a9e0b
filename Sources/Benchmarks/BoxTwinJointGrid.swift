// BoxTwinJointGrid: the twin of Box2D v3's joint_grid (shared/benchmarks.c: CreateJointGrid),
// stated in v3's units; BoxTwins.swift says how they map.
//
// joint_grid (500 steps, sleeping off): 100 × 100 balls of radius 0.4 m, density 1, at (k, −i)
// for column k and row i (1 m apart); the seven of row 0 with 47 ≤ k ≤ 53 are static, the rest
// dynamic; a revolute joint joins each ball to the one above it (at the midpoint, (k, −i + 0.5))
// and to the one on its left (at (k − 0.5, −i)): 2 · 100 · 99 = 19,800 joints. v3's filter
// (category 2, mask ~2) keeps every ball from touching any other, so there is no collision
// behavior at all. The static balls are anchored items at rest.
import Geometry
import Dynamics

extension BoxTwins {
    /// v3's joint_grid.
    struct JointGrid {
        let n = 100, radius = 0.4, spacing = 1.0, density = 1.0, steps = 500
        /// Row-0 columns that are static.
        var staticColumns: ClosedRange<Int> { (n / 2 - 3)...(n / 2 + 3) }
    }

    static var jointGrid: BenchScene {
        let d = JointGrid()
        return BenchScene(name: "joint_grid", summary: "v3 twin: 100×100 balls joined by 19,800 pins, hanging from 7",
                          steps: d.steps) {
            let animator = Self.animator(bounds: Rect(x: -2_000, y: -2_000, width: 14_000, height: 22_000), sleeping: false)
            var items: [BenchItem] = [], fixed: [BenchItem] = [], moving: [BenchItem] = []
            items.reserveCapacity(d.n * d.n)
            for k in 0..<d.n {
                for i in 0..<d.n {
                    let ball = BenchItem(center: point(Double(k) * d.spacing, -Double(i) * d.spacing),
                                         size: size(halfWidth: d.radius, halfHeight: d.radius), type: .ellipse)
                    items.append(ball)
                    if i == 0 && d.staticColumns.contains(k) { fixed.append(ball) } else { moving.append(ball) }
                }
            }
            animator.addBehavior(GravityBehavior(items: moving))
            let props = DynamicItemBehavior(items: moving)
            props.density = d.density
            animator.addBehavior(props)
            let anchors = DynamicItemBehavior(items: fixed)
            anchors.isAnchored = true
            animator.addBehavior(anchors)
            // One composite of a child per column, added once (see EngineScenes.pinGrid for why).
            let net = DynamicBehavior()
            for k in 0..<d.n {
                let pins = DynamicBehavior()
                for i in 0..<d.n {
                    let ball = items[k * d.n + i]
                    if i > 0 {
                        pins.addChildBehavior(AttachmentBehavior.pinAttachment(
                            with: ball, attachedTo: items[k * d.n + i - 1],
                            attachmentAnchor: point(Double(k) * d.spacing, (-Double(i) + 0.5) * d.spacing)))
                    }
                    if k > 0 {
                        pins.addChildBehavior(AttachmentBehavior.pinAttachment(
                            with: ball, attachedTo: items[(k - 1) * d.n + i],
                            attachmentAnchor: point((Double(k) - 0.5) * d.spacing, -Double(i) * d.spacing)))
                    }
                }
                net.addChildBehavior(pins)
            }
            animator.addBehavior(net)
            return BuiltBenchScene(animator: animator, items: items, start: items.map(\.center), standTolerance: nil)
        }
    }
}
