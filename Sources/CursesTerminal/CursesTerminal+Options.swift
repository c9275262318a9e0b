// CursesTerminal+Options: how the driver is set up: terminfo name, color ceiling, mouse motion,
// Escape delay, and the graphics the start-up probe found (pixels per cell, synchronized output,
// sixel color registers).
import CNCursesW
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

extension CursesTerminal {
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
}
