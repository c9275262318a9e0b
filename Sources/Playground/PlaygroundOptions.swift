// PlaygroundApp.Options: the playground's knobs, each with the default `nudge play` uses.
//
// The frame loop's limits (steps and seconds of stepping per frame, the idle wait), live reload's
// interval, how long messages stay, the smallest playable terminal, the cell glyphs and the
// patience for slow scene files. PlaygroundApp's header says how the loop uses them.
import TerminalUI

extension PlaygroundApp {
    public struct Options: Sendable {
        public var cellSize: CellSize
        /// Whether `cellSize` was asked for (`--cell-size`): then cells keep it whatever shape the
        /// terminal's cells have.
        public var cellSizeIsExplicit = false
        /// The terminal's cell in pixels, when it told (CSI 16 t, or TIOCGWINSZ): cells then keep
        /// a point square on screen (PlaygroundLayout).
        public var cellPixels: (width: Int, height: Int)?
        /// What `?` says about how the terminal is drawn (graphics, glyphs, colors and why).
        public var displayReport: DisplayReport?
        /// Most steps run in one frame; the rest of a long stall is dropped.
        public var maximumStepsPerFrame: Int
        /// Most seconds of stepping in one frame (at least one step runs); with drawing, frames
        /// then come at 30 a second or more as long as one step fits.
        public var stepBudget: Double
        /// Seconds to block waiting for input while nothing moves.
        public var idleTimeout: Double
        /// Seconds between checks of the scene file for edits (live reload); nil turns it off.
        public var reloadInterval: Double?
        /// Seconds a gesture's message stays in the status line before the summary returns.
        public var messageDuration: Double
        /// Smallest playable terminal, in cells.
        public var minimumColumns: Int
        public var minimumRows: Int
        /// The characters cells are drawn with.
        public var glyphs: GlyphSet
        /// Real seconds a scene file may take to read before the status line shows progress.
        public var loadPatience: Double
        /// The place in the scene list of the scene shown first.
        public var firstScene = 0
        /// The scene library's folder (`./scenes`, the package's, or `--scenes DIR`), if any: `w`
        /// never writes into it (SceneSaving), so the library's list and numbers stay as they are.
        public var libraryFolder: String?

        public init(cellSize: CellSize = .default, maximumStepsPerFrame: Int = 5, idleTimeout: Double = 1.0,
                    messageDuration: Double = 5, minimumColumns: Int = 20, minimumRows: Int = 6,
                    reloadInterval: Double? = 0.25, glyphs: GlyphSet = .half, stepBudget: Double = 0.020,
                    loadPatience: Double = 0.5) {
            self.cellSize = cellSize; self.glyphs = glyphs; self.maximumStepsPerFrame = maximumStepsPerFrame; self.idleTimeout = idleTimeout
            self.stepBudget = stepBudget
            self.loadPatience = loadPatience
            self.reloadInterval = reloadInterval
            self.messageDuration = messageDuration; self.minimumColumns = minimumColumns; self.minimumRows = minimumRows
        }
    }
}
