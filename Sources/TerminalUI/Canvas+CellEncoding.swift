// Canvas+CellEncoding: one touched cell, its sub-pixel means and samples, as a character and two
// colors: CellFit's two colors and pattern degraded to the terminal's colors (neither vanishing
// into the background), or with no color at all, the sub-pixels far enough from the background
// lit in the terminal's own colors.
import Geometry

extension Canvas {
    /// One touched cell as a character and two colors.
    func encode(_ means: UnsafeBufferPointer<SIMD3<Float>>, samples: UnsafeBufferPointer<SIMD3<Float>>,
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
