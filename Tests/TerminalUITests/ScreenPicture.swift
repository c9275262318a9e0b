import TerminalUI

/// What a cell grid looks like on a truecolor screen at one pixel per point, worked out in the
/// test from the glyph tables alone: a block, sextant, octant or braille character lights its
/// sub-pixels (boundaries at round(k·cell/n) pixels) in the foreground color over the
/// background; a blank cell is its background. Other characters (letters) are left as their
/// background: the tests that use this draw shapes only.
struct ScreenPicture {
    let width: Int
    let height: Int
    var pixels: [Color]

    init(_ grid: CellGrid, cellWidth: Int = 8, cellHeight: Int = 16) {
        width = grid.columns * cellWidth; height = grid.rows * cellHeight
        pixels = Array(repeating: .black, count: width * height)
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                let cell = grid[column, row]
                let found = GlyphTable.lookUp(cell.character)
                for y in 0..<cellHeight {
                    for x in 0..<cellWidth {
                        var lit = false
                        if let (table, pattern) = found {
                            let sx = (0..<table.columns).last { k in Int((Double(k * cellWidth) / Double(table.columns)).rounded()) <= x }!
                            let sy = (0..<table.rows).last { k in Int((Double(k * cellHeight) / Double(table.rows)).rounded()) <= y }!
                            lit = table.isLit(pattern, column: sx, row: sy)
                        }
                        pixels[(row * cellHeight + y) * width + column * cellWidth + x] = lit ? cell.foreground : cell.background
                    }
                }
            }
        }
    }

    subscript(x: Int, y: Int) -> Color { pixels[y * width + x] }
}
