// BoxTwinDrums: the twins of Box2D v3's tumbler and washer (shared/benchmarks.c: CreateTumbler,
// CreateWasher), stated in v3's units; BoxTwins.swift says how they map. Both keep v3's default
// sleeping (on): nothing in a turning drum comes to rest, so it changes nothing but the bookkeeping.
//
// tumbler (750 steps): a dynamic drum at (0, 10) of four boxes, half extents 0.5 × 10 at
// (±10, 0) and 10 × 0.5 at (0, ±10) about its centre, density 50, pinned to the ground at its
// centre by a motor of 25°/s and at most 10⁸ N·m; 45 × 45 = 2,025 boxes of half extent 0.125 m,
// density 1, friction 0.6, on a 0.4 m grid from (−9, 1).
// washer (500 steps): a kinematic drum at (0, 10) turning at 25°/s (and drifting at (0.001,
// −0.002) m/s, as v3 sets it) made of 36 quadrilaterals between radii 16 and 18 m, each 12° wide
// (10° apart, overlapping by 1° on either side), and four paddles between radii 14 and 16 m, 10°
// wide, at 0°, 90°, 180° and 270°: one body of 40 shapes; 90 × 90 = 8,100 boxes of half extent
// 0.1 m, density 1, friction 0.6, on a 0.21 m grid from (−9.9, 0.1).
// A drum is an item group (one body of several shapes); the tumbler's motor is a pin's motor.
import Geometry
import Dynamics

extension BoxTwins {
    /// v3's tumbler.
    struct Tumbler {
        let center = (0.0, 10.0), wallHalf = (0.5, 10.0), wallOffset = 10.0, drumDensity = 50.0
        let motorSpeed = 25 * Double.pi / 180, maxMotorTorque = 1e8
        let grid = 45, boxHalf = 0.125, spacing = 0.4, density = 1.0, friction = 0.6, steps = 750
        var gridStart: (Double, Double) { (-0.2 * Double(grid), -0.2 * Double(grid) + 10) }
    }

    /// v3's washer.
    struct Washer {
        let center = (0.0, 10.0), angularSpeed = 25 * Double.pi / 180, drift = (0.001, -0.002)
        let r0 = 14.0, r1 = 16.0, r2 = 18.0, segments = 36, paddleEvery = 9
        let grid = 90, boxHalf = 0.1, spacing = 0.21, density = 1.0, friction = 0.6, steps = 500
        var gridStart: (Double, Double) { (-1.1 * boxHalf * Double(grid), -1.1 * boxHalf * Double(grid) + 10) }
    }

    static var tumbler: BenchScene {
        let d = Tumbler()
        return BenchScene(name: "tumbler", summary: "v3 twin: 2,025 boxes in a drum turned by a motor at 25°/s",
                          steps: d.steps) {
            let animator = Self.animator(bounds: Rect(x: -2_000, y: -3_000, width: 4_000, height: 4_000), sleeping: true)
            let (cx, cy) = d.center, o = d.wallOffset, (hx, hy) = d.wallHalf
            let walls = [
                BenchItem(center: point(cx + o, cy), size: size(halfWidth: hx, halfHeight: hy)),
                BenchItem(center: point(cx - o, cy), size: size(halfWidth: hx, halfHeight: hy)),
                BenchItem(center: point(cx, cy + o), size: size(halfWidth: hy, halfHeight: hx)),
                BenchItem(center: point(cx, cy - o), size: size(halfWidth: hy, halfHeight: hx)),
            ]
            let drum = DynamicItemGroup(items: walls)
            let boxes = grid(d.grid, from: d.gridStart, spacing: d.spacing, half: d.boxHalf)
            let collision = CollisionBehavior(items: [drum] + (boxes as [DynamicItem]))
            collision.collisionMode = .items
            animator.addBehavior(collision)
            animator.addBehavior(GravityBehavior(items: [drum] + (boxes as [DynamicItem])))
            let drumProps = DynamicItemBehavior(items: [drum])
            drumProps.density = d.drumDensity
            drumProps.friction = d.friction
            animator.addBehavior(drumProps)
            let boxProps = DynamicItemBehavior(items: boxes)
            boxProps.density = d.density
            boxProps.friction = d.friction
            animator.addBehavior(boxProps)
            let motor = AttachmentBehavior.pinAttachment(with: drum, attachmentAnchor: point(cx, cy))
            motor.motorSpeed = -d.motorSpeed
            motor.maxMotorTorque = d.maxMotorTorque * torqueScale
            animator.addBehavior(motor)
            var built = BuiltBenchScene(animator: animator, items: walls + boxes, start: (walls + boxes).map(\.center),
                                        standTolerance: nil)
            built.kept = { keptInside(boxes, drum: drum, halfInside: (o - hx) * scale) }
            return built
        }
    }

    static var washer: BenchScene {
        let d = Washer()
        return BenchScene(name: "washer", summary: "v3 twin: 8,100 boxes in a kinematic drum of 40 shapes at 25°/s",
                          steps: d.steps) {
            let animator = Self.animator(bounds: Rect(x: -3_000, y: -4_000, width: 6_000, height: 6_000), sleeping: true)
            let parts = washerDrumParts(d)
            let drum = DynamicItemGroup(items: parts)
            let boxes = grid(d.grid, from: d.gridStart, spacing: d.spacing, half: d.boxHalf)
            let collision = CollisionBehavior(items: [drum] + (boxes as [DynamicItem]))
            collision.collisionMode = .items
            animator.addBehavior(collision)
            animator.addBehavior(GravityBehavior(items: boxes))
            let drumProps = DynamicItemBehavior(items: [drum])
            drumProps.isAnchored = true
            drumProps.friction = d.friction
            animator.addBehavior(drumProps)
            let boxProps = DynamicItemBehavior(items: boxes)
            boxProps.density = d.density
            boxProps.friction = d.friction
            animator.addBehavior(boxProps)
            animator.setKinematicVelocity(Vector(d.drift.0 * scale, -d.drift.1 * scale), angular: -d.angularSpeed, for: drum)
            var built = BuiltBenchScene(animator: animator, items: parts + boxes, start: (parts + boxes).map(\.center),
                                        standTolerance: nil)
            // Inside the ring (the grid's corner boxes start at the paddles' inner tips, 14 m out).
            built.kept = { keptInside(boxes, drum: drum, radius: d.r1 * scale) }
            return built
        }
    }

    /// The washer's 40 quadrilaterals, as path items placed in the scene.
    static func washerDrumParts(_ d: Washer) -> [BenchItem] {
        let step = 2 * Double.pi / Double(d.segments), overlap = 0.1 * step
        var parts: [BenchItem] = []
        func unit(_ angle: Double) -> (Double, Double) { (cos(angle), sin(angle)) }
        for i in 0..<d.segments {
            let t1 = Double(i) * step, t2 = Double(i + 1) * step
            let a1 = unit(t1 - overlap), a2 = unit(t2 + overlap)
            parts.append(polygon(at: d.center, [(d.r1 * a1.0, d.r1 * a1.1), (d.r2 * a1.0, d.r2 * a1.1),
                                                (d.r2 * a2.0, d.r2 * a2.1), (d.r1 * a2.0, d.r1 * a2.1)]))
            if i % d.paddleEvery == 0 {
                let u1 = unit(t1), u2 = unit(t2)
                parts.append(polygon(at: d.center, [(d.r0 * u1.0, d.r0 * u1.1), (d.r1 * u1.0, d.r1 * u1.1),
                                                    (d.r1 * u2.0, d.r1 * u2.1), (d.r0 * u2.0, d.r0 * u2.1)]))
            }
        }
        return parts
    }

    /// n × n square boxes of half extent `half` m, `spacing` m apart, the first at `from` (m).
    static func grid(_ n: Int, from start: (Double, Double), spacing: Double, half: Double) -> [BenchItem] {
        boxGrid(columns: n, rows: n, half: half, byColumns: false) { j, i in
            (start.0 + Double(j) * spacing, start.1 + Double(i) * spacing)
        }
    }

    /// How many boxes are inside a square drum (within `halfInside` of its centre in its frame).
    static func keptInside(_ boxes: [BenchItem], drum: DynamicItemGroup, halfInside: Double) -> (inside: Int, of: Int) {
        let angle = drum.transform.rotationAngle
        let inside = boxes.filter { box in
            let p = (box.center - drum.center).rotated(by: -angle)
            return abs(p.x) < halfInside && abs(p.y) < halfInside
        }.count
        return (inside, boxes.count)
    }

    /// How many boxes are inside a round drum of the given inner radius.
    static func keptInside(_ boxes: [BenchItem], drum: DynamicItemGroup, radius: Double) -> (inside: Int, of: Int) {
        (boxes.filter { $0.center.distance(to: drum.center) < radius }.count, boxes.count)
    }
}
