// GlyphSet.half: 1×2 sub-pixels per cell, the half blocks every font with block elements has:
// space, ▀ (top), ▄ (bottom), █.
extension GlyphSet {
    public static let half = GlyphSet(name: "half", subPixelColumns: 1, subPixelRows: 2, samplesPerSubPixel: (4, 4),
                                      probeCharacter: nil, drawnAsPixels: true,
                                      summary: "space ▀ ▄ █",
                                      characters: [" ", "\u{2580}", "\u{2584}", "\u{2588}"])
}
