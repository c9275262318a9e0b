// TerminalDriver: the seam between the app and a real (or pretend) terminal.
//
// Small on purpose: the app draws whole `CellGrid`s and reads decoded events; how bytes reach
// the terminal is the driver's business. The ncurses driver lives in CursesTerminal (the only
// module that imports curses); `InMemoryTerminal` is its twin for tests and benchmarks.
// Drivers are classes: a terminal is a resource with identity and state.

public protocol TerminalDriver: AnyObject {
    /// The current size in cells (updated when a resize event is delivered).
    var size: TerminalSize { get }
    /// What colors the terminal can show.
    var colorMode: ColorMode { get }
    /// Takes over the terminal (raw mode, mouse reporting, hidden cursor, alternate screen).
    func begin() throws
    /// Gives the terminal back as it was. Idempotent; safe to call on every exit path.
    func end()
    /// Shows `grid`, sending only the cells that changed since the last frame.
    func draw(_ grid: CellGrid)
    /// The next event, waiting at most `timeout` seconds (0 polls); nil when none came.
    func nextEvent(timeout: Double) -> TerminalEvent?
    /// Rings the terminal's bell.
    func bell()
    /// False while the terminal has not yet taken the last frame (a slow terminal): a frame drawn
    /// now would be dropped, so the app does not draw it, tries again at the next frame time and
    /// says so in the status line.
    var isReadyForFrame: Bool { get }
}

extension TerminalDriver {
    public func bell() {}
    public var isReadyForFrame: Bool { true }
}
