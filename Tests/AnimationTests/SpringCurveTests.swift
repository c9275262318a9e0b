// Springs against the damped harmonic oscillator: overshoot, units of the initial velocity, and
// the documented settling rule.
import Testing
import Geometry
@testable import Animation

@Suite struct SpringCurveTests {
    let dt = 1.0 / 60

    /// Progress sampled every 1/60 s over `duration`, including the last step.
    func samples(_ spring: SpringCurve) -> [Double] {
        let steps = Int((spring.duration * 60).rounded())
        return (0...steps).map { spring.progress(at: Double($0) / Double(steps)) }
    }

    @Test(arguments: [0.5, 1.0, 3.0])
    func criticallyDampedNeverOvershoots(duration: Double) {
        let spring = SpringCurve(dampingRatio: 1, duration: duration)
        let values = samples(spring)
        #expect(values.allSatisfy { $0 <= 1 })
        #expect(values.last == 1)
        // Finer than the frame rate too.
        for i in 0...10_000 { #expect(spring.progress(at: Double(i) / 10_000) <= 1) }
    }

    @Test(arguments: [1.5, 2.0, 50.0])
    func overdampedNeverOvershootsAndNeverGoesBack(dampingRatio: Double) {
        let values = samples(SpringCurve(dampingRatio: dampingRatio, duration: 1))
        #expect(values.allSatisfy { $0 <= 1 })
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(values.last == 1)
    }

    @Test func underdampedOvershootsByTheOscillatorsFigure() {
        // From rest, a damped oscillator's first peak passes the target by e^(−πζ/√(1−ζ²)):
        // 0.3723 of the distance for ζ = 0.3.
        let zeta = 0.3
        let spring = SpringCurve(dampingRatio: zeta, duration: 1)
        let values = samples(spring)
        #expect(values.contains { $0 > 1 })
        #expect(values.last == 1)
        let peak = (0...100_000).map { spring.progress(at: Double($0) / 100_000) }.max()!
        let expected = 1 + exp(-Double.pi * zeta / (1 - zeta * zeta).squareRoot())
        #expect(abs(peak - expected) < 0.001)
    }

    @Test(arguments: [0.05, 0.3, 1.0, 2.0, 50.0])
    func isSettledBeforeTheEnd(dampingRatio: Double) {
        // The documented rule: the envelope is 0.1% of the distance at the end, so one frame
        // earlier the motion is still within a few tenths of a percent of the target.
        let spring = SpringCurve(dampingRatio: dampingRatio, duration: 1)
        #expect(abs(spring.progress(at: 59.0 / 60) - 1) < 0.0015)
    }

    @Test func naturalFrequencyFollowsTheSettlingRule() {
        // For ζ < 1 from rest the envelope is e^(−ζωt)/√(1−ζ²); 0.001 at t = T gives
        // ω = ln(1000/√(1−ζ²)) / (ζT).
        let zeta = 0.5, duration = 2.0
        let spring = SpringCurve(dampingRatio: zeta, duration: duration)
        let expected = log(1000 / (1 - zeta * zeta).squareRoot()) / (zeta * duration)
        #expect(abs(spring.naturalFrequency - expected) / expected < 1e-6)
    }

    @Test(arguments: [0.5, 1.0, 1.5])
    func initialVelocityIsInDistancesPerSecond(dampingRatio: Double) {
        // UIKit: initialSpringVelocity 3 means the motion starts at 3 × the distance per second.
        let spring = SpringCurve(dampingRatio: dampingRatio, initialSpringVelocity: 3, duration: 2)
        let h = 1e-6
        let slope = spring.progress(atTime: h) / h
        #expect(abs(slope - 3) < 0.03)
    }

    @Test func velocityDoesNotChangeTheEndpoints() {
        let spring = SpringCurve(dampingRatio: 0.7, initialSpringVelocity: -2, duration: 1)
        #expect(spring.progress(at: 0) == 0)
        #expect(spring.progress(at: 1) == 1)
    }
}
