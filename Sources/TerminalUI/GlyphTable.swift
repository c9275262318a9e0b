// GlyphTable: every sub-pixel pattern of a glyph set to its character, and back.
//
// A pattern is a bit mask over the cell's sub-pixels in reading order: bit k is sub-pixel
// (k mod columns, k div columns), top-left first; a set bit shows the foreground color. Each
// set's table follows its Unicode chart, in the set's own file (GlyphSets/). A class, so a
// GlyphSet value can hold its table while the table names its set.

public final class GlyphTable: Sendable {
    /// The name of the set this is the table of.
    public let glyphSetName: String
    public let columns: Int
    public let rows: Int
    /// `characters[pattern]` for every pattern 0 ..< 2^(columns·rows).
    public let characters: [Unicode.Scalar]
    private let patterns: [UInt32: UInt8]

    init(name: String, columns: Int, rows: Int, characters: [Unicode.Scalar]) {
        precondition(characters.count == 1 << (columns * rows), "a glyph table lists every pattern")
        self.glyphSetName = name
        self.columns = columns
        self.rows = rows
        self.characters = characters
        var inverse: [UInt32: UInt8] = [:]
        for (pattern, scalar) in characters.enumerated() { inverse[scalar.value] = UInt8(pattern) }
        precondition(inverse.count == characters.count, "a glyph table's characters are distinct")
        self.patterns = inverse
    }

    /// The set this is the table of.
    public var glyphSet: GlyphSet { GlyphSet(rawValue: glyphSetName)! }

    /// The character that shows `pattern`.
    @inlinable public func character(for pattern: UInt8) -> Unicode.Scalar { characters[Int(pattern)] }

    /// The pattern `character` shows in this set, or nil when it is not one of the set's.
    public func pattern(of character: Unicode.Scalar) -> UInt8? { patterns[character.value] }

    /// Whether sub-pixel (column, row) is lit in `pattern`.
    public func isLit(_ pattern: UInt8, column: Int, row: Int) -> Bool {
        pattern >> UInt8(row * columns + column) & 1 == 1
    }

    /// The set and pattern a block or braille character shows, looking in the finest
    /// set first (for drawing a cell as pixels).
    public static func lookUp(_ character: Unicode.Scalar) -> (table: GlyphTable, pattern: UInt8)? {
        for table in pixelTables {
            if let p = table.pattern(of: character) { return (table, p) }
        }
        return nil
    }

    /// The tables of the sets a snapshot draws as sub-pixels, finest first (a coarser set's
    /// characters are also a finer one's, in the finer one's patterns); equal sizes in registry order.
    private static let pixelTables: [GlyphTable] = {
        let sets = GlyphSet.allCases.filter(\.drawnAsPixels)
        let order = sets.indices.sorted { a, b in
            let (na, nb) = (sets[a].subPixelColumns * sets[a].subPixelRows, sets[b].subPixelColumns * sets[b].subPixelRows)
            return na != nb ? na > nb : a < b
        }
        return order.map { sets[$0].table }
    }()
}
