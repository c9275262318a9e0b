// InMemoryTerminal: a TerminalDriver with no terminal, for tests and render benchmarks.
//
// It keeps the last grid it was given, replays a scripted queue of events, and estimates the
// bytes a real terminal would have been sent: for each changed cell in row-major order, a cursor
// move (CSI row;col H) unless it directly follows the previous changed cell, an SGR color change
// when its colors differ from the last ones sent (truecolor "38;2;r;g;b", 256 "38;5;n", basic
// "3n"; none: no color), a bold toggle when it changes, and the glyph's UTF-8 bytes. That is the
// same work ncurses does, so the figure tracks what `CursesTerminal` really sends.

public final class InMemoryTerminal: TerminalDriver {
    public private(set) var size: TerminalSize
    public let colorMode: ColorMode
    /// The last frame drawn.
    public private(set) var lastGrid: CellGrid?
    /// Cells changed by the last `draw`.
    public private(set) var lastChanges: [CellChange] = []
    /// Estimated bytes of the last frame and of all frames so far.
    public private(set) var lastFrameBytes = 0
    public private(set) var totalBytes = 0
    public private(set) var framesDrawn = 0
    public private(set) var bellCount = 0
    public private(set) var isActive = false
    public private(set) var beginCount = 0
    public private(set) var endCount = 0
    /// Events still to be delivered, first first.
    public var pendingEvents: ArraySlice<TerminalEvent> { queue[head...] }
    private var queue: [TerminalEvent]
    private var head = 0
    /// How long callers asked to wait in total, in seconds (no real waiting happens).
    public private(set) var requestedWait = 0.0

    public init(columns: Int = 80, rows: Int = 24, colorMode: ColorMode = .palette256, events: [TerminalEvent] = []) {
        self.size = TerminalSize(columns: columns, rows: rows)
        self.colorMode = colorMode
        self.queue = events
    }

    public func begin() throws { isActive = true; beginCount += 1 }

    public func end() {
        guard isActive else { return }
        isActive = false; endCount += 1
    }

    public func draw(_ grid: CellGrid) {
        let changes = grid.changes(from: lastGrid)
        lastChanges = changes
        lastFrameBytes = InMemoryTerminal.estimatedBytes(for: changes, colorMode: colorMode)
        totalBytes += lastFrameBytes
        framesDrawn += 1
        lastGrid = grid
    }

    /// Adds events to the end of the queue.
    public func enqueue(_ events: TerminalEvent...) { queue.append(contentsOf: events) }
    public func enqueue(contentsOf events: [TerminalEvent]) { queue.append(contentsOf: events) }

    /// Queues a resize event; `size` changes when it is delivered, as with a real window.
    public func resize(columns: Int, rows: Int) {
        queue.append(.resize(columns: columns, rows: rows))
    }

    public func nextEvent(timeout: Double) -> TerminalEvent? {
        guard head < queue.count else { requestedWait += max(0, timeout); return nil }
        let event = queue[head]
        head += 1
        if head > 1024 && head * 2 > queue.count { queue.removeFirst(head); head = 0 }
        if case let .resize(columns, rows) = event { size = TerminalSize(columns: columns, rows: rows) }
        return event
    }

    public func bell() { bellCount += 1 }

    /// The estimate described at the top of this file.
    public static func estimatedBytes(for changes: [CellChange], colorMode: ColorMode) -> Int {
        var bytes = 0
        var cursor: (column: Int, row: Int)? = nil
        var lastFG: Color? = nil, lastBG: Color? = nil, lastBold = false
        for change in changes where change.cell.character != Cell.continuation {
            if let cur = cursor, cur.row == change.row, cur.column == change.column {
                // The cursor is already here.
            } else {
                bytes += 4 + digits(change.row + 1) + digits(change.column + 1)   // ESC [ r ; c H
            }
            let cell = change.cell
            if colorMode != .none {
                var parts: [Int] = []
                if cell.foreground != lastFG { parts.append(colorBytes(cell.foreground, mode: colorMode)) }
                if cell.background != lastBG { parts.append(colorBytes(cell.background, mode: colorMode)) }
                if !parts.isEmpty { bytes += 3 + parts.reduce(0, +) + (parts.count - 1) }   // ESC [ ... m
                lastFG = cell.foreground; lastBG = cell.background
            }
            if cell.bold != lastBold { bytes += 4; lastBold = cell.bold }
            bytes += cell.character.utf8.count
            cursor = (change.column + cell.character.terminalColumns, change.row)
        }
        return bytes
    }

    private static func digits(_ n: Int) -> Int { n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : 4 }

    /// Bytes of one SGR color parameter ("38;5;196", "31", "38;2;255;0;0").
    private static func colorBytes(_ c: Color, mode: ColorMode) -> Int {
        switch mode {
        case .none: return 0
        case .basic8, .palette16: return 2
        case .palette256: return 5 + digits(c.paletteIndex(in: .palette256)!)
        case .truecolor: return 7 + digits(Int(c.red)) + digits(Int(c.green)) + digits(Int(c.blue))
        }
    }
}
