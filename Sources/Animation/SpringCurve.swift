// SpringCurve: a damped harmonic oscillator that carries progress from 0 to 1 in a given duration.
//
// The motion is the closed-form solution of x'' + 2ζω·x' + ω²·x = 0 for the deviation
// x = progress − 1, starting at x(0) = −1 with x'(0) = initialSpringVelocity (distance/s). The
// three regimes (ζ < 1 underdamped, ζ = 1 critical, ζ > 1 overdamped) each have their exact
// formula; ratios within 1e-6 of 1 use the critical one, where the other two lose precision.
//
// How ω is chosen (UIKit does not publish its rule; this one gives the same look): the natural
// frequency is the smallest ω for which the envelope of the deviation at `duration` is at most
// 0.1% of the distance. The envelope bounds |x(t)| for every t:
//   ζ < 1:  e^(−ζωt)·√(x0² + ((v0 + ζω·x0)/ω_d)²),   ω_d = ω·√(1 − ζ²)
//   ζ = 1:  e^(−ωt)·(|x0| + |v0 + ω·x0|·t)
//   ζ > 1:  |c1|·e^(r1·t) + |c2|·e^(r2·t)
// ω is found by doubling from 1/duration until the envelope is small enough, then bisecting (a
// fixed number of steps, so it is deterministic). The motion is therefore visibly settled at the
// end, and `progress` snaps to exactly 1 at fraction 1 (a jump of at most 0.001). With zero
// initial velocity a ratio ≥ 1 never passes 1, and a ratio < 1 overshoots by e^(−πζ/√(1−ζ²)).
import Geometry

/// A damped spring that carries progress from 0 to 1 within a given duration.
/// UIKit: the curve of `UISpringTimingParameters` and `usingSpringWithDamping:`.
///
/// Its stiffness is chosen so the motion has settled within 0.1% by the end of the duration.
public struct SpringCurve: Hashable, Sendable {
    /// The damping ratio and initial velocity.
    public let parameters: SpringTimingParameters
    /// The animation's duration in seconds.
    public let duration: Double
    /// ω, the undamped natural frequency in radians per second.
    public let naturalFrequency: Double

    /// The envelope bound at the end of the duration, as a fraction of the distance.
    public static let settleTolerance = 0.001

    /// The spring with `parameters` settling within `duration` seconds (finite).
    public init(parameters: SpringTimingParameters, duration: Double) {
        precondition(duration.isFinite, "duration must be finite")
        self.parameters = parameters
        self.duration = duration
        naturalFrequency = duration > 0 ? Self.frequency(parameters, settlingWithin: duration) : 0
    }

    /// The spring with damping ratio ζ and initial velocity (distances per second), settling
    /// within `duration` seconds.
    public init(dampingRatio: Double, initialSpringVelocity: Double = 0, duration: Double) {
        self.init(parameters: SpringTimingParameters(dampingRatio: dampingRatio,
                                                     initialSpringVelocity: initialSpringVelocity),
                  duration: duration)
    }

    /// Progress at `fraction` of the duration: 0 at 0 (and before), exactly 1 at 1 (and after).
    public func progress(at fraction: Double) -> Double {
        if !(fraction > 0) { return 0 }
        if fraction >= 1 || duration <= 0 { return 1 }
        return 1 + Self.deviation(at: fraction * duration, omega: naturalFrequency,
                                  zeta: parameters.dampingRatio, v0: parameters.initialSpringVelocity)
    }

    /// Progress `time` seconds after the start, the unsnapped oscillator before the end.
    public func progress(atTime time: Double) -> Double {
        duration > 0 ? progress(at: time / duration) : 1
    }

    // MARK: - The oscillator

    private static let criticalBand = 1e-6

    /// x(t) for x(0) = −1, x'(0) = v0.
    static func deviation(at t: Double, omega w: Double, zeta z: Double, v0: Double) -> Double {
        let x0 = -1.0
        if abs(z - 1) < criticalBand {
            return exp(-w * t) * (x0 + (v0 + w * x0) * t)
        } else if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let b = (v0 + z * w * x0) / wd
            return exp(-z * w * t) * (x0 * cos(wd * t) + b * sin(wd * t))
        } else {
            let (r1, r2, c1, c2) = overdampedTerms(omega: w, zeta: z, v0: v0, x0: x0)
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// The bound on |x(t)| described in the header.
    static func envelope(at t: Double, omega w: Double, zeta z: Double, v0: Double) -> Double {
        let x0 = -1.0
        if abs(z - 1) < criticalBand {
            return exp(-w * t) * (abs(x0) + abs(v0 + w * x0) * t)
        } else if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let b = (v0 + z * w * x0) / wd
            return exp(-z * w * t) * (x0 * x0 + b * b).squareRoot()
        } else {
            let (r1, r2, c1, c2) = overdampedTerms(omega: w, zeta: z, v0: v0, x0: x0)
            return abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t)
        }
    }

    private static func overdampedTerms(omega w: Double, zeta z: Double, v0: Double, x0: Double)
        -> (r1: Double, r2: Double, c1: Double, c2: Double) {
        let s = (z * z - 1).squareRoot()
        let r1 = -w / (z + s)               // the slow root, −ω(ζ − s), without cancellation
        let r2 = -w * (z + s)               // the fast root
        let c2 = (v0 - r1 * x0) / (r2 - r1)
        return (r1, r2, x0 - c2, c2)
    }

    /// The smallest ω whose envelope at `duration` is ≤ settleTolerance (see the header).
    static func frequency(_ p: SpringTimingParameters, settlingWithin duration: Double) -> Double {
        let z = p.dampingRatio, v0 = p.initialSpringVelocity
        func settled(_ w: Double) -> Bool {
            envelope(at: duration, omega: w, zeta: z, v0: v0) <= settleTolerance
        }
        var lo = 0.0, hi = 1 / duration
        var doublings = 0
        while !settled(hi) && doublings < 200 { lo = hi; hi *= 2; doublings += 1 }
        for _ in 0..<60 {
            let mid = 0.5 * (lo + hi)
            if settled(mid) { hi = mid } else { lo = mid }
        }
        return hi
    }
}
