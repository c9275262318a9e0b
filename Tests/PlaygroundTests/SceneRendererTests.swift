// SceneRenderer: items land on the cells their centers and sizes say (8×16 pt cells, two 8×8 pt
// sub-pixels each; a sub-pixel is filled when its center is inside the shape).
import Geometry
import Testing
import TerminalUI
import Images
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Scene renderer")
struct SceneRendererTests {
    @Test("the push scene's 80×80 square at (320, 192) covers sub-pixel columns 35…44 and rows 19…28, nothing else")
    func pushSquare() throws {
        let scene = try Fixture.scene(Fixture.push, size: Size(640, 384))
        let canvas = SceneRenderer().render(scene, columns: 80, rows: 24, cellSize: .default)
        // x from 280 to 360: sub-pixel centers 8i + 4 inside for i = 35…44.
        // y from 152 to 232: sub-pixel centers 8j + 4 inside for j = 19…28.
        let green = Color(red: 0, green: 255, blue: 0)
        for j in 0..<48 {
            for i in 0..<80 {
                let inside = (35...44).contains(i) && (19...28).contains(j)
                #expect(canvas.subPixelColor(column: i, row: j) == (inside ? green : .black), "sub-pixel (\(i), \(j))")
            }
        }
        // As cells: rows 10…13 full, row 9 green below ('▄' in green on black), row 14 green above.
        let grid = canvas.render(colorMode: .truecolor)
        #expect(grid[40, 12] == Cell.blank(green))
        #expect(grid[40, 9] == Cell(Cell.lowerHalfBlock, foreground: green, background: .black))
        #expect(grid[40, 14] == Cell(Cell.upperHalfBlock, foreground: green, background: .black))
        #expect(grid[34, 12] == Cell.blank(.black))
        #expect(grid[45, 12] == Cell.blank(.black))
    }

    @Test("after moving 8 pt right the square moves one sub-pixel column: only moving cells change")
    func moveChangesFewCells() throws {
        let scene = try Fixture.scene(Fixture.push, size: Size(640, 384))
        let square = try #require(scene.item(withID: "square"))
        let renderer = SceneRenderer()
        let before = renderer.render(scene, columns: 80, rows: 24, cellSize: .default).render(colorMode: .palette256)
        square.center = Point(328, 192)
        let after = renderer.render(scene, columns: 80, rows: 24, cellSize: .default).render(colorMode: .palette256)
        let changed = after.changes(from: before)
        // Column 35 leaves, column 45 joins, over the six cell rows 9…14.
        #expect(Set(changed.map(\.column)) == [35, 45])
        #expect(Set(changed.map(\.row)) == Set(9...14))
    }

    @Test("alpha blends toward the background; drawn scale grows the shape about its center")
    func alphaAndScale() throws {
        let scene = try Fixture.scene(Fixture.push, size: Size(640, 384))
        let square = try #require(scene.item(withID: "square"))
        square.alpha = 0.5
        square.scale = 2   // 160×160: x 240…400 → sub-pixels 30…49
        let canvas = SceneRenderer().render(scene, columns: 80, rows: 24, cellSize: .default)
        let half = Color(red: 0, green: 255, blue: 0).blended(over: .black, alpha: 0.5)
        #expect(canvas.subPixelColor(column: 30, row: 24) == half)
        #expect(canvas.subPixelColor(column: 49, row: 24) == half)
        #expect(canvas.subPixelColor(column: 29, row: 24) == .black)
        #expect(canvas.subPixelColor(column: 50, row: 24) == .black)
    }

    @Test("a pendulum's rod is drawn from the anchor to the bob, with an anchor marker; a rope is dotted")
    func rodsAndRopes() throws {
        let scene = try Fixture.scene("""
            name: Pendulum
            items:
              - {id: bob, shape: ellipse, size: [32, 32], center: [324, 260], color: orange}
              - {id: weight, size: [16, 16], center: [100, 292], color: red}
            behaviors:
              - {type: attachment, item: bob, anchor: [324, 36]}
              - {type: attachment, kind: limit, item: weight, anchor: [100, 36]}
            """)
        let renderer = SceneRenderer()
        let canvas = renderer.render(scene, columns: 80, rows: 24, cellSize: .default)
        // The rod runs down sub-pixel column 40 (x 320…328) from y 36 to 244 (the bob's top).
        for j in 6...29 {
            #expect(canvas.subPixelColor(column: 40, row: j) != .black, "rod at sub-pixel row \(j)")
        }
        // The pivot mark is a ring around the anchor (324, 36), drawn last: its samples 6 pt
        // right of the anchor are the mark's color; the bob's center keeps the bob's color.
        let raster = canvas.rasterizer
        let ring = raster.sample(containing: Point(330, 36))
        #expect(canvas.sample(column: ring.column, row: ring.row) == renderer.anchorColor)
        let bob = raster.sample(containing: Point(324, 260))
        #expect(canvas.sample(column: bob.column, row: bob.row) == Color(try #require(scene.item(withID: "bob")).color))
        // The rope (x 96…104, column 12) is a row of dots 16 pt apart: some gaps between anchor and weight.
        let rope = (7...34).map { canvas.subPixelColor(column: 12, row: $0) }
        #expect(rope.contains { $0.red >= 64 })
        #expect(rope.contains(.black) || rope.contains { $0.red < 64 })
    }
}

@Suite("Scene renderer: images")
struct SceneRendererImageTests {
    /// A 2×2 picture (red, green / blue, white) drawn 16×16 pt at (104, 104) spans 96…112 on
    /// each axis: exactly the 8×8 pt sub-pixels of columns and rows 12–13, one picture quarter
    /// each, so every sample of a sub-pixel takes that quarter's color.
    @Test func aBitmapIsSampledPerSampleIndex() throws {
        let scene = try Fixture.scene("""
            name: Picture
            items:
              - {id: pic, shape: image, image: pic.png, size: [16, 16], center: [104, 104]}
            """)
        let item = try #require(scene.item(withID: "pic"))
        let red = Bitmap.Pixel(red: 255, green: 0, blue: 0), green = Bitmap.Pixel(red: 0, green: 255, blue: 0)
        let blue = Bitmap.Pixel(red: 0, green: 0, blue: 255), white = Bitmap.Pixel(red: 255, green: 255, blue: 255)
        item.bitmap = Bitmap(width: 2, height: 2, pixels: [red, green, blue, white])
        let canvas = SceneRenderer().render(scene, columns: 80, rows: 24, cellSize: .default)
        #expect(canvas.subPixelColor(column: 12, row: 12) == Color(red: 255, green: 0, blue: 0))
        #expect(canvas.subPixelColor(column: 13, row: 12) == Color(red: 0, green: 255, blue: 0))
        #expect(canvas.subPixelColor(column: 12, row: 13) == Color(red: 0, green: 0, blue: 255))
        #expect(canvas.subPixelColor(column: 13, row: 13) == Color(red: 255, green: 255, blue: 255))
        #expect(canvas.subPixelColor(column: 11, row: 12) == .black)
        #expect(canvas.subPixelColor(column: 14, row: 13) == .black)
        #expect(canvas.subPixelColor(column: 12, row: 14) == .black)
    }

    /// A half-transparent picture blends with the background like alpha 0.5.
    @Test func pictureAlphaBlends() throws {
        let scene = try Fixture.scene("""
            name: Picture
            items:
              - {id: pic, shape: image, image: pic.png, size: [16, 16], center: [104, 104]}
            """)
        let item = try #require(scene.item(withID: "pic"))
        item.bitmap = Bitmap(width: 1, height: 1, pixels: [Bitmap.Pixel(red: 255, green: 255, blue: 255, alpha: 128)])
        let canvas = SceneRenderer().render(scene, columns: 80, rows: 24, cellSize: .default)
        let p = canvas.subPixelColor(column: 12, row: 12)
        #expect(abs(Int(p.red) - 128) <= 1 && p.red == p.green && p.green == p.blue)
    }
}
