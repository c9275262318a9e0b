// GlyphSet.ascii: 2×2 patterns drawn with the printable ASCII character most like them, for
// terminals and locales without Unicode. A snapshot draws them as text, not as sub-pixels.
extension GlyphSet {
    public static let ascii = GlyphSet(name: "ascii", subPixelColumns: 2, subPixelRows: 2, samplesPerSubPixel: (2, 4),
                                       probeCharacter: nil, drawnAsPixels: false,
                                       summary: "printable ASCII look-alikes: `_` the bottom row, `L` `J` three quarters, `#` all four, space none",
                                       characters: asciiCharacters)

    /// 2×2 patterns (bits as for quadrants) in printable ASCII.
    static let asciiCharacters: [Unicode.Scalar] = [
        " ", "'", "`", "\"", ",", "[", "/", "P", ".", "\\", "]", "7", "_", "L", "J", "#",
    ]
}
