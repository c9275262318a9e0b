// CellSize: how many points one terminal cell spans.
//
// The contract fixes the default at 8×16, the shape of most terminals' cells, so that a square in
// points looks square on screen; `--cell-size WxH` can change it. How a cell is divided into
// sub-pixels is the glyph set's business (GlyphSet), not the cell's.
//
// Few terminals have cells of exactly 1:2 pixels (Konsole's DejaVu Sans Mono at 10 pt is 8×18,
// mlterm's 7×16), and a cell of 8×16 points in an 8×18-pixel cell stretches every point 12.5 %
// down: balls turn into eggs. `matchingPixels` keeps the height in points and gives the cell the
// width its pixels say, so a point is as wide as it is tall on screen, in cells as in pixels.

import Geometry

public struct CellSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double = 8, height: Double = 16) {
        precondition(width > 0 && height > 0 && width.isFinite && height.isFinite, "cell size must be positive")
        self.width = width; self.height = height
    }

    public static let `default` = CellSize()

    /// The widths and heights `init(parsing:)` accepts: from a point (a 1,000-column terminal is
    /// still a small world) to 256 points (a cell as large as a small scene); beyond that, screen
    /// positions overflow what the pointer and the canvas can address.
    public static let allowed: ClosedRange<Double> = 1...256

    /// The center of cell (column, row) in points: where a mouse report in that cell points.
    public func center(column: Int, row: Int) -> Point {
        Point((Double(column) + 0.5) * width, (Double(row) + 0.5) * height)
    }

    /// The terminal cell containing point `p`.
    public func cell(containing p: Point) -> (column: Int, row: Int) {
        (Int((p.x / width).rounded(.down)), Int((p.y / height).rounded(.down)))
    }

    /// The area in points that `columns` × `rows` cells show.
    public func size(columns: Int, rows: Int) -> Size {
        Size(Double(columns) * width, Double(rows) * height)
    }

    /// This cell's height with the width that makes a point square in a cell of `pixels`
    /// (width × height, as the terminal reports them): 8×16 pt in 8×18 px is 7.11×16 pt. Itself
    /// when the pixels are unknown (zero or negative).
    public func matchingPixels(width: Int, height: Int) -> CellSize {
        guard width > 0, height > 0 else { return self }
        let w = self.height * Double(width) / Double(height)
        return CellSize(width: min(max(w, CellSize.allowed.lowerBound), CellSize.allowed.upperBound), height: self.height)
    }

    /// Parses "WxH" (also "WXH" and "W×H"; see Size(parsing:)), e.g. "8x16".
    public init(parsing text: String) throws(CellSizeParseError) {
        let size: Size
        do throws(SizeTextError) { size = try Size(parsing: text) } catch {
            switch error {
            case .notTwoNumbers: throw CellSizeParseError(text: text, reason: "expected WIDTHxHEIGHT in points, e.g. 8x16")
            case .notPositive: throw CellSizeParseError(text: text, reason: "width and height must be positive numbers")
            }
        }
        let w = size.width, h = size.height
        guard CellSize.allowed.contains(w), CellSize.allowed.contains(h) else {
            throw CellSizeParseError(text: text, reason: "width and height must be between \(CellSize.allowed.lowerBound.compact) "
                                     + "and \(CellSize.allowed.upperBound.compact) points")
        }
        self.init(width: w, height: h)
    }

    public var description: String { "\(width.compact)x\(height.compact)" }
}

public struct CellSizeParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var text: String
    public var reason: String
    public var description: String { "invalid cell size \"\(text)\": \(reason)" }
}

extension Double {
    /// "8" rather than "8.0" for whole numbers.
    var compact: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}
