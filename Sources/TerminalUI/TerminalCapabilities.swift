// TerminalCapabilities: what the terminal can draw, worked out from its environment.
//
// Terminals do not say which characters their fonts have, and wcwidth() only says whether the C
// library knows a character, not whether the font draws it: mlterm with Debian's fonts gets a
// width of one for a sextant and shows tofu. So `--glyphs auto` goes finer than quadrants only in
// the terminals known to draw block elements themselves (BlockDrawingTerminal's table: kitty,
// WezTerm, Ghostty, foot, Konsole, VTE 0.64 or later), and even there only as far as the C
// library's wcwidth() knows the set's probe character (a character the locale does not know has
// no width, and ncursesw will not place it: glibc before 2.41 has no octants). The rules:
//   - ascii: no UTF-8 locale;
//   - half blocks: the Linux console (its fonts have only the classic block elements), and tmux
//     or screen, whose outer terminal is unknown to us;
//   - the finest set the table gives the terminal, stepping down past sets wcwidth() does not
//     know;
//   - quadrants everywhere else (xterm, mlterm, urxvt, st, Alacritty, iTerm2, Windows Terminal
//     and anything unknown): DejaVu Sans Mono and most monospace fonts have U+2596–U+259F.
// Each choice carries its reason (GlyphChoice), which `?` and `nudge glyphs` show.
// Color comes from the environment too: NO_COLOR set to anything non-empty means no color at
// all (no-color.org); COLORTERM=truecolor or 24bit means 24-bit color.
// The value is pure: `CursesTerminal` (or a test) supplies the environment and the wcwidth
// answers.

public struct TerminalCapabilities: Hashable, Sendable {
    public var environment: [String: String]
    /// wcwidth() of each set's probe character in the current locale (-1: unknown character).
    public var probeWidths: [GlyphSet: Int]

    public init(environment: [String: String], probeWidths: [GlyphSet: Int] = [:]) {
        self.environment = environment; self.probeWidths = probeWidths
    }

    /// The character each set's probe asks wcwidth() about.
    public static let probeCharacters: [GlyphSet: Unicode.Scalar] = Dictionary(uniqueKeysWithValues:
        GlyphSet.allCases.compactMap { set in set.probeCharacter.map { (set, $0) } })

    func value(_ key: String) -> String? {
        guard let v = environment[key], !v.isEmpty else { return nil }
        return v
    }

    /// Whether the locale's character set is UTF-8 (LC_ALL, else LC_CTYPE, else LANG).
    public var isUTF8: Bool {
        let locale = value("LC_ALL") ?? value("LC_CTYPE") ?? value("LANG") ?? ""
        let lower = locale.lowercased()
        return lower.contains("utf-8") || lower.contains("utf8")
    }

    /// Inside tmux or GNU screen: the terminal outside is not ours to know.
    public var isMultiplexed: Bool {
        value("TMUX") != nil || value("STY") != nil
            || (value("TERM").map { $0.hasPrefix("screen") || $0.hasPrefix("tmux") } ?? false)
    }

    /// The glyph set the terminal is known to draw, before the wcwidth check, and why.
    public var knownGlyphs: GlyphChoice {
        let term = value("TERM") ?? ""
        if isMultiplexed {
            return GlyphChoice(.half, because: "inside \(value("STY") != nil || term.hasPrefix("screen") ? "screen" : "tmux"), "
                               + "the terminal outside is unknown")
        }
        if term == "linux" { return GlyphChoice(.half, because: "the Linux console's fonts have only half blocks") }
        if let known = BlockDrawingTerminal.recognized(in: self) {
            return GlyphChoice(known.finest, because: "\(known.name) draws block elements itself")
        }
        let name = value("TERM_PROGRAM") ?? (term.isEmpty ? "this terminal" : "TERM=\(term)")
        return GlyphChoice(.quadrant, because: "\(name) draws block elements from its font; fonts seldom have sextants")
    }

    /// `--glyphs auto`: the finest set the terminal is known to draw whose probe character the
    /// locale gives a width of one, stepping down otherwise; ASCII without UTF-8.
    public var automaticGlyphs: GlyphSet { automaticGlyphChoice.set }

    /// `automaticGlyphs` with its reason.
    public var automaticGlyphChoice: GlyphChoice {
        guard isUTF8 else {
            let locale = value("LC_ALL").map { "LC_ALL=\($0)" } ?? value("LC_CTYPE").map { "LC_CTYPE=\($0)" }
                ?? value("LANG").map { "LANG=\($0)" } ?? "the C locale"
            return GlyphChoice(.ascii, because: "\(locale) is not UTF-8")
        }
        let known = knownGlyphs
        let ladder: [GlyphSet] = [.octant, .sextant, .quadrant, .half]
        let start = ladder.firstIndex(of: known.set) ?? ladder.count - 1
        var unknown: [GlyphSet] = []
        for set in ladder[start...] {
            if let width = probeWidths[set], width != 1 { unknown.append(set); continue }
            guard !unknown.isEmpty else { return known }
            let names = unknown.map { "\($0)s" }.joined(separator: " or ")
            return GlyphChoice(set, because: known.reason + "; the C library's wcwidth() does not know \(names)")
        }
        return GlyphChoice(.half, because: known.reason + "; the C library's wcwidth() knows no finer set")
    }

    /// The set to draw with: `requested` (a flag) beats NUDGE_GLYPHS beats `auto`. Throws for an
    /// unknown name, naming the choices.
    public func glyphs(requested: String?) throws(GlyphSetParseError) -> GlyphSet {
        try glyphChoice(requested: requested).set
    }

    /// `glyphs(requested:)` with its reason.
    public func glyphChoice(requested: String?) throws(GlyphSetParseError) -> GlyphChoice {
        let choice = requested ?? value("NUDGE_GLYPHS") ?? "auto"
        if choice.lowercased() == "auto" { return automaticGlyphChoice }
        let set = try GlyphSet(parsing: choice)
        return GlyphChoice(set, because: requested != nil ? "--glyphs \(choice)" : "NUDGE_GLYPHS=\(choice)")
    }

    /// NO_COLOR (any non-empty value) asks for no color at all.
    public var forbidsColor: Bool { value("NO_COLOR") != nil }

    /// COLORTERM says the terminal takes 24-bit color.
    public var announcesTruecolor: Bool {
        let c = (value("COLORTERM") ?? "").lowercased()
        return c == "truecolor" || c == "24bit"
    }

    /// "1.20.2" → [1, 20, 2].
    static func version(_ text: String?) -> [Int]? {
        guard let text else { return nil }
        let parts = text.split(separator: ".").map { Int($0.prefix { $0.isNumber }) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
        return parts.map { $0! }
    }
}

extension Array where Element == Int {
    static func >= (a: [Int], b: [Int]) -> Bool { !a.lexicographicallyPrecedes(b) }
}
