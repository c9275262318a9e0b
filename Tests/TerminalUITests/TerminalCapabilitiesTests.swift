import Testing
@testable import TerminalUI

/// `--glyphs auto` and the color switches, from the environment the terminal gives.
@Suite struct TerminalCapabilitiesTests {
    static let utf8 = ["LANG": "C.UTF-8"]

    func auto(_ env: [String: String], widths: [GlyphSet: Int] = [:]) -> GlyphSet {
        TerminalCapabilities(environment: Self.utf8.merging(env) { $1 }, probeWidths: widths).automaticGlyphs
    }

    @Test func knownTerminalsGetWhatTheyDraw() {
        #expect(auto(["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"]) == .octant)
        #expect(auto(["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"]) == .octant)
        #expect(auto(["TERM": "foot", "TERM_PROGRAM": "foot", "TERM_PROGRAM_VERSION": "1.20.1"]) == .octant)
        #expect(auto(["TERM": "foot", "TERM_PROGRAM": "foot", "TERM_PROGRAM_VERSION": "1.16.2"]) == .sextant)
        #expect(auto(["TERM": "xterm-256color", "VTE_VERSION": "7600"]) == .sextant)
        #expect(auto(["TERM": "xterm-256color", "KONSOLE_VERSION": "230804"]) == .sextant)
        #expect(auto(["TERM": "xterm-256color", "WT_SESSION": "x"]) == .quadrant)
        #expect(auto(["TERM": "alacritty"]) == .quadrant)
        #expect(auto(["TERM": "xterm-256color"]) == .quadrant)
        #expect(auto(["TERM": "linux"]) == .half)
        #expect(auto(["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"]) == .half)
        #expect(auto(["TERM": "screen", "STY": "1.pts-0"]) == .half)
    }

    @Test func aLocaleWithoutUTF8GetsASCII() {
        #expect(TerminalCapabilities(environment: ["TERM": "xterm-kitty", "LANG": "C"]).automaticGlyphs == .ascii)
        #expect(TerminalCapabilities(environment: ["TERM": "xterm-256color", "LC_ALL": "POSIX", "LANG": "en_US.UTF-8"]).automaticGlyphs == .ascii)
        #expect(TerminalCapabilities(environment: ["TERM": "xterm-256color", "LC_CTYPE": "de_DE.utf8"]).automaticGlyphs == .quadrant)
    }

    @Test func aProbeCharacterTheLocaleDoesNotKnowStepsDown() {
        // kitty, but this C library has no octants (wcwidth -1): sextants.
        #expect(auto(["TERM": "xterm-kitty"], widths: [.octant: -1, .sextant: 1]) == .sextant)
        #expect(auto(["TERM": "xterm-kitty"], widths: [.octant: -1, .sextant: -1, .quadrant: 1]) == .quadrant)
        #expect(auto(["TERM": "xterm-kitty"], widths: [.octant: -1, .sextant: -1, .quadrant: -1]) == .half)
    }

    @Test func aFlagBeatsTheEnvironmentWhichBeatsAuto() throws {
        let c = TerminalCapabilities(environment: Self.utf8.merging(["TERM": "xterm-kitty", "NUDGE_GLYPHS": "braille"]) { $1 })
        #expect(try c.glyphs(requested: "half") == .half)
        #expect(try c.glyphs(requested: nil) == .braille)
        #expect(try c.glyphs(requested: "auto") == .octant)
        #expect(throws: GlyphSetParseError.self) { try c.glyphs(requested: "hexagons") }
        let bad = TerminalCapabilities(environment: ["NUDGE_GLYPHS": "bogus"])
        #expect(throws: GlyphSetParseError.self) { try bad.glyphs(requested: nil) }
    }

    @Test func colorSwitches() {
        #expect(TerminalCapabilities(environment: ["NO_COLOR": "1"]).forbidsColor)
        #expect(!TerminalCapabilities(environment: ["NO_COLOR": ""]).forbidsColor)   // no-color.org: set and non-empty
        #expect(TerminalCapabilities(environment: ["COLORTERM": "truecolor"]).announcesTruecolor)
        #expect(TerminalCapabilities(environment: ["COLORTERM": "24bit"]).announcesTruecolor)
        #expect(!TerminalCapabilities(environment: ["COLORTERM": "yes"]).announcesTruecolor)
    }
}
