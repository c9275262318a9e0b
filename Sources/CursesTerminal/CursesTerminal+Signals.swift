// CursesTerminal+Signals: the terminal check, the signal handlers and the emergency restore.
//
// The handlers themselves are C (CNCursesW's shim.h) so that they run only async-signal-safe
// code: a signal whose default action ends the process sets a flag the input loop turns into
// Ctrl-C, SIGTSTP one it turns into Ctrl-Z, and a crash signal writes the reset bytes and puts
// the saved termios back before it re-raises. See docs/terminal.md for the list of signals.
//
// Every call into that C state (the caught flags, SIGWINCH's flag, the emergency restore's saved
// descriptors and termios) is made from this file and no other: the header's `static` variables
// are compiled into each Swift file that calls them (one object file per source file in a debug
// build), so a flag set through one file's copy would never be seen through another's. For the
// same reason each of them is `@inline(never)`: a release build optimizes across modules, and a
// body inlined into the caller's module (`installSignalHandlers` into the command line's) would
// bring that module's own copies, so the handler would set a flag the input loop never reads and
// no signal would end nudge (tried: SIGTERM, SIGHUP and SIGPROF were ignored in such a build).
import CNCursesW
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

extension CursesTerminal {
    /// Throws `TerminalError.notATerminal` unless both descriptors are terminals.
    public static func requireTerminal(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) throws(TerminalError) {
        if isatty(input) == 0 { throw .notATerminal(stream: input == STDIN_FILENO ? "standard input" : "input descriptor \(input)") }
        if isatty(output) == 0 { throw .notATerminal(stream: output == STDOUT_FILENO ? "standard output" : "output descriptor \(output)") }
    }

    /// Installs the handlers described at the top of this file. Call once, before `begin()`.
    @inline(never)
    public static func installSignalHandlers() { nudge_install_signal_handlers() }

    /// The termination signal caught since the last call (SIGTERM, SIGHUP, SIGINT, SIGQUIT), or nil.
    @inline(never)
    public static func takeCaughtSignal() -> Int32? {
        let s = nudge_take_caught_signal()
        return s == 0 ? nil : s
    }

    /// Async-signal-safe restore for the terminal of the active driver (mouse modes off, colors
    /// reset, cursor shown, alternate screen left, saved termios back). Safe from a C signal handler.
    @inline(never)
    public static func emergencyRestore() { nudge_emergency_restore() }

    /// Whether a SIGTSTP (`kill -TSTP`) came since the last call.
    @inline(never)
    static func takeCaughtStop() -> Bool { nudge_take_caught_stop() != 0 }

    /// Catches SIGWINCH (before newterm, so ncurses leaves it alone); `releaseWinch` gives it back.
    @inline(never)
    static func catchWinch() { nudge_catch_winch() }
    @inline(never)
    static func releaseWinch() { nudge_release_winch() }

    /// Whether a SIGWINCH came since the last call.
    @inline(never)
    static func takeWinch() -> Bool { nudge_take_winch() != 0 }

    /// Saves the terminal's settings for `emergencyRestore`, which writes its reset bytes to `output`.
    @inline(never)
    static func armEmergencyRestore(input: Int32, output: Int32) { nudge_emergency_arm(input, output) }
    @inline(never)
    static func disarmEmergencyRestore() { nudge_emergency_disarm() }
}
