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
