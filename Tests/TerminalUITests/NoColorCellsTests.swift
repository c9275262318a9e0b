import Geometry
import Testing
@testable import TerminalUI

/// With no color, cells show shapes by their glyphs alone; thin lines must stay.
@Suite struct NoColorCellsTests {
    @Test("a hairline on a cell boundary lights the sub-pixels on both sides in every row, in quadrants and half blocks",
          arguments: [GlyphSet.quadrant, .half])
    func hairlineOnABoundary(_ glyphs: GlyphSet) {
        var canvas = Canvas(columns: 4, rows: 4, glyphs: glyphs, background: .black)
        // x = 16 pt is the boundary of columns 1 and 2 (8 pt cells); the line is one quadrant
        // sub-pixel (4 pt) wide, so it covers half of the sub-pixel on each side.
        canvas.fill(.segment(from: Point(16, 0), to: Point(16, 64), thickness: 4, dotted: false), color: .lightGray)
        let grid = canvas.render(colorMode: .none)
        for row in 0..<4 {
            let left = glyphs.table.pattern(of: grid[1, row].character), right = glyphs.table.pattern(of: grid[2, row].character)
            #expect(left != nil && left != 0 && right != nil && right != 0, "row \(row): '\(grid.text(row: row))'")
            #expect(grid[0, row].character == " " && grid[3, row].character == " ")
        }
    }

    @Test("a diagonal hairline leaves a glyph in every row it crosses")
    func diagonal() {
        var canvas = Canvas(columns: 10, rows: 5, glyphs: .quadrant, background: .black)
        canvas.fill(.segment(from: Point(2, 2), to: Point(78, 78), thickness: 4, dotted: false), color: .lightGray)
        let grid = canvas.render(colorMode: .none)
        for row in 0..<5 { #expect(grid.text(row: row).contains { $0 != " " }, "row \(row)") }
    }

    @Test("a filled shape is lit where it covers more than half, as before: a half-covered cell's other half stays dark")
    func shapesAsBefore() {
        var canvas = Canvas(columns: 2, rows: 1, glyphs: .half, background: .black)
        canvas.fill(.rectangle(center: Point(8, 4), size: Size(16, 8), angle: 0), color: .green)
        #expect(canvas.render(colorMode: .none).text(row: 0) == "▀▀")
    }
}
