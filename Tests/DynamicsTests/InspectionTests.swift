import Testing
import Foundation
import Geometry
@testable import Dynamics

/// The animator's read-only questions for showing the physics: contact points, bounding boxes,
/// sleep, and energy, checked against geometry and Newtonian mechanics.
@Suite struct InspectionTests {
    /// A 40 pt box resting flat on the floor of 640×384 bounds touches it along its bottom edge:
    /// a box-on-ground manifold has two points, at the bottom corners (x = 300 and 340), on the
    /// floor (y = 384, within the 0.5 pt slop), with the normal out of the floor (up: y grows down).
    @Test func aBoxRestingFlatTouchesTheFloorAtItsTwoBottomCorners() {
        let animator = DynamicAnimator(referenceBounds: bounds640)
        let box = Box(Point(320, 360), Size(40, 40))
        animator.addBehavior(GravityBehavior(items: [box]))
        let collision = CollisionBehavior(items: [box])
        collision.setTranslatesReferenceBoundsIntoBoundary(true)
        animator.addBehavior(collision)
        #expect(animator.contactPoints.isEmpty)
        run(animator, steps: 60)
        let points = animator.contactPoints
        #expect(points.count == 2)
        let xs = points.map(\.point.x).sorted()
        if xs.count == 2 {
            #expect(abs(xs[0] - 300) < 1 && abs(xs[1] - 340) < 1, "\(xs)")
        }
        for p in points {
            #expect(abs(p.point.y - 384) < 1)
            #expect(abs(p.normal.x) < 1e-9 && abs(p.normal.y + 1) < 1e-9, "\(p.normal)")
            #expect(p.separation < 0.5)
            #expect(p.normalForce > 0)
        }
        // The floor holds the box's weight: Σ forces = m·g = 0.16 × 1000 (within 5 %).
        let total = points.map(\.normalForce).reduce(0, +)
        #expect(abs(total - 0.16 * 1000) < 0.16 * 1000 * 0.05, "\(total)")
    }

    /// The bounding box of a square of side s turned by θ is s·(|cos θ| + |sin θ|) across, both
    /// ways, centered on the square; a ball's is its diameter.
    @Test(arguments: [0.0, 0.3, Double.pi / 4, 2.0, -1.1])
    func theBoundingBoxOfATurnedSquareFollowsItsCorners(angle: Double) throws {
        let animator = DynamicAnimator(referenceBounds: bounds640)
        let side = 50.0
        let square = Box(Point(200, 150), Size(side, side), angle: angle)
        let ball = Box.ball(Point(400, 100), diameter: 30)
        animator.addBehavior(DynamicItemBehavior(items: [square, ball]))
        animator.commitChanges()
        let box = try #require(animator.boundingBox(for: square))
        let across = side * (abs(cos(angle)) + abs(sin(angle)))
        #expect(abs(box.width - across) < 1e-9 && abs(box.height - across) < 1e-9, "\(box)")
        #expect(abs(box.center.x - 200) < 1e-9 && abs(box.center.y - 150) < 1e-9)
        let ballBox = try #require(animator.boundingBox(for: ball))
        #expect(ballBox == Rect(x: 385, y: 85, width: 30, height: 30))
        #expect(animator.boundingBox(for: Box(.zero, Size(10, 10))) == nil)
    }

    /// A dropped box comes to rest and the engine puts it to sleep; a box still falling is awake.
    @Test func aRestingBoxSleepsAndAFallingOneDoesNot() {
        let animator = DynamicAnimator(referenceBounds: bounds640)
        let resting = Box(Point(200, 364), Size(40, 40))
        let falling = Box(Point(400, -100_000), Size(40, 40))
        animator.addBehavior(GravityBehavior(items: [resting, falling]))
        let collision = CollisionBehavior(items: [resting])
        collision.setTranslatesReferenceBoundsIntoBoundary(true)
        animator.addBehavior(collision)
        #expect(!animator.isSleeping(resting))
        run(animator, steps: 180)
        #expect(animator.isSleeping(resting))
        #expect(!animator.isSleeping(falling))
        #expect(!animator.isSleeping(Box(.zero, Size(1, 1))))
    }

    /// Potential energy is m·g·h with h from the bottom of the reference bounds along gravity:
    /// for gravity down, 384 − y; for gravity to the right (angle 0), 640 − x; twice the
    /// magnitude, twice the energy. A 50×40 item of density 1 has mass 0.2.
    @Test func potentialEnergyIsMassTimesGravityTimesHeightAboveTheBottomAlongGravity() {
        let animator = DynamicAnimator(referenceBounds: bounds640)
        let item = Box(Point(100, 84), Size(50, 40))
        let gravity = GravityBehavior(items: [item])
        animator.addBehavior(gravity)
        animator.commitChanges()
        #expect(abs(animator.potentialEnergy - 0.2 * 1000 * 300) < 1e-6)
        gravity.setAngle(0, magnitude: 2)
        #expect(abs(animator.potentialEnergy - 0.2 * 2000 * 540) < 1e-6)
        #expect(animator.kineticEnergy == 0)
    }

    /// A body moving at v and turning at ω has ½·m·v² + ½·I·ω², I of a w×h box m(w² + h²)/12.
    @Test func kineticEnergyCountsTranslationAndRotation() {
        let animator = DynamicAnimator(referenceBounds: bounds640)
        let item = Box(Point(300, 200), Size(60, 20))
        let props = DynamicItemBehavior(items: [item])
        animator.addBehavior(props)
        props.addLinearVelocity(Vector(30, 40), for: item)
        props.addAngularVelocity(2, for: item)
        let m = 0.12, inertia = m * (60 * 60 + 20 * 20) / 12
        #expect(abs(animator.kineticEnergy - (0.5 * m * 2500 + 0.5 * inertia * 4)) < 1e-9)
    }
}
