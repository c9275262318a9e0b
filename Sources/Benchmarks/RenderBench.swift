// RenderBench: how much drawing a frame costs, the way the playground draws it: the scene into a
// Canvas at 120×40 cells (one row kept for the status line) in a given glyph set, the canvas into
// a CellGrid, the grid into the in-memory terminal, which counts the bytes ncurses would send for
// the changed cells to a truecolor terminal (the most bytes a color costs). With a pixel protocol
// (sixel, kitty) the canvas is one sample per pixel of 10×20 px cells and the frame is what
// PixelFrameWriter sends: the changed tiles, encoded, and the text. The pixel canvas is retained,
// as the playground's is (only the tiles where something moved are painted again).
// Only the drawing is timed; the simulation steps between frames are not.
//
// So that no scene is measured standing still, a scripted hand plays with it: a tap beside the
// first item every second (pushes and snaps), and at 0.2 s a drag from that item 80 pt to the
// right over 0.3 s (grabs, drag-pushes, pans). Scenes that ignore the mouse simply run.
import Geometry
import Gestures
import Playground
import SceneFormat
import Scenes
import TerminalUI

public enum RenderBench {
    public static let columns = 120
    public static let rows = 40

    /// A generated scene of `count` small balls and boxes raining into the window.
    public static func crowdScene(count: Int = 1000) -> String {
        var yaml = "name: Crowd\nsummary: \(count) items falling into a box.\nitems:\n"
        for k in 0..<count {
            let x = 8 + Double((k * 37) % 940), y = 8 + Double(k / 40) * 12
            let shape = k % 2 == 0 ? "ellipse" : "rectangle"
            let color = ["red", "green", "blue", "yellow", "cyan", "magenta", "orange"][k % 7]
            yaml += "  - {id: i\(k), shape: \(shape), size: [10, 10], center: [\(x), \(y)], color: \(color)}\n"
        }
        yaml += """
        behaviors:
          - {type: gravity}
          - {type: collision, boundaries: reference}
          - {type: dynamicItem, friction: 0.4, elasticity: 0.2}

        """
        return yaml
    }

    /// One 40 pt ball gliding right, nothing else: the smallest moving frame (about 1.5 pt a frame).
    public static func ballScene() -> String {
        """
        name: Ball
        summary: One 40 pt ball moving.
        items:
          - {id: ball, shape: ellipse, size: [40, 40], center: [60, 200], color: orange}
        animations:
          - {item: ball, duration: 10, curve: linear, to: {center: [900, 200]}}

        """
    }

    /// The scenes to draw: every scene file given, then the 1,000-item crowd and the lone ball.
    public static func scenes(files: [SceneFile]) -> [(name: String, load: () throws -> SceneDescription)] {
        var list: [(name: String, load: () throws -> SceneDescription)] = files.map { file in
            let stem = file.fileName
            return (name: "render:" + (stem.split(separator: ".").first.map(String.init) ?? stem), load: { try file.load() })
        }
        list.append((name: "render:crowd-1000", load: { try SceneParser().parse(yaml: crowdScene(), file: "crowd.yaml") }))
        list.append((name: "render:ball-40", load: { try SceneParser().parse(yaml: ballScene(), file: "ball.yaml") }))
        return list
    }

    /// Draws `frames` frames of the scene (one simulation step each) and reports per-frame cost.
    /// Pixels per cell in the pixel-protocol runs: a common 10×20 px terminal cell.
    public static let cellPixels = (width: 10, height: 20)

    public static func run(name: String, description: SceneDescription, frames: Int = 300, glyphs: GlyphSet = .half,
                           graphics: GraphicsProtocol = .cells, now: () -> UInt64) -> BenchResult {
        let cellSize = graphics == .cells ? CellSize.default
            : CellSize(width: 16.0 * Double(cellPixels.width) / Double(cellPixels.height), height: 16)
        let canvasRows = rows - 1
        let bounds = Rect(origin: .zero, size: cellSize.size(columns: columns, rows: canvasRows))
        let scene = SceneBuilder().build(description, referenceBounds: description.referenceBounds(available: bounds.size))
        let session = SceneSession(scene: scene)
        let terminal = InMemoryTerminal(columns: columns, rows: rows, colorMode: .truecolor)
        let renderer = SceneRenderer()
        var canvas = graphics == .cells
            ? Canvas(columns: columns, rows: canvasRows, cellSize: cellSize, glyphs: glyphs, background: renderer.background)
            : Canvas(columns: columns, rows: canvasRows, cellSize: cellSize, pixelsPerCell: cellPixels, background: renderer.background,
                     retained: true)
        var pixelWriter = PixelFrameWriter(graphics: graphics, cellWidth: cellPixels.width, cellHeight: cellPixels.height)
        var times: [Double] = []
        var bytes: [Int] = []
        let target = scene.items.first?.center ?? bounds.center
        for frame in 0..<frames {
            let t = Double(frame) / 60
            for event in hand(at: t, target: target) { session.handle(event) }
            session.step()
            let t0 = now()
            var grid = CellGrid(columns: columns, rows: rows)
            renderer.redraw(session.scene, on: &canvas)
            canvas.commit()
            canvas.render(into: &grid, colorMode: terminal.colorMode)
            grid.write("\(description.name) │ frame \(frame % 10)", column: 0, row: rows - 1,
                       foreground: .white, background: .darkGray)
            var frameBytes = 0
            if graphics == .cells {
                terminal.draw(grid)
                frameBytes = terminal.lastFrameBytes
            } else {
                frameBytes = pixelWriter.frame(grid, image: canvas.pixelImage, imageRows: canvasRows,
                                               colorMode: .truecolor, sendImage: true).count
            }
            let t1 = now()
            if frame > 0 {       // the first frame paints the whole screen once
                times.append(Double(t1 &- t0) / 1_000_000)
                bytes.append(frameBytes)
            }
        }
        let sorted = times.sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        let meanBytes = bytes.isEmpty ? 0 : Double(bytes.reduce(0, +)) / Double(bytes.count)
        let stats = scene.animator.statistics
        return BenchResult(scene: name, kind: "render", steps: frames, bodies: scene.items.count,
                           contacts: stats.contacts, joints: stats.joints, medianMs: median,
                           minMs: sorted.first ?? 0, maxMs: sorted.last ?? 0, bytesPerFrame: meanBytes)
    }

    /// The scripted hand's pointer events during the frame starting at time t.
    static func hand(at t: Double, target: Point) -> [PointerEvent] {
        let dt = 1.0 / 60
        var events: [PointerEvent] = []
        func within(_ s: Double) -> Bool { t <= s && s < t + dt }
        // A tap 120 pt to the side of the target every second (alternating sides).
        for k in 0..<10 where within(0.8 + Double(k)) {
            let side = k % 2 == 0 ? 120.0 : -120.0
            let p = Point(target.x + side, target.y)
            events.append(.down(p, time: t))
            events.append(.up(p, time: t + dt / 2))
        }
        // A drag from the target 80 pt to the right between 0.2 and 0.5 s.
        if within(0.2) { events.append(.down(target, time: t)) }
        if t > 0.2 && t < 0.5 { events.append(.move(target + Vector((t - 0.2) / 0.3 * 80, 0), time: t)) }
        if within(0.5) { events.append(.up(target + Vector(80, 0), time: t)) }
        return events
    }
}
