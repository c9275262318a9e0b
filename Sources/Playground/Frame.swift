// Frame: one picture of the playground, drawn from a value that holds everything it shows.
//
// `FrameState` is what a frame depends on: the terminal's size and colors, the scene and where
// it lands (viewport, cell size, pixels), the trails, edit mode's marks, the physics overlay
// and HUD figures, the status line (already formatted, StatusLine), the inspector and the help
// box. `FrameDrawer.frame(_:)` turns it into cells (and, on a pixel display, the picture under
// them) and changes nothing it is given: the same state gives the same cells, however often it
// is drawn. The app decides when to draw and what the state is; the drawer only draws.
//
// The drawer keeps one thing between frames: the canvas, as storage (a canvas the size of the
// play area is reused rather than allocated every frame; a pixel canvas is retained so the
// display paints only where the picture changed). The cells never depend on it: a fresh drawer
// draws the same cells.
//
// Layers, bottom up: the scene (with the trails beneath its items), edit mode's marks, the
// physics overlay, then, in cells, the HUD, the status line (the bottom row, and the rows above
// it a long message wraps onto), the inspector and
// the help box. A terminal smaller than the minimum shows three short lines instead.
import Geometry
import Scenes
import TerminalUI

struct FrameState {
    var columns: Int
    var rows: Int
    /// The smallest playable terminal, when this one is smaller; nil when it is big enough.
    var tooSmall: (columns: Int, rows: Int)?
    /// The scene on screen, nil when none is.
    var scene: Scene?
    /// A recorded frame drawn in place of the scene's own poses (time travel), nil for none.
    var shownFrame: DisplayFrame?
    var viewport: Viewport = .identity
    var cellSize: CellSize = .default
    /// The pixels of a cell, on a pixel display that shows pixels; nil in cells.
    var pixels: (width: Int, height: Int)?
    var glyphs: GlyphSet = .half
    var colorMode: ColorMode = .palette256
    var trails = Trails()
    /// Edit mode, whose marks (selection, tool in progress) are drawn over the scene.
    var editMode: EditMode?
    var overlay = PhysicsOverlay.Mode.off
    var stepMilliseconds = 0.0
    /// The status line's rows, top first (StatusLine.lines): the bottom row, and more above it
    /// while a long message shows.
    var status: [String] = []
    var inspector: Inspector?
    /// The help box, when it is open.
    var help: HelpOverlay?
}

/// A frame drawn: its cells, and on a pixel display the picture under the play area's rows.
struct Frame {
    var grid: CellGrid
    var image: (picture: PixelImage, rows: Int)?
}

final class FrameDrawer {
    let renderer = SceneRenderer()
    /// Storage for the play area's picture, reused from frame to frame (see the header).
    private var canvas: Canvas?

    /// The frame `state` shows.
    func frame(_ state: FrameState) -> Frame {
        let columns = max(state.columns, 0), rows = max(state.rows, 0)
        var grid = CellGrid(columns: columns, rows: rows)
        if let minimum = state.tooSmall {
            let lines = ["terminal", "too small", "need \(minimum.columns)x\(minimum.rows)"]
            for (i, line) in lines.enumerated() where i < rows {
                grid.write(line, column: 0, row: i, foreground: .white, background: .black)
            }
            return Frame(grid: grid)
        }
        var image: (picture: PixelImage, rows: Int)?
        if let scene = state.scene {
            image = drawPlayArea(scene, state, into: &grid)
        }
        let bar = Color.darkGray
        let status = state.status.suffix(max(rows - 1, 1))
        grid.fill(Cell.blank(bar), columns: 0..<columns, rows: max(rows - max(status.count, 1), 0)..<rows)
        for (i, line) in status.enumerated() {
            grid.write(line.fitted(toColumns: columns), column: 0, row: rows - status.count + i, foreground: .white, background: bar)
        }
        if let inspector = state.inspector, let scene = state.scene {
            inspector.draw(into: &grid, scene: scene, viewport: state.viewport, cellSize: state.cellSize)
        }
        state.help?.draw(into: &grid, opaque: state.pixels != nil)
        return Frame(grid: grid, image: image)
    }

    /// Draws the scene and what goes over it on the canvas, the canvas into `grid`, and the HUD;
    /// returns the canvas's picture in pixel mode.
    private func drawPlayArea(_ scene: Scene, _ state: FrameState, into grid: inout CellGrid) -> (picture: PixelImage, rows: Int)? {
        var canvas = takeCanvas(for: state)
        renderer.redraw(scene, on: &canvas, viewport: state.viewport, beneathItems: [state.trails],
                        shown: state.shownFrame)
        state.editMode?.draw(on: &canvas, scene: scene, viewport: state.viewport)
        // The overlay reads the engine, at the session's own step: left out over a recorded frame.
        let overlay = state.shownFrame == nil ? state.overlay : .off
        let contacts = overlay == .off ? [] : scene.animator.contactPoints
        PhysicsOverlay(mode: overlay).draw(scene, contacts: contacts, on: &canvas, viewport: state.viewport, renderer: renderer)
        canvas.commit()   // pixel mode: paint only where the picture changed
        canvas.render(into: &grid, colorMode: state.colorMode)
        if state.overlay != .off {
            HUD(figures: .init(scene, contacts: contacts, stepMilliseconds: state.stepMilliseconds))
                .draw(into: &grid, opaque: state.pixels != nil)
        }
        self.canvas = canvas
        return canvas.isPixelMode ? (canvas.pixelImage, canvas.rows) : nil
    }

    /// The canvas kept from the last frame when it still fits `state`, else a new one; the
    /// drawer lets go of it meanwhile, so drawing on it copies nothing.
    private func takeCanvas(for state: FrameState) -> Canvas {
        defer { canvas = nil }
        let rows = max(state.rows, 0) - 1, columns = max(state.columns, 0)
        if let canvas, canvas.columns == columns, canvas.rows == rows, canvas.cellSize == state.cellSize,
           canvas.isPixelMode == (state.pixels != nil),
           state.pixels.map({ canvas.samplesAcross == $0.width && canvas.samplesDown == $0.height }) ?? true {
            return canvas
        }
        if let pixels = state.pixels {
            return Canvas(columns: columns, rows: rows, cellSize: state.cellSize, pixelsPerCell: pixels,
                          background: renderer.background, retained: true)
        }
        return Canvas(columns: columns, rows: rows, cellSize: state.cellSize, glyphs: state.glyphs,
                      background: renderer.background)
    }
}
