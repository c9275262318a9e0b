// RetainedFrame: a pixel canvas that repaints only where the picture can have changed.
//
// A pixel frame is about a million samples; painting every shape into all of them each frame
// costs milliseconds even when one small ball moved. So a retained canvas (pixel mode,
// `retained: true`) does not paint as it is told: between `clear()` and `commit()` it records the
// calls (a shape, its color and opacity; a picture; a label), each with the samples it may touch.
// `commit()` compares them with the last frame's calls. Calls found in both, in the same order
// relative to each other, paint the same samples the same way; so the picture can differ only
// inside the bounds of the calls that are new or gone (the union of the old and new bounds of
// what moved). The tiles those bounds touch (PixelTiles' tiles, the ones the frame writer
// sends) are cleared and every call that reaches them is painted again, clipped to them; other
// tiles keep their samples. When the order of the common calls changed (an item raised above
// another), or the background did, every tile is painted. A picture (`fillImage`) samples a
// closure that cannot be compared, so it counts as new every frame.
//
// Labels are not samples: the glyph layer is rebuilt whole each commit, in painter's order (a
// label places its letters, a later opaque call over a letter erases it), which costs only the
// few cells that hold a letter.

import Geometry

struct DrawCall: Hashable {
    enum Kind: Hashable {
        case fill(Shape, Color, alpha: Double)
        case fillMany([ShapeAlpha], Color)
        /// A picture; `serial` is unique, so no two are ever equal.
        case image(center: Point, size: Size, angle: Double, alpha: Double, serial: Int)
        case label(String, center: Point, angle: Double, color: Color, alpha: Double, bold: Bool)
    }

    struct ShapeAlpha: Hashable {
        var shape: Shape
        var alpha: Double
    }

    var kind: Kind
    /// The samples the call may paint (empty for a label, or for a shape off the grid).
    var columns: Range<Int>
    var rows: Range<Int>

    var isLabel: Bool { if case .label = kind { true } else { false } }

    /// The calls of `new` whose samples may differ from `old`'s: those in only one of the two
    /// lists; nil when the calls found in both are not in the same order (everything may differ).
    static func changed(from old: [DrawCall], to new: [DrawCall]) -> [DrawCall]? {
        var oldCount: [DrawCall: Int] = [:]
        for c in old { oldCount[c, default: 0] += 1 }
        var newCount: [DrawCall: Int] = [:]
        for c in new { newCount[c, default: 0] += 1 }
        var changed: [DrawCall] = []
        var commonNew: [DrawCall] = [], commonOld: [DrawCall] = []
        var taken: [DrawCall: Int] = [:]
        for c in new {
            let common = min(oldCount[c] ?? 0, newCount[c] ?? 0)
            if taken[c, default: 0] < common { taken[c, default: 0] += 1; commonNew.append(c) } else { changed.append(c) }
        }
        taken = [:]
        for c in old {
            let common = min(oldCount[c] ?? 0, newCount[c] ?? 0)
            if taken[c, default: 0] < common { taken[c, default: 0] += 1; commonOld.append(c) } else { changed.append(c) }
        }
        return commonOld == commonNew ? changed : nil
    }

    /// The sample ranges a shape may touch on `raster`'s grid, one sample wider on every side.
    static func bounds(of shape: Shape, on raster: Rasterizer) -> (columns: Range<Int>, rows: Range<Int>) {
        var minX = 0.0, maxX = 0.0, minY = 0.0, maxY = 0.0
        switch shape {
        case let .rectangle(center, size, angle), let .roundedRectangle(center, size, angle, _):
            let c = cos(angle), s = sin(angle)
            let ex = abs(c) * size.width / 2 + abs(s) * size.height / 2, ey = abs(s) * size.width / 2 + abs(c) * size.height / 2
            (minX, maxX, minY, maxY) = (center.x - ex, center.x + ex, center.y - ey, center.y + ey)
        case let .ellipse(center, size, angle):
            let a = size.width / 2, b = size.height / 2
            let c = cos(angle), s = sin(angle)
            let ex = ((a * c) * (a * c) + (b * s) * (b * s)).squareRoot(), ey = ((a * s) * (a * s) + (b * c) * (b * c)).squareRoot()
            (minX, maxX, minY, maxY) = (center.x - ex, center.x + ex, center.y - ey, center.y + ey)
        case let .polygon(points):
            guard let x0 = points.map(\.x).min(), let x1 = points.map(\.x).max(),
                  let y0 = points.map(\.y).min(), let y1 = points.map(\.y).max() else { return (0..<0, 0..<0) }
            (minX, maxX, minY, maxY) = (x0, x1, y0, y1)
        case let .segment(from, to, thickness, _):
            let r = thickness.isFinite ? max(0, thickness) / 2 : 0
            (minX, maxX, minY, maxY) = (min(from.x, to.x) - r, max(from.x, to.x) + r, min(from.y, to.y) - r, max(from.y, to.y) + r)
        case let .anchor(p):
            (minX, maxX, minY, maxY) = (p.x, p.x, p.y, p.y)
        }
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return (0..<0, 0..<0) }
        let i0 = floorIndex(minX / raster.sampleWidth) - 2, i1 = floorIndex(maxX / raster.sampleWidth) + 2
        let j0 = floorIndex(minY / raster.sampleHeight) - 2, j1 = floorIndex(maxY / raster.sampleHeight) + 2
        let columns = max(0, i0)..<max(max(0, i0), min(raster.columns, i1 + 1))
        let rows = max(0, j0)..<max(max(0, j0), min(raster.rows, j1 + 1))
        return (columns, rows)
    }

    /// Calls `paint(i, j, color, alpha)` for each sample the call covers within `raster`'s clip,
    /// exactly as the immediate canvas would paint them. `image` samples a picture's texels.
    static func rasterize(_ kind: Kind, on raster: Rasterizer, image: ((Double, Double) -> (color: Color, alpha: Double)?)?,
                          _ paint: (Int, Int, Color, Double) -> Void) {
        switch kind {
        case let .fill(shape, color, alpha):
            guard alpha > 0 else { return }
            var dedupe = false
            if case .segment = shape { dedupe = alpha < 1 } else if case .anchor = shape { dedupe = alpha < 1 }
            var visited = Set<Int>()
            raster.forEachSample(covering: shape) { i, j in
                if dedupe && !visited.insert(j * raster.columns + i).inserted { return }
                paint(i, j, color, alpha)
            }
        case let .fillMany(shapes, color):
            var strongest: [Int: Double] = [:]
            var order: [Int] = []
            for s in shapes where s.alpha > 0 {
                raster.forEachSample(covering: s.shape) { i, j in
                    let k = j * raster.columns + i
                    if let a = strongest[k] { strongest[k] = max(a, min(s.alpha, 1)) } else { strongest[k] = min(s.alpha, 1); order.append(k) }
                }
            }
            for k in order { paint(k % raster.columns, k / raster.columns, color, strongest[k]!) }
        case let .image(center, size, angle, alpha, _):
            guard let image, alpha > 0, size.width > 0, size.height > 0 else { return }
            let w = raster.sampleWidth, h = raster.sampleHeight
            let c = cos(angle), s = sin(angle)
            raster.forEachSample(covering: .rectangle(center: center, size: size, angle: angle)) { i, j in
                let dx = (Double(i) + 0.5) * w - center.x, dy = (Double(j) + 0.5) * h - center.y
                let lx = c * dx + s * dy, ly = -s * dx + c * dy
                let u = lx / size.width + 0.5, v = ly / size.height + 0.5
                guard let texel = image(min(max(u, 0), 1), min(max(v, 0), 1)) else { return }
                let a = alpha * min(max(texel.alpha, 0), 1)
                if a <= 0 { return }
                paint(i, j, texel.color, a)
            }
        case .label:
            return
        }
    }
}
