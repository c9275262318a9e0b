import Testing
import Geometry
@testable import Dynamics

@Suite struct AttachmentTests {
    /// A rigid pendulum: length 300, gravity 1 (1000 pt/s²), released at 60°. The exact period is
    /// 4·√(L/g)·K(sin²(θ₀/2)) = 3.6930 s.
    @Test func rigidPendulumKeepsLengthPeriodAndEnergy() {
        let L = 300.0, g = 1000.0, theta0 = Double.pi / 3
        let anchor = Point(500, 100)
        let bob = Box.ball(anchor + Vector(-L * sin(theta0), L * cos(theta0)), diameter: 20)
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1000, height: 1000))
        animator.addBehavior(GravityBehavior(items: [bob]))
        let rod = AttachmentBehavior(item: bob, attachedToAnchor: anchor)
        #expect(abs(rod.length - L) < 1e-9)
        animator.addBehavior(rod)
        animator.commitChanges()

        func energy() -> Double {
            let v = animator.linearVelocity(for: bob)
            return 0.5 * v.lengthSquared - g * bob.center.y
        }
        let e0 = energy()
        let swing = g * L * (1 - cos(theta0))
        var worstLength = 0.0, worstEnergy = 0.0
        var crossings: [Double] = []
        var previousX = bob.center.x - anchor.x
        var time = 0.0
        run(animator, steps: 1200) { _ in
            time += 1.0 / 60
            worstLength = max(worstLength, abs(bob.center.distance(to: anchor) - L) / L)
            worstEnergy = max(worstEnergy, abs(energy() - e0) / swing)
            let x = bob.center.x - anchor.x
            if previousX < 0 && x >= 0 {
                // Interpolate the upward zero crossing (left to right).
                crossings.append(time - 1.0 / 60 * x / (x - previousX))
            }
            previousX = x
        }
        let exact = 4 * (L / g).squareRoot() * ellipticK(pow(sin(theta0 / 2), 2))
        #expect(abs(exact - 3.6930) < 1e-3)
        #expect(crossings.count >= 4)
        let measured = (crossings.last! - crossings.first!) / Double(crossings.count - 1)
        #expect(abs(measured - exact) / exact < 0.005, "period \(measured) vs \(exact)")
        #expect(worstLength < 0.005, "length error \(worstLength)")
        // Energy relative to the swing's energy (the potential drop from release to bottom).
        #expect(worstEnergy < 0.01, "energy error \(worstEnergy)")
    }

    @Test(arguments: [1.0, 2.0, 4.0])
    func springAttachmentOscillatesAtItsFrequency(frequency: Double) {
        let anchor = Point(500, 500)
        let item = Box(Point(500, 700), Size(100, 100))
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1000, height: 1000))
        let spring = AttachmentBehavior(item: item, attachedToAnchor: anchor)
        spring.frequency = frequency
        spring.damping = 0
        spring.length = 150      // stretched by 50 pt
        animator.addBehavior(spring)
        var crossings: [Double] = []
        var previous = item.center.y - 650
        var time = 0.0
        run(animator, steps: 600) { _ in
            time += 1.0 / 60
            let y = item.center.y - 650
            if previous > 0 && y <= 0 { crossings.append(time - 1.0 / 60 * (-y) / (previous - y)) }
            previous = y
        }
        #expect(crossings.count >= 3)
        let period = (crossings.last! - crossings.first!) / Double(crossings.count - 1)
        #expect(abs(1 / period - frequency) / frequency < 0.05, "measured \(1 / period) Hz")
    }

    @Test func ropeIsSlackBelowItsLengthAndTautAtIt() {
        let anchor = Point(500, 100)
        let item = Box.ball(Point(500, 200), diameter: 20)
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1000, height: 1000))
        let rope = AttachmentBehavior.limitAttachment(with: item, attachedToAnchor: anchor)
        rope.length = 300
        animator.addBehavior(rope)
        animator.addBehavior(GravityBehavior(items: [item]))
        // Free fall while slack: 200 pt to go takes √(2·200/1000) = 0.632 s.
        run(animator, steps: 30)
        #expect(abs(item.center.y - (200 + 0.5 * 1000 * 0.25)) < 3)
        run(animator, steps: 120)
        #expect(item.center.distance(to: anchor) <= 300 * 1.005)
    }

    @Test func pinAttachmentKeepsTheSharedPointTogether() {
        let a = Box(Point(400, 300), Size(100, 20))
        let b = Box(Point(500, 300), Size(100, 20))
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1000, height: 1000))
        let pin = AttachmentBehavior.pinAttachment(with: b, attachedTo: a, attachmentAnchor: Point(450, 300))
        animator.addBehavior(pin)
        animator.addBehavior(AttachmentBehavior.pinAttachment(with: a, attachmentAnchor: Point(350, 300)))
        animator.addBehavior(GravityBehavior(items: [a, b]))
        run(animator, steps: 240) { _ in
            let (p, q) = pin.attachmentPoints
            #expect(p.distance(to: q) < 1.0)
        }
        // A double pendulum hanging from x = 350 cannot be further than 200 pt from its pivot.
        #expect(b.center.distance(to: Point(350, 300)) < 150 + 1)
    }

    @Test func slidingAttachmentMovesOnlyAlongItsAxis() {
        let item = Box(Point(300, 300), Size(40, 40))
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1000, height: 1000))
        // A 45° rail: gravity pulls the item down the rail, never off it.
        animator.addBehavior(AttachmentBehavior.slidingAttachment(with: item, attachmentAnchor: Point(300, 300),
                                                                  axisOfTranslation: Vector(1, 1)))
        animator.addBehavior(GravityBehavior(items: [item]))
        run(animator, steps: 30)
        let d = item.center - Point(300, 300)
        #expect(abs(d.x - d.y) < 0.5)
        // Acceleration along a 45° rail is g·sin 45° along the rail: y = ½·(g/2)·t² at t = 0.5 s.
        #expect(abs(d.y - 0.5 * 500 * 0.25) / (0.5 * 500 * 0.25) < 0.03)
        #expect(abs(item.angle) < 1e-6)
    }

    @Test func fixedAttachmentMovesTwoItemsAsOne() {
        let a = Box(Point(300, 300), Size(40, 40))
        let b = Box(Point(340, 300), Size(40, 40))
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1000, height: 1000))
        animator.addBehavior(AttachmentBehavior.fixedAttachment(with: a, attachedTo: b, attachmentAnchor: Point(320, 300)))
        let push = PushBehavior(items: [a], mode: .instantaneous)
        push.setAngle(.pi / 2, magnitude: 1)
        animator.addBehavior(push)
        run(animator, steps: 60)
        #expect(abs(a.center.distance(to: b.center) - 40) < 0.5)
        #expect(abs(a.angle - b.angle) < 0.01)
    }

    /// Two items that cannot turn, welded: the weld's angle row is empty, and its linear rows
    /// still hold them as one. A push on one moves both: a push of magnitude 1 is a momentum of
    /// 100 (a 100×100 item of density 1 has mass 1), shared by two 40×40 items of mass 0.16 each,
    /// gives both 100 / 0.32 = 312.5 pt/s, and their distance stays 40.
    @Test func fixedAttachmentHoldsItemsThatCannotTurn() {
        let a = Box(Point(300, 300), Size(40, 40))
        let b = Box(Point(340, 300), Size(40, 40))
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1000, height: 1000))
        animator.addBehavior(AttachmentBehavior.fixedAttachment(with: a, attachedTo: b, attachmentAnchor: Point(320, 300)))
        let props = DynamicItemBehavior(items: [a, b])
        props.allowsRotation = false
        animator.addBehavior(props)
        let push = PushBehavior(items: [a], mode: .instantaneous)
        push.setAngle(.pi / 2, magnitude: 1)
        animator.addBehavior(push)
        run(animator, steps: 120)
        #expect(abs(a.center.distance(to: b.center) - 40) < 0.05)
        let va = animator.linearVelocity(for: a).y, vb = animator.linearVelocity(for: b).y
        #expect(abs(va - vb) < 1e-3)
        #expect(abs(va - 312.5) / 312.5 < 0.02)
    }
}
