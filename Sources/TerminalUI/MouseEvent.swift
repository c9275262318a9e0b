// MouseEvent: one mouse report in cell coordinates, as the driver decoded it.
//
// Terminals report cells, not points; the app converts (column + 0.5, row + 0.5) × cell size to
// points before feeding gesture recognizers. `drag` is motion with a button held (the driver
// tracks which), `move` motion with none; wheel notches are `scrollUp` / `scrollDown` with no
// release.

public struct MouseEvent: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable { case press, release, drag, move, scrollUp, scrollDown }
    public enum Button: Int, Hashable, Sendable { case none = 0, left = 1, middle = 2, right = 3 }

    public var kind: Kind
    public var button: Button
    public var modifiers: Modifiers
    /// 0-based cell column and row; may lie outside the window (terminals do not clip).
    public var column: Int
    public var row: Int

    public init(kind: Kind, button: Button = .left, modifiers: Modifiers = [], column: Int, row: Int) {
        self.kind = kind; self.button = button; self.modifiers = modifiers; self.column = column; self.row = row
    }

    public var description: String {
        "\(kind) \(button)\(modifiers.isEmpty ? "" : " \(modifiers)") at (\(column), \(row))"
    }
}

/// Keyboard modifiers held during a mouse event.
public struct Modifiers: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1)
    public static let alt = Modifiers(rawValue: 2)
    public static let control = Modifiers(rawValue: 4)

    public var description: String {
        [(Modifiers.shift, "shift"), (.alt, "alt"), (.control, "control")]
            .filter { contains($0.0) }.map(\.1).joined(separator: "+")
    }
}
