// GlyphSet.quadrant: 2×2 sub-pixels per cell, U+2596–U+259F with ▀ ▄ ▌ ▐ █ and space; in most
// fonts.
extension GlyphSet {
    public static let quadrant = GlyphSet(name: "quadrant", subPixelColumns: 2, subPixelRows: 2, samplesPerSubPixel: (2, 4),
                                          probeCharacter: "\u{259A}", drawnAsPixels: true,
                                          summary: "U+2596–U+259F with ▀ ▄ ▌ ▐ █",
                                          characters: quadrantCharacters)

    /// Quadrant patterns, bits: 1 top-left, 2 top-right, 4 bottom-left, 8 bottom-right.
    static let quadrantCharacters: [Unicode.Scalar] = [
        " ", "\u{2598}", "\u{259D}", "\u{2580}", "\u{2596}", "\u{258C}", "\u{259E}", "\u{259B}",
        "\u{2597}", "\u{259A}", "\u{2590}", "\u{259C}", "\u{2584}", "\u{2599}", "\u{259F}", "\u{2588}",
    ]
}
