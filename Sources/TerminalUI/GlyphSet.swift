// GlyphSet: which characters a cell is drawn with, from coarse to fine.
//
// Each set divides a cell into a grid of sub-pixels and has one character for every pattern of
// lit sub-pixels (foreground color) over the rest (background color). Finer sets draw rounder
// balls but need fonts that have their characters: half blocks are in every font with block
// elements, quadrants in most, sextants (Unicode 13) and octants (Unicode 16) in few fonts but
// in the terminals that draw block elements themselves. Braille has 2×4 dots of one color on a
// background, good for thin lines. ASCII is for terminals and locales without Unicode.
// `auto` is not a set: `TerminalCapabilities` resolves it from what the terminal is known to draw.

public enum GlyphSet: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case half
    case quadrant
    case sextant
    case octant
    case braille
    case ascii

    /// Sub-pixels per cell, across.
    public var subPixelColumns: Int {
        switch self {
        case .half: 1
        case .quadrant, .sextant, .octant, .braille, .ascii: 2
        }
    }

    /// Sub-pixels per cell, down.
    public var subPixelRows: Int {
        switch self {
        case .half, .quadrant, .ascii: 2
        case .sextant: 3
        case .octant, .braille: 4
        }
    }

    /// The character table of this set.
    public var table: GlyphTable { GlyphTable.of(self) }

    /// Parses a set's name; the error names the choices.
    public init(parsing text: String) throws(GlyphSetParseError) {
        guard let set = GlyphSet(rawValue: text.lowercased()) else { throw GlyphSetParseError(text: text) }
        self = set
    }

    public var description: String { rawValue }
}

public struct GlyphSetParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var text: String
    public var description: String {
        "unknown glyph set \"\(text)\": choose auto, " + GlyphSet.allCases.map(\.rawValue).joined(separator: ", ")
    }
}
