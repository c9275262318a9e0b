// A pin's angular spring (AttachmentBehavior.angularFrequency, Box2D v3's revolute spring): an
// item pinned to the world at its own center and set turning is a torsion pendulum, θ(t) =
// θ₀·e^(−ζωt)·sin(ω_d·t) with ω = 2πf and ω_d = ω·√(1 − ζ²). Undamped, its period is 1/f and its
// swing never shrinks; damped, each swing is exp(−2πζ/√(1−ζ²)) of the one before, the ratio of
// successive maxima of that curve.
import Testing
import Geometry
@testable import Dynamics

@Suite struct PinSpringTests {
    static let bounds = Rect(x: 0, y: 0, width: 1000, height: 1000)

    /// The pin's angle after every step of `seconds`, for an item of the given shape pinned at its
    /// center, spring `hertz` and damping ratio `zeta`, started turning at `spin` rad/s.
    static func swing(_ item: Box, hertz: Double, zeta: Double, spin: Double, seconds: Double) -> [Double] {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let pin = AttachmentBehavior.pinAttachment(with: item, attachmentAnchor: item.center)
        pin.angularFrequency = hertz
        pin.angularDamping = zeta
        animator.addBehavior(pin)
        let properties = DynamicItemBehavior(items: [item])
        animator.addBehavior(properties)
        properties.addAngularVelocity(spin, for: item)
        var angles = [0.0]
        run(animator, steps: Int((seconds * 60).rounded())) { _ in angles.append(pin.currentAngle) }
        return angles
    }

    /// Times (s) at which the angle crosses 0 going up, interpolated between steps.
    static func upwardCrossings(_ angles: [Double]) -> [Double] {
        var times: [Double] = []
        for k in 1..<angles.count where angles[k - 1] < 0 && angles[k] >= 0 {
            let fraction = -angles[k - 1] / (angles[k] - angles[k - 1])
            times.append((Double(k - 1) + fraction) / 60)
        }
        return times
    }

    /// The angle's maxima, each refined by the parabola through it and its two neighbours.
    static func maxima(_ angles: [Double]) -> [Double] {
        var peaks: [Double] = []
        for k in 1..<(angles.count - 1) where angles[k] > 0 && angles[k] >= angles[k - 1] && angles[k] > angles[k + 1] {
            let (a, b, c) = (angles[k - 1], angles[k], angles[k + 1])
            let curvature = a - 2 * b + c
            peaks.append(curvature < 0 ? b - (c - a) * (c - a) / (8 * curvature) : b)
        }
        return peaks
    }

    @Test("an undamped angular spring swings with period 1/f and keeps its swing", arguments: [
        (1.0, "disk"), (2.0, "box"), (5.0, "box"),
    ])
    func undampedPeriod(hertz: Double, shape: String) throws {
        let item = shape == "disk" ? Box.ball(Point(500, 500), diameter: 100) : Box(Point(500, 500), Size(120, 60))
        // A swing of 0.5 rad: θ₀ = spin / ω.
        let spin = 0.5 * 2 * Double.pi * hertz
        let angles = Self.swing(item, hertz: hertz, zeta: 0, spin: spin, seconds: 4 / hertz + 0.2)
        let crossings = Self.upwardCrossings(angles)
        try #require(crossings.count >= 4, "\(crossings.count) upward crossings in 4 periods")
        for (t0, t1) in zip(crossings, crossings.dropFirst()) {
            #expect(abs((t1 - t0) - 1 / hertz) <= 0.01 / hertz, "period \(t1 - t0) s at \(hertz) Hz")
        }
        let peaks = Self.maxima(angles)
        try #require(peaks.count >= 3)
        #expect(abs(peaks[0] - 0.5) <= 0.01, "first swing \(peaks[0]) rad, expected 0.5")
        for (a, b) in zip(peaks, peaks.dropFirst()) {
            #expect(b >= 0.98 * a && b <= 1.02 * a, "swing \(a) then \(b) rad a cycle later")
        }
    }

    @Test("a damped angular spring's swing shrinks by exp(−2πζ/√(1−ζ²)) a cycle", arguments: [0.05, 0.1, 0.2])
    func dampedDecay(zeta: Double) throws {
        let hertz = 1.0
        let item = Box(Point(500, 500), Size(120, 60))
        let angles = Self.swing(item, hertz: hertz, zeta: zeta, spin: 2 * Double.pi * hertz, seconds: 3.2)
        let peaks = Self.maxima(angles)
        try #require(peaks.count >= 3, "\(peaks.count) maxima")
        let expected = exp(-2 * Double.pi * zeta / (1 - zeta * zeta).squareRoot())
        for (a, b) in zip(peaks, peaks.dropFirst()) {
            #expect(abs(b / a - expected) <= 0.02 * expected, "ratio \(b / a), expected \(expected) at ζ \(zeta)")
        }
    }

    @Test("without angularFrequency a pinned item turns freely: no torque toward any angle")
    func noSpringNoTorque() {
        let angles = Self.swing(Box(Point(500, 500), Size(120, 60)), hertz: 0, zeta: 0, spin: 1, seconds: 1)
        // 1 rad/s for 1 s: 1 rad, as a free turn about the pin.
        #expect(abs(angles.last! - 1) <= 0.001, "angle \(angles.last!) after 1 s at 1 rad/s")
    }
}
