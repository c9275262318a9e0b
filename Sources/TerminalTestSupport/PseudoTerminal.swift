// PseudoTerminal: a pty pair, so tests can run the real ncurses driver on a terminal they
// control: the driver gets the slave side, the test writes input bytes (keys, mouse reports) to
// the master and reads back what the driver drew.
//
// It lives in TerminalTestSupport, a module only test targets depend on: the shipped `nudge`
// never opens a pty, so nothing of this is in it.

import CNCursesW
#if canImport(Glibc)
import Glibc
#endif

public final class PseudoTerminal {
    public struct OpenError: Error, CustomStringConvertible {
        public var errno: Int32
        public var description: String { "cannot open a pseudo-terminal: \(String(cString: strerror(errno)))" }
    }

    /// The side a test writes input to and reads output from.
    public let master: Int32
    /// The side a terminal program uses as its terminal.
    public let slave: Int32

    public init(columns: Int = 80, rows: Int = 24) throws {
        var m: Int32 = -1, s: Int32 = -1
        guard nudge_open_pty(&m, &s) == 0 else { throw OpenError(errno: errno) }
        master = m; slave = s
        _ = nudge_set_window_size(s, Int32(rows), Int32(columns))
    }

    deinit { close(master); close(slave) }

    /// Changes the window size the slave side reports (a window resize; SIGWINCH is the caller's).
    public func setSize(columns: Int, rows: Int) {
        _ = nudge_set_window_size(slave, Int32(rows), Int32(columns))
    }

    /// Types `bytes` into the terminal.
    public func send(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buf in
            buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) { nudge_write_all(master, $0, buf.count) }
        }
    }

    public func send(_ text: String) { send(Array(text.utf8)) }

    /// Everything the program has written so far, waiting up to `timeout` seconds for the first
    /// byte and then only while more keeps coming.
    public func readOutput(timeout: Double = 0.2) -> [UInt8] {
        var out: [UInt8] = []
        var wait = Int32(timeout * 1000)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            var p = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, wait) > 0, p.revents & Int16(POLLIN) != 0 else { break }
            let n = read(master, &buffer, buffer.count)
            if n <= 0 { break }
            out.append(contentsOf: buffer[0..<n])
            wait = 20
        }
        return out
    }
}
