// BoxTwinRain: the twin of Box2D v3's rain (shared/benchmarks.c: CreateRain, StepRain, and the
// ragdoll of shared/human.c), stated in v3's units; BoxTwins.swift says how they map.
//
// rain (1,000 steps, v3's default sleeping on): five static floors of 501 boxes of half extent
// 0.25 m at x = −125…125 (0.5 m apart), y = 0, 45, 90, 135, 180. Before every 8th step (k & 7 = 0)
// a column of 5 groups (one per floor) of 5 ragdolls 0.5 m apart appears, group (row r, column c)
// at x = −125 + 6.25(c + 0.5), y = 40 + 45r; after 40 columns (1,000 ragdolls, 11,000 bodies)
// each new column first removes the oldest. A ragdoll (scale 1, its feet at its position) has
// 11 bones, each a capsule (density 1, friction 0.2), joined to its parent by a revolute joint
// with an angle range, joint friction 0.05 N·m × the bone's share and a 5 Hz spring of damping
// ratio 0.5 toward the angle it was made at:
//   bone          centre   capsule (y1…y2, r)     parent      pivot  range (π)       share
//   hip           0.95     −0.02…0.02, 0.095      —           —      —               1
//   torso         1.2      ±0.135, 0.09           hip         1.0    −0.25…0         0.5
//   head          1.475    −0.038…0.039, 0.075    torso       1.4    −0.3…0.1        0.25
//   upper leg ×2  0.775    ±0.125, 0.06           hip         0.9    −0.05…0.4       1
//   lower leg ×2  0.475    −0.155…0.125, 0.045    upper leg   0.625  −0.5…−0.02      0.5
//   upper arm ×2  1.225    ±0.125, 0.035          torso       1.35   −0.1…0.8        0.5
//   lower arm ×2  0.975    ±0.125, 0.03           upper arm   1.1    −0.2…0.3        0.1
// and each lower leg a foot, the quadrilateral (−0.03, −0.185), (0.11, −0.185), (0.11, −0.16),
// (−0.03, −0.14) rounded by 0.015, friction 0.05, touching only the ground.
// Every bone is a capsule item. Filters as v3's: a bone is in category 2 and collides with
// categories 1 and 2, a foot is in category 2 and collides with category 1 only (the ground),
// and the i-th ragdoll of each group of 5 has group −(i + 1), so a ragdoll's own bones never
// collide while ragdolls of a group pile on each other. The joints' spring is the pin's angular
// spring (angularFrequency 5 Hz, angularDamping 0.5). Approximations: the foot is a plain path
// item of the lower leg's group (square corners, the leg's friction). Each floor is one boundary
// outline of its boxes' union (a boundary is not filtered, as v3's floors in category 1 meet
// every bone and foot).
import Geometry
import Dynamics

extension BoxTwins {
    /// v3's rain.
    struct Rain {
        let floors = 5, floorSpacing = 45.0, gridSize = 0.5, gridCount = 500
        let columns = 40, groupSize = 5, every = 8, firstY = 40.0, ragdollSpacing = 0.5, steps = 1000
        let friction = 0.2, density = 1.0, jointFriction = 0.05, jointHertz = 5.0, jointDamping = 0.5
        var span: Double { Double(gridCount) * gridSize }
        let foot = [(-0.03, -0.185), (0.11, -0.185), (0.11, -0.16), (-0.03, -0.14)]
        /// Centre, capsule (y1, y2, radius), parent, pivot, range in multiples of π, friction share.
        let bones: [(y: Double, y1: Double, y2: Double, r: Double, parent: Int, pivot: Double, range: (Double, Double), share: Double)] = [
            (0.95, -0.02, 0.02, 0.095, -1, 0, (0, 0), 1),
            (1.2, -0.135, 0.135, 0.09, 0, 1.0, (-0.25, 0), 0.5),
            (1.475, -0.038, 0.039, 0.075, 1, 1.4, (-0.3, 0.1), 0.25),
            (0.775, -0.125, 0.125, 0.06, 0, 0.9, (-0.05, 0.4), 1),
            (0.475, -0.155, 0.125, 0.045, 3, 0.625, (-0.5, -0.02), 0.5),
            (0.775, -0.125, 0.125, 0.06, 0, 0.9, (-0.05, 0.4), 1),
            (0.475, -0.155, 0.125, 0.045, 5, 0.625, (-0.5, -0.02), 0.5),
            (1.225, -0.125, 0.125, 0.035, 1, 1.35, (-0.1, 0.8), 0.5),
            (0.975, -0.125, 0.125, 0.03, 7, 1.1, (-0.2, 0.3), 0.1),
            (1.225, -0.125, 0.125, 0.035, 1, 1.35, (-0.1, 0.8), 0.5),
            (0.975, -0.125, 0.125, 0.03, 9, 1.1, (-0.2, 0.3), 0.1),
        ]
        /// The bones that carry a foot.
        let footBones: Set<Int> = [4, 6]
    }

    /// The ragdolls now in a rain scene, by group (row · columns + column), and where the next
    /// column goes.
    final class RainState {
        var groups: [[DynamicBehavior]]
        var columnCount = 0, columnIndex = 0
        init(count: Int) { groups = Array(repeating: [], count: count) }
    }

    static var rain: BenchScene {
        let d = Rain()
        return BenchScene(name: "rain", summary: "v3 twin: ragdolls (11 bodies each) raining onto five floors, up to 1,000",
                          steps: d.steps) {
            let animator = Self.animator(bounds: Rect(x: -13_000, y: -25_000, width: 26_000, height: 26_000), sleeping: true)
            let collision = CollisionBehavior(items: [])
            for r in 0..<d.floors {
                addStaticBox(collision, id: "floor-\(r)", center: (0, Double(r) * d.floorSpacing),
                             halfWidth: d.span / 2 + d.gridSize / 2, halfHeight: d.gridSize / 2)
            }
            let gravity = GravityBehavior(items: [])
            animator.addBehavior(collision)
            animator.addBehavior(gravity)
            let state = RainState(count: d.floors * d.columns)
            var built = BuiltBenchScene(animator: animator, items: [], start: [], standTolerance: nil)
            built.beforeStep = { [unowned animator] k in
                guard k % d.every == 0 else { return }
                let column: Int
                if state.columnCount < d.columns {
                    column = state.columnCount; state.columnCount += 1
                } else {
                    column = state.columnIndex; state.columnIndex = (state.columnIndex + 1) % d.columns
                }
                for row in 0..<d.floors {
                    let g = row * d.columns + column
                    for old in state.groups[g] {
                        animator.removeBehavior(old)
                        for item in (old.childBehaviors.first as? DynamicItemBehavior)?.items ?? [] {
                            collision.removeItem(item); gravity.removeItem(item)
                        }
                    }
                    var x = -d.span / 2 + d.span / Double(d.columns) * (Double(column) + 0.5)
                    state.groups[g] = (0..<d.groupSize).map { i in
                        defer { x += d.ragdollSpacing }
                        return ragdoll(d, at: (x, d.firstY + d.floorSpacing * Double(row)), group: -Int32(i + 1),
                                       collision: collision, gravity: gravity, animator: animator)
                    }
                }
            }
            return built
        }
    }

    /// One ragdoll with its feet at `at` (m), its bones in collision group `group`: its bones join
    /// the shared collision and gravity behaviors; its material and joints are one composite
    /// behavior, added to the animator and returned.
    static func ragdoll(_ d: Rain, at p: (Double, Double), group: Int32, collision: CollisionBehavior,
                        gravity: GravityBehavior, animator: DynamicAnimator) -> DynamicBehavior {
        var bones: [DynamicItem] = []
        for (i, b) in d.bones.enumerated() {
            let foot = d.footBones.contains(i) ? [polygon(at: (p.0, p.1 + b.y), d.foot)] : []
            foot.forEach { $0.collisionFilter = CollisionFilter(categories: 2, collidesWith: 1, group: group) }
            let (body, parts) = capsule(at: (p.0, p.1 + b.y), from: (0, b.y1), to: (0, b.y2), radius: b.r, extra: foot)
            parts[0].collisionFilter = CollisionFilter(categories: 2, collidesWith: 1 | 2, group: group)
            bones.append(body)
        }
        let whole = DynamicBehavior()
        let material = DynamicItemBehavior(items: bones)
        material.density = d.density
        material.friction = d.friction
        whole.addChildBehavior(material)
        for (i, b) in d.bones.enumerated() where b.parent >= 0 {
            let pin = AttachmentBehavior.pinAttachment(with: bones[i], attachedTo: bones[b.parent],
                                                       attachmentAnchor: point(p.0, p.1 + b.pivot))
            pin.attachmentRange = (-b.range.1 * Double.pi)...(-b.range.0 * Double.pi)
            pin.frictionTorque = d.jointFriction * b.share * torqueScale
            pin.angularFrequency = d.jointHertz
            pin.angularDamping = d.jointDamping
            whole.addChildBehavior(pin)
        }
        for bone in bones { collision.addItem(bone); gravity.addItem(bone) }
        animator.addBehavior(whole)
        return whole
    }
}
