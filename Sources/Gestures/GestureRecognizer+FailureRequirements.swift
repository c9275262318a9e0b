// GestureRecognizer's failure requirements: `require(toFail:)`, resolved by the recognizers
// themselves rather than by a central place, so it works for a lone recognizer as well as under a
// GestureRouter.
//
// A recognizer that would recognize while one it depends on still considers the same input holds
// its result (it stays in `.possible`) until that one fails, then recognizes; if that one
// recognizes instead, it fails. A required recognizer that has seen no input (disabled, or the
// press was not for it) counts as failed. Dependents are held weakly, so a recognizer and the
// ones waiting on it do not keep each other alive.

extension GestureRecognizer {
    /// Makes this recognizer wait until `other` fails before it recognizes; if `other`
    /// recognizes, this one fails.
    public func require(toFail other: GestureRecognizer) {
        precondition(other !== self, "a recognizer cannot require itself to fail")
        guard !failureRequirements.contains(where: { $0 === other }) else { return }
        failureRequirements.append(other)
        other.dependents.append(WeakRecognizer(self))
    }

    enum RequirementStatus { case clear, waiting, preempted }

    func requirementStatus() -> RequirementStatus {
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
    func dependencyRecognized() {
        for dependent in liveDependents() where dependent.isTracking || dependent.pendingState != nil {
            dependent.fail()
        }
    }

    /// This recognizer failed: whatever was held back on it may now go ahead.
    func dependencyFailed() {
        for dependent in liveDependents() where dependent.pendingState != nil {
            dependent.resolvePending()
        }
    }

    func resolvePending() {
        guard let pending = pendingState else { return }
        switch requirementStatus() {
        case .waiting: return
        case .preempted: fail(); return
        case .clear: break
        }
        guard mayRecognizeAlongsideOthers() else { fail(); return }
        pendingState = nil
        if pending == .began {
            let endsToo = pendingEnd
            pendingEnd = false
            state = .began
            stopRivals()
            fire()
            dependencyRecognized()
            if endsToo {
                state = .ended
                fire()
                finish()
            }
        } else {
            state = .ended
            stopRivals()
            fire()
            dependencyRecognized()
            finish()
        }
    }

    func liveDependents() -> [GestureRecognizer] {
        dependents.removeAll { $0.recognizer == nil }
        return dependents.compactMap(\.recognizer)
    }
}

/// A non-owning reference, so a recognizer and the ones waiting on it do not keep each other alive.
struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
    init(_ recognizer: GestureRecognizer) { self.recognizer = recognizer }
}
