// CursesTerminal+Input: events from the terminal, one at a time.
//
// wget_wch on stdscr gives keys ncurses decoded (keypad mode) and plain characters; the
// characters go through the EscapeSequenceDecoder, which turns what ncurses could not decode
// (mouse reports, split sequences, bracketed pastes, terminal answers) into events or drops it.
// A started sequence gets up to `EscapeSequenceDecoder.sequenceTimeout` to arrive whole, a lone
// Escape the Escape delay. Caught signals and resizes are checked on every wait.
import CNCursesW
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

extension CursesTerminal {
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
            if Self.takeCaughtStop() { return .key(.ctrlZ) }
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
            if r == KEY_CODE_YES && decoder.isInsidePaste {
                // A key ncurses decoded inside a paste is pasted text too: never a key.
            } else if r == KEY_CODE_YES {
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

    static func now() -> timespec {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return t
    }

    static func seconds(since start: timespec) -> Double {
        let t = now()
        return Double(t.tv_sec - start.tv_sec) + Double(t.tv_nsec - start.tv_nsec) / 1e9
    }

    /// After a SIGWINCH: the terminal's new size, given to ncurses, as a resize event.
    func takeResize() -> TerminalEvent? {
        guard Self.takeWinch() else { return nil }
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

    func enqueue(_ outputs: [EscapeSequenceDecoder.Output]) {
        for o in outputs {
            switch o {
            case .key(let k): pending.append(.key(k))
            case .mouse(let report): pending.append(.mouse(mouse.event(for: report)))
            case .paste(let text): pending.append(.paste(text))
            }
        }
    }

    func event(forKeyCode code: Int32) -> TerminalEvent? {
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
    func mouseEvent() -> TerminalEvent? {
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
}
