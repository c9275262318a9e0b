// A drum of four anchored walls turning about its middle with small boxes inside (Box2D v3's
// tumbler, smaller). A wall's fat box overlaps the two or three layers of boxes along it, well
// over a hundred of them here, and when every contact counted against both of its shapes, the
// cap of 64 contacts per shape left the rest of them without a contact: they fell through the
// walls. A contact now counts against its smaller shape only (ContactSet.swift), and a contact
// with a wall, the ground's or an anchored item's, against neither.
import Testing
import Geometry
@testable import Dynamics

@Suite struct TumblerTests {
    @Test("a turning drum keeps every one of its 400 boxes inside for 10 s")
    func drumKeepsEveryBox() {
        let animator = DynamicAnimator(referenceBounds: Rect(x: -1000, y: -1000, width: 2000, height: 2000))
        animator.pausesAtRest = false
        animator.allowsSleeping = false
        let half = 200.0, thickness = 20.0, omega = 0.5
        let walls = [
            Box(Point(0, -half), Size(2 * half + thickness, thickness)),
            Box(Point(0, half), Size(2 * half + thickness, thickness)),
            Box(Point(-half, 0), Size(thickness, 2 * half + thickness)),
            Box(Point(half, 0), Size(thickness, 2 * half + thickness)),
        ]
        let boxes = (0..<400).map { k in Box(Point(-114 + Double(k % 20) * 12, -114 + Double(k / 20) * 12), Size(8, 8)) }
        let collision = CollisionBehavior(items: walls + boxes)
        collision.collisionMode = .items
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: boxes))
        let wallProperties = DynamicItemBehavior(items: walls)
        wallProperties.isAnchored = true
        wallProperties.friction = 0.6
        animator.addBehavior(wallProperties)
        let boxProperties = DynamicItemBehavior(items: boxes)
        boxProperties.friction = 0.6
        animator.addBehavior(boxProperties)
        // Each wall turns about its own center at ω and orbits the drum's middle at ω.
        func drive() {
            for wall in walls {
                animator.setKinematicVelocity((wall.center - Point(0, 0)).perpendicular * omega, angular: omega, for: wall)
            }
        }
        wallProperties.action = drive
        drive()
        var fewest = boxes.count, turned = 0.0
        run(animator, steps: 600) { _ in
            // Into the drum's frame: its walls have turned by the first wall's angle.
            let angle = walls[0].angle
            let inner = half - thickness / 2 + 1
            let inside = boxes.filter { box in
                let p = (box.center - Point(0, 0)).rotated(by: -angle)
                return abs(p.x) < inner && abs(p.y) < inner
            }.count
            fewest = min(fewest, inside)
            turned += omega / 60
        }
        #expect(turned > 4.9, "the drum turned \(turned) rad")
        #expect(fewest == boxes.count, "only \(fewest) of \(boxes.count) boxes stayed inside the drum")
    }

    /// A 9 pt ball under 70 boxes of 20 pt made where it is: every pair is charged to the ball (the
    /// smaller shape), so it holds its 64 and is refused the rest. Then a floor appears under it,
    /// the ground's or an anchored item's. A wall's pair is never refused: without it the ball
    /// sinks into the floor, as a ball did into an anchored drum's floor in a stirred pile.
    @Test("a ball charged with 64 contacts still gets its contact with a new floor, the ground's or an anchored item's",
          arguments: [BodyKind.fixed, BodyKind.anchored])
    func fullBallMeetsAFloor(kind: BodyKind) {
        let world = World()
        var ball = Body()
        ball.position = Vector(0, -4)
        ball.setMass(1, inertia: 1)
        let ballShape = world.addCircle(body: world.createBody(ball.definition), radius: 4.5)
        world.setFilter(ballShape, itemMask: 1, boundaryMask: 0)
        for _ in 0..<70 {
            var box = Body()
            box.position = Vector(0, -4)
            box.setMass(1, inertia: 1)
            let shape = world.addPolygon(body: world.createBody(box.definition),
                                         vertices: [Vector(-10, -10), Vector(10, -10), Vector(10, 10), Vector(-10, 10)])
            world.setFilter(shape, itemMask: 1, boundaryMask: 0)
        }
        world.step(dt: 1.0 / 60)
        let charged = world.contacts.filter { $0.shapeA == ballShape.index || $0.shapeB == ballShape.index }.count
        #expect(charged == WorldSettings().maxContactsPerShape, "the ball has \(charged) contacts")
        var floor = Body()
        floor.kind = kind
        let floorShape = world.addPolygon(body: world.createBody(floor.definition),
                                          vertices: [Vector(-500, 0), Vector(500, 0), Vector(500, 50), Vector(-500, 50)])
        world.setFilter(floorShape, itemMask: 1, boundaryMask: 0)
        world.step(dt: 1.0 / 60)
        #expect(world.contacts.contains { Set([$0.shapeA, $0.shapeB]) == Set([ballShape.index, floorShape.index]) },
                "no contact between the ball and the floor (a \(kind) body)")
    }
}
