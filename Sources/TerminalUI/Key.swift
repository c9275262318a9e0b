// Key: a key press as the app sees it, after the driver has decoded escape sequences.
//
// Control characters that have their own meaning get their own cases (Tab, Enter, Escape,
// Backspace, Ctrl-C, Ctrl-Z); the terminal is in raw mode, so Ctrl-C and Ctrl-Z arrive as keys
// and the app decides what they do (quit; suspend). Other control letters are `.control("x")`.

public enum Key: Hashable, Sendable, CustomStringConvertible {
    case character(Character)
    case tab
    case backTab
    case escape
    case enter
    case backspace
    case delete
    case up, down, left, right
    case home, end, pageUp, pageDown
    /// F1...F12 as 1...12.
    case function(Int)
    case ctrlC
    case ctrlZ
    /// Another control letter, lower case ("a" for Ctrl-A).
    case control(Character)

    /// The key a single byte (or scalar) stands for in raw mode.
    public init(scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x03: self = .ctrlC
        case 0x1a: self = .ctrlZ
        case 0x09: self = .tab
        case 0x0a, 0x0d: self = .enter
        case 0x1b: self = .escape
        case 0x08, 0x7f: self = .backspace
        case 0x01...0x1a: self = .control(Character(Unicode.Scalar(scalar.value + 0x60)!))
        default: self = .character(Character(scalar))
        }
    }

    public var description: String {
        switch self {
        case .character(let c): return String(c)
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .escape: return "Esc"
        case .enter: return "Enter"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PageUp"
        case .pageDown: return "PageDown"
        case .function(let n): return "F\(n)"
        case .ctrlC: return "Ctrl-C"
        case .ctrlZ: return "Ctrl-Z"
        case .control(let c): return "Ctrl-\(c.uppercased())"
        }
    }
}
