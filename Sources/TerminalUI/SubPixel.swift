// SubPixel: the address of one half-block sub-pixel, the unit the rasterizer fills.
//
// Sub-pixel (column i, row j) covers points [i·w, (i+1)·w) × [j·h, (j+1)·h) where w is the cell
// width and h half the cell height (8×8 by default); terminal cell (c, r) holds sub-pixels
// (c, 2r) on top and (c, 2r + 1) below.

public struct SubPixel: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var column: Int
    public var row: Int
    public init(column: Int, row: Int) { self.column = column; self.row = row }

    public static func < (a: SubPixel, b: SubPixel) -> Bool { (a.row, a.column) < (b.row, b.column) }
    public var description: String { "(\(column), \(row))" }
}
