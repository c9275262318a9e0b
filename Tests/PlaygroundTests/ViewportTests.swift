// A scene with its own size is shown whole, scaled uniformly to fit the play area and centered,
// and the pointer maps back through the same transform (numbers from the geometry of the fit).
import Foundation
import Geometry
import Testing
import TerminalUI
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Viewport")
struct ViewportTests {
    @Test("a 1280×768 scene in a 640×368 play area is scaled by 368/768 and centered across")
    func fitsTheLimitingSide() {
        let v = Viewport.fitting(Rect(x: 0, y: 0, width: 1280, height: 768), into: Size(640, 368))
        let s = 368.0 / 768
        #expect(abs(v.scale - s) < 1e-12)
        #expect(abs(v.origin.x - (640 - 1280 * s) / 2) < 1e-9)
        #expect(abs(v.origin.y) < 1e-9)
        // The scene's corners land on the play area's edge; the center on its center.
        #expect(abs(v.screenPoint(Point(640, 384)).x - 320) < 1e-9)
        #expect(abs(v.screenPoint(Point(640, 384)).y - 184) < 1e-9)
        // Back and forth is the identity.
        let p = Point(123.4, 56.7)
        #expect(v.scenePoint(v.screenPoint(p)).distance(to: p) < 1e-9)
    }

    @Test("a smaller scene is scaled up to fit and a square stays square on screen")
    func smallSceneScalesUp() throws {
        let scene = try Fixture.scene("""
            name: Small
            size: [320, 184]
            items:
              - {id: box, size: [40, 40], center: [160, 92], color: green}
            """, size: Size(320, 184))
        let v = Viewport.fitting(scene.referenceBounds, into: Size(640, 368))
        #expect(v.scale == 2)
        let canvas = SceneRenderer().render(scene, columns: 80, rows: 23, cellSize: .default, viewport: v)
        // 40 pt at scale 2 is 80 pt: x 280…360 (sub-pixel columns 35…44), y 144…224 (rows 18…27).
        let green = Color(red: 0, green: 255, blue: 0)
        #expect(canvas.subPixelColor(column: 35, row: 18) == green)
        #expect(canvas.subPixelColor(column: 44, row: 27) == green)
        #expect(canvas.subPixelColor(column: 34, row: 22) == .black)
        #expect(canvas.subPixelColor(column: 45, row: 22) == .black)
        #expect(canvas.subPixelColor(column: 40, row: 17) == .black)
        #expect(canvas.subPixelColor(column: 40, row: 28) == .black)
    }

    @Test("in a scene larger than the terminal a click snaps the square to the scene point under the pointer")
    func clicksMapBackThroughTheFit() throws {
        var yaml = try String(contentsOfFile: SceneSessionTests.scenesFolder + "/001-snap.yaml", encoding: .utf8)
        yaml = yaml.replacingOccurrences(of: "name: Snap", with: "name: Snap\nsize: [1280, 768]")
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": yaml])
        defer { try? FileManager.default.removeItem(at: folder) }
        // Cell (60, 5) points at screen (484, 88); with scale 368/768 and 13.3 pt of margin on
        // each side, that is scene point ((484 − 13.33)·768/368, 88·768/368) = (982.3, 183.7).
        let terminal = ScriptedTerminal(script: [(0.5, mouse(.press, 60, 5)), (0.52, mouse(.release, 60, 5)), (4.0, key("q"))])
        let app = terminal.app(scenes)
        _ = try app.run()
        let square = try #require(app.session?.scene.item(withID: "square"))
        let s = 368.0 / 768, margin = (640 - 1280 * s) / 2
        let expected = Point((484 - margin) / s, 88 / s)
        #expect(square.center.distance(to: expected) < 2, "square at \(square.center), expected \(expected)")
        // And the screen shows it there: the green square's cells are around column 60, row 5.
        let grid = try #require(terminal.grids.last)
        let green = Color(red: 0, green: 255, blue: 0).degraded(to: .palette256)
        #expect(grid[60, 5].background == green || grid[60, 5].foreground == green)
    }
}
