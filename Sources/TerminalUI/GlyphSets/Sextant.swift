// GlyphSet.sextant: 2×3 sub-pixels per cell (Unicode 13). U+1FB00–U+1FB3B list patterns 1…62 in
// increasing order, leaving out the two that ▌ and ▐ already draw (left column 21, right column
// 42); 0 and 63 are space and █.
extension GlyphSet {
    public static let sextant = GlyphSet(name: "sextant", subPixelColumns: 2, subPixelRows: 3, samplesPerSubPixel: (2, 2),
                                         probeCharacter: "\u{1FB0E}", drawnAsPixels: true,
                                         summary: "U+1FB00–U+1FB3B with ▌ ▐ █ (Unicode 13)",
                                         characters: sextantCharacters)

    static let sextantCharacters: [Unicode.Scalar] = {
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
        return characters
    }()
}
