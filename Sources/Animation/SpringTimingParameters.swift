// SpringTimingParameters: the two numbers UIKit asks of a spring animation
// (`usingSpringWithDamping:initialSpringVelocity:` and UISpringTimingParameters(dampingRatio:)).
//
// The duration is not a spring parameter: it belongs to the animation, and SpringCurve turns the
// pair plus a duration into a motion (see there for how the stiffness is chosen). Kept as a plain
// value so that scene files and tests can build and compare them.

/// The damping ratio and initial velocity of a spring animation.
/// UIKit: `UISpringTimingParameters(dampingRatio:initialVelocity:)`.
public struct SpringTimingParameters: Hashable, Sendable {
    /// ζ: 1 is critically damped (the fastest approach with no overshoot), below 1 oscillates
    /// about the target, above 1 creeps in more slowly. Must be positive.
    public var dampingRatio: Double
    /// The speed at the start, in units of the whole distance per second (UIKit's meaning): 1
    /// means "moving at the speed that would cover the whole distance in one second". Positive
    /// values point toward the target.
    public var initialSpringVelocity: Double

    /// Parameters with damping ratio ζ (> 0) and initial velocity (finite; default 0).
    public init(dampingRatio: Double, initialSpringVelocity: Double = 0) {
        precondition(dampingRatio.isFinite && dampingRatio > 0, "dampingRatio must be a positive number")
        precondition(initialSpringVelocity.isFinite, "initialSpringVelocity must be finite")
        self.dampingRatio = dampingRatio
        self.initialSpringVelocity = initialSpringVelocity
    }
}
