// Canvas: a frame being drawn, as half-block sub-pixels plus a layer of text glyphs.
//
// Each terminal cell is two square sub-pixels (top and bottom half, 8×8 pt with the default 8×16
// cell), each with its own color. Shapes are painted in order (painter's algorithm) with alpha
// blended toward whatever is already there. `render` turns the canvas into a `CellGrid`:
//   - top and bottom the same color → ' ' with that color as background (and foreground),
//   - different → '▀' with foreground = top color, background = bottom color,
//   - a cell holding a label letter → the letter in the label's color on the color beneath it.
// Colors are degraded to the terminal's mode before the comparison, so two colors that the
// terminal cannot tell apart make a blank cell rather than a '▀' in one color. With no color at
// all, a sub-pixel counts as "on" when it differs from the canvas background and the cell shows
// ' ', '▀', '▄' or '█'.
//
// Label letters are glyphs, one per cell; a shape painted opaquely over a letter's cell later
// erases the letter (painter's order), a translucent one leaves it.

import Geometry

public struct Canvas: Sendable {
    public let columns: Int
    public let rows: Int
    public let cellSize: CellSize
    public var background: Color
    /// Sub-pixel colors, row-major, `columns` × `2·rows`.
    public private(set) var pixels: [Color]
    private var glyphs: [Glyph?]
    private var stamps: [UInt32]
    private var generation: UInt32 = 0

    struct Glyph: Hashable, Sendable {
        var scalar: Unicode.Scalar
        var color: Color
        var alpha: Double
        var bold: Bool
        /// Which sub-pixel row (0 top, 1 bottom) lies beneath the letter's position.
        var half: Int
    }

    public init(columns: Int, rows: Int, cellSize: CellSize = .default, background: Color = .black) {
        precondition(columns >= 0 && rows >= 0, "canvas size must not be negative")
        self.columns = columns; self.rows = rows; self.cellSize = cellSize; self.background = background
        pixels = Array(repeating: background, count: columns * rows * 2)
        glyphs = Array(repeating: nil, count: columns * rows)
        stamps = Array(repeating: 0, count: columns * rows * 2)
    }

    public var rasterizer: Rasterizer { Rasterizer(cellSize: cellSize, columns: columns, rows: rows * 2) }

    /// The area the canvas shows, in points.
    public var bounds: Rect {
        Rect(x: 0, y: 0, width: Double(columns) * cellSize.width, height: Double(rows) * cellSize.height)
    }

    /// The color of sub-pixel (column, row), row in 0..<2·rows.
    public func pixel(column: Int, row: Int) -> Color { pixels[row * columns + column] }

    /// The letter drawn in cell (column, row), if any.
    public func glyph(column: Int, row: Int) -> Unicode.Scalar? { glyphs[row * columns + column]?.scalar }

    /// Back to the background color, with no glyphs.
    public mutating func clear() {
        for i in pixels.indices { pixels[i] = background }
        for i in glyphs.indices { glyphs[i] = nil }
    }

    /// Paints `shape` in `color` with opacity `alpha` (0...1) over what is already there.
    public mutating func fill(_ shape: Shape, color: Color, alpha: Double = 1) {
        guard alpha > 0 else { return }
        generation &+= 1
        if generation == 0 { for i in stamps.indices { stamps[i] = 0 }; generation = 1 }
        let gen = generation
        let cols = columns
        rasterizer.forEachSubPixel(covering: shape) { i, j in
            let k = j * cols + i
            if stamps[k] == gen { return }
            stamps[k] = gen
            pixels[k] = color.blended(over: pixels[k], alpha: alpha)
            if alpha >= 1 { glyphs[(j / 2) * cols + i] = nil }
        }
    }

    /// Paints a picture into the rotated rectangle (`center`, `size`, `angle`): each covered
    /// sub-pixel takes the color `sample(u, v)` returns for its center, u and v running 0…1
    /// across and down the picture, blended with the picture's own opacity times `alpha`.
    /// `sample` returns nil for a fully transparent spot.
    public mutating func fillImage(center: Point, size: Size, angle: Double, alpha: Double = 1,
                                   sample: (Double, Double) -> (color: Color, alpha: Double)?) {
        guard alpha > 0, size.width > 0, size.height > 0 else { return }
        let cols = columns
        let w = Double(cellSize.width), h = Double(cellSize.height) / 2
        let c = cos(angle), s = sin(angle)
        rasterizer.forEachSubPixel(covering: .rectangle(center: center, size: size, angle: angle)) { i, j in
            let dx = (Double(i) + 0.5) * w - center.x, dy = (Double(j) + 0.5) * h - center.y
            // Into the picture's own frame: undo the rotation.
            let lx = c * dx + s * dy, ly = -s * dx + c * dy
            let u = lx / size.width + 0.5, v = ly / size.height + 0.5
            guard let texel = sample(min(max(u, 0), 1), min(max(v, 0), 1)) else { return }
            let a = alpha * min(max(texel.alpha, 0), 1)
            if a <= 0 { return }
            let k = j * cols + i
            pixels[k] = texel.color.blended(over: pixels[k], alpha: a)
            if a >= 1 { glyphs[(j / 2) * cols + i] = nil }
        }
    }

    /// Draws `text` one character per cell along a baseline through `center` turned by `angle`
    /// (radians, clockwise on screen), the string centered on `center`. Letters are spaced so
    /// that each one advances exactly one cell along the baseline's dominant axis: at 0 they sit
    /// in consecutive columns of one row, at π/2 the text runs down one column, at π it reads
    /// right to left. Spaces leave what is beneath visible.
    public mutating func drawLabel(_ text: String, center: Point, angle: Double = 0, color: Color,
                                   alpha: Double = 1, bold: Bool = false) {
        guard alpha > 0 else { return }
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return }
        let positions = Canvas.letterPositions(count: scalars.count, center: center, angle: angle, cellSize: cellSize)
        for (scalar, p) in zip(scalars, positions) where scalar != " " {
            let c = floorIndex(p.x / cellSize.width)
            let subRow = floorIndex(p.y / cellSize.subPixelHeight)
            let r = subRow >= 0 ? subRow / 2 : (subRow - 1) / 2
            guard c >= 0, c < columns, r >= 0, r < rows else { continue }
            glyphs[r * columns + c] = Glyph(scalar: scalar, color: color, alpha: min(1, alpha), bold: bold,
                                            half: subRow - 2 * r)
        }
    }

    /// Where each of `count` letters of a label lands, in points (the letter's reference point;
    /// it is drawn in the cell containing it).
    public static func letterPositions(count: Int, center: Point, angle: Double, cellSize: CellSize) -> [Point] {
        let dir = Vector(angle: angle)
        let ax = abs(dir.x), ay = abs(dir.y)
        let step = min(ax > 1e-12 ? cellSize.width / ax : .infinity, ay > 1e-12 ? cellSize.height / ay : .infinity)
        let mid = Double(count - 1) / 2
        return (0..<count).map { k in center + dir * ((Double(k) - mid) * step) }
    }

    /// The frame as cells, colors degraded to `colorMode`.
    public func render(colorMode: ColorMode) -> CellGrid {
        var grid = CellGrid(columns: columns, rows: rows)
        render(into: &grid, colorMode: colorMode)
        return grid
    }

    /// Writes the frame into the top-left of `grid` (clipped to it), leaving other cells alone.
    public func render(into grid: inout CellGrid, colorMode: ColorMode, rowOffset: Int = 0) {
        let bg = background.degraded(to: colorMode)
        // Most neighbouring sub-pixels share a color: remember the last degrade.
        var lastIn = background, lastOut = bg
        @inline(__always) func degrade(_ c: Color) -> Color {
            if c == lastIn { return lastOut }
            lastIn = c; lastOut = c.degraded(to: colorMode)
            return lastOut
        }
        for r in 0..<rows {
            let gr = r + rowOffset
            guard gr >= 0 && gr < grid.rows else { continue }
            for c in 0..<min(columns, grid.columns) {
                let top = degrade(pixels[(2 * r) * columns + c])
                let bottom = degrade(pixels[(2 * r + 1) * columns + c])
                let cell: Cell
                if let g = glyphs[r * columns + c] {
                    let beneath = g.half == 0 ? top : bottom
                    let fg = g.color.blended(over: pixels[(2 * r + g.half) * columns + c], alpha: g.alpha).degraded(to: colorMode)
                    cell = Cell(g.scalar, foreground: fg, background: beneath, bold: g.bold)
                } else if colorMode == .none {
                    let t = top != bg, b = bottom != bg
                    let ch: Unicode.Scalar = t ? (b ? Cell.fullBlock : Cell.upperHalfBlock) : (b ? Cell.lowerHalfBlock : " ")
                    cell = Cell(ch, foreground: .white, background: .black)
                } else if top == bottom {
                    cell = Cell.blank(top)
                } else {
                    cell = Cell(Cell.upperHalfBlock, foreground: top, background: bottom)
                }
                grid[c, gr] = cell
            }
        }
    }
}
