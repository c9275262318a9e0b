import Testing
import Geometry
@testable import Dynamics

@Suite struct ContactTests {
    /// A 55-box pyramid (base 10) of 40 pt boxes on the floor stands for 10 s.
    @Test func pyramidOfFiftyFiveBoxesStandsTenSeconds() {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1000, height: 600))
        var boxes: [(Box, Point)] = []
        let side = 40.0, base = 10
        for row in 0..<base {
            for col in 0..<(base - row) {
                let x = 500 + (Double(col) - Double(base - row - 1) / 2) * side
                let y = 600 - side / 2 - Double(row) * side
                boxes.append((Box(Point(x, y), Size(side, side)), Point(x, y)))
            }
        }
        #expect(boxes.count == 55)
        let items = boxes.map(\.0)
        animator.addBehavior(GravityBehavior(items: items))
        let collision = CollisionBehavior(items: items)
        collision.setTranslatesReferenceBoundsIntoBoundary(true)
        animator.addBehavior(collision)
        let props = DynamicItemBehavior(items: items)
        props.friction = 0.6
        animator.addBehavior(props)
        run(animator, steps: 600)
        let drift = boxes.map { $0.0.center.distance(to: $0.1) }.max()!
        #expect(drift < 10, "a box drifted \(drift) pt")
    }

    /// A box on a slope slides only when tan θ exceeds the friction coefficient.
    @Test(arguments: [(20.0, false), (35.0, true)])
    func boxOnSlopeSlidesOnlyPastTheFrictionAngle(degrees: Double, slides: Bool) {
        let mu = 0.5   // tan θ: 0.364 at 20°, 0.700 at 35°
        let theta = degrees * Double.pi / 180
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 2000, height: 2000))
        let start = Point(1000, 1000), dir = Vector(cos(theta), sin(theta))
        let normalUp = Vector(sin(theta), -cos(theta))
        let box = Box(start + normalUp * 20, Size(40, 40), angle: theta)
        let collision = CollisionBehavior(items: [box])
        collision.addBoundary(withIdentifier: "slope", from: start - dir * 800, to: start + dir * 800)
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: [box]))
        let props = DynamicItemBehavior(items: [box])
        props.friction = mu
        animator.addBehavior(props)
        run(animator, steps: 120)
        let travelled = (box.center - (start + normalUp * 20)).dot(dir)
        if slides {
            // Sliding: a = g(sin θ − μ cos θ); in 2 s that is ≈ 0.5·163·4 ≈ 327 pt.
            let a = 1000 * (sin(theta) - mu * cos(theta))
            #expect(abs(travelled - 0.5 * a * 4) / (0.5 * a * 4) < 0.1, "slid \(travelled)")
        } else {
            #expect(abs(travelled) < 1, "crept \(travelled)")
        }
    }

    /// A ball dropped from h onto the floor with elasticity e rebounds to e²·h.
    @Test(arguments: [0.5, 0.8])
    func droppedBallReboundsToElasticitySquaredTimesHeight(e: Double) {
        let floor = 1000.0, h = 400.0, r = 10.0
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1000, height: floor))
        let ball = Box.ball(Point(500, floor - r - h), diameter: 2 * r)
        animator.addBehavior(GravityBehavior(items: [ball]))
        let collision = CollisionBehavior(items: [ball])
        collision.setTranslatesReferenceBoundsIntoBoundary(true)
        animator.addBehavior(collision)
        let props = DynamicItemBehavior(items: [ball])
        props.elasticity = e
        animator.addBehavior(props)
        var bounced = false, apex = Double.infinity
        run(animator, steps: 120) { _ in
            let vy = animator.linearVelocity(for: ball).y
            if vy < 0 { bounced = true }
            if bounced { apex = min(apex, ball.center.y) }
        }
        let rebound = floor - r - apex
        #expect(abs(rebound - e * e * h) / (e * e * h) < 0.05, "rebound \(rebound) vs \(e * e * h)")
    }

    /// A 10 pt ball at 20,000 pt/s never passes a wall, thick or a thin segment.
    @Test(arguments: [false, true])
    func fastBallDoesNotTunnel(segment: Bool) {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1000, height: 400))
        let ball = Box.ball(Point(100, 200), diameter: 10)
        let collision = CollisionBehavior(items: [ball])
        if segment {
            collision.addBoundary(withIdentifier: "wall", from: Point(600, 0), to: Point(600, 400))
        } else {
            collision.setTranslatesReferenceBoundsIntoBoundary(true)
        }
        animator.addBehavior(collision)
        let props = DynamicItemBehavior(items: [ball])
        props.addLinearVelocity(Vector(20_000, 0), for: ball)
        animator.addBehavior(props)
        let wall = segment ? 600.0 : 1000.0
        var maxX = 0.0
        run(animator, steps: 120) { _ in maxX = max(maxX, ball.center.x) }
        #expect(maxX <= wall - 5 + 0.5, "ball reached x = \(maxX)")
    }

    @Test func sameSceneTwiceGivesIdenticalResults() {
        func simulate() -> [Double] {
            let animator = DynamicAnimator(referenceBounds: bounds640)
            var items: [Box] = []
            for i in 0..<20 {
                let item = i % 2 == 0 ? Box.ball(Point(40 + Double(i) * 28, 50 + Double(i % 5) * 30), diameter: 24)
                                      : Box(Point(40 + Double(i) * 28, 60 + Double(i % 4) * 25), Size(26, 18), angle: Double(i) * 0.3)
                items.append(item)
            }
            animator.addBehavior(GravityBehavior(items: items))
            let c = CollisionBehavior(items: items)
            c.setTranslatesReferenceBoundsIntoBoundary(true)
            animator.addBehavior(c)
            let p = DynamicItemBehavior(items: items)
            p.elasticity = 0.4
            p.friction = 0.3
            animator.addBehavior(p)
            run(animator, steps: 300)
            return items.flatMap { [$0.center.x, $0.center.y, $0.angle] }
        }
        let a = simulate(), b = simulate()
        #expect(a.map(\.bitPattern) == b.map(\.bitPattern))
    }

    final class Recorder: CollisionBehaviorDelegate {
        var began: [String] = []
        var ended: [String] = []
        func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                               withBoundaryIdentifier identifier: String?, at point: Point) {
            began.append(identifier ?? "bounds")
        }
        func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem,
                               withBoundaryIdentifier identifier: String?) {
            ended.append(identifier ?? "bounds")
        }
        func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem,
                               with item2: DynamicItem, at point: Point) {
            began.append("item")
        }
    }

    @Test func collisionDelegateHearsBeganAndEnded() {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 400))
        let ball = Box.ball(Point(200, 100), diameter: 20)
        let collision = CollisionBehavior(items: [ball])
        collision.addBoundary(withIdentifier: "floor", from: Point(0, 300), to: Point(400, 300))
        let recorder = Recorder()
        collision.collisionDelegate = recorder
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: [ball]))
        let props = DynamicItemBehavior(items: [ball])
        props.elasticity = 0.9
        animator.addBehavior(props)
        run(animator, steps: 40)
        #expect(recorder.began.first == "floor")
        #expect(recorder.ended.first == "floor")
    }

    @Test func itemsOfDifferentCollisionBehaviorsPassThroughEachOther() {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1000, height: 400))
        let a = Box(Point(100, 200), Size(40, 40)), b = Box(Point(300, 200), Size(40, 40))
        animator.addBehavior(CollisionBehavior(items: [a]))
        animator.addBehavior(CollisionBehavior(items: [b]))
        let props = DynamicItemBehavior(items: [a])
        props.addLinearVelocity(Vector(400, 0), for: a)
        animator.addBehavior(props)
        run(animator, steps: 60)
        #expect(a.center.x > 450)
        #expect(b.center.x == 300)
    }
}
