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
    /// A recognizer's state. UIKit: `UIGestureRecognizer.State`.
    public enum State: Sendable, Hashable, CustomStringConvertible {
        /// No gesture recognized yet (the resting state).
        case possible
        /// A continuous gesture has begun (actions run).
        case began
        /// A continuous gesture has changed (actions run).
        case changed
        /// A continuous gesture ended, or a discrete one was recognized (actions run).
        case ended
        /// A continuous gesture was cancelled (actions run).
        case cancelled
        /// The input was not this gesture (no actions run).
        case failed
        /// A discrete gesture that succeeded; the same state as `.ended`, as in UIKit.
        public static let recognized = State.ended

        /// The state's name in lower case, as UIKit spells it: "possible", "began", ...
        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }
    }

    /// A closure run on each transition that runs actions, given the recognizer (UIKit's
    /// target-action pair).
    public typealias Action = (GestureRecognizer) -> Void

    /// The current state. Actions see `.began`, `.changed`, `.ended` or `.cancelled`; outside
    /// them it reads `.possible` or an in-progress `.began` / `.changed`.
    public private(set) var state: State = .possible

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
    public private(set) var isPressed = false

    /// Whether the recognizer is considering input (from an accepted press until it resets).
    public private(set) var isTracking = false

    private var actions: [Action] = []
    private var failureRequirements: [GestureRecognizer] = []
    private var dependents: [WeakRecognizer] = []
    private var lastInputTime: Double = 0
    /// A recognition held back by `require(toFail:)`: `.began` (continuous) or `.ended` (discrete).
    private var pendingState: State?
    /// A continuous gesture whose press ended while its beginning was held back.
    private var pendingEnd = false

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

    /// Makes this recognizer wait until `other` fails before it recognizes; if `other`
    /// recognizes, this one fails.
    public func require(toFail other: GestureRecognizer) {
        precondition(other !== self, "a recognizer cannot require itself to fail")
        guard !failureRequirements.contains(where: { $0 === other }) else { return }
        failureRequirements.append(other)
        other.dependents.append(WeakRecognizer(self))
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

    // MARK: Transitions (called by subclasses)

    /// Continuous: possible → began.
    func begin() {
        precondition(isContinuous, "begin() is for continuous recognizers")
        precondition(state == .possible && pendingState == nil, "begin() from \(state)")
        switch requirementStatus() {
        case .preempted: fail(); return
        case .waiting: pendingState = .began; return
        case .clear: break
        }
        state = .began
        fire()
        dependencyRecognized()
    }

    /// Continuous: began/changed → changed.
    func change() {
        guard pendingState == nil else { return }
        precondition(state == .began || state == .changed, "change() from \(state)")
        state = .changed
        fire()
    }

    /// Continuous: began/changed → ended. Discrete: possible → ended (recognized).
    func end() {
        if pendingState != nil {
            if isContinuous { pendingEnd = true }
            return
        }
        if isContinuous {
            precondition(state == .began || state == .changed, "end() from \(state)")
            state = .ended
            fire()
            finish()
        } else {
            precondition(state == .possible, "end() from \(state)")
            switch requirementStatus() {
            case .preempted: fail(); return
            case .waiting: pendingState = .ended; return
            case .clear: break
            }
            state = .ended
            fire()
            dependencyRecognized()
            finish()
        }
    }

    /// began/changed → cancelled (actions run); from possible this is a failure.
    func cancel() {
        guard pendingState == nil, state == .began || state == .changed else { fail(); return }
        state = .cancelled
        fire()
        finish()
    }

    /// A drag moved a continuous gesture: it changes once begun, and begins once the pointer is
    /// more than `distance` from where it went down.
    func dragMoved(to location: Point, beginningBeyond distance: Double) {
        if hasBegun {
            change()
        } else if location.distance(to: startLocation) > distance {
            begin()
        }
    }

    /// The input of a continuous gesture is over: it ended if it had begun, else it failed.
    func inputEnded() {
        if hasBegun { end() } else { fail() }
    }

    /// → failed (no actions), then back to possible.
    func fail() {
        state = .failed
        finish()
        dependencyFailed()
    }

    // MARK: Private machinery

    /// Ends whatever is in progress without recognizing: used for timeouts and disabling.
    private func abandon() {
        if hasBegun {
            cancel()
        } else if isTracking {
            fail()
        }
    }

    private func fire() {
        let current = actions
        for action in current { action(self) }
    }

    /// Back to possible with no gesture in progress.
    private func finish() {
        state = .possible
        isPressed = false
        isTracking = false
        pendingState = nil
        pendingEnd = false
        resetGesture()
    }

    private enum RequirementStatus { case clear, waiting, preempted }

    private func requirementStatus() -> RequirementStatus {
        var status = RequirementStatus.clear
        for other in failureRequirements where other.isEnabled {
            if other.state == .began || other.state == .changed {
                return .preempted
            }
            if other.isTracking || other.pendingState != nil {
                status = .waiting
            }
        }
        return status
    }

    /// This recognizer recognized: everything waiting for it to fail fails.
    private func dependencyRecognized() {
        for dependent in liveDependents() where dependent.isTracking || dependent.pendingState != nil {
            dependent.fail()
        }
    }

    /// This recognizer failed: whatever was held back on it may now go ahead.
    private func dependencyFailed() {
        for dependent in liveDependents() where dependent.pendingState != nil {
            dependent.resolvePending()
        }
    }

    private func resolvePending() {
        guard let pending = pendingState else { return }
        switch requirementStatus() {
        case .waiting: return
        case .preempted: fail(); return
        case .clear: break
        }
        pendingState = nil
        if pending == .began {
            let endsToo = pendingEnd
            pendingEnd = false
            state = .began
            fire()
            dependencyRecognized()
            if endsToo {
                state = .ended
                fire()
                finish()
            }
        } else {
            state = .ended
            fire()
            dependencyRecognized()
            finish()
        }
    }

    private func liveDependents() -> [GestureRecognizer] {
        dependents.removeAll { $0.recognizer == nil }
        return dependents.compactMap(\.recognizer)
    }
}

/// A non-owning reference, so a recognizer and the ones waiting on it do not keep each other alive.
private struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
    init(_ recognizer: GestureRecognizer) { self.recognizer = recognizer }
}

/// The default press filter of tap, long press, pan and swipe: a left press without Ctrl or Shift.
func isPlainLeftPress(_ button: PointerButton, _ modifiers: PointerModifiers) -> Bool {
    button == .left && modifiers.isDisjoint(with: [.control, .shift])
}
