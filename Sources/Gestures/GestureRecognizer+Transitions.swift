// GestureRecognizer's transitions: the calls a subclass makes as it recognizes (begin, change,
// end, cancel, fail), and the bookkeeping each one does.
//
// Every transition that would recognize first asks the failure requirements
// (GestureRecognizer+FailureRequirements): a recognizer still considering the same input holds
// the recognition back (`pendingState`), one that has begun pre-empts it. Actions run on began,
// changed, ended and cancelled, never on failed, and `finish` puts the recognizer back in
// `.possible` before the call that ended the gesture returns.

import Geometry

extension GestureRecognizer {
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
        guard mayRecognizeAlongsideOthers() else { fail(); return }
        state = .began
        stopRivals()
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
            guard mayRecognizeAlongsideOthers() else { fail(); return }
            state = .ended
            stopRivals()
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
    func abandon() {
        if hasBegun {
            cancel()
        } else if isTracking {
            fail()
        }
    }

    func fire() {
        let current = actions
        for action in current { action(self) }
    }

    /// Back to possible with no gesture in progress.
    func finish() {
        state = .possible
        isPressed = false
        isTracking = false
        pendingState = nil
        pendingEnd = false
        resetGesture()
    }
}
