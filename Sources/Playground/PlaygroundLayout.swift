// PlaygroundApp's layout: how the terminal's cells map to the scene's points.
//
// Every row but the last (the status line) is the play area. A cell is `options.cellSize` points
// (8×16 by default), except that on a pixel display a point stays square, so the cell's width in
// points follows the shape of its pixels. A scene without a size of its own gets the play area
// as its reference bounds; one with a size is scaled to fit the play area and centered
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

    /// Where the scene lands in the play area: a scene with its own size is scaled to fit it
    /// and centered; one without keeps one point per point.
    public var viewport: Viewport {
        guard let s = session, s.scene.sceneDescription.size != nil, !isTooSmall else { return .identity }
        return Viewport.fitting(s.scene.referenceBounds, into: availableSize)
    }

    /// The terminal as a pixel display, when it is one and shows pixels now.
    var pixelDisplay: PixelDisplay? {
        guard let display = terminal as? PixelDisplay, display.cellPixelSize != nil else { return nil }
        return display
    }

    /// Points per cell. In pixel mode a point must stay square on screen (a circle round), and a
    /// terminal's cells are seldom exactly 1:2, so the cell's width in points follows the pixel
    /// cell's shape: a 9×18 px cell keeps 8×16 pt, a 10×22 px cell is 7.27×16 pt.
    var cellSize: CellSize {
        guard let px = pixelDisplay?.cellPixelSize, px.width > 0, px.height > 0 else { return options.cellSize }
        return CellSize(width: options.cellSize.height * Double(px.width) / Double(px.height), height: options.cellSize.height)
    }
}
