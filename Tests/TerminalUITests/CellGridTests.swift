import Testing
@testable import TerminalUI

@Suite struct CellGridTests {
    @Test func diffListsExactlyTheChangedCells() {
        var a = CellGrid(columns: 4, rows: 3, filledWith: .blank(.black))
        var b = a
        b[1, 0] = Cell("x", foreground: .white, background: .black)
        b[3, 2] = .blank(.red)
        b[0, 1] = Cell(" ", foreground: .white, background: .black, bold: true)
        let changes = b.changes(from: a)
        #expect(changes.map { [$0.column, $0.row] } == [[1, 0], [0, 1], [3, 2]])
        #expect(changes[0].cell.character == "x")
        #expect(changes[2].cell.background == .red)
        #expect(a.changes(from: a).isEmpty)
        // No previous frame, or a different size: every cell.
        #expect(a.changes(from: nil).count == 12)
        #expect(a.changes(from: CellGrid(columns: 3, rows: 3)).count == 12)
        a.fill(.blank(.red))
        #expect(a.cells.allSatisfy { $0 == .blank(.red) })
    }

    @Test func writeClipsAtTheEdge() {
        var g = CellGrid(columns: 5, rows: 2)
        g.write("Hello, World", column: 2, row: 1, foreground: .white, background: .black)
        #expect(g.text(row: 1) == "  Hel")
        #expect(g.text(row: 0) == "     ")
    }
}

/// Wide characters take two cells on screen; laid-out text is measured in terminal columns.
@Suite struct DisplayWidthTests {
    @Test func widthsFollowEastAsianWidth() {
        #expect(("A" as Unicode.Scalar).terminalColumns == 1)
        #expect(("世" as Unicode.Scalar).terminalColumns == 2)      // CJK ideograph
        #expect(("カ" as Unicode.Scalar).terminalColumns == 2)      // katakana
        #expect(("한" as Unicode.Scalar).terminalColumns == 2)      // Hangul syllable
        #expect(("Ａ" as Unicode.Scalar).terminalColumns == 2)      // fullwidth A
        #expect(("\u{301}" as Unicode.Scalar).terminalColumns == 0) // combining acute
        #expect(("▀" as Unicode.Scalar).terminalColumns == 1)
        #expect("物理 ok".terminalColumns == 7)
    }

    @Test func aWideCharacterFillsTwoCellsAndTheNextTextFollowsIt() {
        var grid = CellGrid(columns: 10, rows: 1)
        let end = grid.write("a物b", column: 0, row: 0, foreground: .white, background: .black)
        #expect(end == 4)
        #expect(grid[1, 0].character == "物")
        #expect(grid[2, 0].character == Cell.continuation)
        #expect(grid[3, 0].character == "b")
        #expect(grid.text(row: 0) == "a物b      ")
        // At the edge a wide character that would not fit becomes a space.
        var edge = CellGrid(columns: 3, rows: 1)
        edge.write("ab物", column: 0, row: 0, foreground: .white, background: .black)
        #expect(edge.text(row: 0) == "ab ")
    }

    @Test func fittingCountsColumnsNotCharacters() {
        // 12 columns of CJK (6 characters) cut to 7 columns: three characters (6) and "…".
        #expect("物理物理物理".fitted(toColumns: 7) == "物理物…")
        #expect("物理".fitted(toColumns: 4) == "物理")
        #expect("abcdef".fitted(toColumns: 4) == "abc…")
    }

    @Test func continuationCellsCostNoBytes() {
        var grid = CellGrid(columns: 4, rows: 1)
        grid.write("物物", column: 0, row: 0, foreground: .white, background: .black)
        let bytes = InMemoryTerminal.estimatedBytes(for: grid.changes(from: nil), colorMode: .none)
        // One cursor move (ESC [ 1 ; 1 H: 6 bytes) and two 3-byte characters, no second move.
        #expect(bytes == 6 + 3 + 3)
    }
}
