// Rasterizer: which samples a shape covers.
//
// The canvas divides each cell into a grid of samples (several per sample of the glyph set,
// or one per screen pixel in pixel mode); the rasterizer answers which samples a shape covers.
// The rule is point sampling: a sample is covered when its center lies inside the shape
// (boundary included). Centers sit at half-integer multiples of the sample size, so a shape
// whose edges lie on the sample grid covers exactly the samples inside it. Anti-aliasing comes
// from there being many samples per sample: the cell encoder averages them. Each shape only
// visits the samples of its bounding box. Thin lines would slip between centers, so segments
// also mark every sample their center line passes through (sampled at a quarter sample).
// A rasterizer `clipped` to a window of the grid reports exactly the samples the whole one
// would report inside that window, and visits no others (a canvas repainting a few tiles).

import Geometry

public struct Rasterizer: Sendable {
    /// The size of one sample in points.
    public let sampleWidth: Double
    public let sampleHeight: Double
    /// The sample grid's extent: `columns` × `rows` samples.
    public let columns: Int
    public let rows: Int
    /// The samples reported: those in these columns and rows (the whole grid unless clipped).
    public private(set) var clipColumns: Range<Int>
    public private(set) var clipRows: Range<Int>

    /// On and off length of a dotted segment, in points.
    public static let dotLength = 8.0

    public init(sampleWidth: Double, sampleHeight: Double, columns: Int, rows: Int) {
        precondition(sampleWidth > 0 && sampleHeight > 0, "samples have a positive size")
        self.sampleWidth = sampleWidth; self.sampleHeight = sampleHeight; self.columns = columns; self.rows = rows
        clipColumns = 0..<max(0, columns); clipRows = 0..<max(0, rows)
    }

    /// The same grid, reporting only samples in `columns` × `rows` (within the grid).
    public func clipped(columns: Range<Int>, rows: Range<Int>) -> Rasterizer {
        var r = self
        r.clipColumns = columns.clamped(to: clipColumns)
        r.clipRows = rows.clamped(to: clipRows)
        return r
    }

    /// A grid of half-block samples (one sample each): the cell's width by half its height.
    public init(cellSize: CellSize, columns: Int, rows: Int) {
        self.init(sampleWidth: cellSize.width, sampleHeight: cellSize.height / 2, columns: columns, rows: rows)
    }

    var sw: Double { sampleWidth }
    var sh: Double { sampleHeight }

    /// The center of sample (i, j) in points.
    @inlinable public func center(column i: Int, row j: Int) -> Point {
        Point((Double(i) + 0.5) * sampleWidth, (Double(j) + 0.5) * sampleHeight)
    }

    /// The sample that contains point `p` (it may lie outside the grid).
    public func sample(containing p: Point) -> SampleIndex {
        SampleIndex(column: floorIndex(p.x / sw), row: floorIndex(p.y / sh))
    }

    /// The covered samples, sorted by row then column (for tests and tools).
    public func samples(covering shape: Shape) -> [SampleIndex] {
        var out: [SampleIndex] = []
        forEachSample(covering: shape) { out.append(SampleIndex(column: $0, row: $1)) }
        return Array(Set(out)).sorted()
    }

    /// Calls `body(column, row)` for each covered sample inside the grid. A sample may be
    /// reported more than once for segments; filling is idempotent per call of `Canvas.fill`.
    public func forEachSample(covering shape: Shape, _ body: (Int, Int) -> Void) {
        let eps = 1e-9
        switch shape {
        case let .rectangle(center, size, angle):
            let hw = size.width / 2, hh = size.height / 2
            let c = cos(angle), s = sin(angle)
            let ex = abs(c) * hw + abs(s) * hh, ey = abs(s) * hw + abs(c) * hh
            scan(minX: center.x - ex, maxX: center.x + ex, minY: center.y - ey, maxY: center.y + ey) { p in
                let d = p - center
                let lx = c * d.x + s * d.y, ly = -s * d.x + c * d.y
                return abs(lx) <= hw + eps && abs(ly) <= hh + eps
            } body: { body($0, $1) }

        case let .roundedRectangle(center, size, angle, cornerRadius):
            let hw = size.width / 2, hh = size.height / 2
            let r = cornerRadius.isFinite ? min(max(cornerRadius, 0), min(hw, hh)) : 0
            let c = cos(angle), s = sin(angle)
            let ex = abs(c) * hw + abs(s) * hh, ey = abs(s) * hw + abs(c) * hh
            scan(minX: center.x - ex, maxX: center.x + ex, minY: center.y - ey, maxY: center.y + ey) { p in
                let d = p - center
                // Beyond the core rectangle (shrunk by r) by at most r.
                let qx = max(abs(c * d.x + s * d.y) - (hw - r), 0), qy = max(abs(-s * d.x + c * d.y) - (hh - r), 0)
                return qx * qx + qy * qy <= r * r + eps
            } body: { body($0, $1) }

        case let .ellipse(center, size, angle):
            let a = size.width / 2, b = size.height / 2
            guard a > 0, b > 0 else { return }
            let c = cos(angle), s = sin(angle)
            let ex = ((a * c) * (a * c) + (b * s) * (b * s)).squareRoot()
            let ey = ((a * s) * (a * s) + (b * c) * (b * c)).squareRoot()
            scan(minX: center.x - ex, maxX: center.x + ex, minY: center.y - ey, maxY: center.y + ey) { p in
                let d = p - center
                let lx = (c * d.x + s * d.y) / a, ly = (-s * d.x + c * d.y) / b
                return lx * lx + ly * ly <= 1 + eps
            } body: { body($0, $1) }

        case let .polygon(points):
            let polygon = Polygon(points)
            guard points.count >= 3, polygon.area * 2 > eps else { return }
            let xs = points.map(\.x), ys = points.map(\.y)
            scan(minX: xs.min()!, maxX: xs.max()!, minY: ys.min()!, maxY: ys.max()!) { p in
                polygon.contains(p, tolerance: eps)
            } body: { body($0, $1) }

        case let .segment(from, to, thickness, dotted):
            forEachSample(onSegment: from, to, thickness: thickness, dotted: dotted, body)

        case let .anchor(p):
            let sp = sample(containing: p)
            for (dx, dy) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
                let i = sp.column + dx, j = sp.row + dy
                if clipColumns.contains(i), clipRows.contains(j) { body(i, j) }
            }
        }
    }

    /// The samples of a segment: every center within half the thickness of it, and the samples
    /// its center line passes through (so a hairline never vanishes); dotted: only the "on" dots.
    @inline(__always)
    private func forEachSample(onSegment from: Point, _ to: Point, thickness: Double, dotted: Bool,
                               _ body: (Int, Int) -> Void) {
        let eps = 1e-9
        guard from.isFinite, to.isFinite else { return }
        let r = thickness.isFinite ? max(0, thickness) / 2 : 0
        let d = to - from
        let length = d.length
        let dir = length > 0 ? d / length : Vector(1, 0)
        @inline(__always) func isOn(_ along: Double) -> Bool {
            !dotted || (along / Rasterizer.dotLength).rounded(.down).truncatingRemainder(dividingBy: 2) == 0
        }
        // Thick part: every center within r of the segment.
        if r > 0 {
            scan(minX: min(from.x, to.x) - r, maxX: max(from.x, to.x) + r,
                 minY: min(from.y, to.y) - r, maxY: max(from.y, to.y) + r) { p in
                let along = max(0, min(length, (p - from).dot(dir)))
                let nearest = from + dir * along
                return (p - nearest).lengthSquared <= r * r + eps && isOn(along)
            } body: { body($0, $1) }
        }
        // Thin part: the samples the center line passes through, visiting only the part
        // of the line inside the grid (Liang–Barsky clipping against it, one sample wider).
        guard let (a0, a1) = clip(from: from, dir: dir, length: length) else { return }
        let step = min(sw, sh) / 4
        let n = max(1, Int(((a1 - a0) / step).rounded(.up)))
        var last = SampleIndex(column: Int.min, row: Int.min)
        for k in 0...n {
            let along = a0 + (a1 - a0) * Double(k) / Double(n)
            guard isOn(along) else { continue }
            let sp = sample(containing: from + dir * along)
            if sp != last, clipColumns.contains(sp.column), clipRows.contains(sp.row) {
                body(sp.column, sp.row)
            }
            last = sp
        }
    }

    /// The part [a0, a1] of the distances along `from + dir·t`, t in [0, length], that lies in
    /// the grid grown by one sample; nil when none does. (The whole grid, not the clip window:
    /// so a clipped rasterizer steps along the line at the same places as the whole one.)
    private func clip(from: Point, dir: Vector, length: Double) -> (Double, Double)? {
        var t0 = 0.0, t1 = length
        let minX = -sw, maxX = Double(columns + 1) * sw, minY = -sh, maxY = Double(rows + 1) * sh
        for (p, q) in [(-dir.x, from.x - minX), (dir.x, maxX - from.x), (-dir.y, from.y - minY), (dir.y, maxY - from.y)] {
            if abs(p) < 1e-15 {
                if q < 0 { return nil }
            } else {
                let t = q / p
                if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
            }
        }
        return t0 <= t1 ? (t0, t1) : nil
    }

    /// Visits the samples whose centers lie in the box, clipped to the grid, and reports
    /// those for which `inside(center)` holds.
    @inline(__always)
    private func scan(minX: Double, maxX: Double, minY: Double, maxY: Double,
                      inside: (Point) -> Bool, body: (Int, Int) -> Void) {
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return }
        // Center of i is (i + 0.5)·sw: i ≥ minX/sw − 0.5 and i ≤ maxX/sw − 0.5.
        let i0 = max(clipColumns.lowerBound, Int(max(-1, min(Double(columns), (minX / sw - 0.5 - 1e-9).rounded(.up)))))
        let i1 = min(clipColumns.upperBound - 1, Int(max(-1, min(Double(columns), (maxX / sw - 0.5 + 1e-9).rounded(.down)))))
        let j0 = max(clipRows.lowerBound, Int(max(-1, min(Double(rows), (minY / sh - 0.5 - 1e-9).rounded(.up)))))
        let j1 = min(clipRows.upperBound - 1, Int(max(-1, min(Double(rows), (maxY / sh - 0.5 + 1e-9).rounded(.down)))))
        guard i0 <= i1, j0 <= j1 else { return }
        for j in j0...j1 {
            let y = (Double(j) + 0.5) * sh
            for i in i0...i1 where inside(Point((Double(i) + 0.5) * sw, y)) {
                body(i, j)
            }
        }
    }
}

/// ⌊v⌋ as an index, nudged by 1e-9 so values a rounding error below an integer land on it;
/// NaN and huge values map far outside any grid instead of trapping.
@inline(__always) func floorIndex(_ v: Double) -> Int {
    guard v.isFinite else { return v == .infinity ? Int(1 << 40) : -Int(1 << 40) }
    return Int(max(-1e12, min(1e12, v + 1e-9)).rounded(.down))
}
