import Testing
import TerminalUI
@testable import CursesTerminal
import TerminalTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The real ncurses driver on a pseudo-terminal: bytes a terminal would send go in at the master
/// side; decoded events and drawn bytes come out. ncurses has process-wide state, so these run
/// one at a time. Each test skips (with the reason printed) when no pty can be opened.
@Suite(.serialized) struct CursesTerminalPTYTests {
    static func openPTY() -> PseudoTerminal? {
        do { return try PseudoTerminal(columns: 80, rows: 24) } catch {
            print("skipping CursesTerminal pty test: \(error)")
            return nil
        }
    }

    /// Starts a driver on a fresh pty with terminfo `term`; nil (skip) if that is impossible.
    static func start(_ term: String) -> (PseudoTerminal, CursesTerminal)? {
        guard let pty = openPTY() else { return nil }
        let driver = CursesTerminal(input: pty.slave, output: pty.slave, options: .init(terminalType: term))
        do { try driver.begin() } catch {
            print("skipping CursesTerminal pty test: \(error)")
            return nil
        }
        _ = pty.readOutput()
        return (pty, driver)
    }

    /// Events until the driver has nothing more within a short wait.
    static func drain(_ driver: CursesTerminal) -> [TerminalEvent] {
        var out: [TerminalEvent] = []
        while let e = driver.nextEvent(timeout: 0.3) { out.append(e) }
        return out
    }

    @Test func sgrMouseUnderXterm256color() throws {
        guard let (pty, driver) = Self.start("xterm-256color") else { return }
        defer { driver.end() }
        #expect(driver.mouseUsesSGR)
        pty.send("\u{1b}[<0;10;5M")
        #expect(driver.nextEvent(timeout: 1) == .mouse(MouseEvent(kind: .press, button: .left, column: 9, row: 4)))
        pty.send("\u{1b}[<32;12;6M")
        #expect(driver.nextEvent(timeout: 1) == .mouse(MouseEvent(kind: .drag, button: .left, column: 11, row: 5)))
        pty.send("\u{1b}[<0;12;6m")
        #expect(driver.nextEvent(timeout: 1) == .mouse(MouseEvent(kind: .release, button: .left, column: 11, row: 5)))
        pty.send("\u{1b}[<35;20;7M")
        #expect(driver.nextEvent(timeout: 1) == .mouse(MouseEvent(kind: .move, button: .none, column: 19, row: 6)))
        // Right button with Ctrl held (2 + 16): what the rotation gesture listens for.
        pty.send("\u{1b}[<18;4;4M")
        #expect(driver.nextEvent(timeout: 1) == .mouse(MouseEvent(kind: .press, button: .right, modifiers: .control, column: 3, row: 3)))
        pty.send("\u{1b}[<18;4;4m")
        #expect(driver.nextEvent(timeout: 1)?.isRelease == true)
        pty.send("\u{1b}[<64;3;3M")
        #expect(driver.nextEvent(timeout: 1) == .mouse(MouseEvent(kind: .scrollUp, button: .none, column: 2, row: 2)))
    }

    @Test func x10MouseUnderTmux256color() throws {
        guard let (pty, driver) = Self.start("tmux-256color") else { return }
        defer { driver.end() }
        // SGR is requested whatever TERM says; X10 reports are still decoded when they come.
        #expect(driver.mouseUsesSGR)
        // Press at 1-based (10, 5), drag to (12, 6), release: each byte is value + 32.
        pty.send([0x1b, 0x5b, 0x4d, 32 + 0, 32 + 10, 32 + 5])
        #expect(driver.nextEvent(timeout: 1) == .mouse(MouseEvent(kind: .press, button: .left, column: 9, row: 4)))
        pty.send([0x1b, 0x5b, 0x4d, 32 + 32, 32 + 12, 32 + 6])
        #expect(driver.nextEvent(timeout: 1) == .mouse(MouseEvent(kind: .drag, button: .left, column: 11, row: 5)))
        pty.send([0x1b, 0x5b, 0x4d, 32 + 3, 32 + 12, 32 + 6])
        #expect(driver.nextEvent(timeout: 1) == .mouse(MouseEvent(kind: .release, button: .left, column: 11, row: 5)))
        // Motion with no button (3 + 32) is a hover, not another release.
        pty.send([0x1b, 0x5b, 0x4d, 32 + 35, 32 + 20, 32 + 7])
        #expect(driver.nextEvent(timeout: 1) == .mouse(MouseEvent(kind: .move, button: .none, column: 19, row: 6)))
        // Wheel up (64).
        pty.send([0x1b, 0x5b, 0x4d, 32 + 64, 32 + 3, 32 + 3])
        #expect(driver.nextEvent(timeout: 1) == .mouse(MouseEvent(kind: .scrollUp, button: .none, column: 2, row: 2)))
    }

    /// A fast drag reaches the program as one burst: press, motion and release in a single read.
    /// Every report must come out, in order, in both encodings.
    @Test(arguments: ["xterm-256color", "tmux-256color"])
    func pressMotionAndReleaseInOneBurst(term: String) throws {
        guard let (pty, driver) = Self.start(term) else { return }
        defer { driver.end() }
        if term == "xterm-256color" {
            pty.send("\u{1b}[<0;10;5M\u{1b}[<32;12;6M\u{1b}[<32;14;6M\u{1b}[<0;14;6m")
        } else {
            pty.send([0x1b, 0x5b, 0x4d, 32 + 0, 32 + 10, 32 + 5, 0x1b, 0x5b, 0x4d, 32 + 32, 32 + 12, 32 + 6,
                      0x1b, 0x5b, 0x4d, 32 + 32, 32 + 14, 32 + 6, 0x1b, 0x5b, 0x4d, 32 + 3, 32 + 14, 32 + 6])
        }
        #expect(Self.drain(driver) == [
            .mouse(MouseEvent(kind: .press, button: .left, column: 9, row: 4)),
            .mouse(MouseEvent(kind: .drag, button: .left, column: 11, row: 5)),
            .mouse(MouseEvent(kind: .drag, button: .left, column: 13, row: 5)),
            .mouse(MouseEvent(kind: .release, button: .left, column: 13, row: 5)),
        ])
    }

    @Test func keysAndStrayEscapeBytes() throws {
        guard let (pty, driver) = Self.start("xterm-256color") else { return }
        defer { driver.end() }
        pty.send("n\t\u{1b}[Z\u{1b}OA\u{1b}[B\u{3}1")
        #expect(Self.drain(driver) == [.key(.character("n")), .key(.tab), .key(.backTab), .key(.up), .key(.down),
                                       .key(.ctrlC), .key(.character("1"))])
        // A lone ESC is the Escape key once input goes idle.
        pty.send("\u{1b}")
        #expect(Self.drain(driver) == [.key(.escape)])
        // Mouse bytes whose ESC was lost must not type '<', digits or ';'.
        pty.send("[<0;10;5M")
        let stray = Self.drain(driver)
        #expect(!stray.contains { if case .key = $0 { true } else { false } })
    }

    @Test func drawsOnlyChangedCellsAndRestoresMouseModesOnEnd() throws {
        guard let (pty, driver) = Self.start("xterm-256color") else { return }
        #expect(driver.colorMode == .palette256)
        #expect(driver.size == TerminalSize(columns: 80, rows: 24))
        var grid = CellGrid(columns: 80, rows: 24, filledWith: .blank(.black))
        grid[0, 0] = Cell(Cell.upperHalfBlock, foreground: .red, background: .black)
        driver.draw(grid)
        let first = pty.readOutput()
        let firstText = String(decoding: first, as: UTF8.self)
        // Red is xterm-256 color 196; terminfo's setaf writes it as "38;5;196".
        #expect(firstText.contains("\u{2580}"))
        #expect(firstText.contains("38;5;196"))
        driver.draw(grid)
        let second = String(decoding: pty.readOutput(), as: UTF8.self)
        #expect(!second.contains("\u{2580}"))
        #expect(second.utf8.count < 16)
        driver.end()
        let restore = String(decoding: pty.readOutput(), as: UTF8.self)
        #expect(restore.contains("\u{1b}[?1003l"))
        #expect(restore.contains("\u{1b}[?1006l"))
        driver.end()   // idempotent
        #expect(!driver.isActive)
        #expect(driver.nextEvent(timeout: 0) == nil)
    }

    @Test func beginTurnsOnAnyMotionTracking() throws {
        guard let pty = Self.openPTY() else { return }
        let driver = CursesTerminal(input: pty.slave, output: pty.slave, options: .init(terminalType: "xterm-256color"))
        try driver.begin()
        defer { driver.end() }
        let setup = String(decoding: pty.readOutput(), as: UTF8.self)
        // ncurses' own XM for xterm-256color, then ours for motion.
        #expect(setup.contains("\u{1b}[?1006;1000h"))
        #expect(setup.contains("\u{1b}[?1003h"))
        let a = setup.firstRange(of: "\u{1b}[?1006;1000h")!, b = setup.firstRange(of: "\u{1b}[?1003h")!
        #expect(a.lowerBound < b.lowerBound)
    }

    @Test func notATerminalIsAClearError() throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { print("skipping: no pipe"); return }
        defer { close(fds[0]); close(fds[1]) }
        #expect(throws: TerminalError.notATerminal(stream: "input descriptor \(fds[0])")) {
            try CursesTerminal.requireTerminal(input: fds[0], output: fds[1])
        }
        let driver = CursesTerminal(input: fds[0], output: fds[1])
        #expect(throws: TerminalError.self) { try driver.begin() }
        #expect(!driver.isActive)
    }
}

extension TerminalEvent {
    var isRelease: Bool { if case .mouse(let m) = self { m.kind == .release } else { false } }
}

/// A mouse report split across reads that arrive far apart (ssh, slow links) is still one report,
/// and a tail that comes too late is swallowed instead of acting as keys. (In the serialized
/// suite: ncurses has process-wide state.)
extension CursesTerminalPTYTests {
    @Test("an SGR press split 100 ms apart is one press, and nothing else")
    func splitReportIsReassembled() throws {
        guard let (pty, driver) = Self.start("xterm-256color") else { return }
        defer { driver.end() }
        pty.send("\u{1b}[<0;10;")
        usleep(100_000)
        pty.send("5M")
        let events = CursesTerminalPTYTests.drain(driver)
        #expect(events == [.mouse(MouseEvent(kind: .press, button: .left, column: 9, row: 4))], "\(events)")
    }

    @Test("a tail arriving 400 ms late (past the 250 ms limit) never becomes keys such as '5' and 'M'")
    func lateTailIsSwallowed() throws {
        guard let (pty, driver) = CursesTerminalPTYTests.start("xterm-256color") else { return }
        defer { driver.end() }
        pty.send("\u{1b}[<0;10;")
        // The driver gives up on the sequence after 250 ms of it, while we wait.
        var early: [TerminalEvent] = []
        if let e = driver.nextEvent(timeout: 0.4) { early.append(e) }
        pty.send("2M")
        let events = early + CursesTerminalPTYTests.drain(driver)
        #expect(!events.contains { if case .key = $0 { return true } else { return false } }, "\(events)")
        // And typing goes on normally afterwards.
        pty.send("n")
        #expect(driver.nextEvent(timeout: 1) == .key(.character("n")))
    }
}

@Suite struct SplitSequenceDecoderTests {
    @Test func aCutOffSequencesTailIsSwallowedThenKeysPassAgain() {
        var d = EscapeSequenceDecoder()
        #expect(d.feed("\u{1b}").isEmpty && d.feed("[").isEmpty && d.feed("<").isEmpty && d.feed("0").isEmpty && d.feed(";").isEmpty)
        #expect(d.isInsideSequence)
        #expect(d.flush().isEmpty)
        for c in "1;5M" { #expect(d.feed(c.unicodeScalars.first!).isEmpty, "\(c)") }
        #expect(d.feed("x") == [.key(.character("x"))])
        #expect(d.feed("2") == [.key(.character("2"))])
    }
}

/// The start-up probe on a pseudo-terminal: an answering terminal and a silent one.
extension CursesTerminalPTYTests {
    @Test("a terminal that answers nothing leaves the probe within its timeout, with no graphics")
    func silentTerminal() throws {
        guard let pty = Self.openPTY() else { return }
        var start = timespec(); clock_gettime(CLOCK_MONOTONIC, &start)
        let replies = TerminalProbe.ask(input: pty.slave, output: pty.slave, timeout: 0.2)
        var end = timespec(); clock_gettime(CLOCK_MONOTONIC, &end)
        let seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
        #expect(!replies.answered && !replies.sixel && !replies.kitty)
        #expect(seconds < 0.5, "the probe took \(seconds) s")
        // The queries were really sent, DA1 last.
        let sent = pty.readOutput()
        #expect(String(decoding: sent, as: UTF8.self).hasSuffix("\u{1B}[c"))
    }

    @Test("without the graphics queries (--graphics cells, a mode by name, tmux or screen) no APC string is sent")
    func noGraphicsQuery() throws {
        guard let pty = Self.openPTY() else { return }
        _ = TerminalProbe.ask(input: pty.slave, output: pty.slave, timeout: 0.1, graphics: false)
        let sent = String(decoding: pty.readOutput(), as: UTF8.self)
        #expect(!sent.contains("\u{1B}_"), "\(sent.debugDescription)")
        #expect(sent.hasSuffix("\u{1B}[c"))
        _ = TerminalProbe.ask(input: pty.slave, output: pty.slave, timeout: 0.1, graphics: true)
        #expect(String(decoding: pty.readOutput(), as: UTF8.self).hasPrefix("\u{1B}_Gi=31,"))
    }

    @Test("an answering terminal's sixel attribute and cell size are read")
    func answeringTerminal() throws {
        guard let pty = Self.openPTY() else { return }
        pty.send("\u{1B}[6;18;9t\u{1B}[?62;4;22c")
        let replies = TerminalProbe.ask(input: pty.slave, output: pty.slave, timeout: 0.5)
        #expect(replies.answered && replies.sixel && !replies.kitty)
        #expect(replies.cellPixels?.width == 9 && replies.cellPixels?.height == 18)
    }
}
