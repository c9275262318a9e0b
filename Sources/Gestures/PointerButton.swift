// PointerButton: which mouse button a press uses.
//
// The raw values follow the X11 / terminal numbering (1 left, 2 middle, 3 right) so that a
// recorded `"button": 1` in an input file maps straight onto a case. The wheel is not a button
// here: a notch is a `PointerEvent.Phase.scroll`, because terminals report it as a press with no
// release and no recognizer should ever wait for one.

public enum PointerButton: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case left = 1
    case middle = 2
    case right = 3

    public var description: String {
        switch self {
        case .left: "left"
        case .middle: "middle"
        case .right: "right"
        }
    }
}
