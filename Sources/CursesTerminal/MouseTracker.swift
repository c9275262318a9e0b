// MouseTracker: turns raw mouse reports into press / drag / move / release events.
//
// Terminals (and ncurses' getmouse) report motion without saying which button is down: a drag
// arrives as "the pointer moved" with no button bit. The tracker remembers the button pressed
// last and calls motion a drag while it is held. A release that names no button (X10 encoding)
// releases the held one. Wheel notches are presses of buttons 4 and 5 with no release.

import TerminalUI

/// One mouse report before button tracking, from ncurses' MEVENT or a raw escape sequence.
public struct MouseReport: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        case press(MouseEvent.Button)
        /// A release; nil when the encoding does not say which button.
        case release(MouseEvent.Button?)
        case motion
        case wheelUp
        case wheelDown
    }
    public var action: Action
    public var modifiers: Modifiers
    public var column: Int
    public var row: Int

    public init(action: Action, modifiers: Modifiers = [], column: Int, row: Int) {
        self.action = action; self.modifiers = modifiers; self.column = column; self.row = row
    }
}

public struct MouseTracker: Hashable, Sendable {
    /// The button held now, or `.none`.
    public private(set) var heldButton: MouseEvent.Button = .none

    public init() {}

    public mutating func event(for report: MouseReport) -> MouseEvent {
        let m = report.modifiers, c = report.column, r = report.row
        switch report.action {
        case .press(let b):
            heldButton = b
            return MouseEvent(kind: .press, button: b, modifiers: m, column: c, row: r)
        case .release(let b):
            let button = b ?? (heldButton == .none ? .left : heldButton)
            heldButton = .none
            return MouseEvent(kind: .release, button: button, modifiers: m, column: c, row: r)
        case .motion:
            if heldButton == .none { return MouseEvent(kind: .move, button: .none, modifiers: m, column: c, row: r) }
            return MouseEvent(kind: .drag, button: heldButton, modifiers: m, column: c, row: r)
        case .wheelUp:
            return MouseEvent(kind: .scrollUp, button: .none, modifiers: m, column: c, row: r)
        case .wheelDown:
            return MouseEvent(kind: .scrollDown, button: .none, modifiers: m, column: c, row: r)
        }
    }

    /// Forgets the held button (focus lost, terminal re-entered).
    public mutating func reset() { heldButton = .none }
}
