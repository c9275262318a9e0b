// PinchGestureRecognizer: UIKit's two-finger pinch, done with a wheel or a Shift drag.
//
// `scale` is absolute and starts at 1, as in UIKit; `velocity` is scale per second over the
// last 0.1 s. Two inputs drive it (docs/gestures.md):
// - The wheel: each notch multiplies the scale by `wheelFactor` (1.1) going up and divides by it
//   going down. The first notch begins the gesture (scale 1.1 or 1/1.1), later notches report
//   changed, and it ends once `wheelQuietTime` (0.3 s) passes with no notch; a wheel has no
//   release, so the owner must keep calling `advance(to:)`.
// - A Shift + left drag: scale = 2^(−Δy / `dragPointsPerDoubling`), Δy the vertical movement
//   since the press (100 pt up doubles, 100 pt down halves; horizontal movement is ignored).
//   It begins after `hysteresis` (10 pt) of movement and ends on release. Many terminals keep
//   Shift-clicks for text selection, so the wheel is the dependable input.
// A press that arrives during a wheel gesture ends the wheel gesture first; notches during a
// drag are ignored. Setting `scale` rebases it and zeroes the velocity.

import Geometry

/// A continuous scale gesture from the mouse wheel or a Shift + left drag.
/// UIKit: `UIPinchGestureRecognizer`.
///
/// `scale` starts at 1: each wheel notch up multiplies it by ``wheelFactor``; a Shift-drag
/// doubles it for every ``dragPointsPerDoubling`` points upward.
public final class PinchGestureRecognizer: GestureRecognizer {
    /// The factor one wheel notch up multiplies the scale by (down divides by it).
    public var wheelFactor: Double = 1.1
    /// Seconds without a notch after which a wheel pinch ends.
    public var wheelQuietTime: Double = 0.3
    /// Points of upward Shift-drag that double the scale.
    public var dragPointsPerDoubling: Double = 100
    /// Points a Shift-drag must move (strictly more than this) before the gesture begins.
    public var hysteresis: Double = 10

    private enum Input { case none, wheel, drag }
    private var input = Input.none
    private var rawScale: Double = 1
    private var scaleFactor: Double = 1
    private var lastNotchTime: Double = 0
    private var sampler = MotionSampler()

    /// A pinch for the wheel and for Shift + left presses (without Ctrl).
    public init() {
        super.init(acceptsPress: { button, modifiers in
            button == .left && modifiers.contains(.shift) && !modifiers.contains(.control)
        })
    }

    override var isContinuous: Bool { true }
    override var handlesScroll: Bool { true }

    /// The scale since the gesture began: 1 at the start.
    public var scale: Double {
        get { rawScale * scaleFactor }
        set {
            precondition(newValue > 0 && newValue.isFinite, "scale must be positive, got \(newValue)")
            scaleFactor = newValue / rawScale
            sampler.reset(time: currentTime, value: Vector(newValue, 0))
        }
    }

    /// Scale per second, over the last 0.1 s.
    public var velocity: Double {
        isTracking ? sampler.velocity(at: currentTime).x : 0
    }

    override func pressWillBegin() {
        if input == .wheel {
            inputEnded()
        }
    }

    override func scrolled(_ event: PointerEvent, direction: PointerEvent.ScrollDirection) {
        if input == .none {
            input = .wheel
            sampler.reset(time: event.time, value: Vector(scale, 0))
        }
        rawScale *= direction == .up ? wheelFactor : 1 / wheelFactor
        lastNotchTime = event.time
        sampler.add(time: event.time, value: Vector(scale, 0))
        if hasBegun { change() } else { begin() }
    }

    override func pointerDown(_ event: PointerEvent) {
        input = .drag
        sampler.reset(time: event.time, value: Vector(scale, 0))
    }

    override func pointerMoved(_ event: PointerEvent) {
        rawScale = dragScale(at: event.location)
        sampler.add(time: event.time, value: Vector(scale, 0))
        dragMoved(to: event.location, beginningBeyond: hysteresis)
    }

    override func pointerUp(_ event: PointerEvent) {
        rawScale = dragScale(at: event.location)
        sampler.add(time: event.time, value: Vector(scale, 0))
        inputEnded()
    }

    override func timeAdvanced(to time: Double) {
        if input == .wheel && isTracking && time - lastNotchTime >= wheelQuietTime {
            inputEnded()
        }
    }

    override var gestureDeadline: Double? {
        input == .wheel && isTracking ? lastNotchTime + wheelQuietTime : nil
    }

    override func resetGesture() {
        input = .none
        rawScale = 1
        scaleFactor = 1
    }

    private func dragScale(at location: Point) -> Double {
        let rise = startLocation.y - location.y
        return pow(2, rise / dragPointsPerDoubling)
    }
}
