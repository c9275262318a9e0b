// GestureRecognizer.State: UIKit's recognizer states, with UIKit's names.
//
// Continuous gestures go possible → began → changed… → ended or cancelled; discrete ones go
// possible → ended (`recognized`); either may go possible → failed. The machine that moves
// between them is GestureRecognizer's.

extension GestureRecognizer {
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
}
