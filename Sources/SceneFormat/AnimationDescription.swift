// AnimationDescription: one `animations:` entry, a UIView-style property animation.
//
// Times in seconds, angles in radians. Fields left out of `to` are not animated. The defaults are
// UIKit's begin/commit defaults (duration 0.2 s, delay 0, easeInOut, no repeat); the Animation
// module does the interpolation. A saved scene writes an animation that was running with its
// phase, `elapsed` and `from`, so that playing the file goes on exactly where it was.
import Geometry

public struct AnimationDescription: Hashable, Sendable {
    public enum Curve: String, CaseIterable, Sendable { case linear, easeIn, easeOut, easeInOut, spring }
    public enum Completion: String, CaseIterable, Sendable { case remove, none }

    public struct Target: Hashable, Sendable {
        public var center: Position?
        public var size: Size?
        public var alpha: Double?
        public var scale: Double?
        public var angle: Double?
        public init(center: Position? = nil, size: Size? = nil, alpha: Double? = nil, scale: Double? = nil, angle: Double? = nil) {
            self.center = center; self.size = size; self.alpha = alpha; self.scale = scale; self.angle = angle
        }
    }

    public var item: String
    public var delay: Double = 0
    /// ≤ 0 applies the change at once.
    public var duration: Double = 0.2
    public var curve: Curve = .easeInOut
    /// spring only, in (0, 1]; 1 never overshoots.
    public var dampingRatio: Double = 1
    /// spring only: initial velocity in units of the whole distance per second.
    public var velocity: Double = 0
    /// Extra repetitions (fractions allowed), 0 = play once.
    public var repeatCount: Double = 0
    public var autoreverses: Bool = false
    public var to: Target
    public var then: Completion = .none
    /// Seconds since the animation started (its delay over): set on an animation saved while
    /// running, nil on one that has not started. The leg, direction and point of the curve
    /// follow from it and the timing above.
    public var elapsed: Double?
    /// The values the running animation started from (its curve runs from these to `to`); only
    /// with `elapsed`. A property `to` animates and `from` leaves out starts from the item.
    public var from: Target?

    public init(item: String, to: Target) { self.item = item; self.to = to }
}
