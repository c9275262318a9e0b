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

public struct PointerEvent: Sendable, Hashable, CustomStringConvertible {
    /// A wheel notch's direction. Up is away from the user (scroll up).
    public enum ScrollDirection: Sendable, Hashable {
        case up, down
    }

    public enum Phase: Sendable, Hashable {
        case down
        case move
        case up
        /// One wheel notch. Terminals report notches as presses that are never released.
        case scroll(ScrollDirection)
    }

    public var phase: Phase
    public var button: PointerButton
    public var modifiers: PointerModifiers
    /// When the event happened, in seconds.
    public var time: Double
    /// Where the pointer is, in points.
    public var location: Point

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

    public static func down(
        _ location: Point, time: Double, button: PointerButton = .left, modifiers: PointerModifiers = []
    ) -> PointerEvent {
        PointerEvent(.down, at: location, time: time, button: button, modifiers: modifiers)
    }

    public static func move(
        _ location: Point, time: Double, button: PointerButton = .left, modifiers: PointerModifiers = []
    ) -> PointerEvent {
        PointerEvent(.move, at: location, time: time, button: button, modifiers: modifiers)
    }

    public static func up(
        _ location: Point, time: Double, button: PointerButton = .left, modifiers: PointerModifiers = []
    ) -> PointerEvent {
        PointerEvent(.up, at: location, time: time, button: button, modifiers: modifiers)
    }

    public static func scroll(
        _ direction: ScrollDirection, at location: Point, time: Double, modifiers: PointerModifiers = []
    ) -> PointerEvent {
        // `button` means nothing for a notch; it is set to the wheel's own button, middle.
        PointerEvent(.scroll(direction), at: location, time: time, button: .middle, modifiers: modifiers)
    }

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
