// TerminalError: why the terminal could not be taken over, in words a user can act on.

public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Standard input (or output) is not a terminal: piped, redirected, or run under a service.
    case notATerminal(stream: String)
    /// ncurses could not set up the terminal type.
    case cannotInitialize(term: String)

    public var description: String {
        switch self {
        case .notATerminal(let stream):
            return "nudge: \(stream) is not a terminal (run it in a terminal, or use `nudge simulate` for headless output)"
        case .cannotInitialize(let term):
            return "nudge: cannot set up terminal type \"\(term)\" (is TERM right, and is its terminfo installed?)"
        }
    }
}
