// RotationGestureRecognizer: UIKit's two-finger rotation, done with one mouse pointer.
//
// A right-button drag, or a Ctrl + left drag, turns around a pivot the owner supplies (usually
// the center of the item under the press): set `pivot` before the press, or give
// `pivotProvider`, which is asked at the press with the press location. `rotation` is the angle
// the pointer has swept around the pivot since the press, in radians, clockwise positive on
// screen (y points down, so atan2 angles grow clockwise). It is accumulated from small steps, so
// it runs continuously past ±π (a three-quarter turn reads 3π/2, not −π/2), and it includes the
// sweep before the gesture began, so an item turned by it stays under the pointer.
//
// Begins once the pointer has moved more than `hysteresis` (10 pt) from the press; ends on
// release. Samples within `minimumRadius` (5 pt) of the pivot do not change the angle (the
// direction from the pivot is meaningless there). Setting `rotation` rebases it and zeroes
// `velocity` (rad/s over the last 0.1 s), as UIKit does.

import Geometry

/// A continuous rotation around a pivot, from a right drag or a Ctrl + left drag.
/// UIKit: `UIRotationGestureRecognizer`.
///
/// ``rotation`` is the angle in radians the pointer has swept around ``pivot`` since the press,
/// clockwise positive on screen, continuous past ±π.
public final class RotationGestureRecognizer: GestureRecognizer {
    /// The point the rotation is measured around, in points.
    public var pivot: Point = .zero
    /// If set, called at each press with its location; its result becomes `pivot`.
    public var pivotProvider: ((Point) -> Point)?
    /// Points the pointer must move (strictly more than this) before the gesture begins.
    public var hysteresis: Double = 10
    /// Points from the pivot within which samples are ignored.
    public var minimumRadius: Double = 5

    private var swept: Double = 0
    private var rotationOffset: Double = 0
    private var lastAngle: Double?
    private var sampler = MotionSampler()

    /// A rotation for right presses and Ctrl + left presses, beginning after 10 pt.
    public init() {
        super.init(acceptsPress: { button, modifiers in
            button == .right || (button == .left && modifiers.contains(.control))
        })
    }

    override var isContinuous: Bool { true }

    /// Radians swept clockwise around `pivot` since the press (or since it was last set).
    public var rotation: Double {
        get { swept + rotationOffset }
        set {
            rotationOffset = newValue - swept
            sampler.reset(time: currentTime, value: Vector(newValue, 0))
        }
    }

    /// Radians per second, over the last 0.1 s.
    public var velocity: Double {
        isTracking ? sampler.velocity(at: currentTime).x : 0
    }

    override func pointerDown(_ event: PointerEvent) {
        if let provider = pivotProvider { pivot = provider(event.location) }
        swept = 0
        rotationOffset = 0
        lastAngle = nil
        track(event.location)
        sampler.reset(time: event.time, value: Vector(rotation, 0))
    }

    override func pointerMoved(_ event: PointerEvent) {
        track(event.location)
        sampler.add(time: event.time, value: Vector(rotation, 0))
        dragMoved(to: event.location, beginningBeyond: hysteresis)
    }

    override func pointerUp(_ event: PointerEvent) {
        track(event.location)
        sampler.add(time: event.time, value: Vector(rotation, 0))
        inputEnded()
    }

    override func resetGesture() {
        swept = 0
        rotationOffset = 0
        lastAngle = nil
    }

    private func track(_ location: Point) {
        let radius = location - pivot
        guard radius.length >= minimumRadius else { return }
        let angle = radius.angle
        if let last = lastAngle { swept += Angle.difference(from: last, to: angle) }
        lastAngle = angle
    }
}
