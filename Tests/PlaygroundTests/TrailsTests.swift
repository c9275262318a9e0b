// Trails: a trail holds the item's last positions, one per step (compared with the positions the
// item itself went through), is drawn beneath the items with older parts dimmer (opacity
// 0.8 × (1 − age / 120) of the item's color over the background), fills in behind an item at
// rest, and is gone when toggled off.
import Foundation
import Geometry
import Testing
import TerminalUI
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Trails")
struct TrailsTests {
    /// A red ball falling from rest at 100 pt/s² (gravity 0.1), centered on sub-pixel column 40
    /// (x 320…328), with nothing to stop it.
    static let falling = """
        items:
          - {id: ball, shape: ellipse, size: [24, 24], center: [324, 40], color: red}
          - {id: still, size: [16, 16], center: [100, 100], color: blue}
        behaviors:
          - {type: gravity, items: [ball], magnitude: 0.1}
        """

    @Test("after N steps of a falling ball its trail is the ball's last min(N, 120) centers, oldest first")
    func holdsLastPositions() throws {
        let session = try Fixture.session(Self.falling)
        let ball = try #require(session.scene.item(withID: "ball"))
        var trails = Trails()
        let turnedOn = trails.toggle("ball")
        #expect(turnedOn)
        var centers: [Point] = []
        for n in 1...200 {
            session.step()
            trails.record(session.scene)
            centers.append(ball.center)
            if n == 50 { #expect(trails.positions(of: "ball") == centers) }
        }
        #expect(trails.positions(of: "ball") == Array(centers.suffix(120)))
        #expect(trails.positions(of: "still").isEmpty)
        // The ball fell ½ · 100 · (200/60)² ≈ 556 pt; the trail spans its last 2 s.
        let first = try #require(trails.positions(of: "ball").first), last = try #require(trails.positions(of: "ball").last)
        #expect(abs(last.y - first.y - 50 * (pow(200.0 / 60, 2) - pow(80.0 / 60, 2))) < 2)
    }

    @Test("an item at rest for a skipped stretch: its trail fills with where it rests, and draws nothing")
    func restingFillsIn() throws {
        let session = try Fixture.session(Self.falling)
        var trails = Trails()
        trails.toggle("still")
        trails.record(session.scene, steps: 500)
        #expect(trails.positions(of: "still") == Array(repeating: Point(100, 100), count: 120))
        let canvas = SceneRenderer().render(session.scene, columns: 80, rows: 24, cellSize: .default, beneathItems: [trails])
        let plain = SceneRenderer().render(session.scene, columns: 80, rows: 24, cellSize: .default)
        #expect(canvas.render(colorMode: .truecolor) == plain.render(colorMode: .truecolor))
    }

    @Test("older parts of the trail are dimmer: each sub-pixel is red at the opacity of its age, 0.8 × (1 − age/120)")
    func olderIsDimmer() throws {
        let session = try Fixture.session(Self.falling)
        let ball = try #require(session.scene.item(withID: "ball"))
        var trails = Trails()
        trails.toggle("ball")
        for _ in 0..<120 { session.step(); trails.record(session.scene) }
        // The ball is at y = 40 + 50 · 2² = 240, covering 228…252; the trail runs from 40 up to it.
        #expect(abs(ball.center.y - 240) < 2)
        let canvas = SceneRenderer().render(session.scene, columns: 80, rows: 24, cellSize: .default, beneathItems: [trails])
        let positions = trails.positions(of: "ball")
        /// The red the trail has at height y: the opacity of the youngest segment covering y (a
        /// segment is a line one hairline, 8 pt, thick with round ends: it reaches 4 pt past its
        /// start), over black.
        func expectedRed(atY y: Double) -> Double {
            let k = positions.lastIndex { $0.y - 4 <= y } ?? 0
            return 255 * 0.8 * (1 - Double(positions.count - 1 - k) / 120)
        }
        var reds: [Double] = []
        for row in [8, 12, 16, 20, 24] {            // sub-pixel rows: y 64…72 up to 192…200
            let red = Double(canvas.subPixelColor(column: 40, row: row).red)
            let y = Double(row) * 8 + 4
            #expect(abs(red - expectedRed(atY: y)) < 0.05 * 255, "row \(row): \(red) vs \(expectedRed(atY: y))")
            #expect(canvas.subPixelColor(column: 40, row: row).green == 0)
            reds.append(red)
        }
        #expect(reds == reds.sorted() && Set(reds).count == reds.count, "brighter toward the ball: \(reds)")
        // Beside the trail: background.
        #expect(canvas.subPixelColor(column: 38, row: 16) == .black)
        // In cells (half blocks: two sub-pixel rows a cell): an older cell's color is dimmer.
        let grid = canvas.render(colorMode: .truecolor)
        func red(_ cell: Cell) -> UInt8 { max(cell.foreground.red, cell.background.red) }
        #expect(red(grid[40, 4]) < red(grid[40, 11]))
        // The ball itself is drawn over its trail, in full red.
        #expect(canvas.subPixelColor(column: 40, row: 29) == Color(red: 255, green: 0, blue: 0))
    }

    @Test("through the app: toggleTrail records the ball's centers each step; toggled off, the trail is gone from the screen")
    func appToggles() throws {
        let folder = try Fixture.folder(["falling.yaml": Self.falling])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = ScriptedTerminal(script: [(0.1, .resize(columns: 80, rows: 24)), (2.5, .resize(columns: 80, rows: 24)), (2.6, key("q"))])
        let watcher = StepWatcher()
        let app = terminal.app(try Fixture.sceneFiles(in: folder), observer: watcher)
        var centers: [Point] = []
        watcher.ran = { _, session in centers.append(session.scene.item(withID: "ball")!.center) }
        var onAt2_5: [Point] = []
        var gridWithTrail: CellGrid?
        var deliveries = 0
        terminal.onDeliver = { _ in
            deliveries += 1
            if deliveries == 1 {
                #expect(app.toggleTrail(itemID: "ball"))
                #expect(!app.toggleTrail(itemID: "nobody"))
            } else if deliveries == 2 {
                onAt2_5 = app.trails.positions(of: "ball")
                #expect(onAt2_5 == Array(centers.suffix(120)))
                gridWithTrail = terminal.grids.last
                app.toggleTrail(itemID: "ball")
            }
        }
        #expect(try app.run() == .quit)
        #expect(onAt2_5.count == 120)
        #expect(!app.trails.hasTrail("ball") && app.trails.positions(of: "ball").isEmpty)
        // The trail's old end (where the ball was 2 s before 2.5 s, y ≈ 40 + 50 · 0.5² ≈ 52, row 3)
        // was lit before the toggle and is background after it.
        let withTrail = try #require(gridWithTrail), without = try #require(terminal.grids.last)
        let row = Int((onAt2_5[20].y / 16).rounded(.down))
        #expect(withTrail[40, row] != Cell.blank(.black))
        #expect(without[40, row] == Cell.blank(.black))
    }
}
