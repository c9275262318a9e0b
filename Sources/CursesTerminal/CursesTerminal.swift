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
//
// Bracketed paste (mode 2004) is on while mouse tracking is: a paste arrives between
// ESC [ 200 ~ and ESC [ 201 ~ and the decoder makes it one `.paste` event, never keys.
//
// The parts, one file each: Options (CursesTerminal+Options), signals and the emergency
// restore (+Signals), input (+Input), drawing (+Drawing), the terminal modes written by hand
// (+Modes).

import CNCursesW
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

public final class CursesTerminal: TerminalDriver {
    public internal(set) var size = TerminalSize(columns: 0, rows: 0)
    public internal(set) var colorMode: ColorMode = .none
    public let options: Options
    /// Whether terminfo says the mouse speaks SGR (1006) rather than X10.
    public internal(set) var mouseUsesSGR = false
    /// The termination signal that ended the session, if one did (for the exit status).
    public internal(set) var lastSignal: Int32 = 0
    public internal(set) var isActive = false

    let inputFD: Int32
    let outputFD: Int32
    var screen: OpaquePointer?
    var inputFile: UnsafeMutablePointer<FILE>?
    var outputFile: UnsafeMutablePointer<FILE>?
    var ownsInput = false
    /// Where frames go (nil before `begin` and after `end`, or when no pipe could be had).
    var output: TerminalOutput?
    /// ncurses' output descriptor, and a copy of the terminal's to point it back at.
    var ncursesFD: Int32 = -1
    var terminalCopy: Int32 = -1
    var lastGrid: CellGrid?
    var mouse = MouseTracker()
    var decoder = EscapeSequenceDecoder()
    /// When the sequence the decoder is inside began (monotonic clock).
    var sequenceStarted: timespec?
    var pending: [TerminalEvent] = []
    /// Pixel mode's frame writer (nil in cell mode).
    var pixelWriter: PixelFrameWriter?
    /// Frames not drawn because the terminal had not yet taken the one before.
    public internal(set) var droppedFrames = 0

    /// A driver on standard input and output.
    public convenience init(options: Options = Options()) {
        self.init(input: STDIN_FILENO, output: STDOUT_FILENO, options: options)
    }

    /// A driver on the given descriptors (a pseudo-terminal in tests). They stay open after `end()`.
    public init(input: Int32, output: Int32, options: Options = Options()) {
        self.inputFD = input; self.outputFD = output; self.options = options
    }

    deinit { end() }

    // MARK: TerminalDriver

    public func begin() throws {
        guard !isActive else { return }
        try CursesTerminal.requireTerminal(input: inputFD, output: outputFD)
        Self.chooseLocale()
        Self.armEmergencyRestore(input: inputFD, output: outputFD)
        Self.catchWinch()
        try openScreen()
        isActive = true
        let win = nudge_stdscr()
        configureInput(win)
        colorMode = Self.negotiatedColorMode(ceiling: options.maximumColorMode)

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
        _ = Self.takeWinch()
        ncursesFD = fileno(outputFile)
        terminalCopy = fcntl(outputFD, F_DUPFD_CLOEXEC, 3)
        output = terminalCopy >= 0 ? TerminalOutput(terminal: outputFD) : nil

        size = TerminalSize(columns: Int(nudge_max_x(win)), rows: Int(nudge_max_y(win)))
        lastGrid = nil
        mouse.reset(); decoder.reset(); pending.removeAll()
        startPixelWriter()
    }

    /// The user's locale, with numbers in the C format (scene parsing's strtod must not read
    /// "0,5" in a German locale) and UTF-8 characters (or half blocks come out blank).
    private static func chooseLocale() {
        setlocale(LC_ALL, "")
        setlocale(LC_NUMERIC, "C")
        if let cs = nudge_codeset(), String(cString: cs) != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    /// newterm on the driver's descriptors (dup'd, so closing ncurses' FILEs leaves them open).
    private func openScreen() throws {
        if inputFD == STDIN_FILENO {
            inputFile = nudge_stdin(); ownsInput = false
        } else {
            inputFile = fdopen(dup(inputFD), "r"); ownsInput = true
        }
        // A descriptor of ncurses' own, which `draw` points at the output pipe.
        outputFile = fdopen(dup(outputFD), "w")
        let term = options.terminalType ?? getenv("TERM").map { String(cString: $0) } ?? "dumb"
        guard let s = newterm(term, outputFile, inputFile) else {
            Self.disarmEmergencyRestore()
            Self.releaseWinch()
            closeFiles()
            throw TerminalError.cannotInitialize(term: term)
        }
        screen = s
        set_term(s)
    }

    /// Raw keys, no echo, keypad decoding, no cursor, a short Escape delay.
    private func configureInput(_ win: UnsafeMutablePointer<WINDOW>?) {
        raw(); noecho(); nonl()
        keypad(win, true)
        intrflush(win, false)
        wtimeout(win, 0)
        curs_set(0)
        set_escdelay(Int32(options.escapeDelay))
    }

    /// The colors the terminal has, at most `ceiling`; none when it has none.
    private static func negotiatedColorMode(ceiling: ColorMode?) -> ColorMode {
        guard has_colors() else { return .none }
        start_color()
        use_default_colors()
        var mode = ColorMode(colorCount: Int(nudge_colors()))
        if let ceiling, ceiling.rank < mode.rank { mode = ceiling }
        return mode
    }

    /// Pixel mode's frame writer, sized to the cell's pixels (8×16 when unknown).
    private func startPixelWriter() {
        guard options.graphics != .cells else { return }
        let px = options.cellPixels ?? (8, 16)
        pixelWriter = PixelFrameWriter(graphics: options.graphics, cellWidth: px.width, cellHeight: px.height,
                                       synchronizedOutput: options.synchronizedOutput)
        if let n = options.colorRegisters { pixelWriter!.colorRegisters = n }
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
        Self.disarmEmergencyRestore()
        Self.releaseWinch()
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

    public func bell() { if isActive { beep() } }

    public var isReadyForFrame: Bool { output?.isIdle ?? true }

    func closeFiles() {
        if ownsInput, let f = inputFile { fclose(f) }
        if let f = outputFile { fclose(f) }
        inputFile = nil; outputFile = nil; ownsInput = false
    }
}
