// PanGestureRecognizer: UIKit's continuous pan (drag), for the left button.
//
// Begins once the pointer has moved more than `hysteresis` (10 pt) from the press, reports
// changed on every move and ends on release. There are no views, so translation and velocity
// are in the screen's points: `translation()`, `setTranslation(_:)`, `velocity()`.
//
// Translation is cumulative and measured from the press, so at began it already holds the
// 10-odd points moved to get there: whatever follows the translation stays under the pointer.
// `setTranslation(_:)` rebases it (UIKit's idiom for incremental use) and, as in UIKit, resets
// the velocity. Velocity is the displacement over the last 0.1 s (MotionSampler), in pt/s.

import Geometry

/// A continuous drag with the left button. UIKit: `UIPanGestureRecognizer`.
///
/// Begins once the pointer has moved more than ``hysteresis`` points from the press, reports
/// changed on every move and ends on release. ``translation()`` is measured from the press.
public final class PanGestureRecognizer: GestureRecognizer {
    /// Points the pointer must move (strictly more than this) before the pan begins.
    public var hysteresis: Double = 10

    private var translationOrigin: Point = .zero
    private var sampler = MotionSampler()

    /// A pan for left presses without Ctrl or Shift, beginning after 10 pt.
    public init() {
        super.init(acceptsPress: isPlainLeftPress)
    }

    override var isContinuous: Bool { true }

    /// The pointer's movement since the press (or since the last `setTranslation`), in points.
    public func translation() -> Vector {
        isTracking ? location - translationOrigin : .zero
    }

    /// Makes the current translation read `translation`, and zeroes the velocity.
    public func setTranslation(_ translation: Vector) {
        translationOrigin = location - translation
        sampler.reset(time: currentTime, value: location)
    }

    /// The pointer's recent velocity in points per second.
    public func velocity() -> Vector {
        isTracking ? sampler.velocity(at: currentTime) : .zero
    }

    override func pointerDown(_ event: PointerEvent) {
        translationOrigin = event.location
        sampler.reset(time: event.time, value: event.location)
    }

    override func pointerMoved(_ event: PointerEvent) {
        sampler.add(time: event.time, value: event.location)
        dragMoved(to: event.location, beginningBeyond: hysteresis)
    }

    override func pointerUp(_ event: PointerEvent) {
        sampler.add(time: event.time, value: event.location)
        inputEnded()
    }
}
