// CornerTests: a body sliding into or resting in a corner never gains energy.
//
// In a corner a body has two contacts at once. Solved one point after the other, a face contact
// left a spin that the other face's contact turned into a push away from it, for good: a box
// slid along the floor into the wall at 600 pt/s and then climbed the wall at 28.8 pt/s forever,
// energy from nowhere. Every contact force here is perpendicular to a wall that does not move,
// so it can only take energy out: kinetic energy plus the potential energy of gravity never
// grows, whatever the shape, friction, elasticity, gravity, and whether the corner is made of
// the reference-bounds walls or of anchored items.
import Testing
import Geometry
@testable import Dynamics

@Suite struct CornerTests {
    /// The scene of the report: an 80 pt box resting on the floor of a 640×368 box, sliding
    /// right at 600 pt/s with no friction and no gravity. It reaches the wall at 0.5 s and must
    /// stop there within another 0.5 s, and stay in the corner.
    @Test func boxSlidingIntoTheCornerStopsThere() {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 640, height: 368))
        let box = Box(Point(300, 328), Size(80, 80))
        let collision = CollisionBehavior(items: [box])
        collision.setTranslatesReferenceBoundsIntoBoundary(true)
        animator.addBehavior(collision)
        let props = DynamicItemBehavior(items: [box])
        props.friction = 0
        props.addLinearVelocity(Vector(600, 0), for: box)
        animator.addBehavior(props)
        var hit = 0, fastest = 0.0, highest = Double.infinity
        run(animator, steps: 300) { step in
            if hit == 0 && box.center.x >= 599 { hit = step }
            if hit > 0 && step >= hit + 30 {
                fastest = max(fastest, animator.linearVelocity(for: box).length)
                highest = min(highest, box.center.y)
            }
        }
        #expect(hit > 0 && hit <= 31, "reached the wall at step \(hit)")
        #expect(fastest < 0.5, "still moving at \(fastest) pt/s half a second after")
        #expect(highest > 327, "rose to y = \(highest)")
    }

    /// The same box across friction, elasticity and gravity: it never speeds up; without friction
    /// or with gravity it never rises off the floor (the climb was the energy from nowhere), and
    /// an inelastic one is at rest within 0.5 s of reaching the wall (or, slowed by friction under
    /// gravity, short of it). With friction and no gravity the arrival used to kick it up the wall
    /// at about 5 pt/s, for good: the wall's two speculative points, stopped one after the other,
    /// left the box turning, and the wall's friction, holding the turning face, pushed it up.
    @Test(arguments: [0.0, 0.5, 1], [0.0, 0.5, 1])
    func boxSlidingIntoTheCornerNeverClimbs(friction: Double, elasticity: Double) {
        for gravity in [false, true] {
            let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 640, height: 368))
            let box = Box(Point(300, 328), Size(80, 80))
            let collision = CollisionBehavior(items: [box])
            collision.setTranslatesReferenceBoundsIntoBoundary(true)
            animator.addBehavior(collision)
            if gravity { animator.addBehavior(GravityBehavior(items: [box])) }
            let props = DynamicItemBehavior(items: [box])
            props.friction = friction
            props.elasticity = elasticity
            props.addLinearVelocity(Vector(600, 0), for: box)
            animator.addBehavior(props)
            var highest = Double.infinity, fastest = 0.0, lateSpeed = 0.0
            run(animator, steps: 180) { step in
                highest = min(highest, box.center.y)
                let v = animator.linearVelocity(for: box).length
                fastest = max(fastest, v)
                if step >= 60 { lateSpeed = max(lateSpeed, v) }
            }
            let label = "μ=\(friction) e=\(elasticity) \(gravity ? "g" : "no g")"
            #expect(fastest <= 600 * 1.001, "\(label): sped up to \(fastest) pt/s")
            #expect(highest > 327.5, "\(label): rose to y = \(highest)")
            if elasticity == 0 { #expect(lateSpeed < 0.5, "\(label): still moving at \(lateSpeed) pt/s after 1 s") }
        }
    }

    /// The Push scene as it was reported: the square on the floor pushed steadily right
    /// (magnitude 1.5, no gravity, no friction) into the bottom-right corner used to rise up the
    /// wall at 9 pt/s. A horizontal push does no work on a box held by the wall, so it must stay
    /// in the corner: within 0.5 pt of where it arrives, for 10 s.
    @Test func boxPushedSteadilyIntoTheCornerStaysThere() {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 640, height: 368))
        let box = Box(Point(300, 328), Size(80, 80))
        let collision = CollisionBehavior(items: [box])
        collision.setTranslatesReferenceBoundsIntoBoundary(true)
        animator.addBehavior(collision)
        let push = PushBehavior(items: [box], mode: .continuous)
        push.magnitude = 1.5
        animator.addBehavior(push)
        var highest = Double.infinity
        run(animator, steps: 600) { step in
            if step > 100 { highest = min(highest, box.center.y) }
        }
        #expect(box.center.x > 599, "never reached the wall: \(box.center)")
        #expect(highest > 327.5, "rose to y = \(highest)")
    }

    enum Corner: CaseIterable { case boundaries, anchoredItems }
    /// At rest touching both walls; sliding along the floor into the wall; or flying at the
    /// corner from above the floor (at 600, 300 pt/s).
    enum Motion: CaseIterable { case resting, sliding, flying }

    struct Case: CustomStringConvertible {
        var ball: Bool, friction: Double, elasticity: Double, gravity: Bool, corner: Corner, motion: Motion
        var description: String {
            "\(ball ? "ball" : "box") μ=\(friction) e=\(elasticity) \(gravity ? "g" : "no g") \(corner) \(motion)"
        }
        var resting: Bool { motion == .resting }
    }

    static let grid: [Case] = {
        var cases: [Case] = []
        for ball in [false, true] {
            for friction in [0.0, 0.5, 1] {
                for elasticity in [0.0, 0.5, 1] {
                    for gravity in [false, true] {
                        for corner in Corner.allCases {
                            for motion in Motion.allCases {
                                cases.append(Case(ball: ball, friction: friction, elasticity: elasticity,
                                                  gravity: gravity, corner: corner, motion: motion))
                            }
                        }
                    }
                }
            }
        }
        return cases
    }()

    /// Every case of the grid for 3 s: kinetic plus gravitational energy never rises above its
    /// lowest earlier value by more than 0.1 % of the start (or the energy of a 1 pt/s drift,
    /// for a body starting at rest); an inelastic body without friction ends at rest in the
    /// corner (walls that only push perpendicular to themselves take its motion along each);
    /// a body resting in the corner stays there. (With friction a spinning ball may rightly roll
    /// up a wall without gravity, and a box may stop short of the wall.) (A box kicked up the wall by the corner keeps its
    /// energy without gravity, and loses less than it should with it: the rest test is what
    /// catches it.)
    @Test func cornerNeverAddsEnergy() {
        var failures: [String] = []
        for c in Self.grid {
            let (animator, body) = Self.scene(c)
            let m = animator.mass(for: body)
            let g = c.gravity ? GravityBehavior.pointsPerSecondSquared : 0
            func energy() -> Double { animator.kineticEnergy + m * g * (400 - body.center.y) }
            var lowest = energy()
            let tolerance = max(1e-3 * lowest, 0.5 * m * 1)
            let start = body.center
            var worst = 0.0, worstStep = 0
            run(animator, steps: 180) { step in
                let e = energy()
                if e - lowest > worst { worst = e - lowest; worstStep = step }
                lowest = min(lowest, e)
            }
            if worst > tolerance { failures.append("\(c): gained \(worst) by step \(worstStep)") }
            let corner = Point(400 - 20, 400 - 20)
            if (c.elasticity == 0 && c.friction == 0) || c.resting {
                let v = animator.linearVelocity(for: body).length, off = (body.center - corner).length
                if v > 1 || off > 1 { failures.append("\(c): ends \(off) pt from the corner at \(v) pt/s") }
            }
            if c.resting {
                let moved = (body.center - start).length
                if moved > 0.5 { failures.append("\(c): resting body moved \(moved) pt") }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(Self.grid.count): \(failures.prefix(8).joined(separator: "; "))")
    }

    /// A 40 pt box or ball in the bottom-right corner of a 400×400 box: at rest touching both
    /// walls, sliding along the floor into the wall at 600 pt/s, or flying at the corner from
    /// 100 pt above the floor at (600, 300) pt/s, striking the floor and then the wall.
    static func scene(_ c: Case) -> (DynamicAnimator, Box) {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 400))
        let size = 40.0
        let center = switch c.motion {
        case .resting: Point(400 - size / 2, 400 - size / 2)
        case .sliding: Point(180, 400 - size / 2)
        case .flying: Point(180, 300)
        }
        let body = c.ball ? Box.ball(center, diameter: size) : Box(center, Size(size, size))
        var items: [DynamicItem] = [body]
        let collision: CollisionBehavior
        switch c.corner {
        case .boundaries:
            collision = CollisionBehavior(items: [body])
            collision.setTranslatesReferenceBoundsIntoBoundary(true)
        case .anchoredItems:
            // A floor and a wall made of anchored items, their faces where the walls would be.
            let floor = Box(Point(200, 450), Size(600, 100)), wall = Box(Point(450, 200), Size(100, 600))
            items += [floor, wall]
            collision = CollisionBehavior(items: items)
            let anchors = DynamicItemBehavior(items: [floor, wall])
            anchors.isAnchored = true
            anchors.friction = c.friction  // contacts mix frictions as √(μ₁μ₂)
            animator.addBehavior(anchors)
        }
        animator.addBehavior(collision)
        if c.gravity { animator.addBehavior(GravityBehavior(items: [body])) }
        let props = DynamicItemBehavior(items: [body])
        props.friction = c.friction
        props.elasticity = c.elasticity
        switch c.motion {
        case .resting: break
        case .sliding: props.addLinearVelocity(Vector(600, 0), for: body)
        case .flying: props.addLinearVelocity(Vector(600, 300), for: body)
        }
        animator.addBehavior(props)
        animator.commitChanges()
        return (animator, body)
    }
}
