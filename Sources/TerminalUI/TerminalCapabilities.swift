// TerminalCapabilities: what the terminal can draw, worked out from its environment.
//
// Terminals do not say which characters their fonts have, so `--glyphs auto` decides the way
// notcurses and chafa do: from what each terminal is known to draw (TERM, TERM_PROGRAM,
// VTE_VERSION, KITTY_WINDOW_ID, WT_SESSION and the like), checked against the C library's
// wcwidth() of a probe character of the chosen set (a character the locale does not know has no
// width, and a terminal built on that locale will not draw it), and plain ASCII when the locale
// is not UTF-8. The rules, finest first:
//   - octants: foot 1.20 or later, WezTerm, kitty, Ghostty (they draw block elements themselves);
//   - sextants: VTE terminals (GNOME Terminal, Tilix...), Konsole, Contour, mlterm;
//   - quadrants: Windows Terminal, iTerm2, Alacritty (its sextants are left off), Apple
//     Terminal, xterm, urxvt, st and anything unknown: DejaVu Sans Mono and most monospace
//     fonts have U+2596–U+259F;
//   - half blocks: the Linux console (its fonts have only the classic block elements), and
//     tmux or screen, whose outer terminal is unknown to us;
//   - ascii: no UTF-8 locale.
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
    public static let probeCharacters: [GlyphSet: Unicode.Scalar] = [
        .quadrant: "\u{259A}", .sextant: "\u{1FB0E}", .octant: "\u{1CD2A}", .braille: "\u{28FF}",
    ]

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

    /// The glyph set the terminal is known to draw, before the wcwidth check.
    public var knownGlyphs: GlyphSet {
        let term = value("TERM") ?? ""
        let program = value("TERM_PROGRAM") ?? ""
        if isMultiplexed { return .half }
        if term == "linux" { return .half }
        if program == "foot" || term.hasPrefix("foot") {
            return Self.version(value("TERM_PROGRAM_VERSION")).map { $0 >= [1, 20] } ?? false ? .octant : .sextant
        }
        if program == "WezTerm" || value("WEZTERM_EXECUTABLE") != nil || value("KITTY_WINDOW_ID") != nil
            || term == "xterm-kitty" || program == "ghostty" || term == "xterm-ghostty" {
            return .octant
        }
        if value("VTE_VERSION") != nil || value("KONSOLE_VERSION") != nil || term.hasPrefix("contour") || term.hasPrefix("mlterm") {
            return .sextant
        }
        return .quadrant
    }

    /// `--glyphs auto`: the finest set the terminal is known to draw whose probe character the
    /// locale gives a width of one, stepping down otherwise; ASCII without UTF-8.
    public var automaticGlyphs: GlyphSet {
        guard isUTF8 else { return .ascii }
        let ladder: [GlyphSet] = [.octant, .sextant, .quadrant, .half]
        let start = ladder.firstIndex(of: knownGlyphs) ?? ladder.count - 1
        for set in ladder[start...] {
            if let width = probeWidths[set], width != 1 { continue }
            return set
        }
        return .half
    }

    /// The set to draw with: `requested` (a flag) beats NUDGE_GLYPHS beats `auto`. Throws for an
    /// unknown name, naming the choices.
    public func glyphs(requested: String?) throws(GlyphSetParseError) -> GlyphSet {
        let choice = requested ?? value("NUDGE_GLYPHS") ?? "auto"
        if choice.lowercased() == "auto" { return automaticGlyphs }
        return try GlyphSet(parsing: choice)
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
