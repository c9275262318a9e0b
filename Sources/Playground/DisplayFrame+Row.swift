// DisplayFrame+Row: a frame as a row of integers on the grids DisplayFrame names, and back.
//
// The row is the items' values (x, y, angle, alpha, scale, color, width, height) item after
// item, then each attachment's two ends (x, y, x, y), then each snap point (x, y), then the
// scoreboard's index in the store's table of texts (−1 for none). The layout (how many of each)
// is kept beside the rows, once for a run of frames that share it.
import Geometry
import SceneFormat

extension DisplayFrame {
    /// Appends the frame's row to `row`, its scoreboard as `scoreboardIndex`.
    func appendRow(to row: inout [Int32], scoreboardIndex: Int32) {
        let l = Self.lengthUnit, f = Self.fractionUnit
        for p in items {
            row.append(Self.quantize(p.center.x, l)); row.append(Self.quantize(p.center.y, l))
            row.append(Self.quantize(p.angle, Self.angleUnit))
            row.append(Self.quantize(p.alpha, f)); row.append(Self.quantize(p.scale, f))
            row.append(Int32(p.color.red) << 16 | Int32(p.color.green) << 8 | Int32(p.color.blue))
            row.append(Self.quantize(p.size.width, l)); row.append(Self.quantize(p.size.height, l))
        }
        for (a, b) in jointEnds {
            row.append(Self.quantize(a.x, l)); row.append(Self.quantize(a.y, l))
            row.append(Self.quantize(b.x, l)); row.append(Self.quantize(b.y, l))
        }
        for p in snapPoints { row.append(Self.quantize(p.x, l)); row.append(Self.quantize(p.y, l)) }
        row.append(scoreboardIndex)
    }

    /// The frame of `row` (DisplayFrame.width(...) integers) with these counts; its scoreboard
    /// is looked up by `text`.
    init(row: ArraySlice<Int32>, items n: Int, joints: Int, snaps: Int, layout: Int, text: (Int32) -> String?) {
        let l = Self.lengthUnit, f = Self.fractionUnit
        var i = row.startIndex
        func next(_ unit: Double) -> Double { defer { i += 1 }; return Self.value(row[i], unit) }
        func point() -> Point { let x = next(l); return Point(x, next(l)) }
        var poses: [ItemPose] = []
        poses.reserveCapacity(n)
        for _ in 0..<n {
            let center = point(), angle = next(Self.angleUnit), alpha = next(f), scale = next(f)
            let rgb = row[i]; i += 1
            let color = SceneColor(red: UInt8(truncatingIfNeeded: rgb >> 16), green: UInt8(truncatingIfNeeded: rgb >> 8),
                                   blue: UInt8(truncatingIfNeeded: rgb))
            let width = next(l), height = next(l)
            poses.append(ItemPose(center: center, angle: angle, alpha: alpha, scale: scale, color: color, size: Size(width, height)))
        }
        var ends: [(Point, Point)] = []
        for _ in 0..<joints { let a = point(); ends.append((a, point())) }
        var points: [Point] = []
        for _ in 0..<snaps { points.append(point()) }
        self.init(items: poses, jointEnds: ends, snapPoints: points, scoreboard: text(row[i]), layout: layout)
    }
}
