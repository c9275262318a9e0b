// Every kind of answer a terminal sends to a query reaches the key decoder whole, split across
// reads, or late (after the decoder gave up waiting), and none of its bytes may become a key.
// The answers are the ones the terminals' own documentation gives: xterm's ctlseqs (DA1, DA2,
// DECRQM, CSI 16 t, XTSMGRAPHICS, OSC 11, DECRQSS/XTGETTCAP as DCS), kitty's graphics protocol
// (APC "ESC _ G i=31;OK ESC \"), ECMA-48 (PM, SOS, the 8-bit C1 forms, BEL ending an OSC).
import Testing
import TerminalUI
@testable import CursesTerminal

@Suite struct TerminalAnswerDecodingTests {
    static let answers: [(name: String, bytes: String)] = [
        ("DA1 with sixel", "\u{1B}[?62;4;22c"),
        ("DA2", "\u{1B}[>1;4000;15c"),
        ("DECRQM 2026", "\u{1B}[?2026;2$y"),
        ("CSI 16 t cell size", "\u{1B}[6;20;10t"),
        ("XTSMGRAPHICS color registers", "\u{1B}[?1;0;256S"),
        ("cursor position report", "\u{1B}[12;40R"),
        ("kitty graphics OK", "\u{1B}_Gi=31;OK\u{1B}\\"),
        ("kitty graphics error", "\u{1B}_Gi=31;ENOENT:no image with id 31 q\u{1B}\\"),
        ("OSC 11 background, ST", "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\"),
        ("OSC 11 background, BEL", "\u{1B}]11;rgb:ffff/ffff/dddd\u{07}"),
        ("DCS DECRQSS", "\u{1B}P1$r0;1m\u{1B}\\"),
        ("DCS XTVERSION", "\u{1B}P>|kitty(0.26.5)\u{1B}\\"),
        ("PM", "\u{1B}^private 1;2 q\u{1B}\\"),
        ("SOS", "\u{1B}Xsome string q2\u{1B}\\"),
        ("8-bit CSI DA1", "\u{9B}?62;4c"),
        ("8-bit OSC", "\u{9D}11;rgb:0/0/0\u{9C}"),
        ("8-bit APC", "\u{9F}Gi=31;OK\u{9C}"),
        ("8-bit DCS", "\u{90}1$r0m\u{9C}"),
    ]

    static func keys(_ outputs: [EscapeSequenceDecoder.Output]) -> [Key] {
        outputs.compactMap { if case .key(let k) = $0 { k } else { nil } }
    }

    @Test("each answer is dropped whole between two keys", arguments: answers.map(\.name))
    func wholeAnswer(name: String) {
        let bytes = Self.answers.first { $0.name == name }!.bytes
        var d = EscapeSequenceDecoder()
        var out = d.feed("a")
        for s in bytes.unicodeScalars { out += d.feed(s) }
        out += d.feed("b")
        out += d.flush()
        #expect(Self.keys(out) == [.character("a"), .character("b")], "\(name): \(out)")
    }

    @Test("each answer split at every byte into two reads, the driver waiting between them",
          arguments: answers.map(\.name))
    func splitAnswer(name: String) {
        let scalars = Array(Self.answers.first { $0.name == name }!.bytes.unicodeScalars)
        for cut in 1..<scalars.count {
            var d = EscapeSequenceDecoder()
            var out: [EscapeSequenceDecoder.Output] = []
            for s in scalars[..<cut] { out += d.feed(s) }
            // Between the reads the driver waits for the rest while a sequence is pending.
            #expect(d.isPending, "\(name) cut after \(cut): the decoder thinks the answer is over")
            for s in scalars[cut...] { out += d.feed(s) }
            out += d.feed("q")
            out += d.flush()
            #expect(Self.keys(out) == [.character("q")], "\(name) cut after \(cut): \(out)")
        }
    }

    @Test("an answer whose tail arrives after the decoder gave up (flush) leaves no key",
          arguments: answers.map(\.name))
    func lateTail(name: String) {
        let scalars = Array(Self.answers.first { $0.name == name }!.bytes.unicodeScalars)
        // Cut past the introducer (the ESC alone going idle is the Escape key, by design).
        let introducer = scalars[0] == "\u{1B}" ? 2 : 1
        for cut in introducer..<scalars.count {
            var d = EscapeSequenceDecoder()
            var out: [EscapeSequenceDecoder.Output] = []
            for s in scalars[..<cut] { out += d.feed(s) }
            out += d.flush()          // the driver's wait ran out
            out += d.flush()          // and input stayed idle a while longer
            for s in scalars[cut...] { out += d.feed(s) }
            out += d.flush()
            #expect(Self.keys(out).isEmpty, "\(name) cut after \(cut): \(out)")
            // Typing goes on normally afterwards.
            #expect(Self.keys(d.feed("n")) == [.character("n")], "\(name) cut after \(cut)")
        }
    }

    @Test func aStringThatNeverEndsCostsOneBurstOfTypingAtMost() {
        var d = EscapeSequenceDecoder()
        for s in "\u{1B}_Gi=31;O".unicodeScalars { #expect(d.feed(s).isEmpty) }
        #expect(d.flush().isEmpty)
        // The next burst is taken as the tail; after the idle that follows, keys are keys again.
        #expect(d.feed("x").isEmpty)
        #expect(d.flush().isEmpty)
        #expect(Self.keys(d.feed("q")) == [.character("q")])
    }

    @Test func answersBackToBackAndAMouseReportAfterThemAllArrive() {
        var d = EscapeSequenceDecoder()
        let text = "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?2026;2$y\u{1B}[6;20;10t\u{1B}[?62;4c\u{1B}[<0;10;5M"
        let out = text.unicodeScalars.flatMap { d.feed($0) } + d.flush()
        #expect(out == [.mouse(MouseReport(action: .press(.left), column: 9, row: 4))])
    }

    @Test func aStringCutShortByANewSequenceGivesWayToIt() {
        // An APC without its ST, then a key sequence: the sequence still counts.
        var d = EscapeSequenceDecoder()
        let out = "\u{1B}_Gi=31;OK\u{1B}[A".unicodeScalars.flatMap { d.feed($0) } + d.flush()
        #expect(out == [.key(.up)])
    }
}
