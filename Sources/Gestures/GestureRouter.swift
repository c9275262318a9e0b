// GestureRouter: the ordered set of recognizers that one pointer feeds.
//
// UIKit hit-tests a view and hands touches to the recognizers of that view and its ancestors;
// Nudge has no views, so a router owns an ordered list and gives every event and every time
// advance to each recognizer, in order. Time first advances for all recognizers and only then is
// the event delivered, so a timeout that falls before an event (a double tap giving up, which
// releases the single tap waiting on it) is settled before anyone sees that event.
//
// Who gets which input (the rule for a drag when pan, swipe and rotation all exist):
// - tap, long press, pan and swipe take left presses without Ctrl or Shift (Alt is allowed);
// - rotation takes right presses and Ctrl + left presses;
// - pinch takes the wheel and Shift + left presses;
// - the middle button belongs to nobody by default.
// (Each recognizer's `acceptsPress` can be replaced.) Unlike UIKit, whose default lets only one
// recognizer recognize per touch unless a delegate allows more, every recognizer that accepts an
// input sees all of it and may recognize: a pan and a swipe on the same left drag both report.
// That is safe for the built-in set because their thresholds already exclude each other where
// it matters: a tap fails past 10 pt exactly when a pan begins, and fails after 0.5 s exactly
// when a long press begins. To make one recognizer wait for another, use `require(toFail:)`; the
// recognizers resolve it among themselves as events and time arrive.

import Geometry

/// An ordered set of recognizers fed by one pointer: every event and every time advance goes to
/// each of them, in order. It stands in for UIKit's hit-testing of views, which Nudge has none of.
///
/// Every recognizer that accepts an input sees all of it and may recognize; use
/// ``GestureRecognizer/require(toFail:)`` to make one wait for another.
public final class GestureRouter {
    /// The recognizers, in the order they receive events.
    public private(set) var recognizers: [GestureRecognizer]
    /// The latest time the router has been told about.
    public private(set) var currentTime: Double = -Double.infinity

    /// A router for `recognizers`, in that order (each at most once).
    public init(_ recognizers: [GestureRecognizer] = []) {
        self.recognizers = []
        for r in recognizers { add(r) }
    }

    /// Appends a recognizer; it sees events from now on.
    public func add(_ recognizer: GestureRecognizer) {
        precondition(!recognizers.contains { $0 === recognizer }, "recognizer added twice")
        recognizers.append(recognizer)
        recognizer.router = self
    }

    /// Removes a recognizer, cancelling (or failing) any gesture it has in progress.
    public func remove(_ recognizer: GestureRecognizer) {
        guard let index = recognizers.firstIndex(where: { $0 === recognizer }) else { return }
        recognizers.remove(at: index)
        recognizer.router = nil
        if recognizer.isEnabled {
            recognizer.isEnabled = false
            recognizer.isEnabled = true
        }
    }

    /// Removes every recognizer, cancelling what is in progress.
    public func removeAll() {
        for r in recognizers { remove(r) }
    }

    /// Advances time for every recognizer, then delivers the event to each in order.
    public func handle(_ event: PointerEvent) {
        advance(to: event.time)
        for recognizer in recognizers {
            recognizer.handle(event)
        }
    }

    /// Says that time has reached `time` with no input.
    public func advance(to time: Double) {
        precondition(!time.isNaN, "time must be a number")
        guard time > currentTime else { return }
        currentTime = time
        for recognizer in recognizers {
            recognizer.advance(to: time)
        }
    }

    /// The earliest time at which advancing may change some recognizer with no new input; nil
    /// when only input can. A frame loop may sleep until just after it.
    public var nextDeadline: Double? {
        recognizers.compactMap(\.nextDeadline).min()
    }

    /// Whether any recognizer is in the middle of a gesture or considering input.
    public var isTracking: Bool {
        recognizers.contains { $0.isTracking }
    }
}
