// TerminalEvent: everything the terminal can tell the app, one event at a time.

public enum TerminalEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// Text pasted into the terminal (bracketed paste): one event, not keys.
    case paste(String)
    /// The window is now `columns` × `rows` cells.
    case resize(columns: Int, rows: Int)
}

/// A terminal's size in cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int
    public init(columns: Int, rows: Int) { self.columns = columns; self.rows = rows }
    public var description: String { "\(columns)×\(rows)" }
}
