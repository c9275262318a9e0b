// GestureRecognizer: UIKit's recognizer state machine over timed pointer events.
//
// States are UIKit's: possible → (began → changed… → ended | cancelled) for continuous gestures,
// possible → ended (= recognized) for discrete ones, and possible → failed for either. Actions
// (closures standing in for target-action) run on began, changed, ended and cancelled, never on
// failed, and once a gesture has ended, been cancelled or failed the recognizer is back in
// `.possible` before the call that caused it returns.
//
// Time only moves when an event or `advance(to:)` says so. Every event first advances time to
// its own timestamp, so timeouts (a long press beginning, a double tap giving up, a swipe taking
// too long) happen before the event that arrives after them is looked at.
//
// `require(toFail:)` is resolved here rather than in a central place, so it works for a lone
// recognizer as well as under a `GestureRouter`: a recognizer that wants to recognize while a
// recognizer it depends on is still considering the same input holds its result (it stays in
// `.possible`) until that one fails, then recognizes; if that one recognizes instead, it fails.
// A required recognizer that has seen no input at all (disabled, or the press was not for it)
// counts as failed, so nothing waits on a recognizer that is not looking.
//
// Press filtering: each recognizer has `acceptsPress(button, modifiers)`; presses it does not
// accept are invisible to it, whole (down, moves and up). This is how a left drag, a right drag,
// a Ctrl drag and a Shift drag reach different recognizers (see GestureRouter).
//
// Drag timeout: terminals can lose a release (the pointer left the window). While a press is
// held, a recognizer that sees no event for `dragTimeout` seconds (default 2 s) gives up:
// cancelled if it had begun, failed otherwise. A pointer held perfectly still also sends no
// events, so a long press or a grab held motionless for 2 s ends too; owners may raise it.
//
// The class's parts: its states (GestureRecognizer+State), the transitions subclasses call
// (GestureRecognizer+Transitions) and `require(toFail:)` (GestureRecognizer+FailureRequirements);
// their shared stored state is internal to the module so that each part can live in its own file.
//
// A class, because recognizers have identity: actions, routers and failure requirements refer
// to the same recognizer. Subclasses live in this module and override the internal hooks.

import Geometry

/// The state machine every recognizer shares: states, actions, failure requirements, time.
/// UIKit: `UIGestureRecognizer`.
///
/// Feed it ``PointerEvent``s with ``handle(_:)`` and tell it that time passed with
/// ``advance(to:)``; it never reads a clock. Times are in seconds, locations in points. Use
/// one of the subclasses (tap, long press, pan, swipe, rotation, pinch); the class is not open,
/// because its recognition hooks are internal to the module.
public class GestureRecognizer {
    /// A closure run on each transition that runs actions, given the recognizer (UIKit's
    /// target-action pair).
    public typealias Action = (GestureRecognizer) -> Void

    /// The current state. Actions see `.began`, `.changed`, `.ended` or `.cancelled`; outside
    /// them it reads `.possible` or an in-progress `.began` / `.changed`.
    public internal(set) var state: State = .possible

    /// A disabled recognizer ignores input; disabling one mid-gesture cancels (or fails) it.
    public var isEnabled = true {
        didSet { if oldValue && !isEnabled { abandon() } }
    }

    /// Free text for the owner (for example the scene's gesture entry).
    public var name: String?

    /// The pointer's location in points at the last event this recognizer used.
    public internal(set) var location: Point = .zero

    /// Where the press (or the first wheel notch) that started the current gesture happened.
    public internal(set) var startLocation: Point = .zero

    /// Seconds with no event while a button is held after which the gesture is cancelled (if it
    /// began) or fails. Default 2 s.
    public var dragTimeout: Double = 2.0

    /// Which presses this recognizer sees. Each subclass sets its default (see GestureRouter).
    public var acceptsPress: (PointerButton, PointerModifiers) -> Bool

    /// The latest time this recognizer has been told about, in seconds.
    public private(set) var currentTime: Double = -Double.infinity

    /// Whether a press this recognizer accepted is being held.
    public internal(set) var isPressed = false

    /// Whether the recognizer is considering input (from an accepted press until it resets).
    public internal(set) var isTracking = false

    var actions: [Action] = []
    var failureRequirements: [GestureRecognizer] = []
    var dependents: [WeakRecognizer] = []
    var lastInputTime: Double = 0
    /// A recognition held back by `require(toFail:)`: `.began` (continuous) or `.ended` (discrete).
    var pendingState: State?
    /// A continuous gesture whose press ended while its beginning was held back.
    var pendingEnd = false
    /// The router the recognizer is in (GestureRouter.add), for simultaneous recognition.
    weak var router: GestureRouter?
    /// UIKit's delegate method `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`: whether
    /// this recognizer may recognize while `other` does (GestureRecognizer+Simultaneity.swift).
    /// nil, the default, allows every other recognizer (Nudge's rule); `{ _ in false }` is
    /// UIKit's default, one recognizer per press.
    public var shouldRecognizeSimultaneously: ((GestureRecognizer) -> Bool)?

    init(acceptsPress: @escaping (PointerButton, PointerModifiers) -> Bool) {
        self.acceptsPress = acceptsPress
    }

    // MARK: Public API

    /// Adds an action run on began, changed, ended and cancelled.
    public func addTarget(_ action: @escaping Action) {
        actions.append(action)
    }

    /// Removes every action added with ``addTarget(_:)``.
    public func removeAllTargets() {
        actions.removeAll()
    }

    /// Feeds one pointer event. Time first advances to the event's time (times earlier than
    /// `currentTime` are treated as `currentTime`).
    public func handle(_ event: PointerEvent) {
        advance(to: event.time)
        guard isEnabled else { return }
        var event = event
        event.time = Swift.max(event.time, currentTime)
        // A discrete recognition waiting on another recognizer has its answer; it ignores input.
        if pendingState != nil && !isContinuous { return }
        switch event.phase {
        case .down:
            guard !isPressed, acceptsPress(event.button, event.modifiers) else { return }
            pressWillBegin()
            if !isTracking { startLocation = event.location }
            isPressed = true
            isTracking = true
            lastInputTime = event.time
            location = event.location
            pointerDown(event)
        case .move:
            guard isPressed else { return }
            lastInputTime = event.time
            location = event.location
            pointerMoved(event)
        case .up:
            guard isPressed else { return }
            isPressed = false
            location = event.location
            pointerUp(event)
        case .scroll(let direction):
            guard !isPressed, handlesScroll else { return }
            if !isTracking { startLocation = event.location }
            isTracking = true
            location = event.location
            scrolled(event, direction: direction)
        }
    }

    /// Says that time has reached `time` with no new input: timeouts fire here.
    public func advance(to time: Double) {
        precondition(!time.isNaN, "time must be a number")
        guard time > currentTime else { return }
        currentTime = time
        guard isEnabled else { return }
        if pendingState != nil && !isContinuous { return }
        timeAdvanced(to: time)
        if isPressed && time - lastInputTime >= dragTimeout {
            abandon()
        }
    }

    /// The earliest time at which `advance(to:)` may change this recognizer's state with no new
    /// input (a timeout), or nil when only input can. Advancing to any time after it is enough.
    public var nextDeadline: Double? {
        guard isEnabled else { return nil }
        if pendingState != nil && !isContinuous { return nil }
        var deadlines: [Double] = []
        if let d = gestureDeadline { deadlines.append(d) }
        if isPressed { deadlines.append(lastInputTime + dragTimeout) }
        return deadlines.min()
    }

    // MARK: Subclass hooks (override in this module)

    /// Continuous gestures go began → changed → ended; discrete ones go straight to ended.
    var isContinuous: Bool { false }
    /// Whether wheel notches reach `scrolled`.
    var handlesScroll: Bool { false }
    /// The subclass's own next timeout, if any.
    var gestureDeadline: Double? { nil }

    func pressWillBegin() {}
    func pointerDown(_ event: PointerEvent) {}
    func pointerMoved(_ event: PointerEvent) {}
    func pointerUp(_ event: PointerEvent) {}
    func scrolled(_ event: PointerEvent, direction: PointerEvent.ScrollDirection) {}
    func timeAdvanced(to time: Double) {}
    /// Clears the subclass's per-gesture state; called whenever the recognizer returns to possible.
    func resetGesture() {}

    /// True once the gesture has begun or its beginning is only held back by `require(toFail:)`.
    var hasBegun: Bool {
        state == .began || state == .changed || pendingState != nil
    }
}

/// The default press filter of tap, long press, pan and swipe: a left press without Ctrl or Shift.
func isPlainLeftPress(_ button: PointerButton, _ modifiers: PointerModifiers) -> Bool {
    button == .left && modifiers.isDisjoint(with: [.control, .shift])
}
