import Testing
import Geometry
@testable import TerminalUI

/// Cell 8×16 pt, so sub-pixels are 8×8 pt and sub-pixel (i, j) has its center at
/// (8i + 4, 8j + 4). Every expected set below is derived from that and the shape's geometry.
@Suite struct RasterizerTests {
    let green = Color.green

    func canvas() -> Canvas { Canvas(columns: 20, rows: 10, cellSize: .default, background: .black) }

    @Test func squareOf80PointsOnCellBoundariesCoversTenByFiveCells() {
        var c = canvas()
        // x 40...120 → columns 5...14; y 16...96 → rows 1...5.
        c.fill(.rectangle(center: Point(80, 56), size: Size(80, 80), angle: 0), color: green)
        let grid = c.render(colorMode: .truecolor)
        for row in 0..<10 {
            for column in 0..<20 {
                let inside = (5...14).contains(column) && (1...5).contains(row)
                #expect(grid[column, row] == .blank(inside ? green : .black), "cell (\(column), \(row))")
            }
        }
        let covered = Rasterizer(cellSize: .default, columns: 20, rows: 20).samples(covering: .rectangle(center: Point(80, 56), size: Size(80, 80), angle: 0))
        #expect(covered.count == 100)
        #expect(Set(covered) == Set((2...11).flatMap { j in (5...14).map { SampleIndex(column: $0, row: j) } }))
    }

    @Test func movingTheSquare8PointsDownMovesItHalfACell() {
        var c = canvas()
        // y 24...104 → sub-pixel rows 3...12: bottom half of row 1, rows 2...5, top half of row 6.
        c.fill(.rectangle(center: Point(80, 64), size: Size(80, 80), angle: 0), color: green)
        let grid = c.render(colorMode: .truecolor)
        for column in 0..<20 {
            let inside = (5...14).contains(column)
            #expect(grid[column, 0] == .blank(.black))
            #expect(grid[column, 1] == (inside ? Cell("▄", foreground: green, background: .black) : .blank(.black)))
            for row in 2...5 { #expect(grid[column, row] == .blank(inside ? green : .black)) }
            #expect(grid[column, 6] == (inside ? Cell("▀", foreground: green, background: .black) : .blank(.black)))
            #expect(grid[column, 7] == .blank(.black))
        }
    }

    @Test func squareTurned45DegreesCoversADiamond() {
        let r = Rasterizer(cellSize: .default, columns: 40, rows: 40)
        let shape = Shape.rectangle(center: Point(80, 80), size: Size(80, 80), angle: .pi / 4)
        let covered = Set(r.samples(covering: shape))
        // Turned 45°, the square is |dx| + |dy| ≤ 40√2 ≈ 56.6 around (80, 80).
        let inside: [(Int, Int)] = [(9, 9), (16, 10), (9, 3), (3, 9), (9, 16), (12, 12)]   // sums 8, 56, 56, 56, 56, 40
        let outside: [(Int, Int)] = [(17, 10), (9, 2), (2, 9), (9, 17), (14, 14), (5, 5)] // sums 64, 64, 64, 64, 72, 72
        for (i, j) in inside { #expect(covered.contains(SampleIndex(column: i, row: j)), "(\(i), \(j)) should be in") }
        for (i, j) in outside { #expect(!covered.contains(SampleIndex(column: i, row: j)), "(\(i), \(j)) should be out") }
        // (14, 14) and (5, 5) are corners of the unturned square: rotation really happened.
        #expect(r.samples(covering: .rectangle(center: Point(80, 80), size: Size(80, 80), angle: 0)).contains(SampleIndex(column: 14, row: 14)))
        let expected = Set((0..<40).flatMap { j in (0..<40).compactMap { i -> SampleIndex? in
            let dx = Double(8 * i + 4) - 80, dy = Double(8 * j + 4) - 80
            return abs(dx) + abs(dy) <= 40 * 2.0.squareRoot() ? SampleIndex(column: i, row: j) : nil
        } })
        #expect(covered == expected)
    }

    @Test func circleOfDiameter80CoversCentersWithin40Points() {
        let r = Rasterizer(cellSize: .default, columns: 40, rows: 40)
        let covered = Set(r.samples(covering: .ellipse(center: Point(80, 80), size: Size(80, 80), angle: 0.3)))
        let expected = Set((0..<40).flatMap { j in (0..<40).compactMap { i -> SampleIndex? in
            let dx = Double(8 * i + 4) - 80, dy = Double(8 * j + 4) - 80
            return dx * dx + dy * dy <= 1600 ? SampleIndex(column: i, row: j) : nil
        } })
        #expect(covered == expected)
        #expect(covered.contains(SampleIndex(column: 5, row: 9)))    // (44, 76): 36² + 4² = 1312
        #expect(!covered.contains(SampleIndex(column: 4, row: 9)))   // (36, 76): 44² > 1600
        #expect(!covered.contains(SampleIndex(column: 5, row: 5)))   // (44, 44): 2·36² = 2592
    }

    @Test func ellipseTurnedAQuarterSwapsItsAxes() {
        let r = Rasterizer(cellSize: .default, columns: 40, rows: 40)
        // 80 wide, 16 tall; turned π/2 it is 16 wide and 80 tall.
        let covered = Set(r.samples(covering: .ellipse(center: Point(80, 80), size: Size(80, 16), angle: .pi / 2)))
        // Now the half-axes are 8 along x and 40 along y: (dx/8)² + (dy/40)² ≤ 1.
        #expect(!covered.contains(SampleIndex(column: 9, row: 5)))   // (76, 44): 0.25 + 0.81 = 1.06
        #expect(covered.contains(SampleIndex(column: 9, row: 6)))    // (76, 52): 0.25 + 0.49 = 0.74
        #expect(covered.contains(SampleIndex(column: 10, row: 13)))  // (84, 108): 0.74
        #expect(!covered.contains(SampleIndex(column: 10, row: 14))) // (84, 116): 1.06
        #expect(!covered.contains(SampleIndex(column: 11, row: 9)))  // (92, 76): (12/8)² > 1
        #expect(covered.contains(SampleIndex(column: 9, row: 9)))
    }

    @Test func convexPolygonCoversCentersInsideEitherWinding() {
        let r = Rasterizer(cellSize: .default, columns: 20, rows: 20)
        // The triangle x ≥ 0, y ≥ 0, x + y ≤ 80: centers (8i + 4, 8j + 4) inside when i + j ≤ 9.
        let expected = Set((0..<20).flatMap { j in (0..<20).compactMap { i in i + j <= 9 ? SampleIndex(column: i, row: j) : nil } })
        let a = Set(r.samples(covering: .polygon([Point(0, 0), Point(80, 0), Point(0, 80)])))
        let b = Set(r.samples(covering: .polygon([Point(0, 80), Point(80, 0), Point(0, 0)])))
        #expect(a == expected)
        #expect(b == expected)
        #expect(expected.count == 55)
        #expect(r.samples(covering: .polygon([Point(0, 0), Point(80, 0)])).isEmpty)
    }

    @Test func thickSegmentCoversCentersWithinHalfItsThickness() {
        let r = Rasterizer(cellSize: .default, columns: 30, rows: 20)
        // From (40, 40) to (120, 40), 16 pt thick: centers within 8 pt. Rows 4, 5 (y 36, 44);
        // columns 4 ((36, 44) is √32 from the end) through 15 ((124, 36) likewise).
        let covered = Set(r.samples(covering: .segment(from: Point(40, 40), to: Point(120, 40), thickness: 16, dotted: false)))
        let expected = Set((4...5).flatMap { j in (4...15).map { SampleIndex(column: $0, row: j) } })
        #expect(covered == expected)
    }

    @Test func thinSegmentsStayConnectedAndRopesAreDotted() {
        let r = Rasterizer(cellSize: .default, columns: 30, rows: 20)
        // A 1 pt line is thinner than a sub-pixel, yet every sub-pixel it crosses is drawn.
        let diagonal = Set(r.samples(covering: .segment(from: Point(4, 4), to: Point(76, 76), thickness: 1, dotted: false)))
        #expect(diagonal == Set((0...9).map { SampleIndex(column: $0, row: $0) }))
        // Dotted: on for [0, 8), off for [8, 16) along the line, and so on.
        let rope = Set(r.samples(covering: .segment(from: Point(0, 4), to: Point(80, 4), thickness: 1, dotted: true)))
        for i in [0, 2, 4, 6, 8] { #expect(rope.contains(SampleIndex(column: i, row: 0))) }
        for i in [1, 3, 5, 7, 9] { #expect(!rope.contains(SampleIndex(column: i, row: 0))) }
    }

    @Test func anchorIsAPlusOfFiveSubPixels() {
        let r = Rasterizer(cellSize: .default, columns: 20, rows: 20)
        let covered = Set(r.samples(covering: .anchor(Point(44, 44))))
        #expect(covered == [SampleIndex(column: 5, row: 5), SampleIndex(column: 4, row: 5), SampleIndex(column: 6, row: 5),
                            SampleIndex(column: 5, row: 4), SampleIndex(column: 5, row: 6)])
    }

    @Test func shapesOutsideTheGridAreClipped() {
        let r = Rasterizer(cellSize: .default, columns: 10, rows: 10)
        // x −40...40, y −40...40: only centers with x, y in (0, 40) remain, 5 × 5.
        #expect(r.samples(covering: .rectangle(center: Point(0, 0), size: Size(80, 80), angle: 0)).count == 25)
        #expect(r.samples(covering: .rectangle(center: Point(1000, 0), size: Size(80, 80), angle: 0)).isEmpty)
    }

    @Test func alphaBlendsTowardWhatIsBeneath() {
        var c = Canvas(columns: 4, rows: 2, background: .black)
        c.fill(.rectangle(center: Point(16, 16), size: Size(32, 32), angle: 0), color: .white, alpha: 0.5)
        let p = c.subPixelColor(column: 0, row: 0)
        #expect(p.red == 127 || p.red == 128)
        // A second half-alpha coat: 0.5·255 + 0.5·p ≈ 191.
        c.fill(.rectangle(center: Point(16, 16), size: Size(32, 32), angle: 0), color: .white, alpha: 0.5)
        #expect(abs(Int(c.subPixelColor(column: 0, row: 0).red) - 191) <= 1)
        // A thick translucent segment blends once per sub-pixel, not once per way it was reached.
        var d = Canvas(columns: 4, rows: 2, background: .black)
        d.fill(.segment(from: Point(0, 4), to: Point(32, 4), thickness: 8, dotted: false), color: .white, alpha: 0.5)
        #expect(d.subPixelColor(column: 1, row: 0).red <= 128)
    }

    @Test func labelAtZeroRunsAlongOneRow() {
        var c = canvas()
        c.drawLabel("Hello", center: Point(80, 40), angle: 0, color: .white)
        let grid = c.render(colorMode: .truecolor)
        // Letters 8 pt apart centered on x = 80: x = 64, 72, 80, 88, 96 → columns 8...12 of row 2.
        #expect(grid.text(row: 2) == "        Hello       ")
        for row in 0..<10 where row != 2 { #expect(grid.text(row: row).allSatisfy { $0 == " " }) }
        #expect(grid[8, 2].foreground == .white)
        #expect(grid[8, 2].background == .black)
    }

    @Test func labelAtQuarterTurnRunsDownOneColumn() {
        var c = canvas()
        c.drawLabel("Hello", center: Point(80, 88), angle: .pi / 2, color: .white)
        let grid = c.render(colorMode: .truecolor)
        // Letters 16 pt apart downward centered on y = 88: y = 56, 72, 88, 104, 120 → rows 3...7 of column 10.
        let column = (0..<10).map { String(grid[10, $0].character) }.joined()
        #expect(column == "   Hello  ")
        for col in 0..<20 where col != 10 { #expect((0..<10).allSatisfy { grid[col, $0].character == " " }) }
        // Upside down (π) the word reads right to left.
        var d = canvas()
        d.drawLabel("Hello", center: Point(80, 40), angle: .pi, color: .white)
        #expect(d.render(colorMode: .truecolor).text(row: 2) == "        olleH       ")
    }

    @Test func labelLetterSitsOnTheShapeBeneathAndAnOpaqueShapeCoversIt() {
        var c = canvas()
        c.fill(.rectangle(center: Point(80, 40), size: Size(80, 32), angle: 0), color: .blue)
        c.drawLabel("Hi", center: Point(80, 40), color: .white)
        var grid = c.render(colorMode: .truecolor)
        #expect(grid[9, 2] == Cell("H", foreground: .white, background: .blue))
        c.fill(.rectangle(center: Point(72, 40), size: Size(8, 8), angle: 0), color: .red)
        grid = c.render(colorMode: .truecolor)
        #expect(grid[9, 2].character == "▀" || grid[9, 2].character == " ")
        #expect(grid[10, 2].character == "i")
    }

    @Test func degradedColorsThatMatchMakeBlankCellsAndNoColorUsesGlyphShapes() {
        var c = Canvas(columns: 4, rows: 2, background: .black)
        // Two nearly equal colors in the two halves of cell (0, 0): in 256 colors they are one entry.
        c.fill(.rectangle(center: Point(4, 4), size: Size(8, 8), angle: 0), color: Color(red: 250, green: 0, blue: 0))
        c.fill(.rectangle(center: Point(4, 12), size: Size(8, 8), angle: 0), color: Color(red: 255, green: 0, blue: 0))
        #expect(c.render(colorMode: .truecolor)[0, 0].character == "▄")
        #expect(c.render(colorMode: .palette256)[0, 0] == .blank(.red))
        // No color: on/off against the background.
        c.fill(.rectangle(center: Point(12, 4), size: Size(8, 8), angle: 0), color: .green)
        c.fill(.rectangle(center: Point(20, 12), size: Size(8, 8), angle: 0), color: .green)
        let mono = c.render(colorMode: .none)
        #expect(mono.text(row: 0) == "█▀▄ ")
    }
}

@Suite struct RasterizerRobustnessTests {
    @Test func nonFiniteAndHugeShapesDrawNothingOrOnlyTheVisiblePartAndNeverTrap() {
        var c = Canvas(columns: 10, rows: 5)
        let nan = Double.nan
        c.fill(.rectangle(center: Point(nan, 0), size: Size(10, 10), angle: 0), color: .red)
        c.fill(.ellipse(center: Point(0, 0), size: Size(.infinity, 10), angle: nan), color: .red)
        c.fill(.segment(from: Point(nan, 0), to: Point(10, 10), thickness: 4, dotted: false), color: .red)
        c.fill(.anchor(Point(nan, .infinity)), color: .red)
        c.drawLabel("x", center: Point(nan, nan), color: .red)
        #expect(c.samples.allSatisfy { $0 == .black })
        // A line a billion points long across 10 columns of 8×8 pt samples: only row 0's 10 (y = 4).
        let r = Rasterizer(cellSize: .default, columns: 10, rows: 10)
        let long = r.samples(covering: .segment(from: Point(-1e9, 4), to: Point(1e9, 4), thickness: 1, dotted: false))
        #expect(Set(long) == Set((0..<10).map { SampleIndex(column: $0, row: 0) }))
    }
}
