// A drum of four anchored walls turning about its middle with small boxes inside (Box2D v3's
// tumbler, smaller). A wall's fat box overlaps the two or three layers of boxes along it, well
// over a hundred of them here, and when every contact counted against both of its shapes, the
// cap of 64 contacts per shape left the rest of them without a contact: they fell through the
// walls. A contact now counts against its smaller shape only (ContactSet.swift).
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
}
