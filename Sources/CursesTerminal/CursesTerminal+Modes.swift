// CursesTerminal+Modes: the terminal modes Nudge writes by hand, and how its own bytes are sent.
//
// Mouse tracking (SGR 1006 with button reports 1000, and any-motion 1003 unless turned off) and
// bracketed paste (2004) are switched on after ncurses' set-up and off before it leaves; our
// bytes go in order with ncurses' (through the output pipe while there is one).
import CNCursesW
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

extension CursesTerminal {
    /// Button reports in SGR encoding (1006;1000), every motion (1003) unless turned off, and
    /// bracketed paste (2004).
    func enableMotionTracking() {
        fflush(outputFile)
        fflush(nudge_stdout())
        writeRaw("\u{1b}[?1006;1000h" + (options.reportsMotion ? "\u{1b}[?1003h" : "") + "\u{1b}[?2004h")
    }

    /// Every mode `enableMotionTracking` turns on, off.
    static let trackingOff = "\u{1b}[?1003l\u{1b}[?1006l\u{1b}[?1000l\u{1b}[?2004l"

    func disableMotionTracking() {
        fflush(outputFile)
        fflush(nudge_stdout())
        writeRaw(Self.trackingOff)
    }

    /// Bytes of our own, in order with ncurses' (through the output pipe while there is one).
    func writeRaw(_ s: String) { writeBytes(Array(s.utf8)) }

    func writeBytes(_ bytes: [UInt8]) {
        if let output { return output.write(bytes) }
        var bytes = bytes
        bytes.withUnsafeMutableBufferPointer { buf in
            guard buf.count > 0 else { return }
            buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) {
                nudge_write_all(outputFD, $0, buf.count)
            }
        }
    }
}
