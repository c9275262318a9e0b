// GlyphTable: every sub-pixel pattern of a glyph set to its character, and back.
//
// A pattern is a bit mask over the cell's sub-pixels in reading order: bit k is sub-pixel
// (k mod columns, k div columns), top-left first; a set bit shows the foreground color. The
// tables follow the Unicode charts:
// - half blocks: space, ▀ (top), ▄ (bottom), █.
// - quadrants: U+2596–U+259F with ▀ ▄ ▌ ▐ █ and space.
// - sextants: U+1FB00–U+1FB3B list patterns 1…62 in increasing order, leaving out the two that
//   ▌ and ▐ already draw (left column 21, right column 42); 0 and 63 are space and █.
// - octants: U+1CD00–U+1CDE5 list the 230 patterns not drawn by an older character, in
//   increasing order. The other 26 are the 16 quadrant patterns (each quadrant two octants) and
//   ten quarter blocks: U+1CEA8, U+1CEAB (one top octant), U+1CEA3, U+1CEA0 (one bottom
//   octant), U+1FB82 and U+2582 (top and bottom row), U+1FBE6, U+1FBE7 (the middle of one
//   column), U+1FB85 and U+2586 (three rows from the top and from the bottom).
// - braille: U+2800 plus the dot bits; dots 1 2 3 7 run down the left column, 4 5 6 8 the right.
// - ascii: 2×2 patterns drawn with the printable ASCII character most like them.

public struct GlyphTable: Sendable {
    public let glyphSet: GlyphSet
    public var columns: Int { glyphSet.subPixelColumns }
    public var rows: Int { glyphSet.subPixelRows }
    /// `characters[pattern]` for every pattern 0 ..< 2^(columns·rows).
    public let characters: [Unicode.Scalar]
    private let patterns: [UInt32: UInt8]

    init(set: GlyphSet, characters: [Unicode.Scalar]) {
        precondition(characters.count == 1 << (set.subPixelColumns * set.subPixelRows), "a glyph table lists every pattern")
        self.glyphSet = set
        self.characters = characters
        var inverse: [UInt32: UInt8] = [:]
        for (pattern, scalar) in characters.enumerated() { inverse[scalar.value] = UInt8(pattern) }
        precondition(inverse.count == characters.count, "a glyph table's characters are distinct")
        self.patterns = inverse
    }

    /// The character that shows `pattern`.
    @inlinable public func character(for pattern: UInt8) -> Unicode.Scalar { characters[Int(pattern)] }

    /// The pattern `character` shows in this set, or nil when it is not one of the set's.
    public func pattern(of character: Unicode.Scalar) -> UInt8? { patterns[character.value] }

    /// Whether sub-pixel (column, row) is lit in `pattern`.
    public func isLit(_ pattern: UInt8, column: Int, row: Int) -> Bool {
        pattern >> UInt8(row * columns + column) & 1 == 1
    }

    /// The table of `set`.
    public static func of(_ set: GlyphSet) -> GlyphTable {
        switch set {
        case .half: half
        case .quadrant: quadrant
        case .sextant: sextant
        case .octant: octant
        case .braille: braille
        case .ascii: ascii
        }
    }

    /// The set and pattern a block, braille or ASCII-art character shows, looking in the finest
    /// set first (for drawing a cell as pixels).
    public static func lookUp(_ character: Unicode.Scalar) -> (table: GlyphTable, pattern: UInt8)? {
        for table in [octant, sextant, quadrant, half, braille] {
            if let p = table.pattern(of: character) { return (table, p) }
        }
        return nil
    }

    static let half = GlyphTable(set: .half, characters: [" ", "\u{2580}", "\u{2584}", "\u{2588}"])

    /// Quadrant patterns, bits: 1 top-left, 2 top-right, 4 bottom-left, 8 bottom-right.
    static let quadrantCharacters: [Unicode.Scalar] = [
        " ", "\u{2598}", "\u{259D}", "\u{2580}", "\u{2596}", "\u{258C}", "\u{259E}", "\u{259B}",
        "\u{2597}", "\u{259A}", "\u{2590}", "\u{259C}", "\u{2584}", "\u{2599}", "\u{259F}", "\u{2588}",
    ]
    static let quadrant = GlyphTable(set: .quadrant, characters: quadrantCharacters)

    static let sextant: GlyphTable = {
        var characters: [Unicode.Scalar] = []
        var next: UInt32 = 0x1FB00
        for pattern in 0..<64 {
            switch pattern {
            case 0: characters.append(" ")
            case 21: characters.append("\u{258C}")
            case 42: characters.append("\u{2590}")
            case 63: characters.append("\u{2588}")
            default: characters.append(Unicode.Scalar(next)!); next += 1
            }
        }
        return GlyphTable(set: .sextant, characters: characters)
    }()

    static let octant: GlyphTable = {
        let quarterBlocks: [Int: UInt32] = [
            1: 0x1CEA8, 2: 0x1CEAB, 64: 0x1CEA3, 128: 0x1CEA0, 3: 0x1FB82, 192: 0x2582,
            20: 0x1FBE6, 40: 0x1FBE7, 63: 0x1FB85, 252: 0x2586,
        ]
        var characters: [Unicode.Scalar] = []
        var next: UInt32 = 0x1CD00
        for pattern in 0..<256 {
            // A quadrant pattern lights both octants of each quadrant or neither.
            let pairs = [(0, 2), (1, 3), (4, 6), (5, 7)]
            if pairs.allSatisfy({ (pattern >> $0.0) & 1 == (pattern >> $0.1) & 1 }) {
                let q = (pattern & 3) | (pattern >> 2 & 12)
                characters.append(quadrantCharacters[q])
            } else if let old = quarterBlocks[pattern] {
                characters.append(Unicode.Scalar(old)!)
            } else {
                characters.append(Unicode.Scalar(next)!); next += 1
            }
        }
        return GlyphTable(set: .octant, characters: characters)
    }()

    static let braille: GlyphTable = {
        // Reading-order sub-pixel k → braille dot bit.
        let dotBit: [UInt32] = [0x01, 0x08, 0x02, 0x10, 0x04, 0x20, 0x40, 0x80]
        let characters = (0..<256).map { pattern -> Unicode.Scalar in
            var bits: UInt32 = 0
            for k in 0..<8 where pattern >> k & 1 == 1 { bits |= dotBit[k] }
            return Unicode.Scalar(0x2800 + bits)!
        }
        return GlyphTable(set: .braille, characters: characters)
    }()

    /// 2×2 patterns (bits as for quadrants) in printable ASCII.
    static let ascii = GlyphTable(set: .ascii, characters: [
        " ", "'", "`", "\"", ",", "[", "/", "P", ".", "\\", "]", "7", "_", "L", "J", "#",
    ])
}
