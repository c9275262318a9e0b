// ScreenPainter: what a truecolor terminal shows for a grid of cells, as pixels.
//
// Each cell becomes `cellWidth` × `cellHeight` pixels. A block, quadrant, sextant or octant
// character lights its sub-pixels (boundaries at round(k·cell/n) pixels, so a 16-pixel cell's
// sextant rows are 5, 6 and 5 pixels) in the foreground color over the background, exactly as
// terminals that draw these characters themselves do. A braille character draws each dot as a
// round dot in the middle of its sub-pixel (a dot, not a block: that is what braille looks like).
// Every other character is a glyph of the font, blended from background to foreground by its
// coverage; bold text takes the font's glyph drawn twice, one pixel apart. A wide character
// spans its continuation cell. A `PixelImage` (pixel graphics mode) is laid under the text: the
// cells marked as showing the image keep its pixels.
import Images
import TerminalUI

public struct ScreenPainter {
    public let cellWidth: Int
    public let cellHeight: Int
    public let font: FontFace?

    public init(cellWidth: Int = 8, cellHeight: Int = 16, font: FontFace?) {
        self.cellWidth = cellWidth; self.cellHeight = cellHeight; self.font = font
    }

    /// The grid as an RGB bitmap; `image` (if any) shows through the cells `showsImage` says.
    public func paint(_ grid: CellGrid, image: PixelImage? = nil, showsImage: ((Int, Int) -> Bool)? = nil) -> Bitmap {
        let width = max(1, grid.columns * cellWidth), height = max(1, grid.rows * cellHeight)
        var pixels = [Color](repeating: .black, count: width * height)
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                let x0 = column * cellWidth, y0 = row * cellHeight
                if let image, let showsImage, showsImage(column, row) {
                    for y in 0..<cellHeight {
                        for x in 0..<cellWidth where x0 + x < image.width && y0 + y < image.height {
                            pixels[(y0 + y) * width + x0 + x] = image[x0 + x, y0 + y]
                        }
                    }
                    continue
                }
                let cell = grid[column, row]
                if cell.character == Cell.continuation { continue }
                paintCell(cell, x0: x0, y0: y0, spans: cell.character.terminalColumns == 2 ? 2 : 1,
                          into: &pixels, width: width, height: height)
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels.map { Bitmap.Pixel(red: $0.red, green: $0.green, blue: $0.blue) })
    }

    private func paintCell(_ cell: Cell, x0: Int, y0: Int, spans: Int, into pixels: inout [Color], width: Int, height: Int) {
        let w = cellWidth * spans
        for y in 0..<cellHeight where y0 + y < height {
            for x in 0..<w where x0 + x < width { pixels[(y0 + y) * width + x0 + x] = cell.background }
        }
        if cell.character == " " { return }
        if let (table, pattern) = GlyphTable.lookUp(cell.character) {
            let xs = (0...table.columns).map { Int((Double($0 * cellWidth) / Double(table.columns)).rounded()) }
            let ys = (0...table.rows).map { Int((Double($0 * cellHeight) / Double(table.rows)).rounded()) }
            for sy in 0..<table.rows {
                for sx in 0..<table.columns where table.isLit(pattern, column: sx, row: sy) {
                    if table.glyphSet == .braille {
                        let cx = Double(xs[sx] + xs[sx + 1]) / 2, cy = Double(ys[sy] + ys[sy + 1]) / 2
                        let r = Double(min(xs[sx + 1] - xs[sx], ys[sy + 1] - ys[sy])) * 0.35
                        for y in ys[sy]..<ys[sy + 1] {
                            for x in xs[sx]..<xs[sx + 1] {
                                let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                                if dx * dx + dy * dy <= r * r { pixels[(y0 + y) * width + x0 + x] = cell.foreground }
                            }
                        }
                    } else {
                        for y in ys[sy]..<ys[sy + 1] {
                            for x in xs[sx]..<xs[sx + 1] { pixels[(y0 + y) * width + x0 + x] = cell.foreground }
                        }
                    }
                }
            }
            return
        }
        guard let font, let glyph = font.glyph(cell.character) else { return }
        for pass in 0..<(cell.bold ? 2 : 1) {
            for gy in 0..<glyph.height {
                let y = y0 + glyph.top + gy
                guard y >= y0, y < y0 + cellHeight, y < height else { continue }
                for gx in 0..<glyph.width {
                    let x = x0 + glyph.left + gx + pass
                    guard x >= x0, x < x0 + w, x < width else { continue }
                    let a = Double(glyph.coverage[gy * glyph.width + gx]) / 255
                    if a > 0 {
                        let k = y * width + x
                        pixels[k] = cell.foreground.blended(over: pixels[k], alpha: a)
                    }
                }
            }
        }
    }
}
