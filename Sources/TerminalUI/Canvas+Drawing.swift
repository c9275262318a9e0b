// Canvas+Drawing: the calls that paint a frame, in painter's order: shapes (one, or many of one
// color each sample once at its strongest opacity), pictures sampled per point, and labels one
// letter per cell. A retained pixel canvas records each call with the samples it can cover and
// paints at `commit` (Canvas+Commit); any other canvas paints at once.
import Geometry

extension Canvas {
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

    mutating func placeLabel(_ text: String, center: Point, angle: Double, color: Color, alpha: Double, bold: Bool) {
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
}
