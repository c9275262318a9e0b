// TerminalProbe: asks the terminal what it can do, before curses takes it.
//
// The queries, as notcurses sends them: the kitty graphics query (a 1×1 image with id 31 and
// a=q: a kitty-protocol terminal answers OK and shows nothing), DECRQM for mode 2026
// (synchronized output), CSI 16 t (cell size in pixels), XTSMGRAPHICS's read of the sixel
// color registers (CSI ? 1 ; 1 ; 0 S; Debian's xterm in VT340 mode and mlterm answer 1024, a
// terminal without sixel ignores it or answers a failure) and last DA1 (CSI c), which every
// terminal answers; its answer ends the wait, since terminals answer in order. The tty is in
// raw mode only while waiting, and its settings are put back. No answer within `timeout`
// (a terminal that ignores queries, a pipe) means no graphics; the bytes of a late answer are
// swallowed by the key decoder, which never reads escape sequences as keys.
// The graphics queries go out only when their answer is used (`GraphicsProtocol.asksTerminal`):
// not with `--graphics cells` (or any mode given by name), and never inside tmux or screen,
// which would not pass them on and may keep them (tmux takes an APC string as the pane title).
import CNCursesW
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

public enum TerminalProbe {
    /// The graphics query: kitty's (a 1×1 image query, stored nowhere).
    static let graphicsQueries = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
    /// XTSMGRAPHICS: how many sixel color registers the terminal has.
    static let colorRegistersQuery = "\u{1B}[?1;1;0S"
    /// The queries always sent: synchronized output, cell size, and DA1 last.
    static let queries = "\u{1B}[?2026$p" + "\u{1B}[16t" + "\u{1B}[c"

    /// Sends the queries on `output` (the graphics queries only with `graphics`, the color
    /// registers' only with `colorRegisters`) and reads the
    /// answers from `input` for at most `timeout` seconds (stopping at DA1's answer). Both must
    /// be a terminal; otherwise nothing is asked.
    public static func ask(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, timeout: Double = 0.25,
                           graphics: Bool = true, colorRegisters: Bool = true) -> TerminalReplies {
        guard isatty(input) == 1, isatty(output) == 1 else { return TerminalReplies() }
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return TerminalReplies() }
        var raw = saved
        cfmakeraw(&raw)
        tcsetattr(input, TCSANOW, &raw)
        defer { tcsetattr(input, TCSANOW, &saved) }
        var bytes = Array(((graphics ? graphicsQueries : "") + (colorRegisters ? colorRegistersQuery : "") + queries).utf8)
        bytes.withUnsafeMutableBufferPointer { buf in
            buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) { nudge_write_all(output, $0, buf.count) }
        }
        var reply: [UInt8] = []
        var start = timespec(); clock_gettime(CLOCK_MONOTONIC, &start)
        func elapsed() -> Double {
            var t = timespec(); clock_gettime(CLOCK_MONOTONIC, &t)
            return Double(t.tv_sec - start.tv_sec) + Double(t.tv_nsec - start.tv_nsec) / 1e9
        }
        var answeredAt: Double?
        var buffer = [UInt8](repeating: 0, count: 4096)
        while elapsed() < timeout {
            var fds = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let left = Int32(max(1, (timeout - elapsed()) * 1000))
            guard poll(&fds, 1, left) > 0 else { break }
            let n = read(input, &buffer, buffer.count)
            guard n > 0 else { break }
            reply += buffer[0..<n]
            if TerminalReplies.parse(reply).answered { answeredAt = elapsed(); break }
        }
        var replies = TerminalReplies.parse(reply)
        replies.roundTrip = answeredAt
        if replies.cellPixels == nil { replies.cellPixels = WindowPixels.cellPixels(output: output) }
        return replies
    }
}
