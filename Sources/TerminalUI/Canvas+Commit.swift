// Canvas+Commit: a retained pixel canvas paints what was recorded since `clear`, only in the
// tiles where the picture can differ from the last commit (RetainedFrame's tiles, DrawCall's
// comparison): each such tile is cleared to the background and every recorded call that reaches
// it is painted again, clipped to it. Letters are then placed in painter's order and erased by a
// later opaque call over their cell, as an immediate canvas does.
import Geometry

extension Canvas {
    /// Retained pixel mode: paints what was recorded since `clear`, only in the tiles where the
    /// picture can differ from the last commit (see RetainedFrame). Nothing otherwise.
    public mutating func commit() {
        guard isRetained else { return }
        let tiles = PixelTiles(cellWidth: samplesAcross, cellHeight: samplesDown)
        let tileWidth = tiles.columns * samplesAcross, tileHeight = tiles.rows * samplesDown
        let paints = recorded.filter { !$0.isLabel }
        let dirty = dirtyTiles(paints, tileWidth: tileWidth, tileHeight: tileHeight)
        repaint(dirty, paints, tileWidth: tileWidth, tileHeight: tileHeight)
        placeRecordedLetters()
        shown = paints
        shownBackground = background
        recorded.removeAll(keepingCapacity: true)
        pictures.removeAll()
    }

    /// Which tiles (row-major, `across` per row) the calls `paints` can have changed since the
    /// last commit: every tile when the background changed or the calls cannot be compared.
    private func dirtyTiles(_ paints: [DrawCall], tileWidth: Int, tileHeight: Int) -> (across: Int, down: Int, dirty: [Bool]) {
        let across = (sampleColumns + tileWidth - 1) / tileWidth, down = (sampleRows + tileHeight - 1) / tileHeight
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
        return (across, down, dirty)
    }

    /// Clears each dirty tile to the background and paints every call that reaches it, clipped.
    private mutating func repaint(_ tiles: (across: Int, down: Int, dirty: [Bool]), _ paints: [DrawCall],
                                  tileWidth: Int, tileHeight: Int) {
        let (across, down, dirty) = tiles
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
    }

    /// Letters: placed in painter's order, erased by a later opaque call over their cell.
    private mutating func placeRecordedLetters() {
        let raster = rasterizer
        let samplers = self.pictures
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
    }
}
