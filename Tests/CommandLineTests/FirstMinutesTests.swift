// The first minutes with the command line: a typo or a missing file fails at once on stderr
// with a non-zero exit (before the terminal is touched), --version answers, and a terminal that
// cannot draw is refused with a message that names TERM and what to set it to.
import Foundation
import Testing
import TerminalUI

@Suite("the first minutes")
struct FirstMinutesTests {
    @Test("a mistyped command is named with its nearest command, on stderr, exit 64")
    func mistypedCommand() throws {
        let r = try CommandLineTests.run(["simualte", "x.yaml"])
        #expect(r.status == 64)
        #expect(r.errors.contains("unknown command 'simualte'; did you mean 'simulate'?"))
        #expect(r.output.isEmpty)
    }

    @Test("a missing scene file is named, on stderr, exit 64, with no screen switching")
    func missingFile() throws {
        for arguments in [["play", "missing.yaml"], ["missing.yaml"]] {
            let r = try CommandLineTests.run(arguments)
            #expect(r.status == 64)
            #expect(r.errors.contains("no scene file or folder at 'missing.yaml'"))
            #expect(!r.output.contains("\u{1B}") && !r.errors.contains("\u{1B}["))   // no terminal modes written
        }
    }

    @Test("--version prints the version")
    func version() throws {
        let r = try CommandLineTests.run(["--version"])
        #expect(r.status == 0)
        let text = r.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(text.split(separator: ".").count == 3 && text.split(separator: ".").allSatisfy { Int($0) != nil }, "\(text)")
    }

    @Test("TERM=dumb or no TERM is refused, naming TERM and a value to use", arguments: ["dumb", ""])
    func dumbTerminal(term: String) throws {
        let r = try CommandLineTests.run(["play", "scenes/000-push.yaml"], environment: ["TERM": term.isEmpty ? nil : term])
        #expect(r.status == 1)
        #expect(r.errors.contains("TERM") && r.errors.contains("TERM=xterm-256color"), "\(r.errors)")
        #expect(!r.output.contains("\u{1B}"))
    }
}

@Suite("the first minutes: drawing options")
struct DrawingOptionTests {
    @Test("an unknown glyph set or graphics mode names the choices, on stderr, before the terminal is touched",
          arguments: [(["--glyphs", "hexagon"], ["auto"] + GlyphSet.allCases.map(\.rawValue)),
                      (["--graphics", "vector"], ["auto"] + GraphicsProtocol.allCases.map(\.rawValue))])
    func unknownModes(arguments: [String], choices: [String]) throws {
        let r = try CommandLineTests.run(["play", "scenes/000-push.yaml"] + arguments)
        #expect(r.status == 64)
        for choice in choices { #expect(r.errors.contains(choice), "\(r.errors)") }
        #expect(!r.output.contains("\u{1B}"))
    }

    @Test("a bad NUDGE_GLYPHS is named, with every glyph set")
    func badEnvironment() throws {
        let r = try CommandLineTests.run(["play", "scenes/000-push.yaml"], environment: ["NUDGE_GLYPHS": "tiles", "TERM": "xterm-256color"])
        #expect(r.status != 0)
        #expect(r.errors.contains("NUDGE_GLYPHS"), "\(r.errors)")
        for set in GlyphSet.allCases { #expect(r.errors.contains(set.rawValue), "\(r.errors)") }
    }
}
