// ScreenRecorder: the playground run on a virtual terminal and a virtual clock, to see exactly
// what a terminal would show at a given moment.
//
// `nudge snapshot` must show what `nudge play` shows, status line and all, so it runs the real
// PlaygroundApp. This driver keeps the frames the app draws and answers `nextEvent(timeout:)` by
// moving its clock on by the timeout (nothing real waits), so the app's loop, its 60 Hz steps,
// its frame cap and its replay of recorded input all run as they would live, only faster. At the
// requested moment it lets the frame due then be drawn, then quits (Ctrl-C). Colors are kept in 24 bits
// (as a truecolor terminal shows them) unless another mode is asked for; then each cell's colors
// are the palette entries such a terminal shows (white on black with no color), and a picture
// with no color is in grays. Keys given to it are pressed at the start, before the first step
// (`snapshot --keys d` shows the contact overlay), and the run does not end before a frame drawn
// after them: at `--at 0` that is the first frame the app's 60 Hz frame cap allows after the
// keys (one frame interval in), not the frame drawn before they were pressed.
import Images
import Playground
import SceneFormat
import Scenes
import TerminalUI

public final class ScreenRecorder: TerminalDriver {
    public private(set) var size: TerminalSize
    public let colorMode: ColorMode
    /// The clock, in seconds since the app started.
    public private(set) var now = 0.0
    /// The last frame drawn, and when.
    public private(set) var screen: CellGrid?
    public private(set) var drawnAt = -Double.infinity
    /// In pixel mode: the picture of the play area last drawn, and how many rows it covers.
    public private(set) var image: PixelImage?
    public private(set) var imageRows = 0
    private let pixels: (width: Int, height: Int)?
    private let stopAt: Double
    private var quitSent = false
    /// Whether a frame was drawn after the last of `keys` was pressed (true when there are none).
    private var drewAfterKeys: Bool
    /// Keys still to press, first first.
    private var keys: ArraySlice<Key>

    /// `pixels`: pixels per cell when frames should be drawn as pixels (a pixel display), else nil.
    /// `keys`: pressed one after another when the app first asks for input.
    public init(columns: Int, rows: Int, colorMode: ColorMode = .truecolor, stopAt: Double, pixels: (width: Int, height: Int)? = nil,
                keys: [Key] = []) {
        self.keys = keys[...]
        self.drewAfterKeys = keys.isEmpty
        self.size = TerminalSize(columns: columns, rows: rows)
        self.colorMode = colorMode
        self.stopAt = max(0, stopAt)
        self.pixels = pixels
    }

    public func begin() throws {}
    public func end() {}

    public func draw(_ grid: CellGrid) {
        screen = colorMode == .truecolor ? grid : Self.shown(grid, in: colorMode)
        drawnAt = now
        if keys.isEmpty { drewAfterKeys = true }
    }

    /// `grid` as a terminal of `mode` shows it: every color its palette entry's, and with no
    /// color at all the terminal's own white on black.
    static func shown(_ grid: CellGrid, in mode: ColorMode) -> CellGrid {
        var out = grid
        for r in 0..<grid.rows {
            for c in 0..<grid.columns {
                var cell = grid[c, r]
                if mode == .none {
                    cell.foreground = .white; cell.background = .black
                } else {
                    cell.foreground = cell.foreground.degraded(to: mode); cell.background = cell.background.degraded(to: mode)
                }
                out[c, r] = cell
            }
        }
        return out
    }

    public func nextEvent(timeout: Double) -> TerminalEvent? {
        if let key = keys.popFirst() { return .key(key) }
        if now >= stopAt {
            // One more frame may be due at the moment itself; then quit with Ctrl-C, which ends
            // the run whatever is open (q would only close a help box opened by `--keys ?`).
            let settled = (drawnAt >= stopAt - 1e-9 && drewAfterKeys) || now >= stopAt + 1.0 / 30
            if settled, !quitSent { quitSent = true; return .key(.ctrlC) }
            now += min(max(timeout, 0), 1.0 / 60) + 1e-6
            return nil
        }
        now = min(now + max(timeout, 0), stopAt)
        return nil
    }

    /// What the terminal shows at `time` seconds into scene `index` of `scenes`, with `replay`
    /// delivered on the way.
    /// The screen as pixels at `cellWidth` × `cellHeight` per cell: in pixel mode the picture under
    /// the blank cells of the play area, text everywhere else.
    public func paint(with painter: ScreenPainter) -> Bitmap? {
        guard let screen else { return nil }
        guard var image else { return painter.paint(screen) }
        if colorMode == .none { image = image.grays(x: 0, y: 0, width: image.width, height: image.height) }   // as the terminal is sent it
        let rows = imageRows
        return painter.paint(screen, image: image) { column, row in row < rows && screen[column, row].character == " " }
    }

    /// `scenes` is the list the status line counts in (the scene's folder, as `play` would list
    /// it), `index` the scene's place in it; `keys` are pressed at the start.
    public static func capture(_ scenes: [SceneFile], index: Int = 0, at time: Double, columns: Int, rows: Int,
                               options: PlaygroundApp.Options, replay: [InputEvent] = [],
                               colorMode: ColorMode = .truecolor, pixels: (width: Int, height: Int)? = nil,
                               keys: [Key] = []) throws -> ScreenRecorder {
        let recorder = ScreenRecorder(columns: columns, rows: rows, colorMode: colorMode, stopAt: time, pixels: pixels, keys: keys)
        var options = options
        options.reloadInterval = nil
        options.loadPatience = 60
        options.firstScene = index
        let app = PlaygroundApp(terminal: recorder, scenes: scenes, options: options,
                                clock: { [unowned recorder] in recorder.now },
                                sleep: { [unowned recorder] in recorder.now += $0 }, replay: replay)
        _ = try app.run()
        return recorder
    }
}

extension ScreenRecorder: PixelDisplay {
    public var cellPixelSize: (width: Int, height: Int)? { pixels }

    public func draw(_ grid: CellGrid, image: PixelImage, imageRows: Int) {
        self.image = image
        self.imageRows = imageRows
        draw(grid)
    }
}
