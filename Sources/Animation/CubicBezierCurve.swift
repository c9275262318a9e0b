// CubicBezierCurve: a timing curve as Core Animation defines one, a cubic Bézier from (0, 0) to
// (1, 1) through two control points. The horizontal axis is the fraction of the duration, the
// vertical axis the progress of the value.
//
// Evaluating it means inverting x(s) = fraction for the curve parameter s, then returning y(s).
// Newton's method converges in a handful of steps where the slope is healthy; near a flat spot
// (a custom curve may have dx/ds = 0) it can wander, so each Newton step is kept inside a
// bracketing interval and a bisection step is taken whenever Newton would leave it. The result is
// exact to ~1e-12, far below what a terminal can show, and the same inputs always give the same
// bits.
import Geometry

/// A timing curve: a cubic Bézier from (0, 0) to (1, 1), x the fraction of the duration and y
/// the progress. UIKit: `UICubicTimingParameters`, `CAMediaTimingFunction`.
public struct CubicBezierCurve: Hashable, Sendable {
    /// The first control point; x must lie in 0...1 so that time never runs backward.
    public let controlPoint1: Point
    /// The second control point; x must lie in 0...1.
    public let controlPoint2: Point

    // Polynomial coefficients: x(s) = ((ax·s + bx)·s + cx)·s, the same for y.
    private let ax, bx, cx, ay, by, cy: Double

    /// The curve through the two control points; both x values must lie in 0...1.
    public init(controlPoint1: Point, controlPoint2: Point) {
        precondition(controlPoint1.isFinite && controlPoint2.isFinite, "control points must be finite")
        precondition((0...1).contains(controlPoint1.x) && (0...1).contains(controlPoint2.x),
                     "a timing curve's control points need x in 0...1")
        self.controlPoint1 = controlPoint1
        self.controlPoint2 = controlPoint2
        cx = 3 * controlPoint1.x
        bx = 3 * (controlPoint2.x - controlPoint1.x) - cx
        ax = 1 - cx - bx
        cy = 3 * controlPoint1.y
        by = 3 * (controlPoint2.y - controlPoint1.y) - cy
        ay = 1 - cy - by
    }

    /// The curve with control points (`x1`, `y1`) and (`x2`, `y2`), as CSS's cubic-bezier().
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.init(controlPoint1: Point(x1, y1), controlPoint2: Point(x2, y2))
    }

    // UIKit's named curves (UIView.AnimationCurve / CAMediaTimingFunctionName).
    /// Constant speed: (0, 0), (1, 1).
    public static let linear = CubicBezierCurve(0, 0, 1, 1)
    /// Slow start: (0.42, 0), (1, 1).
    public static let easeIn = CubicBezierCurve(0.42, 0, 1, 1)
    /// Slow end: (0, 0), (0.58, 1).
    public static let easeOut = CubicBezierCurve(0, 0, 0.58, 1)
    /// Slow start and end: (0.42, 0), (0.58, 1); UIKit's default.
    public static let easeInOut = CubicBezierCurve(0.42, 0, 0.58, 1)

    /// The progress at `fraction` of the duration. Fractions outside 0...1 are clamped; 0 gives
    /// exactly 0 and 1 exactly 1.
    public func progress(at fraction: Double) -> Double {
        if !(fraction > 0) { return 0 }
        if fraction >= 1 { return 1 }
        return y(parameter(forX: fraction))
    }

    @inline(__always) private func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    @inline(__always) private func y(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    @inline(__always) private func dx(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// The curve parameter s in 0...1 with x(s) = target. x is non-decreasing on 0...1 because
    /// both control x values lie in 0...1, so a bracket [lo, hi] always contains the answer.
    private func parameter(forX target: Double) -> Double {
        var lo = 0.0, hi = 1.0
        var s = target                       // x(s) ≈ s is a good first guess for every UIKit curve
        for _ in 0..<64 {
            let error = x(s) - target
            if abs(error) < 1e-13 { return s }
            if error > 0 { hi = s } else { lo = s }
            let slope = dx(s)
            var next = slope > 1e-9 ? s - error / slope : .nan
            if !(next > lo && next < hi) { next = 0.5 * (lo + hi) }   // Newton left the bracket: bisect
            if next == s { return s }
            s = next
        }
        return s
    }
}
