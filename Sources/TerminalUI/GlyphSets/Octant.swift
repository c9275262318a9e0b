// GlyphSet.octant: 2×4 sub-pixels per cell (Unicode 16). U+1CD00–U+1CDE5 list the 230 patterns
// not drawn by an older character, in increasing order. The other 26 are the 16 quadrant
// patterns (each quadrant two octants) and ten quarter blocks: U+1CEA8, U+1CEAB (one top
// octant), U+1CEA3, U+1CEA0 (one bottom octant), U+1FB82 and U+2582 (top and bottom row),
// U+1FBE6, U+1FBE7 (the middle of one column), U+1FB85 and U+2586 (three rows from the top and
// from the bottom).
extension GlyphSet {
    public static let octant = GlyphSet(name: "octant", subPixelColumns: 2, subPixelRows: 4, samplesPerSubPixel: (2, 2),
                                        probeCharacter: "\u{1CD2A}", drawnAsPixels: true,
                                        summary: "U+1CD00–U+1CDE5 with the quadrants and ten quarter blocks (Unicode 16)",
                                        characters: octantCharacters)

    static let octantCharacters: [Unicode.Scalar] = {
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
        return characters
    }()
}
