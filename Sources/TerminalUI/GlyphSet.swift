// GlyphSet: which characters a cell is drawn with, from coarse to fine.
//
// Each set divides a cell into a grid of sub-pixels and has one character for every pattern of
// lit sub-pixels (foreground color) over the rest (background color). Finer sets draw rounder
// balls but need fonts that have their characters: half blocks are in every font with block
// elements, quadrants in most, sextants (Unicode 13) and octants (Unicode 16) in few fonts but
// in the terminals that draw block elements themselves. Braille has 2×4 dots of one color on a
// background, good for thin lines. ASCII is for terminals and locales without Unicode.
// `auto` is not a set: `TerminalCapabilities` resolves it from what the terminal is known to draw.
//
// A set is a value that knows all of itself (its name, sub-pixel grid, sampling, probe character
// and characters), defined in a file of its own in GlyphSets/; `GlyphSet.allCases` below is the
// registry, the only list of sets. The command line's help, `nudge glyphs`, `nudge bench render`,
// the parser's error and the glyph table lookup go through it, and the README's and the docs'
// tables of sets are generated from it (GeneratedDocsTests). docs/architecture.md, "Adding a glyph set", is the recipe.

public struct GlyphSet: Hashable, Sendable, CustomStringConvertible {
    /// The name `--glyphs` takes.
    public let rawValue: String
    /// Sub-pixels per cell, across.
    public let subPixelColumns: Int
    /// Sub-pixels per cell, down.
    public let subPixelRows: Int
    /// Canvas samples per sub-pixel, across and down: about 2×2 pt each at the default cell size,
    /// so every set costs about the same per cell, and at least 2×2 so a sub-pixel's coverage
    /// has steps of a quarter or finer.
    public let samplesPerSubPixel: (across: Int, down: Int)
    /// The character the locale probe asks wcwidth() about, for sets whose characters few fonts
    /// have (nil: every terminal that shows the set at all shows this one).
    public let probeCharacter: Unicode.Scalar?
    /// Whether a snapshot draws the set's characters as lit sub-pixels (blocks and braille), not
    /// as text (ASCII art).
    public let drawnAsPixels: Bool
    /// The character table of this set.
    public let table: GlyphTable
    /// Its characters in a line, for the generated table of sets in docs/terminal.md and the
    /// README: the description lives with the set.
    public let summary: String

    public init(name: String, subPixelColumns: Int, subPixelRows: Int, samplesPerSubPixel: (across: Int, down: Int),
                probeCharacter: Unicode.Scalar?, drawnAsPixels: Bool, summary: String, characters: [Unicode.Scalar]) {
        self.rawValue = name
        self.subPixelColumns = subPixelColumns
        self.subPixelRows = subPixelRows
        self.samplesPerSubPixel = samplesPerSubPixel
        self.probeCharacter = probeCharacter
        self.drawnAsPixels = drawnAsPixels
        self.summary = summary
        self.table = GlyphTable(name: name, columns: subPixelColumns, rows: subPixelRows, characters: characters)
    }

    /// Every glyph set, coarse to fine: the registry.
    public static let allCases: [GlyphSet] = [.half, .quadrant, .sextant, .octant, .braille, .ascii]

    /// The set named `name` (exactly as `rawValue`).
    public init?(rawValue name: String) {
        guard let set = GlyphSet.allCases.first(where: { $0.rawValue == name }) else { return nil }
        self = set
    }

    /// Parses a set's name; the error names the choices.
    public init(parsing text: String) throws(GlyphSetParseError) {
        guard let set = GlyphSet(rawValue: text.lowercased()) else { throw GlyphSetParseError(text: text) }
        self = set
    }

    /// The names, in registry order, joined for help texts: "half, quadrant, ... or ascii".
    public static func names(lastJoinedBy word: String = "or") -> String {
        let names = allCases.map(\.rawValue)
        guard names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " \(word) " + names[names.count - 1]
    }

    public var description: String { rawValue }

    public static func == (a: GlyphSet, b: GlyphSet) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

public struct GlyphSetParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var text: String
    public var description: String {
        "unknown glyph set \"\(text)\": choose auto, " + GlyphSet.allCases.map(\.rawValue).joined(separator: ", ")
    }
}
