// TapGestureRecognizer: UIKit's discrete tap, for a mouse.
//
// Defaults are UIKit's: one tap of one touch; successive taps of a multi-tap must follow within
// 0.35 s; the pointer may wander at most 10 pt. Decisions of ours, documented in docs/gestures.md:
// - The 0.35 s interval runs from one tap's release to the next tap's press.
// - Movement is measured from the first press of the sequence, so a double tap's second click
//   must land within 10 pt of the first.
// - A press held longer than `maximumPressDuration` (0.5 s, the long press's minimum) fails, so
//   a tap and a long press never both fire for one press.
// - A mouse has one pointer: `numberOfTouchesRequired` exists for UIKit's vocabulary but only 1
//   can ever be satisfied; any other value makes the recognizer fail on every press.

import Geometry

/// A discrete tap (or double, triple... tap) with the left button.
/// UIKit: `UITapGestureRecognizer`.
///
/// Each press must be released within ``maximumPressDuration`` seconds and the next follow
/// within ``maximumTapInterval`` seconds, all within ``allowableMovement`` points of the first.
public final class TapGestureRecognizer: GestureRecognizer {
    /// Taps in the sequence (1 single, 2 double...).
    public var numberOfTapsRequired: Int = 1 {
        didSet { precondition(numberOfTapsRequired >= 1, "numberOfTapsRequired must be at least 1") }
    }
    /// Simultaneous touches; a mouse provides exactly one.
    public var numberOfTouchesRequired: Int = 1
    /// Seconds allowed from one tap's release to the next tap's press.
    public var maximumTapInterval: Double = 0.35
    /// Points the pointer may move from the first press before the tap fails.
    public var allowableMovement: Double = 10
    /// Seconds a single press may last before the tap fails.
    public var maximumPressDuration: Double = 0.5

    private var tapCount = 0
    private var pressTime: Double = 0
    private var releaseTime: Double?

    /// A recognizer of `numberOfTapsRequired` taps (at least 1), for left presses without Ctrl
    /// or Shift.
    public init(numberOfTapsRequired: Int = 1) {
        precondition(numberOfTapsRequired >= 1, "numberOfTapsRequired must be at least 1")
        self.numberOfTapsRequired = numberOfTapsRequired
        super.init(acceptsPress: isPlainLeftPress)
    }

    override func pointerDown(_ event: PointerEvent) {
        guard numberOfTouchesRequired == 1 else { fail(); return }
        if let released = releaseTime, event.time - released > maximumTapInterval { fail(); return }
        if event.location.distance(to: startLocation) > allowableMovement { fail(); return }
        pressTime = event.time
    }

    override func pointerMoved(_ event: PointerEvent) {
        if event.location.distance(to: startLocation) > allowableMovement { fail() }
    }

    override func pointerUp(_ event: PointerEvent) {
        if event.location.distance(to: startLocation) > allowableMovement { fail(); return }
        tapCount += 1
        if tapCount >= numberOfTapsRequired {
            end()
        } else {
            releaseTime = event.time
        }
    }

    override func timeAdvanced(to time: Double) {
        guard isTracking else { return }
        if isPressed {
            if time - pressTime > maximumPressDuration { fail() }
        } else if let released = releaseTime, time - released > maximumTapInterval {
            fail()
        }
    }

    override var gestureDeadline: Double? {
        guard isTracking else { return nil }
        if isPressed { return pressTime + maximumPressDuration }
        if let released = releaseTime { return released + maximumTapInterval }
        return nil
    }

    override func resetGesture() {
        tapCount = 0
        releaseTime = nil
    }
}
