// PropertyAnimation: one UIView-style animation, described as a value: what to change (`to`), and
// when and how (duration, delay, curve, repeatCount, autoreverses), and what happens at the end
// (`completion`, `then`). It does nothing by itself; AnimationRunner plays it on an item.
//
// Timing follows Core Animation, which UIView animations are built on:
// - `duration` is one leg (from → to). Duration ≤ 0 applies the targets at once, at the start
//   time (after the delay), and the animation ends there.
// - `repeatCount` is how many times the whole cycle plays; 0 means once, fractions are allowed
//   (1.5 plays a cycle and a half). With `autoreverses` a cycle is two legs, there and back, so
//   the animation lasts duration × cycles × 2.
// - The backward leg plays the curve in reverse time, so an easeIn forward leg eases out on the
//   way back, as Core Animation does.
// - At the end the item takes the `to` values, as UIKit's model does: after an autoreversing or
//   fractional animation the view jumps to `to` unless the completion sets it back. Set
//   `fillsForward` to keep instead the last value the animation showed (CA's fillMode forwards).
import Geometry

/// One view animation: what to change, when and how, and what happens at the end. UIKit's
/// counterpart is a `UIView.animate(withDuration:delay:options:animations:completion:)` call.
///
/// It does nothing by itself; ``AnimationRunner/add(_:to:)`` plays it on an item. Timing follows
/// Core Animation: ``duration`` is one leg, ``repeatCount`` counts cycles, ``autoreverses``
/// makes a cycle go there and back.
public struct PropertyAnimation {
    /// What happens to the item when the animation finishes (not when it is cancelled).
    public enum EndAction: String, Hashable, Sendable, CaseIterable {
        /// Nothing: the item stays.
        case none
        /// The item is reported for removal (`AnimationRunner.StepReport.itemsToRemove`).
        case remove
    }

    /// The end values; properties without one are not animated.
    public var to: AnimationTargets
    /// Seconds for one leg, from → to.
    public var duration: Double
    /// Seconds after the animation is added before it starts. The from-values are read when it
    /// starts, not when it is added.
    public var delay: Double
    /// How progress follows time within a leg. Default ``TimingCurve/easeInOut``.
    public var curve: TimingCurve
    /// Number of cycles; 0 means once (UIKit's default). Fractions allowed.
    public var repeatCount: Double
    /// Each cycle runs forward, then backward.
    public var autoreverses: Bool
    /// Keep the last shown value at the end instead of jumping to `to` (see the header).
    public var fillsForward: Bool
    /// What happens to the item when the animation finishes. Default ``EndAction/none``.
    public var then: EndAction
    /// Called once when the animation ends: `true` when it ran to its end, `false` when it was
    /// cancelled, replaced by a newer animation of all its properties, or its item was removed.
    public var completion: ((Bool) -> Void)?

    /// An animation to `to` over `duration` seconds per leg; the rest have UIKit's defaults
    /// (no delay, ease in-out, once, forward only). Duration and delay must be finite,
    /// repeatCount finite and ≥ 0, the targets finite.
    public init(to: AnimationTargets,
                duration: Double,
                delay: Double = 0,
                curve: TimingCurve = .easeInOut,
                repeatCount: Double = 0,
                autoreverses: Bool = false,
                fillsForward: Bool = false,
                then: EndAction = .none,
                completion: ((Bool) -> Void)? = nil) {
        precondition(duration.isFinite, "duration must be finite")
        precondition(delay.isFinite, "delay must be finite")
        precondition(repeatCount.isFinite && repeatCount >= 0, "repeatCount must be a finite number ≥ 0")
        precondition(to.isValid, "animation targets must be finite")
        self.to = to
        self.duration = duration
        self.delay = delay
        self.curve = curve
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
        self.fillsForward = fillsForward
        self.then = then
        self.completion = completion
    }

    // MARK: - Timing

    /// How many cycles play: `repeatCount`, or 1 when it is 0.
    public var cycleCount: Double { repeatCount > 0 ? repeatCount : 1 }

    /// How many legs play: cycles, doubled when autoreversing.
    public var legCount: Double { cycleCount * (autoreverses ? 2 : 1) }

    /// Seconds from the start (after the delay) to the end; 0 when duration ≤ 0.
    public var activeDuration: Double { duration > 0 ? duration * legCount : 0 }

    /// Seconds from being added to the end.
    public var totalDuration: Double { max(delay, 0) + activeDuration }

    /// Where along from → to the animation is, before the curve: 0 = from, 1 = to, `time`
    /// seconds after its start. On a backward leg this runs from 1 down to 0. At and after the
    /// end it is the value of the last leg's end (1 for a whole number of forward cycles, 0 for a
    /// whole number of autoreversing ones, 0.5 after 1.5 forward cycles).
    public func legFraction(atTime time: Double) -> Double {
        guard duration > 0 else { return 1 }
        let index: Double, within: Double
        if time >= activeDuration {
            let legs = legCount
            index = max(legs.rounded(.up) - 1, 0)
            within = legs - index
        } else if time <= 0 {
            return 0
        } else {
            // A time within AnimationRunner.timeTolerance of a leg's end counts as that end, as
            // the runner's start and end do: the same moment reached by two sums of steps that
            // differ in the last bit (a scene saved while running and played on) must give the
            // same value, where a repeat jumps back to the start and a spring snaps to 1.
            var legs = time / duration
            let boundary = legs.rounded()
            if abs(time - boundary * duration) <= AnimationRunner.timeTolerance { legs = boundary }
            index = legs.rounded(.down)
            within = min(max(legs - index, 0), 1)
        }
        let backward = autoreverses && index.truncatingRemainder(dividingBy: 2) == 1
        return backward ? 1 - within : within
    }

    /// True when `time` seconds after the start falls on a backward (returning) leg.
    public func isReversing(atTime time: Double) -> Bool {
        guard autoreverses, duration > 0, time > 0, time < activeDuration else { return false }
        return (time / duration).rounded(.down).truncatingRemainder(dividingBy: 2) == 1
    }
}
