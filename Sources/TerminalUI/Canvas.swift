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
    public private(set) var samples: [Color]
    /// Whether any shape painted into each cell since the last `clear`.
    private var touched: [Bool]
    private var glyphLayer: [Glyph?]
    /// Retained pixel mode: calls recorded since `clear`, those painted at the last `commit`, the
    /// pictures' samplers by serial, and the background they were painted on.
    public let isRetained: Bool
    private var recorded: [DrawCall] = []
    private var shown: [DrawCall] = []
    /// The samplers live only from a call to the next commit, on the canvas's own thread.
    nonisolated(unsafe) private var pictures: [Int: (Double, Double) -> (color: Color, alpha: Double)?] = [:]
    private var pictureSerial = 0
    private var shownBackground: Color?

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
        switch glyphs {
        case .half: return (4, 4)
        case .quadrant, .ascii: return (2, 4)
        case .sextant, .octant, .braille: return (2, 2)
        }
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

    @inline(__always) private mutating func paint(_ i: Int, _ j: Int, _ color: Color, _ alpha: Double) {
        let k = j * sampleColumns + i
        samples[k] = color.blended(over: samples[k], alpha: alpha)
        let cell = (j / samplesDown) * columns + i / samplesAcross
        touched[cell] = true
        if alpha >= 1 { glyphLayer[cell] = nil }
    }

    /// Paints `shape` in `color` with opacity `alpha` (0...1) over what is already there.
    public mutating func fill(_ shape: Shape, color: Color, alpha: Double = 1) {
        guard alpha > 0 else { return }
        if isRetained {
            let b = DrawCall.bounds(of: shape, on: rasterizer)
            recorded.append(DrawCall(kind: .fill(shape, color, alpha: alpha), columns: b.columns, rows: b.rows))
            return
        }
        var visited = Set<Int>()
        let dedupe: Bool
        if case .segment = shape { dedupe = alpha < 1 } else if case .anchor = shape { dedupe = alpha < 1 } else { dedupe = false }
        let width = sampleColumns
        rasterizer.forEachSample(covering: shape) { i, j in
            if dedupe && !visited.insert(j * width + i).inserted { return }
            paint(i, j, color, alpha)
        }
    }

    /// Paints `shapes` in one `color`, each with its own opacity (0...1), every covered sample
    /// once at the largest opacity of the shapes covering it: the overlapping ends of a fading
    /// stroke's pieces (a trail) do not build up darker where they overlap.
    public mutating func fill(_ shapes: [(shape: Shape, alpha: Double)], color: Color) {
        if isRetained {
            let raster = rasterizer
            var columns = 0..<0, rows = 0..<0
            for (shape, alpha) in shapes where alpha > 0 {
                let b = DrawCall.bounds(of: shape, on: raster)
                guard !b.columns.isEmpty, !b.rows.isEmpty else { continue }
                columns = columns.isEmpty ? b.columns : min(columns.lowerBound, b.columns.lowerBound)..<max(columns.upperBound, b.columns.upperBound)
                rows = rows.isEmpty ? b.rows : min(rows.lowerBound, b.rows.lowerBound)..<max(rows.upperBound, b.rows.upperBound)
            }
            recorded.append(DrawCall(kind: .fillMany(shapes.map { .init(shape: $0.shape, alpha: $0.alpha) }, color),
                                     columns: columns, rows: rows))
            return
        }
        var strongest: [Int: Double] = [:]
        let width = sampleColumns
        for (shape, alpha) in shapes where alpha > 0 {
            rasterizer.forEachSample(covering: shape) { i, j in
                let k = j * width + i
                strongest[k] = max(strongest[k] ?? 0, min(alpha, 1))
            }
        }
        for (k, alpha) in strongest { paint(k % width, k / width, color, alpha) }
    }

    /// Paints a picture into the rotated rectangle (`center`, `size`, `angle`): each covered
    /// sub-pixel takes the color `sample(u, v)` returns for its center, u and v running 0…1
    /// across and down the picture, blended with the picture's own opacity times `alpha`.
    /// `sample` returns nil for a fully transparent spot.
    public mutating func fillImage(center: Point, size: Size, angle: Double, alpha: Double = 1,
                                   sample: @escaping (Double, Double) -> (color: Color, alpha: Double)?) {
        guard alpha > 0, size.width > 0, size.height > 0 else { return }
        if isRetained {
            pictureSerial += 1
            pictures[pictureSerial] = sample
            let b = DrawCall.bounds(of: .rectangle(center: center, size: size, angle: angle), on: rasterizer)
            recorded.append(DrawCall(kind: .image(center: center, size: size, angle: angle, alpha: alpha, serial: pictureSerial),
                                     columns: b.columns, rows: b.rows))
            return
        }
        let raster = rasterizer
        let w = raster.sampleWidth, h = raster.sampleHeight
        let c = cos(angle), s = sin(angle)
        raster.forEachSample(covering: .rectangle(center: center, size: size, angle: angle)) { i, j in
            let dx = (Double(i) + 0.5) * w - center.x, dy = (Double(j) + 0.5) * h - center.y
            // Into the picture's own frame: undo the rotation.
            let lx = c * dx + s * dy, ly = -s * dx + c * dy
            let u = lx / size.width + 0.5, v = ly / size.height + 0.5
            guard let texel = sample(min(max(u, 0), 1), min(max(v, 0), 1)) else { return }
            let a = alpha * min(max(texel.alpha, 0), 1)
            if a <= 0 { return }
            paint(i, j, texel.color, a)
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
        if isRetained {
            recorded.append(DrawCall(kind: .label(text, center: center, angle: angle, color: color, alpha: alpha, bold: bold),
                                     columns: 0..<0, rows: 0..<0))
            return
        }
        placeLabel(text, center: center, angle: angle, color: color, alpha: alpha, bold: bold)
    }

    private mutating func placeLabel(_ text: String, center: Point, angle: Double, color: Color, alpha: Double, bold: Bool) {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return }
        let positions = Canvas.letterPositions(count: scalars.count, center: center, angle: angle, cellSize: cellSize)
        for (scalar, p) in zip(scalars, positions) where scalar != " " {
            let raster = rasterizer
            let i = floorIndex(p.x / raster.sampleWidth), j = floorIndex(p.y / raster.sampleHeight)
            guard i >= 0, i < sampleColumns, j >= 0, j < sampleRows else { continue }
            glyphLayer[(j / samplesDown) * columns + i / samplesAcross] =
                Glyph(scalar: scalar, color: color, alpha: min(1, alpha), bold: bold, sample: j * sampleColumns + i)
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

    /// Retained pixel mode: paints what was recorded since `clear`, only in the tiles where the
    /// picture can differ from the last commit (see RetainedFrame). Nothing otherwise.
    public mutating func commit() {
        guard isRetained else { return }
        let tiles = PixelTiles(cellWidth: samplesAcross, cellHeight: samplesDown)
        let tileWidth = tiles.columns * samplesAcross, tileHeight = tiles.rows * samplesDown
        let across = (sampleColumns + tileWidth - 1) / tileWidth, down = (sampleRows + tileHeight - 1) / tileHeight
        let paints = recorded.filter { !$0.isLabel }
        var dirty = [Bool](repeating: false, count: across * down)
        if shownBackground == background, let changed = DrawCall.changed(from: shown, to: paints) {
            for call in changed where !call.columns.isEmpty && !call.rows.isEmpty {
                for tr in (call.rows.lowerBound / tileHeight)...((call.rows.upperBound - 1) / tileHeight) {
                    for tc in (call.columns.lowerBound / tileWidth)...((call.columns.upperBound - 1) / tileWidth) {
                        dirty[tr * across + tc] = true
                    }
                }
            }
        } else {
            for k in dirty.indices { dirty[k] = true }
        }
        let raster = rasterizer
        let width = sampleColumns
        let background = self.background
        let samplers = self.pictures
        let height = sampleRows
        samples.withUnsafeMutableBufferPointer { buffer in
            for tr in 0..<down {
                for tc in 0..<across where dirty[tr * across + tc] {
                    let columns = (tc * tileWidth)..<min(width, (tc + 1) * tileWidth)
                    let rows = (tr * tileHeight)..<min(height, (tr + 1) * tileHeight)
                    for j in rows { for i in columns { buffer[j * width + i] = background } }
                    let clipped = raster.clipped(columns: columns, rows: rows)
                    for call in paints where call.columns.overlaps(columns) && call.rows.overlaps(rows) {
                        let picture: ((Double, Double) -> (color: Color, alpha: Double)?)?
                        if case let .image(_, _, _, _, serial) = call.kind { picture = samplers[serial] } else { picture = nil }
                        DrawCall.rasterize(call.kind, on: clipped, image: picture) { i, j, color, alpha in
                            let k = j * width + i
                            buffer[k] = color.blended(over: buffer[k], alpha: alpha)
                        }
                    }
                }
            }
        }
        // Letters: placed in painter's order, erased by a later opaque call over their cell.
        for i in glyphLayer.indices { glyphLayer[i] = nil }
        var lettered: [Int] = []
        for call in recorded {
            if case let .label(text, center, angle, color, alpha, bold) = call.kind {
                placeLabel(text, center: center, angle: angle, color: color, alpha: alpha, bold: bold)
                lettered = glyphLayer.indices.filter { glyphLayer[$0] != nil }
                continue
            }
            guard !lettered.isEmpty else { continue }
            for cell in lettered where glyphLayer[cell] != nil {
                let c = cell % columns, r = cell / columns
                let cellColumns = (c * samplesAcross)..<((c + 1) * samplesAcross), cellRows = (r * samplesDown)..<((r + 1) * samplesDown)
                guard call.columns.overlaps(cellColumns), call.rows.overlaps(cellRows) else { continue }
                let picture: ((Double, Double) -> (color: Color, alpha: Double)?)?
                if case let .image(_, _, _, _, serial) = call.kind { picture = samplers[serial] } else { picture = nil }
                var opaque = false
                DrawCall.rasterize(call.kind, on: raster.clipped(columns: cellColumns, rows: cellRows), image: picture) { _, _, _, alpha in
                    if alpha >= 1 { opaque = true }
                }
                if opaque { glyphLayer[cell] = nil }
            }
        }
        shown = paints
        shownBackground = background
        recorded.removeAll(keepingCapacity: true)
        pictures.removeAll()
    }

    /// The frame as cells, colors degraded to `colorMode`.
    public func render(colorMode: ColorMode) -> CellGrid {
        var grid = CellGrid(columns: columns, rows: rows)
        render(into: &grid, colorMode: colorMode)
        return grid
    }

    /// Writes the frame into `grid` from row `rowOffset` (clipped to it), leaving other cells alone.
    /// In pixel mode only the letters are cells; every other cell is a blank that shows the
    /// picture (see PixelDisplay).
    public func render(into grid: inout CellGrid, colorMode: ColorMode, rowOffset: Int = 0) {
        if isPixelMode {
            for r in 0..<rows where r + rowOffset >= 0 && r + rowOffset < grid.rows {
                for c in 0..<min(columns, grid.columns) {
                    if let g = glyphLayer[r * columns + c] {
                        let beneath = samples[g.sample]
                        grid[c, r + rowOffset] = Cell(g.scalar, foreground: g.color.blended(over: beneath, alpha: g.alpha).degraded(to: colorMode, apartFrom: beneath),
                                                      background: beneath.degraded(to: colorMode), bold: g.bold)
                    } else {
                        grid[c, r + rowOffset] = Cell(" ", foreground: .white, background: background)
                    }
                }
            }
            return
        }
        let table = glyphs.table
        let bg = background.degraded(to: colorMode)
        let blank = colorMode == .none ? Cell(" ", foreground: .white, background: .black) : Cell.blank(bg)
        let subColumns = glyphs.subPixelColumns, subRows = glyphs.subPixelRows
        let sx = samplesAcross / subColumns, sy = samplesDown / subRows
        let width = sampleColumns
        let cellSamples = samplesAcross * samplesDown
        let backgroundVector = background.vector
        withUnsafeTemporaryAllocation(of: SIMD3<Float>.self, capacity: 8) { means in
        withUnsafeTemporaryAllocation(of: SIMD3<Float>.self, capacity: cellSamples) { cellColors in
            for r in 0..<rows {
                let gr = r + rowOffset
                guard gr >= 0 && gr < grid.rows else { continue }
                for c in 0..<min(columns, grid.columns) {
                    let k = r * columns + c
                    if let g = glyphLayer[k] {
                        let beneath = samples[g.sample]
                        let fg = g.color.blended(over: beneath, alpha: g.alpha).degraded(to: colorMode, apartFrom: beneath)
                        grid[c, gr] = colorMode == .none
                            ? Cell(g.scalar, foreground: .white, background: .black, bold: g.bold)
                            : Cell(g.scalar, foreground: fg, background: beneath.degraded(to: colorMode), bold: g.bold)
                        continue
                    }
                    guard touched[k] else { grid[c, gr] = blank; continue }
                    // Sub-pixel means, and the cell's samples for the fit's contrast ramp.
                    for m in 0..<(subColumns * subRows) { means[m] = SIMD3(repeating: 0) }
                    var n = 0
                    for j in 0..<samplesDown {
                        let base = (r * samplesDown + j) * width + c * samplesAcross
                        let subRow = (j / sy) * subColumns
                        for i in 0..<samplesAcross {
                            let v = samples[base + i].vector
                            cellColors[n] = v; n += 1
                            means[subRow + i / sx] += v
                        }
                    }
                    let count = subColumns * subRows
                    let scale = 1 / Float(sx * sy)
                    for m in 0..<count { means[m] *= scale }
                    grid[c, gr] = encode(UnsafeBufferPointer(rebasing: means[0..<count]),
                                         samples: UnsafeBufferPointer(rebasing: cellColors[0..<n]),
                                         table: table, colorMode: colorMode, background: backgroundVector, shownBackground: bg, blank: blank)
                }
            }
        }
        }
    }

    /// One touched cell as a character and two colors.
    private func encode(_ means: UnsafeBufferPointer<SIMD3<Float>>, samples: UnsafeBufferPointer<SIMD3<Float>>,
                        table: GlyphTable, colorMode: ColorMode, background: SIMD3<Float>, shownBackground: Color, blank: Cell) -> Cell {
        let full = UInt8(truncatingIfNeeded: (1 << means.count) - 1)
        if colorMode == .none {
            // Lit: more than half way from the background to the cell's farthest sample. In a
            // cell no sub-pixel of which gets that far (a hairline that straddles two
            // sub-pixels, a rod on a cell boundary, covers each by half; a rope's dot or a
            // diagonal string covers less), the sub-pixels more than half way to the strongest
            // one are lit, if that one is at least an eighth of the way (not a mere sliver of
            // an edge): thin lines stay as dots instead of vanishing.
            var farthest: Float = 0
            for s in samples { let d = s - background; farthest = max(farthest, (d * d).sum()) }
            guard farthest > 0 else { return blank }
            var strongest: Float = 0
            for m in 0..<means.count { let d = means[m] - background; strongest = max(strongest, (d * d).sum()) }
            // Squared distances: half the way is a quarter, an eighth is a sixty-fourth.
            let thin = strongest * 4 <= farthest
            guard !thin || strongest * 64 > farthest else { return blank }
            let threshold = thin ? strongest / 4 : farthest / 4
            var pattern: UInt8 = 0
            for m in 0..<means.count {
                let d = means[m] - background
                if (d * d).sum() > threshold { pattern |= 1 << UInt8(m) }
            }
            return Cell(table.character(for: pattern), foreground: .white, background: .black)
        }
        let fit = CellFit.fit(means, samples: samples)
        // Neither color may vanish into the canvas's background (dark gray on black in 8 colors).
        var fg = Color(fit.foreground).degraded(to: colorMode, apartFrom: self.background, shownAs: shownBackground)
        var bg = Color(fit.background).degraded(to: colorMode, apartFrom: self.background, shownAs: shownBackground)
        var pattern = fit.pattern
        if fg == bg || pattern == 0 || pattern == full {
            return Cell.blank(pattern == full ? fg : bg)
        }
        // The foreground is the group farther from the canvas background (braille draws only
        // the foreground's dots; block sets look the same either way).
        let df = fit.foreground - background, db = fit.background - background
        if (db * db).sum() > (df * df).sum() {
            swap(&fg, &bg); pattern = ~pattern & full
        }
        return Cell(table.character(for: pattern), foreground: fg, background: bg)
    }
}

extension Color {
    /// The color as floats 0…255.
    @inlinable var vector: SIMD3<Float> { SIMD3(Float(red), Float(green), Float(blue)) }

    /// The nearest color to a float vector (clamped to 0…255).
    init(_ v: SIMD3<Float>) {
        let c = v.clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 255))
        self.init(red: UInt8(c.x.rounded()), green: UInt8(c.y.rounded()), blue: UInt8(c.z.rounded()))
    }
}
