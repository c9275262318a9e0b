// TimingCurve: how an animation's progress follows its clock, as UIKit offers it: the four named
// cubic Béziers of UIView.AnimationCurve, an arbitrary cubic (UICubicTimingParameters) and a
// spring (UISpringTimingParameters / usingSpringWithDamping:).
//
// A Bézier depends on the fraction of the duration only; a spring also depends on the duration in
// seconds, because its initial velocity is given per second and its stiffness is chosen so it
// settles within that duration. So the one entry point takes both, and `resolved(forDuration:)`
// lets the runner do the per-animation work (choosing the spring's frequency) once.
import Geometry

/// How an animation's progress follows its clock. UIKit: `UIView.AnimationCurve`,
/// `UICubicTimingParameters` and `UISpringTimingParameters`.
public enum TimingCurve: Hashable, Sendable {
    /// Constant speed.
    case linear
    /// Slow start (Bézier 0.42, 0, 1, 1).
    case easeIn
    /// Slow end (Bézier 0, 0, 0.58, 1).
    case easeOut
    /// Slow start and end (Bézier 0.42, 0, 0.58, 1), UIKit's default.
    case easeInOut
    /// A custom cubic Bézier from (0, 0) to (1, 1); control point x values must lie in 0...1.
    case cubic(controlPoint1: Point, controlPoint2: Point)
    /// A damped spring that settles within the animation's duration (``SpringCurve``).
    case spring(SpringTimingParameters)

    /// UIKit's default curve for view animations.
    public static let `default` = TimingCurve.easeInOut

    /// The progress (0 at the start, 1 at the end; may leave 0...1 for springs and custom cubics)
    /// at `fraction` of an animation lasting `duration` seconds.
    public func progress(at fraction: Double, duration: Double) -> Double {
        resolved(forDuration: duration).progress(at: fraction)
    }

    /// The curve with everything that depends on the duration worked out.
    public func resolved(forDuration duration: Double) -> ResolvedTimingCurve {
        switch self {
        case .linear: return ResolvedTimingCurve(kind: .linear)
        case .easeIn: return ResolvedTimingCurve(kind: .bezier(.easeIn))
        case .easeOut: return ResolvedTimingCurve(kind: .bezier(.easeOut))
        case .easeInOut: return ResolvedTimingCurve(kind: .bezier(.easeInOut))
        case let .cubic(c1, c2):
            return ResolvedTimingCurve(kind: .bezier(CubicBezierCurve(controlPoint1: c1, controlPoint2: c2)))
        case let .spring(parameters):
            return ResolvedTimingCurve(kind: .spring(SpringCurve(parameters: parameters, duration: duration)))
        }
    }
}

/// A timing curve fixed to one duration: progress as a function of the fraction of that duration.
public struct ResolvedTimingCurve: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case linear
        case bezier(CubicBezierCurve)
        case spring(SpringCurve)
    }
    let kind: Kind

    /// Progress at `fraction` (clamped to 0...1); exactly 0 at 0 and exactly 1 at 1.
    public func progress(at fraction: Double) -> Double {
        switch kind {
        case .linear: return min(max(fraction, 0), 1)
        case let .bezier(curve): return curve.progress(at: fraction)
        case let .spring(spring): return spring.progress(at: fraction)
        }
    }
}
