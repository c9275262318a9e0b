// SampleIndex: the address of one sample of a canvas, the unit the rasterizer fills.
//
// Sample (column i, row j) covers points [i·w, (i+1)·w) × [j·h, (j+1)·h), w × h being the
// sample size: a cell's size divided by its glyph set's sub-pixels and by the samples taken in
// each (or a screen pixel in pixel mode).

public struct SampleIndex: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var column: Int
    public var row: Int
    public init(column: Int, row: Int) { self.column = column; self.row = row }

    public static func < (a: SampleIndex, b: SampleIndex) -> Bool { (a.row, a.column) < (b.row, b.column) }
    public var description: String { "(\(column), \(row))" }
}
