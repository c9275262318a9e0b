// EngineScenes: the engine benchmarks, laid out as the peers' (benchmarks/peers/) at 1 m = 100 pt.
//
// - pyramid-N: Box2D v3's large_pyramid: a triangle of 100 pt boxes (1 m), base b, touching,
//   on the ground, friction 0.6, density 1, gravity 1 (1000 pt/s² = 10 m/s²); b = 20, 40, 100
//   gives 210, 820 and 5,050 boxes. It stands when no box drifts a quarter of its size.
// - cradle: five touching 40 pt balls on 200 pt rods, elasticity 1, the first lifted 30°.
// - pin-grid: 100×100 balls of 20 pt on a 40 pt lattice, each pinned to its right and lower
//   neighbor at the midpoint, the two top corners pinned to the world; no collisions (a hanging net).
// - rain: 2,000 mixed shapes (balls, boxes, triangles of 20–40 pt) falling into a 2,000 pt wide box;
//   rain(count:) makes the same layout with more or fewer rows (for the scaling runs).
// - tumbler: 2,000 boxes of 25 pt inside a 1,000 pt square drum of four anchored walls turning at
//   0.5 rad/s (the walls are kinematic bodies, driven by velocity each step).
// Every scene runs with sleeping off (`allowsSleeping = false`) as well as pausing: Box2D v3's own
// benchmark calls b2World_EnableSleeping(false), and the peers solve every body every step, so the
// timings compare solver against solver instead of measuring how soon a pyramid falls asleep.
import Geometry
import Dynamics

public enum EngineScenes {
    public static var all: [BenchScene] {
        [pyramid(base: 20), pyramid(base: 40), pyramid(base: 100), cradle, pinGrid, rain, tumbler]
    }

    /// Box2D v3's ten benchmark scenes rebuilt under v3's names (BoxTwins); `nudge bench engine
    /// --twins` runs them. v3's "tumbler" shares its name with the scene above, which keeps it.
    public static var twins: [BenchScene] { BoxTwins.all }

    /// A scene by name: one of `all`, or a size of the scaling runs, "pyramid-N" (N a triangular
    /// number, base b with N = b(b+1)/2) or "rain-N" (N ≥ 1 shapes), or a twin of v3's that no
    /// scene of `all` is named as. Nil for anything else.
    public static func scene(named name: String) -> BenchScene? {
        if let scene = all.first(where: { $0.name == name }) { return scene }
        if let twin = BoxTwins.scene(named: name) { return twin }
        if name == SmashProbe.name { return SmashProbe.scene }
        if name.hasPrefix("pyramid-"), let count = Int(name.dropFirst("pyramid-".count)), count > 0 {
            // b(b+1)/2 = N  ⇔  b = (√(8N+1) − 1) / 2
            let base = (Int(Double(8 * count + 1).squareRoot()) - 1) / 2
            for b in max(1, base - 1)...(base + 1) where b * (b + 1) / 2 == count { return pyramid(base: b) }
            return nil
        }
        if name.hasPrefix("rain-"), let count = Int(name.dropFirst("rain-".count)), count > 0, count <= 1_000_000 {
            return rain(count: count)
        }
        return nil
    }

    public static func pyramid(base: Int) -> BenchScene {
        let count = base * (base + 1) / 2
        return BenchScene(name: "pyramid-\(count)", summary: "\(count)-box pyramid (base \(base)), 100 pt boxes, friction 0.6",
                          steps: 600) {
            let a = 50.0
            let animator = DynamicAnimator(referenceBounds: Rect(x: -200 * Double(base), y: -400 * Double(base),
                                                                width: 400 * Double(base), height: 400 * Double(base)))
            animator.pausesAtRest = false
            animator.allowsSleeping = false
            var items: [BenchItem] = []
            for i in 0..<base {
                let y = -(2 * Double(i) + 1) * a
                for j in i..<base {
                    let x = (Double(i) + 1) * a + 2 * Double(j - i) * a - a * Double(base)
                    items.append(BenchItem(center: Point(x, y), size: Size(2 * a, 2 * a)))
                }
            }
            addFalling(items, to: animator) { $0.density = 1 }
            return BuiltBenchScene(animator: animator, items: items, start: items.map(\.center), standTolerance: a / 2)
        }
    }

    /// The pyramid's and the rain's behaviors: gravity, the reference bounds as walls, friction
    /// 0.6 (Box2D's benchmark material) and whatever else `material` sets.
    private static func addFalling(_ items: [BenchItem], to animator: DynamicAnimator,
                                   material: (DynamicItemBehavior) -> Void) {
        animator.addBehavior(GravityBehavior(items: items))
        let collision = CollisionBehavior(items: items)
        collision.setTranslatesReferenceBoundsIntoBoundary(true)
        animator.addBehavior(collision)
        let props = DynamicItemBehavior(items: items)
        props.friction = 0.6
        material(props)
        animator.addBehavior(props)
    }

    public static var cradle: BenchScene {
        BenchScene(name: "cradle", summary: "Newton's cradle: 5 touching balls, elasticity 1, one lifted 30°", steps: 600) {
            let r = 20.0, length = 200.0
            let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1000, height: 600))
            animator.pausesAtRest = false
            animator.allowsSleeping = false
            var items: [BenchItem] = []
            var anchors: [Point] = []
            for i in 0..<5 {
                let anchor = Point(400 + Double(i) * 2 * r, 100)
                let angle = i == 0 ? -Double.pi / 6 : 0
                items.append(BenchItem(center: anchor + Vector(length * sin(angle), length * cos(angle)),
                                       size: Size(2 * r, 2 * r), type: .ellipse))
                anchors.append(anchor)
            }
            animator.addBehavior(GravityBehavior(items: items))
            let collision = CollisionBehavior(items: items)
            collision.collisionMode = .items
            animator.addBehavior(collision)
            let props = DynamicItemBehavior(items: items)
            props.elasticity = 1
            props.allowsRotation = false
            animator.addBehavior(props)
            for (item, anchor) in zip(items, anchors) {
                animator.addBehavior(AttachmentBehavior(item: item, attachedToAnchor: anchor))
            }
            return BuiltBenchScene(animator: animator, items: items, start: items.map(\.center), standTolerance: nil)
        }
    }

    public static var pinGrid: BenchScene {
        BenchScene(name: "pin-grid", summary: "100×100 balls joined by pin attachments, hanging by two corners", steps: 120) {
            let n = 100, spacing = 40.0
            let animator = DynamicAnimator(referenceBounds: Rect(x: -5000, y: -1000, width: 14000, height: 10000))
            animator.pausesAtRest = false
            animator.allowsSleeping = false
            var items: [BenchItem] = []
            for row in 0..<n {
                for col in 0..<n {
                    items.append(BenchItem(center: Point(Double(col) * spacing, Double(row) * spacing),
                                           size: Size(20, 20), type: .ellipse))
                }
            }
            animator.addBehavior(GravityBehavior(items: items))
            // The 19,802 pins go in as one composite behavior (a child composite per row) added once:
            // DynamicAnimator.addBehavior re-flattens the whole behavior tree and compares it with
            // the old one on every call, so adding them one by one costs O(n²) each (minutes).
            let net = DynamicBehavior()
            for row in 0..<n {
                let pins = DynamicBehavior()
                for col in 0..<n {
                    let item = items[row * n + col]
                    if col + 1 < n {
                        pins.addChildBehavior(AttachmentBehavior.pinAttachment(
                            with: items[row * n + col + 1], attachedTo: item,
                            attachmentAnchor: item.center + Vector(spacing / 2, 0)))
                    }
                    if row + 1 < n {
                        pins.addChildBehavior(AttachmentBehavior.pinAttachment(
                            with: items[(row + 1) * n + col], attachedTo: item,
                            attachmentAnchor: item.center + Vector(0, spacing / 2)))
                    }
                }
                net.addChildBehavior(pins)
            }
            net.addChildBehavior(AttachmentBehavior.pinAttachment(with: items[0], attachmentAnchor: items[0].center))
            net.addChildBehavior(AttachmentBehavior.pinAttachment(with: items[n - 1], attachmentAnchor: items[n - 1].center))
            animator.addBehavior(net)
            return BuiltBenchScene(animator: animator, items: items, start: items.map(\.center), standTolerance: nil)
        }
    }

    public static var rain: BenchScene { rain(count: 2000) }

    /// `count` mixed shapes in the rain layout: 40 staggered columns, rows 60 pt apart going up
    /// from 3,100 pt above the floor. The box's ceiling sits one row spacing above the top row, so
    /// every shape starts inside it (the first version kept the ceiling at 5,000 pt whatever the
    /// count, which put the top 18 of the 50 rows inside or on top of the 1,000 pt thick ceiling).
    /// Named "rain" for 2,000 shapes, "rain-N" otherwise.
    public static func rain(count: Int) -> BenchScene {
        precondition(count > 0, "a rain needs at least one shape")
        let rows = (count + 39) / 40
        let name = count == 2000 ? "rain" : "rain-\(count)"
        let summary = count == 2000 ? "2,000 mixed shapes raining into a 2,000 pt box" : "\(count) mixed shapes raining into a 2,000 pt box"
        return BenchScene(name: name, summary: summary, steps: 600) {
            // Floor at y = 1000; the top row's centers are at y = -2100 - 60 (rows - 1).
            let top = -2100 - 60 * Double(rows)
            let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: top, width: 2000, height: 1000 - top))
            animator.pausesAtRest = false
            animator.allowsSleeping = false
            var items: [BenchItem] = []
            // A deterministic scatter: 40 columns, staggered, sizes cycling 20…40 pt.
            for k in 0..<count {
                let row = k / 40, col = k % 40
                let size = 20 + Double((k * 7) % 21)
                let x = 30 + Double(col) * 48 + (row % 2 == 0 ? 0 : 20)
                let y = 900 - Double(row) * 60
                let center = Point(x, y - 3000)
                switch k % 3 {
                case 0: items.append(BenchItem(center: center, size: Size(size, size), type: .ellipse))
                case 1: items.append(BenchItem(center: center, size: Size(size, size * 0.8)))
                default:
                    let s = size / 2
                    items.append(BenchItem(center: center, size: Size(size, size), type: .path,
                                           path: [Point(-s, s), Point(s, s), Point(0, -s)]))
                }
            }
            addFalling(items, to: animator) { $0.elasticity = 0.1 }
            return BuiltBenchScene(animator: animator, items: items, start: items.map(\.center), standTolerance: nil)
        }
    }

    public static var tumbler: BenchScene {
        BenchScene(name: "tumbler", summary: "2,000 boxes in a drum turning at 0.5 rad/s", steps: 600) {
            let animator = DynamicAnimator(referenceBounds: Rect(x: -2000, y: -2000, width: 4000, height: 4000))
            animator.pausesAtRest = false
            animator.allowsSleeping = false
            let pivot = Point(0, 0), half = 500.0, thickness = 40.0, omega = 0.5
            let walls = [
                BenchItem(center: Point(0, -half), size: Size(2 * half + thickness, thickness)),
                BenchItem(center: Point(0, half), size: Size(2 * half + thickness, thickness)),
                BenchItem(center: Point(-half, 0), size: Size(thickness, 2 * half + thickness)),
                BenchItem(center: Point(half, 0), size: Size(thickness, 2 * half + thickness)),
            ]
            var boxes: [BenchItem] = []
            for k in 0..<2000 {
                let row = k / 40, col = k % 40
                boxes.append(BenchItem(center: Point(-400 + Double(col) * 20.5, -400 + Double(row) * 16), size: Size(12.5, 12.5)))
            }
            let all = walls + boxes
            let collision = CollisionBehavior(items: all)
            collision.collisionMode = .items
            animator.addBehavior(collision)
            animator.addBehavior(GravityBehavior(items: boxes))
            let wallProps = DynamicItemBehavior(items: walls)
            wallProps.isAnchored = true
            wallProps.friction = 0.6
            animator.addBehavior(wallProps)
            let boxProps = DynamicItemBehavior(items: boxes)
            boxProps.friction = 0.6
            animator.addBehavior(boxProps)
            // Drive the drum: each wall turns about its own center and orbits the pivot.
            wallProps.action = { [unowned animator] in
                for wall in walls {
                    let target = (wall.center - pivot).perpendicular * omega
                    animator.setKinematicVelocity(target, angular: omega, for: wall)
                }
            }
            for wall in walls { animator.setKinematicVelocity((wall.center - pivot).perpendicular * omega, angular: omega, for: wall) }
            var built = BuiltBenchScene(animator: animator, items: all, start: all.map(\.center), standTolerance: nil)
            // Inside the drum: within its inner square as the walls stand now, in the frame it has
            // turned to. Each wall is driven along its orbit's tangent, so the drum widens a little
            // every step (500 → 510 pt from the middle to a wall's center in 600 steps); measured
            // against the square the walls started on, the boxes lying against them counted as lost.
            built.kept = {
                let angle = walls[0].transform.rotationAngle
                let inner = walls.map { ($0.center - pivot).length }.min()! - thickness / 2
                let inside = boxes.filter { box in
                    let p = (box.center - pivot).rotated(by: -angle)
                    return abs(p.x) < inner && abs(p.y) < inner
                }.count
                return (inside, boxes.count)
            }
            return built
        }
    }
}
