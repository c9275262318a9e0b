// PixelFrameWriter: the bytes of one frame in pixel mode, given what the terminal shows already.
//
// The picture goes out in tiles (PixelTiles): only those whose pixels changed, and those under a
// letter that has gone (the picture must show there again). Then the text: letters over the
// picture that changed or whose tile was just painted over, and the changed cells of the rows
// below the picture (the status line), each as a cursor move, an SGR for its colors and the
// character. When the terminal is still busy with earlier frames (`sendImage` false) the
// picture waits: nothing is queued, the tiles stay owed and go with the next frame that may
// send, so a slow terminal drops frames instead of falling behind. With synchronized output the
// frame is wrapped in CSI ? 2026 h … l so the terminal shows it whole.
// In kitty's protocol the picture lies under the text instead of replacing it (see
// KittyGraphicsEncoder), so four things differ: the cell of each letter over the picture is
// painted in the letter's background color in the picture itself (the picture covers the cells'
// own backgrounds), so a label, the help and the HUD read as they do in sixel, and a letter
// that comes or goes changes its tile; a letter that has gone is erased (a blank in
// the default colors, before the tiles: a terminal that keeps images in cells, as WezTerm does,
// loses the cell's picture to the blank and gets it back from the tile); a changed tile is a new
// image and the one it replaces is deleted (KittyTileImages); and a picture of a new size (the
// first frame, a resize, a return from suspend) starts from a clear screen with every image
// deleted, so nothing of the old layout stays under or beside the new one.
// With no color at all (NO_COLOR) each tile goes out in shades of gray of the same luminance.
// A frame in which nothing changed is no bytes at all (no SGR reset, no synchronized-output
// brackets).

public struct PixelFrameWriter: Sendable {
    public let graphics: GraphicsProtocol
    public let tiles: PixelTiles
    public var synchronizedOutput: Bool
    /// Sixel color registers the terminal has (XTSMGRAPHICS).
    public var colorRegisters = SixelEncoder.defaultRegisters
    /// What the terminal shows now.
    private var shownImage: PixelImage?
    private var shownGrid: CellGrid?
    /// Tiles owed from frames whose picture could not be sent.
    private var owed = Set<PixelTiles.Tile>()
    /// In kitty's protocol, the image each tile shows.
    private var kittyImages = KittyTileImages()

    public init(graphics: GraphicsProtocol, cellWidth: Int, cellHeight: Int, synchronizedOutput: Bool = false) {
        self.graphics = graphics
        self.tiles = PixelTiles(cellWidth: cellWidth, cellHeight: cellHeight)
        self.synchronizedOutput = synchronizedOutput
    }

    /// Forget what the terminal shows (after a resize or a suspend): the next frame sends all.
    public mutating func invalidate() { shownImage = nil; shownGrid = nil; owed = [] }

    /// The frame's bytes; `sendImage` false when the terminal has not caught up yet.
    public mutating func frame(_ grid: CellGrid, image: PixelImage, imageRows: Int, colorMode: ColorMode, sendImage: Bool) -> [UInt8] {
        let image = graphics == .kitty ? Self.withTextBackgrounds(image, grid: grid, imageRows: imageRows, tiles: tiles) : image
        var out: [UInt8] = []
        var previous = shownGrid.flatMap { $0.columns == grid.columns && $0.rows == grid.rows ? $0 : nil }
        let sameImage = shownImage.map { $0.width == image.width && $0.height == image.height } ?? false
        if graphics == .kitty {
            if sendImage && !sameImage {
                // A new layout: clear text and images, and draw every cell again.
                out += Array("\u{1B}[0m\u{1B}[2J".utf8) + KittyGraphicsEncoder.deleteAll
                kittyImages.removeAll()
                previous = nil
            } else if let previous {
                out += Self.erasures(from: previous, to: grid, imageRows: imageRows)
            }
        }
        let due = dueTiles(image, grid: grid, previous: previous, sameImage: sameImage, imageRows: imageRows)
        var painted = Set<PixelTiles.Tile>()
        if sendImage {
            painted = paint(due, of: image, imageRows: imageRows, colorMode: colorMode, into: &out)
            owed = []
            if sameImage, shownImage != nil {
                // Only the painted tiles changed on screen; updating them in place keeps this
                // copy apart from the canvas's pixels (no copy of the whole picture each frame).
                for t in painted { shownImage!.copy(t.width, t.height, at: t.x, t.y, from: image) }
            } else {
                shownImage = image
            }
        } else {
            owed = due
        }
        writeText(grid, previous: previous, painted: painted, imageRows: imageRows, colorMode: colorMode, into: &out)
        shownGrid = grid
        guard !out.isEmpty else { return [] }
        out += Array("\u{1B}[0m".utf8)
        if synchronizedOutput { out = Array("\u{1B}[?2026h".utf8) + out + Array("\u{1B}[?2026l".utf8) }
        return out
    }

    /// The tiles to send: those whose pixels changed, those owed from a frame not sent, and
    /// those where a letter was and is no more (the picture must show there again).
    private func dueTiles(_ image: PixelImage, grid: CellGrid, previous: CellGrid?, sameImage: Bool, imageRows: Int) -> Set<PixelTiles.Tile> {
        var due = Set(tiles.changed(from: sameImage ? shownImage : nil, to: image)).union(owed)
        guard let previous else { return due }
        for r in 0..<min(imageRows, grid.rows) {
            for c in 0..<grid.columns where previous[c, r].character != " " && grid[c, r].character == " " {
                if let t = tile(containing: c, r, imageColumns: image.width / tiles.cellWidth, imageRows: imageRows) { due.insert(t) }
            }
        }
        return due
    }

    /// Sends each due tile at its cell, as sixel or a kitty image (gray without color); returns
    /// the tiles sent.
    private mutating func paint(_ due: Set<PixelTiles.Tile>, of image: PixelImage, imageRows: Int, colorMode: ColorMode,
                                into out: inout [UInt8]) -> Set<PixelTiles.Tile> {
        var painted = Set<PixelTiles.Tile>()
        for (index, t) in tiles.tiles(imageColumns: image.width / tiles.cellWidth, imageRows: imageRows).enumerated() where due.contains(t) {
            out += Array("\u{1B}[\(t.row + 1);\(t.column + 1)H".utf8)
            let gray = colorMode == .none ? image.grays(x: t.x, y: t.y, width: t.width, height: t.height) : nil
            let source = gray ?? image, sx = gray == nil ? t.x : 0, sy = gray == nil ? t.y : 0
            switch graphics {
            case .sixel: out += SixelEncoder.encode(source, x: sx, y: sy, width: t.width, height: t.height, registers: colorRegisters)
            case .kitty:
                let (id, replaced) = kittyImages.replace(tile: index)
                out += KittyGraphicsEncoder.encode(source, x: sx, y: sy, width: t.width, height: t.height, id: id)
                if let replaced { out += KittyGraphicsEncoder.delete(id: replaced) }
            case .cells: break
            }
            painted.insert(t)
        }
        return painted
    }

    /// The letters that changed, and those under a tile just painted (a picture covers them).
    private func writeText(_ grid: CellGrid, previous: CellGrid?, painted: Set<PixelTiles.Tile>, imageRows: Int,
                           colorMode: ColorMode, into out: inout [UInt8]) {
        var lastStyle: (Color, Color, Bool)? = nil
        for r in 0..<grid.rows {
            for c in 0..<grid.columns {
                let cell = grid[c, r]
                if cell.character == Cell.continuation { continue }
                let inImage = r < imageRows
                if inImage && cell.character == " " { continue }
                let changed = previous.map { $0[c, r] != cell } ?? true
                let underPaint = inImage && painted.contains { c >= $0.column && c < $0.column + tiles.columns && r >= $0.row && r < $0.row + tiles.rows }
                guard changed || underPaint else { continue }
                out += Array("\u{1B}[\(r + 1);\(c + 1)H".utf8)
                if lastStyle == nil || lastStyle! != (cell.foreground, cell.background, cell.bold) {
                    out += Self.sgr(cell, colorMode)
                    lastStyle = (cell.foreground, cell.background, cell.bold)
                }
                out += Array(String(cell.character).utf8)
            }
        }
    }

    /// `image` with the cell of every letter in the first `imageRows` rows of `grid` filled with
    /// the letter's background color.
    static func withTextBackgrounds(_ image: PixelImage, grid: CellGrid, imageRows: Int, tiles: PixelTiles) -> PixelImage {
        var out = image
        let w = tiles.cellWidth, h = tiles.cellHeight
        for r in 0..<min(imageRows, grid.rows, image.height / h) {
            for c in 0..<min(grid.columns, image.width / w) where grid[c, r].character != " " {
                let bg = grid[c, r].background
                for y in (r * h)..<(r * h + h) { for x in (c * w)..<(c * w + w) { out[x, y] = bg } }
            }
        }
        return out
    }

    /// Blanks in the default colors where a letter over the picture has gone: for a picture that
    /// lies under the text, which a new tile does not cover.
    static func erasures(from previous: CellGrid, to grid: CellGrid, imageRows: Int) -> [UInt8] {
        var out: [UInt8] = []
        for r in 0..<min(imageRows, grid.rows) {
            for c in 0..<grid.columns {
                let was = previous[c, r].character
                guard was != " ", grid[c, r].character == " " else { continue }
                if out.isEmpty { out += Array("\u{1B}[0m".utf8) }
                out += Array("\u{1B}[\(r + 1);\(c + 1)H ".utf8)
            }
        }
        return out
    }

    private func tile(containing column: Int, _ row: Int, imageColumns: Int, imageRows: Int) -> PixelTiles.Tile? {
        tiles.tiles(imageColumns: imageColumns, imageRows: imageRows).first {
            column >= $0.column && column < $0.column + tiles.columns && row >= $0.row && row < $0.row + tiles.rows
        }
    }

    /// SGR for a cell's colors and weight in `mode`.
    static func sgr(_ cell: Cell, _ mode: ColorMode) -> [UInt8] {
        var parts = ["0"]
        if cell.bold { parts.append("1") }
        func code(_ c: Color, background: Bool) -> String? {
            switch mode {
            case .truecolor: return "\(background ? 48 : 38);2;\(c.red);\(c.green);\(c.blue)"
            case .palette256: return "\(background ? 48 : 38);5;\(c.paletteIndex(in: .palette256)!)"
            case .palette16, .basic8:
                let i = c.paletteIndex(in: mode)!
                return i < 8 ? "\((background ? 40 : 30) + i)" : "\((background ? 100 : 90) + i - 8)"
            case .none: return nil
            }
        }
        if let f = code(cell.foreground, background: false) { parts.append(f) }
        if let b = code(cell.background, background: true) { parts.append(b) }
        return Array("\u{1B}[\(parts.joined(separator: ";"))m".utf8)
    }
}
