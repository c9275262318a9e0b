import Testing
import Geometry
@testable import Dynamics

/// UIKit's documented units: mass, push and gravity.
@Suite struct UnitsTests {
    @Test(arguments: [(100.0, 100.0, 1.0), (100.0, 200.0, 2.0), (50.0, 50.0, 0.25)])
    func massIsDensityTimesAreaOverTenThousand(w: Double, h: Double, expected: Double) {
        let item = Box(Point(100, 100), Size(w, h))
        let animator = DynamicAnimator(referenceBounds: bounds640)
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.commitChanges()
        #expect(abs(animator.mass(for: item) - expected) < 1e-12)
    }

    @Test func densityScalesMass() {
        let item = Box(Point(100, 100), Size(100, 100))
        let animator = DynamicAnimator(referenceBounds: bounds640)
        let props = DynamicItemBehavior(items: [item])
        props.density = 3
        animator.addBehavior(props)
        animator.commitChanges()
        #expect(abs(animator.mass(for: item) - 3) < 1e-12)
    }

    @Test(arguments: [(100.0, 100.0), (50.0, 400.0)])
    func continuousPushAcceleratesAtHundredPointsPerSecondSquaredOnMassOne(side: Double, acceleration: Double) {
        let item = Box(Point(100, 200), Size(side, side))
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 100_000, height: 1000))
        let push = PushBehavior(items: [item], mode: .continuous)
        push.magnitude = 1
        animator.addBehavior(push)
        run(animator, steps: 60)
        let v = animator.linearVelocity(for: item)
        // After 1 s: v = a·t, distance ≈ a·t²/2 (±2%).
        #expect(abs(v.x - acceleration) / acceleration < 0.02)
        #expect(abs((item.center.x - 100) - acceleration / 2) / (acceleration / 2) < 0.02)
        #expect(abs(v.y) < 1e-9)
    }

    @Test func instantaneousPushChangesVelocityByHundredOnceAndDeactivates() {
        let item = Box(Point(100, 200), Size(100, 100))
        let animator = DynamicAnimator(referenceBounds: bounds640)
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.setAngle(.pi / 2, magnitude: 1)
        animator.addBehavior(push)
        animator.step()
        #expect(push.active == false)
        let v1 = animator.linearVelocity(for: item)
        #expect(abs(v1.y - 100) < 1e-9 && abs(v1.x) < 1e-9)
        run(animator, steps: 10)
        #expect(abs(animator.linearVelocity(for: item).y - 100) < 1e-9)
        push.active = true
        animator.step()
        #expect(abs(animator.linearVelocity(for: item).y - 200) < 1e-9)
    }

    @Test func pushAngleAndDirectionAreOneVector() {
        let push = PushBehavior(items: [], mode: .continuous)
        push.pushDirection = Vector(0, -2)
        #expect(abs(push.magnitude - 2) < 1e-12)
        #expect(abs(push.angle + .pi / 2) < 1e-12)
        push.magnitude = -1
        #expect(abs(push.pushDirection.y - 1) < 1e-12)
    }

    @Test(arguments: [1.0, 0.5])
    func gravityIsThousandPointsPerSecondSquaredForAnyMass(magnitude: Double) {
        let light = Box(Point(100, 0), Size(20, 20))
        let heavy = Box(Point(300, 0), Size(200, 100))
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1000, height: 100_000))
        let gravity = GravityBehavior(items: [light, heavy])
        gravity.magnitude = magnitude
        animator.addBehavior(gravity)
        run(animator, steps: 60)
        for item in [light, heavy] {
            let v = animator.linearVelocity(for: item).y
            #expect(abs(v - 1000 * magnitude) / (1000 * magnitude) < 0.02)
            #expect(abs(item.center.y - 500 * magnitude) / (500 * magnitude) < 0.02)
        }
    }

    @Test func gravityMagnitudeZeroResetsAngle() {
        let g = GravityBehavior(items: [])
        g.angle = 1
        g.magnitude = 0
        #expect(g.angle == 0)
    }
}
