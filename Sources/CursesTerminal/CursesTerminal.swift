// CursesTerminal: the TerminalDriver on ncursesw, the only code in Nudge that talks to curses.
//
// Setup, in order (see docs/terminal.md for why):
//   setlocale(LC_ALL, "") (falling back to C.UTF-8 for LC_CTYPE when the locale is not UTF-8,
//   or half blocks come out blank) → newterm on the given descriptors → raw, noecho, nonl,
//   keypad, curs_set(0), a short ESC delay → colors (start_color, use_default_colors, pairs
//   from alloc_pair, passed through setcchar's opts so pairs above 255 work) → mousemask(all
//   events | position), mouseinterval(0) → flush, then write ESC[?1003h (any-motion tracking,
//   or drags never arrive) and, when terminfo's XM asks for SGR, ESC[?1006h again.
// Drawing sends the changed cells with setcchar + mvwadd_wch and ends with one wnoutrefresh +
// doupdate, whose bytes go through a `TerminalOutput` (a pipe and a writer thread) so a slow
// terminal never blocks the loop: while an earlier frame is still on its way the new one is
// dropped whole (`isReadyForFrame` says so beforehand; `droppedFrames` counts them) and the next
// one carries its changes. ncurses' output descriptor is a copy of the terminal's that points at
// the pipe only for the doupdate; SIGWINCH is caught here, not by ncurses, so ncurses never asks
// that descriptor for the window size while it points at the pipe (a resize is read from the
// terminal and given to resizeterm). Input comes from wget_wch on stdscr (which has no pending
// drawing between frames); mouse reports go through getmouse and a `MouseTracker` (motion with
// a held button is a drag); characters ncurses could not decode go through an
// `EscapeSequenceDecoder`, so stray escape bytes never act as keys.
//
// Leaving: `end()` drops what is still queued, writes ESC[?1003l ESC[?1006l and drains them (at
// most two seconds), then endwin; it is idempotent. For signals, `installSignalHandlers()` makes
// every signal that would end the process quietly (SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1/2,
// SIGALRM, SIGPIPE, ...) set a flag that `nextEvent` turns into Ctrl-C (the app's quit key), so
// the app leaves through its ordinary path and calls `end()`; SIGTSTP sets another that
// `nextEvent` turns into Ctrl-Z (the app suspends, mouse tracking off first); crash signals
// restore the terminal with async-signal-safe calls only (write of the reset bytes and tcsetattr
// of the saved settings; endwin is not safe in a handler) and re-raise.

import CNCursesW
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

public final class CursesTerminal: TerminalDriver {
    public struct Options: Sendable {
        /// The terminfo name; nil reads TERM.
        public var terminalType: String?
        /// A ceiling on colors (e.g. from a command-line flag or NO_COLOR); nil uses what the terminal has.
        public var maximumColorMode: ColorMode?
        /// Turn on any-motion mouse tracking (1003) so drags and hovers arrive.
        public var reportsMotion: Bool
        /// Milliseconds ncurses waits after ESC for the rest of a sequence.
        public var escapeDelay: Int
        /// How frames are sent: cells, or the play area as sixel or kitty pixels.
        public var graphics: GraphicsProtocol = .cells
        /// Pixels per cell for pixel graphics (from TerminalProbe; 8×16 when unknown).
        public var cellPixels: (width: Int, height: Int)?
        /// Wrap each frame in DEC mode 2026 (synchronized output), where the terminal said it has it.
        public var synchronizedOutput = false
        /// Sixel color registers (from TerminalProbe's XTSMGRAPHICS; nil: the encoder's default).
        public var colorRegisters: Int?
        public init(terminalType: String? = nil, maximumColorMode: ColorMode? = nil, reportsMotion: Bool = true, escapeDelay: Int = 25) {
            self.terminalType = terminalType; self.maximumColorMode = maximumColorMode
            self.reportsMotion = reportsMotion; self.escapeDelay = escapeDelay
        }
    }

    public private(set) var size = TerminalSize(columns: 0, rows: 0)
    public private(set) var colorMode: ColorMode = .none
    public let options: Options
    /// Whether terminfo says the mouse speaks SGR (1006) rather than X10.
    public private(set) var mouseUsesSGR = false
    /// The termination signal that ended the session, if one did (for the exit status).
    public private(set) var lastSignal: Int32 = 0
    public private(set) var isActive = false

    private let inputFD: Int32
    private let outputFD: Int32
    private var screen: OpaquePointer?
    private var inputFile: UnsafeMutablePointer<FILE>?
    private var outputFile: UnsafeMutablePointer<FILE>?
    private var ownsInput = false
    /// Where frames go (nil before `begin` and after `end`, or when no pipe could be had).
    private var output: TerminalOutput?
    /// ncurses' output descriptor, and a copy of the terminal's to point it back at.
    private var ncursesFD: Int32 = -1
    private var terminalCopy: Int32 = -1
    private var lastGrid: CellGrid?
    private var mouse = MouseTracker()
    private var decoder = EscapeSequenceDecoder()
    /// When the sequence the decoder is inside began (monotonic clock).
    private var sequenceStarted: timespec?
    private var pending: [TerminalEvent] = []
    /// Pixel mode's frame writer (nil in cell mode).
    private var pixelWriter: PixelFrameWriter?
    /// Frames not drawn because the terminal had not yet taken the one before.
    public private(set) var droppedFrames = 0

    /// A driver on standard input and output.
    public convenience init(options: Options = Options()) {
        self.init(input: STDIN_FILENO, output: STDOUT_FILENO, options: options)
    }

    /// A driver on the given descriptors (a pseudo-terminal in tests). They stay open after `end()`.
    public init(input: Int32, output: Int32, options: Options = Options()) {
        self.inputFD = input; self.outputFD = output; self.options = options
    }

    deinit { end() }

    // MARK: TTY check and signals

    /// Throws `TerminalError.notATerminal` unless both descriptors are terminals.
    public static func requireTerminal(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) throws(TerminalError) {
        if isatty(input) == 0 { throw .notATerminal(stream: input == STDIN_FILENO ? "standard input" : "input descriptor \(input)") }
        if isatty(output) == 0 { throw .notATerminal(stream: output == STDOUT_FILENO ? "standard output" : "output descriptor \(output)") }
    }

    /// Installs the handlers described at the top of this file. Call once, before `begin()`.
    public static func installSignalHandlers() { nudge_install_signal_handlers() }

    /// The termination signal caught since the last call (SIGTERM, SIGHUP, SIGINT, SIGQUIT), or nil.
    public static func takeCaughtSignal() -> Int32? {
        let s = nudge_take_caught_signal()
        return s == 0 ? nil : s
    }

    /// Async-signal-safe restore for the terminal of the active driver (mouse modes off, colors
    /// reset, cursor shown, alternate screen left, saved termios back). Safe from a C signal handler.
    public static func emergencyRestore() { nudge_emergency_restore() }

    // MARK: TerminalDriver

    public func begin() throws {
        guard !isActive else { return }
        try CursesTerminal.requireTerminal(input: inputFD, output: outputFD)
        setlocale(LC_ALL, "")
        // Numbers stay in the C format: scene parsing (strtod) must not read "0,5" in a German locale.
        setlocale(LC_NUMERIC, "C")
        if let cs = nudge_codeset(), String(cString: cs) != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        nudge_emergency_arm(inputFD, outputFD)
        nudge_catch_winch()

        if inputFD == STDIN_FILENO {
            inputFile = nudge_stdin(); ownsInput = false
        } else {
            inputFile = fdopen(dup(inputFD), "r"); ownsInput = true
        }
        // A descriptor of ncurses' own, which `draw` points at the output pipe.
        outputFile = fdopen(dup(outputFD), "w")
        let term = options.terminalType ?? getenv("TERM").map { String(cString: $0) } ?? "dumb"
        guard let s = newterm(term, outputFile, inputFile) else {
            nudge_emergency_disarm()
            nudge_release_winch()
            closeFiles()
            throw TerminalError.cannotInitialize(term: term)
        }
        screen = s
        set_term(s)
        isActive = true

        raw(); noecho(); nonl()
        let win = nudge_stdscr()
        keypad(win, true)
        intrflush(win, false)
        wtimeout(win, 0)
        curs_set(0)
        set_escdelay(Int32(options.escapeDelay))

        if has_colors() {
            start_color()
            use_default_colors()
            var mode = ColorMode(colorCount: Int(nudge_colors()))
            if let ceiling = options.maximumColorMode, ceiling.rank < mode.rank { mode = ceiling }
            colorMode = mode
        } else {
            colorMode = .none
        }

        // Mouse reports bypass ncurses: its parser drops a press that arrives in the same read as
        // the motion after it (a fast drag), so its mouse key is removed and the tracking modes are
        // switched on below by hand; the raw reports reach EscapeSequenceDecoder, which reads both
        // SGR and X10. SGR is always requested (it reports any column; tmux and modern terminals
        // speak it whatever TERM says).
        define_key(nil, KEY_MOUSE)
        mouseUsesSGR = true
        // Flush what ncurses queued (alternate screen) before our bytes.
        wnoutrefresh(win)
        doupdate()
        enableMotionTracking()
        _ = nudge_take_winch()
        ncursesFD = fileno(outputFile)
        terminalCopy = fcntl(outputFD, F_DUPFD_CLOEXEC, 3)
        output = terminalCopy >= 0 ? TerminalOutput(terminal: outputFD) : nil

        size = TerminalSize(columns: Int(nudge_max_x(win)), rows: Int(nudge_max_y(win)))
        lastGrid = nil
        mouse.reset(); decoder.reset(); pending.removeAll()
        if options.graphics != .cells {
            let px = options.cellPixels ?? (8, 16)
            pixelWriter = PixelFrameWriter(graphics: options.graphics, cellWidth: px.width, cellHeight: px.height,
                                           synchronizedOutput: options.synchronizedOutput)
            if let n = options.colorRegisters { pixelWriter!.colorRegisters = n }
        }
    }

    public func end() {
        guard isActive else { return }
        isActive = false
        var last = options.graphics == .kitty ? "\u{1B}_Ga=d,d=A,q=2\u{1B}\\" : ""   // the pictures go with us
        last += Self.trackingOff
        if let output {
            // A slow terminal: the stale frame goes, the way back does not (bounded).
            output.finish(within: 2, last: Array(last.utf8))
            self.output = nil
        } else {
            writeRaw(last)
        }
        if terminalCopy >= 0 { close(terminalCopy); terminalCopy = -1 }
        endwin()
        if let s = screen { delscreen(s) }
        screen = nil
        closeFiles()
        nudge_emergency_disarm()
        nudge_release_winch()
    }

    /// Ctrl-Z: gives the terminal back, stops the process (as the shell expects of Ctrl-Z), and
    /// takes the terminal again when `fg` continues it. The next `draw` repaints everything.
    public func suspend() {
        guard isActive else { return }
        disableMotionTracking()
        output?.drain(within: 1)   // endwin writes directly: let what is queued go first
        endwin()
        kill(getpid(), SIGSTOP)
        // Continued.
        let win = nudge_stdscr()
        clearok(nudge_curscr(), true)
        wrefresh(win)
        enableMotionTracking()
        lastGrid = nil
        pixelWriter?.invalidate()
        mouse.reset(); decoder.reset()
        let newSize = TerminalSize(columns: Int(nudge_max_x(win)), rows: Int(nudge_max_y(win)))
        if newSize != size { size = newSize; pending.append(.resize(columns: newSize.columns, rows: newSize.rows)) }
    }

    public func draw(_ grid: CellGrid) {
        guard isActive else { return }
        // The terminal has not taken the last frame yet: drop this one whole (ncurses is not
        // told of it, so its idea of the screen stays true and the next frame carries the changes).
        if let output, !output.isIdle { droppedFrames += 1; return }
        if options.synchronizedOutput { writeRaw("\u{1B}[?2026h") }
        defer { if options.synchronizedOutput { writeRaw("\u{1B}[?2026l") } }
        let win = nudge_stdscr()
        let changes = grid.changes(from: lastGrid)
        let maxX = Int(nudge_max_x(win)), maxY = Int(nudge_max_y(win))
        for change in changes where change.column < maxX && change.row < maxY && change.cell.character != Cell.continuation {
            let cell = change.cell
            let pair = colorMode == .none ? 0 : colorPair(cell.foreground, cell.background)
            _ = nudge_put_cell(win, Int32(change.row), Int32(change.column), cell.character.value, cell.bold ? 1 : 0, pair)
        }
        wnoutrefresh(win)
        if let output {
            TerminalOutput.redirect(ncursesFD, to: output.pipeWrite)
            doupdate()
            TerminalOutput.redirect(ncursesFD, to: terminalCopy)
        } else {
            doupdate()
        }
        lastGrid = grid
    }

    public func nextEvent(timeout: Double) -> TerminalEvent? {
        guard isActive else { return nil }
        if !pending.isEmpty { return pending.removeFirst() }
        let win = nudge_stdscr()
        var waitMS = Int32(max(0, min(Double(Int32.max / 2), (timeout * 1000).rounded(.up))))
        while true {
            if let sig = CursesTerminal.takeCaughtSignal() {
                lastSignal = sig
                return .key(.ctrlC)
            }
            if let resized = takeResize() { return resized }
            // `kill -TSTP`: suspend as the Ctrl-Z key does (the app gives the terminal back first).
            if nudge_take_caught_stop() != 0 { return .key(.ctrlZ) }
            wtimeout(win, waitMS)
            var ch: UInt32 = 0
            let r = nudge_get_wch(win, &ch)
            if r == ERR {
                // Idle (or interrupted): a half-read sequence is settled now, unless it may still
                // come: a lone Escape gets the escape delay, a started sequence up to
                // `sequenceTimeout` from its first byte (its parts can arrive far apart on slow links).
                if decoder.isInsideSequence, let started = sequenceStarted {
                    let left = EscapeSequenceDecoder.sequenceTimeout - Self.seconds(since: started)
                    if left > 0 { waitMS = Int32((left * 1000).rounded(.up)); continue }
                } else if decoder.isPending && waitMS < Int32(options.escapeDelay) {
                    waitMS = Int32(options.escapeDelay)   // give the rest of the sequence a moment
                    continue
                }
                enqueue(decoder.flush())
                if !pending.isEmpty { return pending.removeFirst() }
                if let sig = CursesTerminal.takeCaughtSignal() { lastSignal = sig; return .key(.ctrlC) }
                return takeResize()
            }
            if r == KEY_CODE_YES {
                decoder.reset()
                if let e = event(forKeyCode: Int32(ch)) { return e }
            } else if let scalar = Unicode.Scalar(ch) {
                let wasInside = decoder.isInsideSequence
                enqueue(decoder.feed(scalar))
                if !wasInside && decoder.isInsideSequence { sequenceStarted = Self.now() }
                if !pending.isEmpty { return pending.removeFirst() }
            }
            // Nothing to report yet (a sequence in progress, or an ignored key): keep reading
            // without waiting again for long.
            waitMS = decoder.isPending ? Int32(options.escapeDelay) : 0
        }
    }

    public func bell() { if isActive { beep() } }

    public var isReadyForFrame: Bool { output?.isIdle ?? true }

    // MARK: Internals

    private static func now() -> timespec {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return t
    }

    private static func seconds(since start: timespec) -> Double {
        let t = now()
        return Double(t.tv_sec - start.tv_sec) + Double(t.tv_nsec - start.tv_nsec) / 1e9
    }

    /// After a SIGWINCH: the terminal's new size, given to ncurses, as a resize event.
    private func takeResize() -> TerminalEvent? {
        guard nudge_take_winch() != 0 else { return nil }
        var rows: Int32 = 0, columns: Int32 = 0
        guard nudge_window_size(outputFD, &rows, &columns) == 0 || nudge_window_size(inputFD, &rows, &columns) == 0 else { return nil }
        resizeterm(rows, columns)
        clearok(nudge_curscr(), true)
        let win = nudge_stdscr()
        size = TerminalSize(columns: Int(nudge_max_x(win)), rows: Int(nudge_max_y(win)))
        lastGrid = nil
        pixelWriter?.invalidate()
        return .resize(columns: size.columns, rows: size.rows)
    }

    private func enqueue(_ outputs: [EscapeSequenceDecoder.Output]) {
        for o in outputs {
            switch o {
            case .key(let k): pending.append(.key(k))
            case .mouse(let report): pending.append(.mouse(mouse.event(for: report)))
            }
        }
    }

    private func event(forKeyCode code: Int32) -> TerminalEvent? {
        switch code {
        case KEY_RESIZE:
            let win = nudge_stdscr()
            size = TerminalSize(columns: Int(nudge_max_x(win)), rows: Int(nudge_max_y(win)))
            lastGrid = nil   // ncurses cleared its idea of the screen; repaint in full
            pixelWriter?.invalidate()
            return .resize(columns: size.columns, rows: size.rows)
        case KEY_MOUSE:
            return mouseEvent()
        case KEY_BTAB: return .key(.backTab)
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_HOME: return .key(.home)
        case KEY_END: return .key(.end)
        case KEY_PPAGE: return .key(.pageUp)
        case KEY_NPAGE: return .key(.pageDown)
        case KEY_DC: return .key(.delete)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_ENTER: return .key(.enter)
        default:
            for n in 1...12 where code == nudge_key_f(Int32(n)) { return .key(.function(n)) }
            return nil
        }
    }

    /// Reads ncurses' mouse report and turns it into one event (a click becomes press + release).
    private func mouseEvent() -> TerminalEvent? {
        var x: Int32 = 0, y: Int32 = 0
        var state: mmask_t = 0
        guard nudge_getmouse(&x, &y, &state) == OK else { return nil }
        var mods: Modifiers = []
        if state & nudge_button_shift() != 0 { mods.insert(.shift) }
        if state & nudge_button_ctrl() != 0 { mods.insert(.control) }
        if state & nudge_button_alt() != 0 { mods.insert(.alt) }
        let column = Int(x), row = Int(y)
        var reports: [MouseReport.Action] = []
        let buttons: [(Int32, MouseEvent.Button)] = [(1, .left), (2, .middle), (3, .right)]
        if state & nudge_button_pressed(4) != 0 { reports.append(.wheelUp) }
        if state & nudge_button_pressed(5) != 0 { reports.append(.wheelDown) }
        for (n, b) in buttons {
            if state & nudge_button_pressed(n) != 0 { reports.append(.press(b)) }
            if state & nudge_button_clicked(n) != 0 { reports.append(.press(b)); reports.append(.release(b)) }
            if state & nudge_button_released(n) != 0 { reports.append(.release(b)) }
        }
        if reports.isEmpty && state & nudge_report_mouse_position() != 0 { reports.append(.motion) }
        for action in reports {
            pending.append(.mouse(mouse.event(for: MouseReport(action: action, modifiers: mods, column: column, row: row))))
        }
        return pending.isEmpty ? nil : pending.removeFirst()
    }

    private func colorPair(_ fg: Color, _ bg: Color) -> Int32 {
        let p = alloc_pair(colorNumber(fg), colorNumber(bg))
        return p < 0 ? 0 : p
    }

    private func colorNumber(_ c: Color) -> Int32 {
        switch colorMode {
        case .truecolor:
            // Direct-color terminfo treats numbers below 8 as the ANSI palette; nudge those
            // near-blacks up to (0, 0, 8), which no one can tell apart.
            let v = Int32(c.red) << 16 | Int32(c.green) << 8 | Int32(c.blue)
            return v < 8 ? 8 : v
        case .palette256, .palette16, .basic8:
            return Int32(c.paletteIndex(in: colorMode) ?? 0)
        case .none:
            return -1
        }
    }

    /// Button reports in SGR encoding (1006;1000), and every motion (1003) unless turned off.
    private func enableMotionTracking() {
        fflush(outputFile)
        fflush(nudge_stdout())
        writeRaw("\u{1b}[?1006;1000h" + (options.reportsMotion ? "\u{1b}[?1003h" : ""))
    }

    private static let trackingOff = "\u{1b}[?1003l\u{1b}[?1006l\u{1b}[?1000l"

    private func disableMotionTracking() {
        fflush(outputFile)
        fflush(nudge_stdout())
        writeRaw(Self.trackingOff)
    }

    /// Bytes of our own, in order with ncurses' (through the output pipe while there is one).
    private func writeRaw(_ s: String) { writeBytes(Array(s.utf8)) }

    private func writeBytes(_ bytes: [UInt8]) {
        if let output { return output.write(bytes) }
        var bytes = bytes
        bytes.withUnsafeMutableBufferPointer { buf in
            guard buf.count > 0 else { return }
            buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) {
                nudge_write_all(outputFD, $0, buf.count)
            }
        }
    }

    private func closeFiles() {
        if ownsInput, let f = inputFile { fclose(f) }
        if let f = outputFile { fclose(f) }
        inputFile = nil; outputFile = nil; ownsInput = false
    }

}

extension CursesTerminal: PixelDisplay {
    public var cellPixelSize: (width: Int, height: Int)? {
        guard let writer = pixelWriter else { return nil }
        return (writer.tiles.cellWidth, writer.tiles.cellHeight)
    }

    /// A frame in pixel mode, through the output pipe (ncurses draws nothing then). Sent only when
    /// the terminal has taken the frame before, else dropped whole: the writer still holds what
    /// the terminal shows, so the next frame that goes carries every tile changed since. A
    /// terminal that cannot keep up drops frames, never the 60 Hz simulation or the keys.
    public func draw(_ grid: CellGrid, image: PixelImage, imageRows: Int) {
        guard isActive, pixelWriter != nil else { return draw(grid) }
        if let output, !output.isIdle { droppedFrames += 1; return }
        writeBytes(pixelWriter!.frame(grid, image: image, imageRows: imageRows, colorMode: colorMode, sendImage: true))
        lastGrid = nil
    }
}
