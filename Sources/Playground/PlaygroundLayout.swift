// PlaygroundApp's layout: how the terminal's cells map to the scene's points.
//
// Every row but the last (the status line) is the play area. A cell is `options.cellSize` points
// (8×16 by default), except that a point stays square on screen, so a ball is round: the cell's
// width in points follows the shape of its pixels (CellSize.matchingPixels) on a pixel display
// always, and in cells whenever the terminal told its cell's pixels (`options.cellPixels`) and
// `--cell-size` was not given. A scene gets reference bounds from SceneFit (the play area, or
// more where the scene would not fit it) and is scaled to fit the play area and centered
// (Viewport). Below `minimumColumns`×`minimumRows` the terminal is too small to play in.
import Geometry
import TerminalUI

extension PlaygroundApp {
    /// Whether the terminal is big enough to play in.
    public var isTooSmall: Bool {
        terminal.size.columns < options.minimumColumns || terminal.size.rows < options.minimumRows
    }

    /// The reference bounds the terminal offers: every row but the status line.
    var availableSize: Size {
        cellSize.size(columns: max(terminal.size.columns, 1), rows: max(terminal.size.rows - 1, 1))
    }

    /// Where the scene lands in the play area: its reference bounds scaled to fit it and
    /// centered (the identity when they are the play area, as for most scenes in most windows).
    public var viewport: Viewport {
        guard let s = session, !isTooSmall else { return .identity }
        return Viewport.fitting(s.scene.referenceBounds, into: availableSize)
    }

    /// The terminal as a pixel display, when it is one and shows pixels now.
    var pixelDisplay: PixelDisplay? {
        guard let display = terminal as? PixelDisplay, display.cellPixelSize != nil else { return nil }
        return display
    }

    /// Points per cell. A point must stay square on screen (a circle round), and a terminal's
    /// cells are seldom exactly 1:2, so the cell's width in points follows the pixel cell's
    /// shape: a 9×18 px cell keeps 8×16 pt, a 10×22 px cell is 7.27×16 pt, an 8×18 px cell
    /// 7.11×16 pt. In pixel mode always (a pixel is a sample); in cells when the terminal's cell
    /// pixels are known and `--cell-size` did not choose the cell.
    var cellSize: CellSize {
        if let px = pixelDisplay?.cellPixelSize { return options.cellSize.matchingPixels(width: px.width, height: px.height) }
        if !options.cellSizeIsExplicit, let px = options.cellPixels {
            return options.cellSize.matchingPixels(width: px.width, height: px.height)
        }
        return options.cellSize
    }
}
