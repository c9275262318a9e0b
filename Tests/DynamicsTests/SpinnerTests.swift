// A bar turned by a pin's motor inside a drum of four still walls, with a few hundred small balls
// and boxes under gravity (Box2D v3's spinner, smaller). The bar sweeps through the pile every
// turn and presses bodies against the walls, each step with more contacts than a shape's cap on
// one side; a body caught without a contact, or squeezed through the bar's soft contacts, ends
// inside the bar or beyond a wall. Nothing may: every body's center stays inside the drum for
// 10 s, and outside the bar's rectangle but for a moment's overlap of at most the soft
// contact's largest, none inside at the end.
import Testing
import Geometry
@testable import Dynamics

@Suite struct SpinnerTests {
    @Test("a motor-turned bar in a drum of 300 small bodies: none ends inside the bar or outside the drum",
          arguments: [2.0, -6.0])
    func spinnerKeepsBodiesApart(motorSpeed: Double) {
        let animator = DynamicAnimator(referenceBounds: Rect(x: -1000, y: -1000, width: 2000, height: 2000))
        animator.pausesAtRest = false
        animator.allowsSleeping = false
        let half = 200.0, thickness = 20.0, inner = half - thickness / 2
        let walls = [
            Box(Point(0, -half), Size(2 * half + thickness, thickness)),
            Box(Point(0, half), Size(2 * half + thickness, thickness)),
            Box(Point(-half, 0), Size(thickness, 2 * half + thickness)),
            Box(Point(half, 0), Size(thickness, 2 * half + thickness)),
        ]
        let barLength = 340.0, barWidth = 16.0
        let bar = Box(Point(0, 0), Size(barLength, barWidth))
        let bodies = (0..<300).map { k -> Box in
            let center = Point(-170 + Double(k % 30) * 11.5, -175 + Double(k / 30) * 11.5)
            return k % 2 == 0 ? Box.ball(center, diameter: 9) : Box(center, Size(8, 8))
        }
        let collision = CollisionBehavior(items: walls + [bar] + bodies)
        collision.collisionMode = .items
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: bodies))
        let wallProperties = DynamicItemBehavior(items: walls)
        wallProperties.isAnchored = true
        animator.addBehavior(wallProperties)
        let bodyProperties = DynamicItemBehavior(items: bodies)
        bodyProperties.friction = 0.4
        animator.addBehavior(bodyProperties)
        let pin = AttachmentBehavior.pinAttachment(with: bar, attachmentAnchor: bar.center)
        pin.motorSpeed = motorSpeed
        pin.maxMotorTorque = 1e9
        animator.addBehavior(pin)
        // How far a body's center is inside the bar's rectangle (negative: outside it).
        func depthInBar(_ body: Box) -> Double {
            let p = (body.center - bar.center).rotated(by: -bar.angle)
            return min(barLength / 2 - abs(p.x), barWidth / 2 - abs(p.y))
        }
        var deepest = -Double.infinity, outsideDrum = 0, worst = ""
        run(animator, steps: 600) { step in
            for body in bodies {
                let depth = depthInBar(body)
                if depth > deepest {
                    deepest = depth
                    worst = "step \(step): a body at \(body.center), \(depth) pt inside the bar"
                }
                if abs(body.center.x) > inner || abs(body.center.y) > inner {
                    outsideDrum += 1
                    worst = "step \(step): a body at \(body.center), outside the drum"
                }
            }
        }
        #expect(abs(animator.angularVelocity(for: bar) - motorSpeed) < 0.05 * abs(motorSpeed),
                "the bar turns at \(animator.angularVelocity(for: bar)) rad/s")
        #expect(outsideDrum == 0, "\(outsideDrum) body-steps outside the drum; \(worst)")
        // The bar's tip sweeps at up to 1,000 pt/s and may catch a body overlapping it for a
        // step, but never by more than the soft contact's largest overlap: no body is carried
        // into the bar, and none is inside it at the end.
        // The bar is a dynamic body on a motor, not a wall to the wall guard (WallGuard.holds):
        // its contacts alone must keep every body within the soft contact's overlap.
        #expect(deepest <= WorldSettings().maxSoftOverlap, "deepest \(worst)")
        #expect(bodies.allSatisfy { depthInBar($0) <= 0 }, "bodies inside the bar at the end")
    }

    /// A heavy bar 340 pt long turning at 10 rad/s, and a 9 pt ball at rest 22 pt ahead of its
    /// face, 160 pt out: farther than the two fat boxes' margins, but the face moves 26.7 pt there
    /// in a step. The broad phase sweeps a box over the body's turn as well as its travel, so the
    /// pair is found before the step and the ball is pushed ahead; without the pair the bar
    /// passed 5.0 pt into the ball in the first step, beyond the soft contact's largest overlap.
    @Test("a fast-turning bar meets a ball in its path within a step: no overlap beyond the soft contact's")
    func turningBarFindsTheBall() {
        let world = World()
        var bar = Body()
        bar.setMass(10_000, inertia: 10_000 * (340.0 * 340 + 16 * 16) / 12)
        bar.angularVelocity = 10
        let barID = world.createBody(bar.definition)
        let barShape = world.addPolygon(body: barID, vertices: [Vector(-170, -8), Vector(170, -8), Vector(170, 8), Vector(-170, 8)])
        world.setFilter(barShape, itemMask: 1, boundaryMask: 0)
        var ball = Body()
        ball.position = Vector(160, 8 + 4.5 + 22)
        ball.setMass(1, inertia: 1)
        let ballID = world.createBody(ball.definition)
        world.setFilter(world.addCircle(body: ballID, radius: 4.5), itemMask: 1, boundaryMask: 0)
        var deepest = -Double.infinity
        for _ in 0..<10 {
            world.step(dt: 1.0 / 60)
            let b = world.body(barID)
            let p = (world.body(ballID).position - b.position).rotated(by: -b.rotation.angle)
            if abs(p.x) < 170 { deepest = max(deepest, 8 + 4.5 - abs(p.y)) }
        }
        #expect(deepest <= WorldSettings().maxSoftOverlap, "the ball was \(deepest) pt inside the bar's face")
    }
}
