// GlyphSet.braille: 2×4 dots of one color on a background, good for thin lines: U+2800 plus the
// dot bits; dots 1 2 3 7 run down the left column, 4 5 6 8 the right.
extension GlyphSet {
    public static let braille = GlyphSet(name: "braille", subPixelColumns: 2, subPixelRows: 4, samplesPerSubPixel: (2, 2),
                                         probeCharacter: "\u{28FF}", drawnAsPixels: true,
                                         summary: "U+2800–U+28FF: dots in the foreground color on the background",
                                         characters: brailleCharacters)

    static let brailleCharacters: [Unicode.Scalar] = {
        // Reading-order sub-pixel k → braille dot bit.
        let dotBit: [UInt32] = [0x01, 0x08, 0x02, 0x10, 0x04, 0x20, 0x40, 0x80]
        let characters = (0..<256).map { pattern -> Unicode.Scalar in
            var bits: UInt32 = 0
            for k in 0..<8 where pattern >> k & 1 == 1 { bits |= dotBit[k] }
            return Unicode.Scalar(0x2800 + bits)!
        }
        return characters
    }()
}
