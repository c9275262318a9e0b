// BlockDrawingTerminal: a terminal known to draw block elements itself, not from its font.
//
// Sextants (U+1FB00…) and octants (U+1CD00…) are in almost no font: none of Debian's default
// fonts has them (`fc-list ':charset=1fb00'` prints nothing), so a terminal that takes its
// glyphs from the font shows a box of tofu for each, whatever wcwidth() says. A few terminals
// draw the block elements themselves, pixel-exact to the cell, and only there can `--glyphs auto`
// go finer than quadrants. This table is the one place that says which terminals those are, how
// each is recognised from its environment, and the finest set each draws; `auto`, `?` and
// `nudge glyphs` all read it, and docs/terminal.md lists the same rows. A terminal outside it
// (xterm, mlterm, urxvt, Alacritty, iTerm2, Windows Terminal...) gets quadrants, which DejaVu
// Sans Mono and most monospace fonts have.

public struct BlockDrawingTerminal: Sendable {
    /// The terminal's name, as `?` and `nudge glyphs` say it.
    public var name: String
    /// The environment that identifies it, as the docs say it.
    public var evidence: String
    /// The finest set it draws itself (before the C library's wcwidth() has its say).
    public var finest: GlyphSet
    /// Whether `capabilities` describe this terminal.
    let recognizes: @Sendable (TerminalCapabilities) -> Bool

    /// The terminals that draw block elements themselves, first match wins.
    public static let known: [BlockDrawingTerminal] = [
        BlockDrawingTerminal(name: "kitty", evidence: "KITTY_WINDOW_ID or TERM=xterm-kitty", finest: .octant) {
            $0.value("KITTY_WINDOW_ID") != nil || $0.value("TERM") == "xterm-kitty"
        },
        BlockDrawingTerminal(name: "WezTerm", evidence: "TERM_PROGRAM=WezTerm", finest: .octant) {
            $0.value("TERM_PROGRAM") == "WezTerm" || $0.value("WEZTERM_EXECUTABLE") != nil
        },
        BlockDrawingTerminal(name: "Ghostty", evidence: "TERM_PROGRAM=ghostty or TERM=xterm-ghostty", finest: .octant) {
            $0.value("TERM_PROGRAM") == "ghostty" || $0.value("TERM") == "xterm-ghostty"
        },
        // foot draws octants from 1.20 on (TERM_PROGRAM_VERSION), sextants before.
        BlockDrawingTerminal(name: "foot 1.20 or later", evidence: "TERM=foot*, TERM_PROGRAM_VERSION ≥ 1.20", finest: .octant) {
            $0.isFoot && (TerminalCapabilities.version($0.value("TERM_PROGRAM_VERSION")).map { $0 >= [1, 20] } ?? false)
        },
        BlockDrawingTerminal(name: "foot", evidence: "TERM=foot*", finest: .sextant) { $0.isFoot },
        BlockDrawingTerminal(name: "Konsole", evidence: "KONSOLE_VERSION", finest: .sextant) {
            $0.value("KONSOLE_VERSION") != nil
        },
        // VTE (GNOME Terminal, Tilix, Terminator...) draws the sextants itself from 0.64 on.
        BlockDrawingTerminal(name: "VTE 0.64 or later", evidence: "VTE_VERSION ≥ 6400", finest: .sextant) {
            $0.value("VTE_VERSION").flatMap { Int($0) }.map { $0 >= 6400 } ?? false
        },
    ]

    /// The entry for `capabilities`, or nil for a terminal that takes block elements from its font.
    public static func recognized(in capabilities: TerminalCapabilities) -> BlockDrawingTerminal? {
        known.first { $0.recognizes(capabilities) }
    }
}

extension TerminalCapabilities {
    var isFoot: Bool { value("TERM_PROGRAM") == "foot" || (value("TERM")?.hasPrefix("foot") ?? false) }
}
