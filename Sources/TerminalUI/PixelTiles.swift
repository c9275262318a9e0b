// PixelTiles: which parts of a picture changed since the last frame, in cell-aligned tiles.
//
// Pixel graphics cost bytes (a sixel pixel is about a byte; a kitty pixel four), so a frame
// sends only the tiles that differ from what the terminal already shows. A tile is `columns`
// cells across and `rows` cells down, placed at a cell so it can be positioned with a cursor
// move; its height in pixels is a multiple of six, because sixel paints six pixel rows at a time
// and a partial last band could paint over the row below on some terminals.

#if canImport(Glibc)
import Glibc
#endif

public struct PixelTiles: Hashable, Sendable {
    /// One tile: its top-left cell, and its rectangle in pixels.
    public struct Tile: Hashable, Sendable {
        public var column: Int, row: Int
        public var x: Int, y: Int, width: Int, height: Int
    }

    public let cellWidth: Int
    public let cellHeight: Int
    /// Tile size in cells.
    public let columns: Int
    public let rows: Int

    /// Tiles of 16 cells across and the fewest rows whose pixel height is a multiple of six.
    public init(cellWidth: Int, cellHeight: Int, columns: Int = 16) {
        self.cellWidth = max(1, cellWidth); self.cellHeight = max(1, cellHeight); self.columns = max(1, columns)
        self.rows = (1...6).first { ($0 * max(1, cellHeight)) % 6 == 0 } ?? 6
    }

    /// Every tile of an image of `imageColumns` × `imageRows` cells, row by row.
    public func tiles(imageColumns: Int, imageRows: Int) -> [Tile] {
        var out: [Tile] = []
        var r = 0
        while r < imageRows {
            var c = 0
            while c < imageColumns {
                let w = min(columns, imageColumns - c), h = min(rows, imageRows - r)
                out.append(Tile(column: c, row: r, x: c * cellWidth, y: r * cellHeight, width: w * cellWidth, height: h * cellHeight))
                c += columns
            }
            r += rows
        }
        return out
    }

    /// The tiles of `current` whose pixels differ from `previous` (all of them without one, or
    /// when the sizes differ).
    public func changed(from previous: PixelImage?, to current: PixelImage) -> [Tile] {
        let all = tiles(imageColumns: current.width / cellWidth, imageRows: current.height / cellHeight)
        guard let previous, previous.width == current.width, previous.height == current.height else { return all }
        // Row by row as bytes (a Color is three bytes): a still picture is compared at memory speed.
        return previous.pixels.withUnsafeBytes { old in
            current.pixels.withUnsafeBytes { new in
                let stride = MemoryLayout<Color>.stride
                return all.filter { t in
                    for y in t.y..<(t.y + t.height) {
                        let offset = (y * current.width + t.x) * stride
                        if memcmp(old.baseAddress! + offset, new.baseAddress! + offset, t.width * stride) != 0 { return true }
                    }
                    return false
                }
            }
        }
    }
}
