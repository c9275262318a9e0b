// Every seed scene fits every window from 40×12 up: each item's frame and each joint's ends lie
// in the play area (every row but the status line), when the scene starts in that window and
// after the window is resized to it while the scene plays. The numbers come from the geometry:
// the cells an item covers are those its corners fall in at the layout's points per cell.
import Foundation
import Geometry
import Testing
import TerminalUI
@testable import Dynamics
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Scenes fit the window")
struct SceneFitTests {
    static let sizes = [(40, 12), (60, 16), (80, 24), (200, 60)]

    static func seedScenes() throws -> [SceneFile] {
        try Fixture.sceneFiles(in: URL(fileURLWithPath: SceneSessionTests.scenesFolder))
    }

    /// Runs scene `index` on a terminal of `columns`×`rows` with `script`, and returns the app.
    static func play(_ scenes: [SceneFile], index: Int, columns: Int, rows: Int,
                     script: [(Double, TerminalEvent)]) throws -> PlaygroundApp {
        let terminal = ScriptedTerminal(columns: columns, rows: rows, script: script)
        var options = PlaygroundApp.Options()
        options.reloadInterval = nil
        options.firstScene = index
        let app = PlaygroundApp(terminal: terminal, scenes: scenes, options: options,
                                clock: { [unowned terminal] in terminal.now }, sleep: { [unowned terminal] in terminal.advance(by: $0) })
        _ = try app.run()
        return app
    }

    /// What of the playing scene lies outside the play area, said for a failure message; empty
    /// when everything is inside.
    static func outside(_ app: PlaygroundApp) -> [String] {
        guard let scene = app.session?.scene else { return ["no scene"] }
        let size = app.terminal.size
        let cell = app.cellSize, viewport = app.viewport
        var problems: [String] = []
        // An item at rest on a wall sinks into it by the engine's contact slop (hundredths of a
        // point); half a point on screen is far less than the smallest sub-pixel of any set.
        let tolerance = 0.5
        func check(_ p: Point, _ what: String) {
            let s = viewport.screenPoint(p)
            let column = Int(((s.x - tolerance) / cell.width).rounded(.down)), row = Int(((s.y - tolerance) / cell.height).rounded(.down))
            let columnLow = Int(((s.x + tolerance) / cell.width).rounded(.down)), rowLow = Int(((s.y + tolerance) / cell.height).rounded(.down))
            if columnLow < 0 || column >= size.columns || rowLow < 0 || row >= size.rows - 1 {
                problems.append("\(what) at \(p) is in cell (\(column), \(row)) of \(size.columns)×\(size.rows)")
            }
        }
        for item in scene.items {
            // A polygon's vertices, an ellipse's extreme points, any other shape's box corners,
            // turned by its angle.
            let w = item.size.width * item.scale / 2, h = item.size.height * item.scale / 2
            let angle = item.transform.rotationAngle
            var outline: [Point]
            switch item.shape {
            case .polygon: outline = (item.vertices ?? []).map { Point($0.x * item.scale, $0.y * item.scale) }
            case .ellipse:
                // Points on the turned ellipse, every degree.
                outline = (0..<360).map { k in
                    let u = Double(k) * .pi / 180
                    let x = w * cos(u), y = h * sin(u)
                    return Point(x * cos(angle) - y * sin(angle), x * sin(angle) + y * cos(angle))
                }
                for p in outline { check(Point(item.center.x + p.x, item.center.y + p.y), item.id) }
                continue
            default: outline = [Point(-w, -h), Point(w, -h), Point(w, h), Point(-w, h)]
            }
            for corner in outline {
                let p = item.transform.apply(to: corner)
                check(Point(item.center.x + p.x, item.center.y + p.y), item.id)
            }
        }
        for case let attachment as AttachmentBehavior in SceneRenderer.flattened(scene.animator.behaviors) {
            let (a, b) = attachment.attachmentPoints
            check(a, "a joint's item end"); check(b, "a joint's other end")
        }
        return problems
    }

    @Test("each seed scene, started in each window size, shows every item and joint", arguments: sizes)
    func startedInTheWindow(size: (Int, Int)) throws {
        let scenes = try Self.seedScenes()
        #expect(scenes.count == 8)
        for index in scenes.indices {
            // 1.5 s of play: balls have fallen, pendulums swung, pictures grown or moved.
            let app = try Self.play(scenes, index: index, columns: size.0, rows: size.1, script: [(1.5, key("q"))])
            let problems = Self.outside(app)
            #expect(problems.isEmpty, "\(scenes[index].fileName) at \(size.0)×\(size.1): \(problems)")
        }
    }

    @Test("each seed scene, resized to each window size while it plays, shows every item and joint", arguments: sizes)
    func resizedWhilePlaying(size: (Int, Int)) throws {
        let scenes = try Self.seedScenes()
        for index in scenes.indices {
            // Start in the other extreme, resize at 0.5 s, look at 1.5 s.
            let start = size.0 <= 80 ? (120, 40) : (40, 12)
            let app = try Self.play(scenes, index: index, columns: start.0, rows: start.1,
                                    script: [(0.5, .resize(columns: size.0, rows: size.1)), (1.5, key("q"))])
            #expect(app.terminal.size.columns == size.0)
            let problems = Self.outside(app)
            #expect(problems.isEmpty, "\(scenes[index].fileName) resized to \(size.0)×\(size.1): \(problems)")
        }
    }

    @Test("in a window the scene fits the world is the play area, one point per point")
    func aFittingWindowChangesNothing() throws {
        let scenes = try Self.seedScenes()
        for index in scenes.indices {
            let app = try Self.play(scenes, index: index, columns: 80, rows: 24, script: [(0.1, key("q"))])
            #expect(app.viewport.isIdentity, "\(scenes[index].fileName)")
            #expect(app.session?.scene.referenceBounds == Rect(x: 0, y: 0, width: 640, height: 368))
        }
    }

    @Test("the cradle at 60×16 grows its world to 260 pt tall, the bottom of its balls, and is scaled into 240 pt")
    func theCradleAtSixtyBySixteen() throws {
        let scenes = try Self.seedScenes()
        let index = try #require(scenes.firstIndex { $0.fileName.contains("cradle") })
        let app = try Self.play(scenes, index: index, columns: 60, rows: 16, script: [(0.1, key("q"))])
        let bounds = try #require(app.session?.scene.referenceBounds)
        // The balls hang to 240 + 20 = 260 pt; the play area is 15 rows of 16 pt = 240 pt.
        #expect(abs(bounds.height - 260) < 0.01)
        #expect(abs(bounds.width - 480 * 260 / 240) < 0.01)
        #expect(abs(app.viewport.scale - 240.0 / 260) < 1e-4)
    }
}
