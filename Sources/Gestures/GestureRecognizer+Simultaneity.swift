// GestureRecognizer's simultaneous recognition: UIKit's
// `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`, among the recognizers of one router.
//
// UIKit lets one recognizer recognize a touch at a time unless a delegate allows two together;
// Nudge's router lets every recognizer recognize (docs/gestures.md), which is what a recognizer
// whose `shouldRecognizeSimultaneously` is nil says. Two recognizers may recognize at once when
// either one allows the other (UIKit asks both delegates, and one yes is enough). When one
// recognizes (a discrete one recognizes, a continuous one begins):
//   - if another that it may not share the input with has begun already, it fails instead;
//   - every other it may not share the input with, still considering the input, fails (so a
//     pan that recognizes first stops the long press on the same press, and the reverse).
// A recognizer held back by `require(toFail:)` is asked when it is released, not before.

extension GestureRecognizer {
    /// Whether `self` and `other` may recognize at the same time: either one allows the other.
    func recognizesSimultaneously(with other: GestureRecognizer) -> Bool {
        (shouldRecognizeSimultaneously?(other) ?? true) || (other.shouldRecognizeSimultaneously?(self) ?? true)
    }

    /// No recognizer this one may not share the input with has begun.
    func mayRecognizeAlongsideOthers() -> Bool {
        guard let router else { return true }
        return !router.recognizers.contains { other in
            other !== self && (other.state == .began || other.state == .changed) && !recognizesSimultaneously(with: other)
        }
    }

    /// This one recognizes: the others it may not share the input with, still considering the
    /// input, fail.
    func stopRivals() {
        guard let router else { return }
        let rivals = router.recognizers.filter { other in
            other !== self && other.state == .possible && (other.isTracking || other.pendingState != nil)
                && !recognizesSimultaneously(with: other)
        }
        // Failing one may release another waiting on it, which then asks again (and finds this one begun).
        for other in rivals where other.state == .possible && (other.isTracking || other.pendingState != nil) { other.fail() }
    }
}
