// Bracketed paste and X10 mouse reports split across reads, in the decoder and through the
// driver on a pseudo-terminal. The byte sequences are xterm's (ctlseqs: "Bracketed Paste Mode",
// ESC [ 200 ~ text ESC [ 201 ~; X10 mouse, ESC [ M then button, column and row each + 32).
import Testing
import TerminalUI
@testable import CursesTerminal
#if canImport(Glibc)
import Glibc
#endif

@Suite struct BracketedPasteDecoderTests {
    static func run(_ text: String, _ d: inout EscapeSequenceDecoder) -> [EscapeSequenceDecoder.Output] {
        text.unicodeScalars.flatMap { d.feed($0) }
    }

    @Test("a paste is one event holding its text, keys around it stay keys")
    func wholePaste() {
        var d = EscapeSequenceDecoder()
        let out = Self.run("a\u{1B}[200~wq 1\u{1B}[A2\rx\u{1B}[201~b", &d) + d.flush()
        #expect(out == [.key(.character("a")), .paste("wq 1\u{1B}[A2\rx"), .key(.character("b"))])
    }

    @Test("a paste split by an idle wait goes on; its end marker split too")
    func splitPaste() {
        var d = EscapeSequenceDecoder()
        var out = Self.run("\u{1B}[200~hello ", &d)
        out += d.flush()                                // the driver's wait ran out mid-paste
        #expect(out.isEmpty && d.isInsidePaste)
        out += Self.run("world\u{1B}[20", &d)
        out += d.flush()
        out += Self.run("1~q", &d)
        #expect(out == [.paste("hello world"), .key(.character("q"))])
    }

    @Test("a paste whose end marker never comes ends after two idle waits; then keys are keys")
    func lostEndMarker() {
        var d = EscapeSequenceDecoder()
        var out = Self.run("\u{1B}[200~qqq", &d)
        out += d.flush()
        #expect(out.isEmpty)
        out += d.flush()
        #expect(out == [.paste("qqq")])
        #expect(d.feed("n") == [.key(.character("n"))])
    }

    @Test("a huge paste keeps its first 65,536 characters and never becomes keys")
    func hugePaste() {
        var d = EscapeSequenceDecoder()
        let body = String(repeating: "q", count: 70_000)
        let out = Self.run("\u{1B}[200~" + body + "\u{1B}[201~", &d)
        #expect(out == [.paste(String(repeating: "q", count: 65_536))])
    }
}

@Suite struct X10SplitDecoderTests {
    /// Press left at 1-based (10, 5): ESC [ M, then 32, 42 ('*'), 37 ('%').
    static let press = "\u{1B}[M *%"

    @Test("an X10 report cut after every byte and finished within the wait is one press")
    func splitAtEveryByte() {
        let scalars = Array(Self.press.unicodeScalars)
        for cut in 1..<scalars.count {
            var d = EscapeSequenceDecoder()
            var out = scalars[..<cut].flatMap { d.feed($0) }
            #expect(d.isPending, "cut after \(cut)")
            out += scalars[cut...].flatMap { d.feed($0) } + d.flush()
            #expect(out == [.mouse(MouseReport(action: .press(.left), column: 9, row: 4))], "cut after \(cut): \(out)")
        }
    }

    @Test("the raw bytes of an X10 report cut off by the wait are swallowed by count, never keys")
    func lateTail() {
        let scalars = Array(Self.press.unicodeScalars)
        for cut in 3..<scalars.count {
            var d = EscapeSequenceDecoder()
            var out = scalars[..<cut].flatMap { d.feed($0) }
            out += d.flush()
            out += scalars[cut...].flatMap { d.feed($0) }
            #expect(out.isEmpty, "cut after \(cut): \(out)")
            // The byte after the report is a key again.
            #expect(d.feed("5") == [.key(.character("5"))], "cut after \(cut)")
        }
    }

    @Test("an X10 report whose ESC was lost ('[M' and three bytes) is still a report, not '[', 'M', ' ', '*', '%'")
    func lostEscape() {
        var d = EscapeSequenceDecoder()
        let out = "[M *%".unicodeScalars.flatMap { d.feed($0) } + d.flush()
        #expect(out == [.mouse(MouseReport(action: .press(.left), column: 9, row: 4))])
    }
}

/// Through the driver (serialized with the other pty tests: ncurses has process-wide state).
extension CursesTerminalPTYTests {
    @Test("begin turns bracketed paste on and end turns it off")
    func bracketedPasteMode() throws {
        guard let pty = Self.openPTY() else { return }
        let driver = CursesTerminal(input: pty.slave, output: pty.slave, options: .init(terminalType: "xterm-256color"))
        do { try driver.begin() } catch { print("skipping: \(error)"); return }
        let started = String(decoding: pty.readOutput(), as: UTF8.self)
        driver.end()
        let ended = String(decoding: pty.readOutput(), as: UTF8.self)
        #expect(started.contains("\u{1B}[?2004h"), "\(started.debugDescription)")
        #expect(ended.contains("\u{1B}[?2004l"), "\(ended.debugDescription)")
    }

    @Test("a paste reaches the app as one .paste event, with nothing typed")
    func pasteThroughTheDriver() throws {
        guard let (pty, driver) = Self.start("xterm-256color") else { return }
        defer { driver.end() }
        pty.send("\u{1B}[200~save w and quit q\u{1B}[201~")
        let events = Self.drain(driver)
        #expect(events == [.paste("save w and quit q")], "\(events)")
    }

    @Test("an X10 press split 100 ms apart under TERM=xterm is one press")
    func x10SplitReassembled() throws {
        guard let (pty, driver) = Self.start("xterm") else { return }
        defer { driver.end() }
        pty.send("\u{1B}[M ")
        usleep(100_000)
        pty.send("*%")
        let events = Self.drain(driver)
        #expect(events == [.mouse(MouseEvent(kind: .press, button: .left, column: 9, row: 4))], "\(events)")
    }

    @Test("an X10 tail arriving 400 ms late never becomes keys such as '*' (zoom) or '5'")
    func x10LateTailSwallowed() throws {
        guard let (pty, driver) = Self.start("xterm") else { return }
        defer { driver.end() }
        pty.send("\u{1B}[M ")
        var early: [TerminalEvent] = []
        if let e = driver.nextEvent(timeout: 0.4) { early.append(e) }
        pty.send("*5")
        let events = early + Self.drain(driver)
        #expect(!events.contains { if case .key = $0 { true } else { false } }, "\(events)")
        pty.send("n")
        #expect(driver.nextEvent(timeout: 1) == .key(.character("n")))
    }
}
