// Canvas+Rendering: the frame as cells. In cell mode each touched cell's sub-pixels are
// averaged from their samples and encoded (Canvas+CellEncoding); untouched cells are the
// background, letters are drawn on the sample beneath them. In pixel mode only the letters are
// cells; every other cell is a blank that shows the picture (see PixelDisplay).
import Geometry

extension Canvas {
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
            renderLetters(into: &grid, colorMode: colorMode, rowOffset: rowOffset)
            return
        }
        let table = glyphs.table
        let bg = background.degraded(to: colorMode)
        let blank = colorMode == .none ? Cell(" ", foreground: .white, background: .black) : Cell.blank(bg)
        let subColumns = glyphs.subPixelColumns, subRows = glyphs.subPixelRows
        let sx = samplesAcross / subColumns, sy = samplesDown / subRows
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
                    let n = gather(cell: c, r, means: means, samples: cellColors, sx: sx, sy: sy, subColumns: subColumns, subRows: subRows)
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

    /// Pixel mode: the letters on the sample beneath them; every other cell a blank.
    private func renderLetters(into grid: inout CellGrid, colorMode: ColorMode, rowOffset: Int) {
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
    }

    /// Sums cell (c, r)'s samples into its sub-pixels' `means` (zeroed first) and copies them to
    /// `samples`; returns how many it copied.
    @inline(__always)
    private func gather(cell c: Int, _ r: Int, means: UnsafeMutableBufferPointer<SIMD3<Float>>,
                        samples cellColors: UnsafeMutableBufferPointer<SIMD3<Float>>, sx: Int, sy: Int,
                        subColumns: Int, subRows: Int) -> Int {
        let width = sampleColumns
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
        return n
    }
}
