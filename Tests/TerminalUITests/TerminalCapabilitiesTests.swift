import Foundation
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
        #expect(auto(["TERM": "xterm-ghostty", "TERM_PROGRAM": "ghostty"]) == .octant)
        #expect(auto(["TERM": "xterm-256color", "TERM_PROGRAM": "ghostty"]) == .octant)
        #expect(auto(["TERM": "foot-extra"]) == .sextant)
        #expect(auto(["TERM": "xterm-256color", "WT_SESSION": "x"]) == .quadrant)
        #expect(auto(["TERM": "alacritty"]) == .quadrant)
        #expect(auto(["TERM": "xterm-256color"]) == .quadrant)
        #expect(auto(["TERM": "linux"]) == .half)
        #expect(auto(["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"]) == .half)
        #expect(auto(["TERM": "screen", "STY": "1.pts-0"]) == .half)
    }

    /// wcwidth() gives sextants a width in every UTF-8 locale of glibc 2.36, but the font
    /// decides whether they show: terminals that take block elements from their font get
    /// quadrants, however the C library answers.
    @Test func terminalsThatUseTheirFontGetQuadrants() {
        let knowsAll: [GlyphSet: Int] = [.octant: 1, .sextant: 1, .quadrant: 1, .braille: 1]
        #expect(auto(["TERM": "mlterm"], widths: knowsAll) == .quadrant)
        #expect(auto(["TERM": "xterm-256color", "XTERM_VERSION": "XTerm(379)"], widths: knowsAll) == .quadrant)
        #expect(auto(["TERM": "rxvt-unicode-256color"], widths: knowsAll) == .quadrant)
        #expect(auto(["TERM": "contour"], widths: knowsAll) == .quadrant)
        #expect(auto(["TERM": "alacritty", "TERM_PROGRAM": "Alacritty"], widths: knowsAll) == .quadrant)
        // VTE drew sextants from its fonts before 0.64.
        #expect(auto(["TERM": "xterm-256color", "VTE_VERSION": "6003"], widths: knowsAll) == .quadrant)
        #expect(auto(["TERM": "xterm-256color", "VTE_VERSION": "6400"], widths: knowsAll) == .sextant)
    }

    @Test func eachChoiceSaysWhy() throws {
        let glibc236: [GlyphSet: Int] = [.octant: -1, .sextant: 1, .quadrant: 1, .braille: 1]
        func choice(_ env: [String: String], _ requested: String? = nil) throws -> GlyphChoice {
            try TerminalCapabilities(environment: Self.utf8.merging(env) { $1 }, probeWidths: glibc236).glyphChoice(requested: requested)
        }
        let kitty = try choice(["TERM": "xterm-kitty"])
        #expect(kitty.set == .sextant)
        #expect(kitty.reason.contains("kitty draws block elements itself"))
        #expect(kitty.reason.contains("octants"))
        let xterm = try choice(["TERM": "xterm-256color"])
        #expect(xterm.set == .quadrant)
        #expect(xterm.reason.contains("TERM=xterm-256color draws block elements from its font"))
        #expect(try choice(["TERM": "mlterm"]).reason.contains("TERM=mlterm"))
        #expect(try choice(["TERM": "xterm-256color", "KONSOLE_VERSION": "221203"]).reason.contains("Konsole"))
        #expect(try choice(["TERM": "tmux-256color", "TMUX": "/tmp/x,1,0"]).reason.contains("tmux"))
        #expect(try choice(["TERM": "xterm"], "braille").description == "braille (--glyphs braille)")
        #expect(try choice(["TERM": "xterm", "NUDGE_GLYPHS": "half"]).description == "half (NUDGE_GLYPHS=half)")
        let ascii = TerminalCapabilities(environment: ["TERM": "xterm", "LANG": "C"]).automaticGlyphChoice
        #expect(ascii.set == .ascii)
        #expect(ascii.reason == "LANG=C is not UTF-8")
    }

    /// docs/terminal.md lists the terminals that draw block elements themselves: the same rows
    /// as the table `auto` reads, no more and no fewer.
    @Test func theDocsListTheBlockDrawingTerminals() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("docs/terminal.md"), encoding: .utf8)
        let start = try #require(page.range(of: "| terminal | recognised by | finest set it draws |"))
        let rows = page[start.upperBound...].split(separator: "\n").dropFirst().prefix { $0.hasPrefix("|") }
        let documented = rows.map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        let known = BlockDrawingTerminal.known.map { [$0.name, $0.evidence, $0.finest.rawValue] }
        #expect(documented == known)
    }

    @Test func graphicsChoicesSayWhy() {
        var replies = TerminalReplies()
        let plain = TerminalCapabilities(environment: ["TERM": "xterm"])
        #expect(GraphicsChoice.automatic(replies: replies, capabilities: plain).description
                == "cells (the terminal did not answer the start-up queries)")
        replies.answered = true
        replies.sixel = true
        #expect(GraphicsChoice.automatic(replies: replies, capabilities: plain).description == "sixel (the terminal's DA1 lists sixel)")
        replies.kitty = true
        #expect(GraphicsChoice.automatic(replies: replies, capabilities: plain).mode == .kitty)
        let tmux = TerminalCapabilities(environment: ["TERM": "tmux-256color", "TMUX": "/tmp/x,1,0"])
        #expect(GraphicsChoice.automatic(replies: replies, capabilities: tmux).mode == .cells)
        replies.roundTrip = 0.25
        #expect(GraphicsChoice.automatic(replies: replies, capabilities: plain).description
                == "cells (the terminal took 250 ms to answer: a slow link)")
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
