// Canvas: a frame being drawn, as a grid of color samples plus a layer of text glyphs.
//
// Each terminal cell is divided into its glyph set's sub-pixels (1×2 for half blocks up to 2×4
// for octants and braille) and each sub-pixel into samples of about 2×2 pt (4×4 in a half
// block's sub-pixel, 2×2 in an octant's: see `samplesPerSubPixel`); in pixel mode a sample is
// one screen pixel. Shapes are painted in order (painter's algorithm), point-sampled at the sample
// centers, with alpha blended toward whatever is already there. `render` turns the canvas into
// a `CellGrid`: for each cell the sub-pixels are averaged from their samples (so an edge that
// cuts a sub-pixel gives it a blended color: anti-aliasing), and `CellFit` chooses the two
// colors and the pattern that best show them; the glyph set's table names the character.
// Colors are degraded to the terminal's mode after the fit, and two colors the terminal cannot
// tell apart make a blank cell. With no color at all, a sub-pixel counts as lit when it is
// more than half way from the background to the cell's farthest color (in a cell that only a
// thin line crosses, half way to its strongest sub-pixel), and the cell shows that pattern in
// the terminal's own colors: rods, strings, springs and ropes stay as sub-pixel dots.
//
// Cells no shape touched are not looked at again: they are the background. Label letters are
// glyphs, one per cell, drawn on the color of the sample beneath their reference point; a shape
// painted opaquely over a letter later erases the letter (painter's order), a translucent one
// leaves it.
//
// A pixel canvas made with `retained: true` records its calls and paints them at `commit()`,
// only in the tiles where the picture can have changed (see RetainedFrame).

import Geometry

public struct Canvas: Sendable {
    public let columns: Int
    public let rows: Int
    public let cellSize: CellSize
    /// The characters `render` draws cells with.
    public let glyphs: GlyphSet
    public var background: Color
    /// Samples per cell, across and down.
    public let samplesAcross: Int
    public let samplesDown: Int
    /// Whether a sample is a screen pixel (the canvas is shown as an image, not as cells).
    public let isPixelMode: Bool
    /// Sample colors, row-major, `columns·samplesAcross` × `rows·samplesDown`.
    public internal(set) var samples: [Color]
    /// Whether any shape painted into each cell since the last `clear`.
    var touched: [Bool]
    var glyphLayer: [Glyph?]
    /// Retained pixel mode: calls recorded since `clear`, those painted at the last `commit`, the
    /// pictures' samplers by serial, and the background they were painted on.
    public let isRetained: Bool
    var recorded: [DrawCall] = []
    var shown: [DrawCall] = []
    /// The samplers live only from a call to the next commit, on the canvas's own thread.
    nonisolated(unsafe) var pictures: [Int: (Double, Double) -> (color: Color, alpha: Double)?] = [:]
    var pictureSerial = 0
    var shownBackground: Color?

    struct Glyph: Hashable, Sendable {
        var scalar: Unicode.Scalar
        var color: Color
        var alpha: Double
        var bold: Bool
        /// The sample beneath the letter's reference point.
        var sample: Int
    }

    /// Samples per sub-pixel of `glyphs`, across and down: about 2×2 pt each at the default cell
    /// size, so every set costs about the same per cell (a cell is 4×8 samples, 4×6 in sextants),
    /// and at least 2×2 per sub-pixel so a sub-pixel's coverage has steps of a quarter or finer.
    public static func samplesPerSubPixel(_ glyphs: GlyphSet) -> (across: Int, down: Int) {
        glyphs.samplesPerSubPixel
    }

    /// A canvas drawn with `glyphs`.
    public init(columns: Int, rows: Int, cellSize: CellSize = .default, glyphs: GlyphSet = .half, background: Color = .black) {
        let per = Canvas.samplesPerSubPixel(glyphs)
        self.init(columns: columns, rows: rows, cellSize: cellSize, glyphs: glyphs,
                  samplesAcross: glyphs.subPixelColumns * per.across,
                  samplesDown: glyphs.subPixelRows * per.down, isPixelMode: false, background: background)
    }

    /// A canvas with `pixels` samples per cell (pixel mode: one sample per screen pixel).
    /// Retained (`retained: true`): calls are recorded and painted by `commit()`, only where the
    /// picture can have changed since the last commit.
    public init(columns: Int, rows: Int, cellSize: CellSize = .default, pixelsPerCell: (width: Int, height: Int), background: Color = .black,
                retained: Bool = false) {
        self.init(columns: columns, rows: rows, cellSize: cellSize, glyphs: .half,
                  samplesAcross: max(1, pixelsPerCell.width), samplesDown: max(1, pixelsPerCell.height),
                  isPixelMode: true, background: background, retained: retained)
    }

    private init(columns: Int, rows: Int, cellSize: CellSize, glyphs: GlyphSet, samplesAcross: Int, samplesDown: Int,
                 isPixelMode: Bool, background: Color, retained: Bool = false) {
        self.isPixelMode = isPixelMode
        self.isRetained = retained && isPixelMode
        precondition(columns >= 0 && rows >= 0, "canvas size must not be negative")
        self.columns = columns; self.rows = rows; self.cellSize = cellSize; self.glyphs = glyphs
        self.background = background
        self.samplesAcross = samplesAcross; self.samplesDown = samplesDown
        samples = Array(repeating: background, count: columns * rows * samplesAcross * samplesDown)
        touched = Array(repeating: false, count: columns * rows)
        glyphLayer = Array(repeating: nil, count: columns * rows)
    }

    /// Samples across the whole canvas, and down.
    public var sampleColumns: Int { columns * samplesAcross }
    public var sampleRows: Int { rows * samplesDown }

    public var rasterizer: Rasterizer {
        Rasterizer(sampleWidth: cellSize.width / Double(samplesAcross), sampleHeight: cellSize.height / Double(samplesDown),
                   columns: sampleColumns, rows: sampleRows)
    }

    /// The size of one sub-pixel of the glyph set in points (in pixel mode, of one pixel).
    public var subPixelSize: Size {
        if isPixelMode { return Size(cellSize.width / Double(samplesAcross), cellSize.height / Double(samplesDown)) }
        return Size(cellSize.width / Double(glyphs.subPixelColumns), cellSize.height / Double(glyphs.subPixelRows))
    }

    /// The thinnest line that shows clearly: one sub-pixel (in pixel mode, two pixels).
    public var hairline: Double {
        let s = subPixelSize
        let sample = max(cellSize.width / Double(samplesAcross), cellSize.height / Double(samplesDown))
        return max(min(s.width, s.height), 2 * sample)
    }

    /// The area the canvas shows, in points.
    public var bounds: Rect {
        Rect(x: 0, y: 0, width: Double(columns) * cellSize.width, height: Double(rows) * cellSize.height)
    }

    /// The color of sample (column, row).
    public func sample(column: Int, row: Int) -> Color { samples[row * sampleColumns + column] }

    /// The mean color of sub-pixel (column, row) of the glyph set, row in 0..<rows·subPixelRows.
    public func subPixelColor(column: Int, row: Int) -> Color {
        let sx = samplesAcross / glyphs.subPixelColumns, sy = samplesDown / glyphs.subPixelRows
        var r = 0, g = 0, b = 0
        for j in (row * sy)..<((row + 1) * sy) {
            for i in (column * sx)..<((column + 1) * sx) {
                let c = samples[j * sampleColumns + i]
                r += Int(c.red); g += Int(c.green); b += Int(c.blue)
            }
        }
        let n = sx * sy
        return Color(red: UInt8((r + n / 2) / n), green: UInt8((g + n / 2) / n), blue: UInt8((b + n / 2) / n))
    }

    /// The letter drawn in cell (column, row), if any.
    public func glyph(column: Int, row: Int) -> Unicode.Scalar? { glyphLayer[row * columns + column]?.scalar }

    /// Back to the background color, with no glyphs.
    public mutating func clear() {
        if isRetained {
            recorded.removeAll(keepingCapacity: true)
            pictures.removeAll()
            return
        }
        let across = samplesAcross, down = samplesDown, width = sampleColumns
        for cell in touched.indices where touched[cell] {
            let c = cell % columns, r = cell / columns
            for j in (r * down)..<((r + 1) * down) {
                let base = j * width + c * across
                for i in base..<(base + across) { samples[i] = background }
            }
            touched[cell] = false
        }
        for i in glyphLayer.indices { glyphLayer[i] = nil }
    }

    @inline(__always) mutating func paint(_ i: Int, _ j: Int, _ color: Color, _ alpha: Double) {
        let k = j * sampleColumns + i
        samples[k] = color.blended(over: samples[k], alpha: alpha)
        let cell = (j / samplesDown) * columns + i / samplesAcross
        touched[cell] = true
        if alpha >= 1 { glyphLayer[cell] = nil }
    }
}
