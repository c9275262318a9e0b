// LongPressGestureRecognizer: UIKit's continuous long press.
//
// Begins once the press has been held `minimumPressDuration` (0.5 s) without moving more than
// `allowableMovement` (10 pt) from where it went down; moving further before that fails it.
// Once begun, movement is free and reports changed; the release ends it. The beginning comes
// from time alone, so the owner must keep calling `advance(to:)` while a press is held (a still
// mouse sends nothing). Note the drag timeout (GestureRecognizer): a long press held perfectly
// still is cancelled `dragTimeout` seconds after the last event.

import Geometry

/// A continuous gesture that begins when a left press is held still for
/// ``minimumPressDuration`` seconds. UIKit: `UILongPressGestureRecognizer`.
///
/// The owner must keep calling ``GestureRecognizer/advance(to:)`` while a press is held, since
/// a still mouse sends no events.
public final class LongPressGestureRecognizer: GestureRecognizer {
    /// Seconds the press must be held before the gesture begins.
    public var minimumPressDuration: Double = 0.5
    /// Points the pointer may move before the gesture begins.
    public var allowableMovement: Double = 10
    /// Simultaneous touches; a mouse provides exactly one.
    public var numberOfTouchesRequired: Int = 1

    private var pressTime: Double = 0

    /// A long press of 0.5 s within 10 pt, for a left press without Ctrl or Shift.
    public init() {
        super.init(acceptsPress: isPlainLeftPress)
    }

    override var isContinuous: Bool { true }

    override func pointerDown(_ event: PointerEvent) {
        guard numberOfTouchesRequired == 1 else { fail(); return }
        pressTime = event.time
    }

    override func pointerMoved(_ event: PointerEvent) {
        if hasBegun {
            change()
        } else if event.location.distance(to: startLocation) > allowableMovement {
            fail()
        }
    }

    override func pointerUp(_ event: PointerEvent) {
        inputEnded()
    }

    override func timeAdvanced(to time: Double) {
        if isPressed && !hasBegun && time - pressTime >= minimumPressDuration {
            begin()
        }
    }

    override var gestureDeadline: Double? {
        isPressed && !hasBegun ? pressTime + minimumPressDuration : nil
    }
}
