// PointerButton: which mouse button a press uses.
//
// The raw values follow the X11 / terminal numbering (1 left, 2 middle, 3 right) so that a
// recorded `"button": 1` in an input file maps straight onto a case. The wheel is not a button
// here: a notch is a `PointerEvent.Phase.scroll`, because terminals report it as a press with no
// release and no recognizer should ever wait for one.

/// A mouse button, numbered as terminals report them (1 left, 2 middle, 3 right).
public enum PointerButton: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The primary button.
    case left = 1
    /// The middle button (pressing the wheel).
    case middle = 2
    /// The secondary button.
    case right = 3

    /// "left", "middle" or "right".
    public var description: String {
        switch self {
        case .left: "left"
        case .middle: "middle"
        case .right: "right"
        }
    }
}
