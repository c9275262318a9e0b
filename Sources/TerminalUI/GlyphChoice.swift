// GlyphChoice: the glyph set cells are drawn with and why it was chosen.
//
// The reason is said the way `?` shows it after the set's name, e.g. "quadrant (TERM=xterm
// draws block elements from its font; fonts seldom have sextants)", so a user who sees tofu or
// a coarse ball knows what to change (`--glyphs`, NUDGE_GLYPHS, or `nudge glyphs` to compare).

public struct GlyphChoice: Hashable, Sendable, CustomStringConvertible {
    public var set: GlyphSet
    public var reason: String

    public init(_ set: GlyphSet, because reason: String) { self.set = set; self.reason = reason }

    public var description: String { "\(set) (\(reason))" }
}
