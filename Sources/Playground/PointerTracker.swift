// PointerTracker: the terminal's mouse reports as the pointer events recognizers expect.
//
// A terminal reports presses, releases, motion and wheel notches per cell, and may lose a
// release (the pointer left the window). The tracker keeps the button it believes held, as the
// terminal does not: a press while another is held first ends that one (`.up`), motion with no
// button while one was believed held means its release was lost (`.up` there), and a release,
// drag or motion with nothing held is no pointer event at all. Where the report lands in the
// scene and when are the caller's (the viewport and the session's clock).
import Geometry
import Gestures
import TerminalUI

struct PointerTracker {
    /// The button pressed and not yet released, as far as the reports tell.
    private(set) var heldButton: PointerButton?

    /// Forgets the held button (a new scene starts with none).
    mutating func reset() { heldButton = nil }

    /// The pointer events `mouse`, landing at `point` at `time`, stands for; nil when it stands
    /// for none (a release, drag or motion with nothing held, or a press of no button).
    mutating func events(for mouse: MouseEvent, at point: Point, time: Double) -> [PointerEvent]? {
        var modifiers: PointerModifiers = []
        if mouse.modifiers.contains(.shift) { modifiers.insert(.shift) }
        if mouse.modifiers.contains(.control) { modifiers.insert(.control) }
        if mouse.modifiers.contains(.alt) { modifiers.insert(.alt) }
        var events: [PointerEvent] = []
        switch mouse.kind {
        case .press:
            guard let button = PointerButton(mouse.button) else { return nil }
            if let held = heldButton { events.append(.up(point, time: time, button: held, modifiers: modifiers)) }
            heldButton = button
            events.append(.down(point, time: time, button: button, modifiers: modifiers))
        case .release:
            guard let held = heldButton else { return nil }
            heldButton = nil
            events.append(.up(point, time: time, button: held, modifiers: modifiers))
        case .drag:
            guard let held = heldButton else { return nil }
            events.append(.move(point, time: time, button: held, modifiers: modifiers))
        case .move:
            // Motion with no button while we believed one held: the release was lost.
            guard let held = heldButton else { return nil }
            heldButton = nil
            events.append(.up(point, time: time, button: held, modifiers: modifiers))
        case .scrollUp:
            events.append(.scroll(.up, at: point, time: time, modifiers: modifiers))
        case .scrollDown:
            events.append(.scroll(.down, at: point, time: time, modifiers: modifiers))
        }
        return events
    }
}

extension PointerButton {
    init?(_ button: MouseEvent.Button) {
        switch button {
        case .left: self = .left
        case .middle: self = .middle
        case .right: self = .right
        case .none: return nil
        }
    }
}
