// CellGrid: a screenful of cells, a value type the renderer fills and the driver diffs.
//
// Row-major storage in one array; `changes(from:)` lists the cells that differ from the previous
// frame so a driver sends only those (ncurses would find the same set, but the in-memory twin
// and the byte estimate need it too).

public struct CellGrid: Hashable, Sendable {
    public let columns: Int
    public let rows: Int
    public private(set) var cells: [Cell]

    public init(columns: Int, rows: Int, filledWith cell: Cell = Cell()) {
        precondition(columns >= 0 && rows >= 0, "grid size must not be negative")
        self.columns = columns; self.rows = rows
        self.cells = Array(repeating: cell, count: columns * rows)
    }

    @inlinable public func contains(column: Int, row: Int) -> Bool {
        column >= 0 && column < columns && row >= 0 && row < rows
    }

    public subscript(column: Int, row: Int) -> Cell {
        get {
            precondition(contains(column: column, row: row), "cell (\(column), \(row)) outside \(columns)×\(rows) grid")
            return cells[row * columns + column]
        }
        set {
            precondition(contains(column: column, row: row), "cell (\(column), \(row)) outside \(columns)×\(rows) grid")
            cells[row * columns + column] = newValue
        }
    }

    /// Sets every cell to `cell`.
    public mutating func fill(_ cell: Cell) {
        for i in cells.indices { cells[i] = cell }
    }

    /// Sets the cells of columns `columns` × rows `rows` (clipped to the grid) to `cell`.
    public mutating func fill(_ cell: Cell, columns cs: Range<Int>, rows rs: Range<Int>) {
        let c0 = max(0, cs.lowerBound), c1 = min(columns, cs.upperBound)
        let r0 = max(0, rs.lowerBound), r1 = min(rows, rs.upperBound)
        guard c0 < c1, r0 < r1 else { return }
        for r in r0..<r1 { for c in c0..<c1 { cells[r * columns + c] = cell } }
    }

    /// Writes `text` from (column, row) rightward, clipped at the grid's edge, each character in
    /// as many cells as it takes on screen (`terminalColumns`): a wide character fills its cell
    /// and a continuation cell after it (a wide character that would cross the edge becomes a
    /// space); zero-width characters are left out. Returns the column after the last one written.
    @discardableResult
    public mutating func write(_ text: String, column: Int, row: Int, foreground: Color, background: Color, bold: Bool = false) -> Int {
        var c = column
        guard row >= 0 && row < rows else { return column + text.terminalColumns }
        for scalar in text.unicodeScalars {
            if c >= columns { break }
            let width = scalar.terminalColumns
            if width == 0 { continue }
            if width == 2 {
                if c + 1 >= columns {
                    if c >= 0 { cells[row * columns + c] = Cell(" ", foreground: foreground, background: background, bold: bold) }
                    c += 1
                    break
                }
                if c >= 0 { cells[row * columns + c] = Cell(scalar, foreground: foreground, background: background, bold: bold) }
                if c + 1 >= 0 {
                    cells[row * columns + c + 1] = Cell(Cell.continuation, foreground: foreground, background: background, bold: bold)
                }
                c += 2
                continue
            }
            if c >= 0 { cells[row * columns + c] = Cell(scalar, foreground: foreground, background: background, bold: bold) }
            c += 1
        }
        return c
    }

    /// The characters of row `row`, for tests and logs.
    public func text(row: Int) -> String {
        var s = String.UnicodeScalarView()
        for c in 0..<columns where cells[row * columns + c].character != Cell.continuation { s.append(cells[row * columns + c].character) }
        return String(s)
    }

    /// All rows' characters joined with newlines.
    public var text: String { (0..<rows).map { text(row: $0) }.joined(separator: "\n") }

    /// The cells of `self` that differ from `previous`, in row-major order. When the sizes differ
    /// (or there is no previous frame) every cell is a change.
    public func changes(from previous: CellGrid?) -> [CellChange] {
        var result: [CellChange] = []
        if let previous, previous.columns == columns, previous.rows == rows {
            for i in cells.indices where cells[i] != previous.cells[i] {
                result.append(CellChange(column: i % columns, row: i / columns, cell: cells[i]))
            }
        } else {
            result.reserveCapacity(cells.count)
            for i in cells.indices { result.append(CellChange(column: i % columns, row: i / columns, cell: cells[i])) }
        }
        return result
    }
}

/// One cell that changed between two frames.
public struct CellChange: Hashable, Sendable {
    public var column: Int
    public var row: Int
    public var cell: Cell
    public init(column: Int, row: Int, cell: Cell) { self.column = column; self.row = row; self.cell = cell }
}
