// WallForceTests: a steady force or field of any size drives an item against a wall and the item
// stops there: never inside the wall, never beyond it, never with energy the wall gave it.
//
// An item starts at rest 100 pt from a wall and is driven toward it at a constant acceleration
// a from 1 to 10⁷ pt/s² (by gravity, a continuous push, or the electric field of a distant
// charge, all uniform along its path). With no friction and no elasticity the wall can only take
// energy: kinetic energy never exceeds the work of the drive, m·a·(x − x₀), by more than 1 % of
// the work over the 100 pt of the approach. At 10⁶ pt/s² the item crosses the wall's place
// within one step; continuous collision put it back at the wall with all the speed it had gained
// behind it, twice the energy the approach gave it at 10⁶ and more beyond. The wall is the
// reference-bounds boundary or an anchored item (a static item, which continuous collision did
// not sweep against: an item pulled at 10⁷ pt/s² went through a 40 pt anchored box in a step).
import Testing
import Geometry
@testable import Dynamics

@Suite struct WallForceTests {
    enum Drive: String, CaseIterable { case gravity, push, electric }

    static let accelerations: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7]

    @Test(arguments: accelerations, [false, true])
    func steadyDriveStopsAtABoundary(acceleration: Double, ball: Bool) {
        for drive in Drive.allCases {
            check(drive, acceleration: acceleration, ball: ball, anchoredWall: false)
        }
    }

    @Test(arguments: accelerations, [false, true])
    func steadyDriveStopsAtAnAnchoredItem(acceleration: Double, ball: Bool) {
        for drive in Drive.allCases {
            check(drive, acceleration: acceleration, ball: ball, anchoredWall: true)
        }
    }

    /// Drives a 20 pt item (box or ball) rightward from x = 370 toward a wall face at x = 480
    /// (an anchored 40 × 200 box) or x = 640 (the boundary, the item then starting at 530) for 2 s.
    func check(_ drive: Drive, acceleration a: Double, ball: Bool, anchoredWall: Bool) {
        let face = anchoredWall ? 480.0 : 640.0
        let x0 = face - 110
        let animator = DynamicAnimator(referenceBounds: bounds640)
        let item = ball ? Box.ball(Point(x0, 192), diameter: 20) : Box(Point(x0, 192), Size(20, 20))
        var items: [Box] = [item]
        if anchoredWall {
            let wall = Box(Point(face + 20, 192), Size(40, 200))
            items.append(wall)
            let anchor = DynamicItemBehavior(items: [wall])
            anchor.isAnchored = true
            animator.addBehavior(anchor)
        }
        let collision = CollisionBehavior(items: items)
        collision.setTranslatesReferenceBoundsIntoBoundary(true)
        animator.addBehavior(collision)
        let properties = DynamicItemBehavior(items: [item])
        properties.charge = 1
        animator.addBehavior(properties)
        let m = animator.mass(for: item)
        switch drive {
        case .gravity:
            let gravity = GravityBehavior(items: [item])
            gravity.setAngle(0, magnitude: a / GravityBehavior.pointsPerSecondSquared)
            animator.addBehavior(gravity)
        case .push:
            let push = PushBehavior(items: [item], mode: .continuous)
            push.angle = 0
            push.magnitude = a * m / 100
            animator.addBehavior(push)
        case .electric:
            // A charge 10⁹ pt to the left: its field is uniform over the scene to 1 part in 10⁷.
            let field = FieldBehavior.electricField()
            field.position = Point(x0 - 1e9, 192)
            field.strength = a * m / GravityBehavior.pointsPerSecondSquared
            field.addItem(item)
            animator.addBehavior(field)
        }
        let label = "\(drive) at \(a) pt/s², \(ball ? "ball" : "box") against \(anchoredWall ? "an anchored item" : "the boundary")"
        let limit = face - 10 + WorldSettings().maxSoftOverlap + WorldSettings().linearSlop
        let approachWork = m * a * (face - 10 - x0)
        var deepest = 0.0, worstGain = -Double.infinity, worstStep = 0
        run(animator, steps: 120) { step in
            deepest = max(deepest, item.center.x)
            let v = animator.linearVelocity(for: item)
            let gain = (0.5 * m * v.lengthSquared - m * a * (item.center.x - x0)) / approachWork
            if gain > worstGain { worstGain = gain; worstStep = step }
        }
        #expect(deepest <= limit, "\(label): center reached \(deepest), wall face at \(face)")
        #expect(worstGain <= 0.01, "\(label): kinetic energy above the drive's work by \(worstGain) of the approach's at step \(worstStep)")
    }
}
