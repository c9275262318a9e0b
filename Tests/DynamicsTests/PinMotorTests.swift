// A pin's motor (Box2D's revolute motor on AttachmentBehavior): with torque to spare the item
// turns at motorSpeed; under a small cap it speeds up at torque / inertia, the inertia being
// the engine's (mass = density × w × h / 10⁴; ½·m·r² for a disk, m·(w² + h²)/12 for a box).
import Testing
import Geometry
@testable import Dynamics

@Suite struct PinMotorTests {
    static let bounds = Rect(x: 0, y: 0, width: 1000, height: 1000)

    /// The item's angular velocity after `seconds`, pinned at its center to the world with a motor.
    static func spin(_ item: Box, speed: Double, torque: Double, seconds: Double = 1) -> Double {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let pin = AttachmentBehavior.pinAttachment(with: item, attachmentAnchor: item.center)
        pin.motorSpeed = speed
        pin.maxMotorTorque = torque
        animator.addBehavior(pin)
        run(animator, steps: Int((seconds * 60).rounded()))
        return animator.angularVelocity(for: item)
    }

    @Test("with torque to spare a pinned wheel turns at motorSpeed after a second", arguments: [3.0, -7.5, 20.0])
    func reachesMotorSpeed(speed: Double) {
        let wheel = Box.ball(Point(500, 500), diameter: 100)
        let omega = Self.spin(wheel, speed: speed, torque: 1e6)
        #expect(abs(omega - speed) <= 0.01 * abs(speed), "ω \(omega) for motorSpeed \(speed)")
    }

    @Test("under a small torque cap a disk speeds up at T / (½·m·r²)")
    func diskAcceleratesAtTorqueOverInertia() {
        // Diameter 100 at density 1: m = 100·100/10⁴ = 1, I = ½·1·50² = 1250.
        let torque = 500.0, inertia = 0.5 * 1 * 50 * 50
        let omega = Self.spin(Box.ball(Point(500, 500), diameter: 100), speed: 50, torque: torque)
        let expected = torque / inertia * 1  // rad/s after 1 s: 0.4
        #expect(abs(omega - expected) <= 0.01 * expected, "ω \(omega), expected \(expected)")
    }

    @Test("under a small torque cap a box speeds up at T / (m·(w² + h²)/12), either direction")
    func boxAcceleratesAtTorqueOverInertia() {
        // 120×60 at density 1: m = 0.72, I = 0.72·(120² + 60²)/12 = 1080.
        let m = 120.0 * 60 / 10_000, inertia = m * (120 * 120 + 60 * 60) / 12
        let torque = 270.0
        let omega = Self.spin(Box(Point(500, 500), Size(120, 60)), speed: -40, torque: torque, seconds: 2)
        let expected = -torque / inertia * 2  // -0.5 rad/s after 2 s
        #expect(abs(omega - expected) <= 0.01 * abs(expected), "ω \(omega), expected \(expected)")
    }

    @Test("a slow motor keeps turning: a driven wheel never falls asleep below the sleep speed")
    func slowMotorStaysAwake() {
        // 0.04 rad/s on a 50 pt radius is 2 pt/s, under the 5 pt/s at which a body may sleep.
        let wheel = Box.ball(Point(500, 500), diameter: 100)
        let omega = Self.spin(wheel, speed: 0.04, torque: 1e4, seconds: 3)
        #expect(abs(omega - 0.04) <= 0.0004, "ω \(omega)")
        #expect(abs(wheel.angle - 0.12) <= 0.005, "angle \(wheel.angle) after 3 s at 0.04 rad/s")
    }

    @Test("without a motor the pin keeps its friction torque, and a motor at speed 0 holds like friction")
    func frictionIsAMotorAtSpeedZero() {
        let animator = DynamicAnimator(referenceBounds: Self.bounds)
        let wheel = Box.ball(Point(500, 500), diameter: 100)
        let pin = AttachmentBehavior.pinAttachment(with: wheel, attachmentAnchor: wheel.center)
        pin.frictionTorque = 250   // I = 1250: friction slows the wheel by 0.2 rad/s each second
        animator.addBehavior(pin)
        let properties = DynamicItemBehavior(items: [wheel])
        animator.addBehavior(properties)
        properties.addAngularVelocity(1, for: wheel)
        run(animator, steps: 60)
        let omega = animator.angularVelocity(for: wheel)
        #expect(abs(omega - 0.8) <= 0.008, "ω \(omega) after 1 s of friction from 1 rad/s")
    }
}
