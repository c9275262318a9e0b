// CellGrid.makeOpaque: panels that hide the picture under them in pixel mode.
//
// In pixel mode a blank cell of the play area shows the picture (PixelDisplay): that is how the
// scene shows through between labels. A panel (the help box, the HUD) must hide it instead, or
// the picture shows between its words. Its blank cells are therefore given a character that
// draws nothing but is not a blank, the no-break space (U+00A0, one column wide): the frame
// writer sends it as text, which covers the picture with the panel's background color. Cells
// mode never needs this (there the grid is all there is), so only pixel frames are marked.

extension Cell {
    /// A blank that is text, not a hole in the text layer: the no-break space.
    public static let opaqueBlank: Unicode.Scalar = "\u{00A0}"
}

extension CellGrid {
    /// Turns the blank cells of columns `columns` × rows `rows` (clipped to the grid) into
    /// opaque blanks of the same colors.
    public mutating func makeOpaque(columns cs: Range<Int>, rows rs: Range<Int>) {
        let c0 = max(0, cs.lowerBound), c1 = min(columns, cs.upperBound)
        let r0 = max(0, rs.lowerBound), r1 = min(rows, rs.upperBound)
        guard c0 < c1, r0 < r1 else { return }
        for r in r0..<r1 {
            for c in c0..<c1 where self[c, r].character == " " { self[c, r].character = Cell.opaqueBlank }
        }
    }
}
