// PointerEvent: one mouse report, carrying its own time.
//
// The Gestures module never reads a clock: every event says when it happened (seconds, any
// origin, non-decreasing), and "time passed with no input" is said separately with
// `GestureRecognizer.advance(to:)` / `GestureRouter.advance(to:)`. That keeps the recognizers
// deterministic, so a recorded session replays exactly and tests script time instead of sleeping.
//
// A mouse has one pointer, so an event is a single location in points (y down). For `.move` and
// `.up`, `button` names the button that is held (or released); X10 terminal encodings cannot say
// which button was released, so recognizers treat any `.up` as the end of the press they track.
// Moves with no button held (hover) may be sent; recognizers ignore them.

import Geometry

/// One mouse report: what happened, where (points, y down), when (seconds) and with which button
/// and modifiers. UIKit's counterpart is a `UITouch` at one moment of its life.
public struct PointerEvent: Sendable, Hashable, CustomStringConvertible {
    /// A wheel notch's direction. Up is away from the user (scroll up).
    public enum ScrollDirection: Sendable, Hashable {
        /// Away from the user.
        case up
        /// Toward the user.
        case down
    }

    /// What the pointer did. UIKit: `UITouch.Phase`.
    public enum Phase: Sendable, Hashable {
        /// A button went down (UIKit: `began`).
        case down
        /// The pointer moved, with or without a button held (UIKit: `moved`).
        case move
        /// A button was released (UIKit: `ended`).
        case up
        /// One wheel notch. Terminals report notches as presses that are never released.
        case scroll(ScrollDirection)
    }

    /// What happened.
    public var phase: Phase
    /// The button pressed, held or released (`.middle` for a wheel notch).
    public var button: PointerButton
    /// The modifier keys held.
    public var modifiers: PointerModifiers
    /// When the event happened, in seconds.
    public var time: Double
    /// Where the pointer is, in points.
    public var location: Point

    /// An event of `phase` at `location` (points) at `time` (seconds); both must be finite.
    public init(
        _ phase: Phase, at location: Point, time: Double,
        button: PointerButton = .left, modifiers: PointerModifiers = []
    ) {
        precondition(time.isFinite, "PointerEvent time must be finite, got \(time)")
        precondition(location.isFinite, "PointerEvent location must be finite, got \(location)")
        self.phase = phase
        self.location = location
        self.time = time
        self.button = button
        self.modifiers = modifiers
    }

    /// A press of `button` at `location` (points) at `time` (seconds).
    public static func down(
        _ location: Point, time: Double, button: PointerButton = .left, modifiers: PointerModifiers = []
    ) -> PointerEvent {
        PointerEvent(.down, at: location, time: time, button: button, modifiers: modifiers)
    }

    /// A move to `location` (points) at `time` (seconds) with `button` held.
    public static func move(
        _ location: Point, time: Double, button: PointerButton = .left, modifiers: PointerModifiers = []
    ) -> PointerEvent {
        PointerEvent(.move, at: location, time: time, button: button, modifiers: modifiers)
    }

    /// A release of `button` at `location` (points) at `time` (seconds).
    public static func up(
        _ location: Point, time: Double, button: PointerButton = .left, modifiers: PointerModifiers = []
    ) -> PointerEvent {
        PointerEvent(.up, at: location, time: time, button: button, modifiers: modifiers)
    }

    /// One wheel notch in `direction` at `location` (points) at `time` (seconds).
    public static func scroll(
        _ direction: ScrollDirection, at location: Point, time: Double, modifiers: PointerModifiers = []
    ) -> PointerEvent {
        // `button` means nothing for a notch; it is set to the wheel's own button, middle.
        PointerEvent(.scroll(direction), at: location, time: time, button: .middle, modifiers: modifiers)
    }

    /// For example `down left at (3.0, 4.0) t=0.5`.
    public var description: String {
        let what: String
        switch phase {
        case .down: what = "down \(button)"
        case .move: what = "move \(button)"
        case .up: what = "up \(button)"
        case .scroll(let d): what = "scroll \(d)"
        }
        return "\(what) at \(location) t=\(time)"
    }
}
