import Geometry
import Testing
@testable import TerminalUI

/// A ball is round on screen whatever shape the terminal's cells have: a 48 pt ball drawn in
/// cells (octants, the finest set) and seen at the terminal's real pixels per cell must be as
/// wide as it is tall within 3 %, and 48 pt tall at 16 pt per cell row (48/16 rows of the
/// cell's pixel height). Width and height are measured from the lit pixels' second moments: a
/// uniform disk of diameter D has Σ(x − x̄)²/N = D²/16 along each axis, so D = 4·σ, which
/// depends less than a bounding box on where the cell boundaries cut the edge.
@Suite struct CellAspectTests {
    /// (width, height) in pixels of the ball drawn in cells of `cellSize` points shown at `px`:
    /// moments weighted by each pixel's brightness (a cell's colors blend the ball's share of
    /// it), averaged over six places of the ball against the cell grid.
    func ballOnScreen(cellSize: CellSize, px: (width: Int, height: Int)) -> (width: Double, height: Double) {
        let offsets: [(Double, Double)] = [(0, 0), (0.31, 0.17), (0.5, 0.5), (0.77, 0.42), (0.13, 0.88), (0.62, 0.71)]
        var width = 0.0, height = 0.0
        for (ox, oy) in offsets {
            var canvas = Canvas(columns: 24, rows: 8, cellSize: cellSize, glyphs: .octant)
            let center = Point(cellSize.width * (12 + ox), cellSize.height * (4 + oy))
            canvas.fill(.ellipse(center: center, size: Size(48, 48), angle: 0), color: .white)
            let picture = ScreenPicture(canvas.render(colorMode: .truecolor), cellWidth: px.width, cellHeight: px.height)
            var n = 0.0, sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0
            for y in 0..<picture.height {
                for x in 0..<picture.width {
                    let w = Double(picture[x, y].red) / 255
                    guard w > 0 else { continue }
                    let fx = Double(x) + 0.5, fy = Double(y) + 0.5
                    n += w; sx += w * fx; sy += w * fy; sxx += w * fx * fx; syy += w * fy * fy
                }
            }
            let vx = sxx / n - (sx / n) * (sx / n), vy = syy / n - (sy / n) * (sy / n)
            width += 4 * vx.squareRoot() / Double(offsets.count)
            height += 4 * vy.squareRoot() / Double(offsets.count)
        }
        return (width, height)
    }

    @Test(arguments: [(8, 16), (8, 18), (10, 20), (9, 17), (7, 16), (10, 22)])
    func aBallIsRoundInEveryCellShape(px: (Int, Int)) {
        let cell = CellSize.default.matchingPixels(width: px.0, height: px.1)
        let ball = ballOnScreen(cellSize: cell, px: (px.0, px.1))
        // 48 pt at 16 pt per row is 3 rows of the cell's pixel height.
        let expected = 3.0 * Double(px.1)
        #expect(abs(ball.width / ball.height - 1) < 0.03, "\(px): \(ball.width)×\(ball.height) px")
        #expect(abs(ball.height / expected - 1) < 0.03, "\(px): height \(ball.height) px, expected \(expected)")
        #expect(abs(ball.width / expected - 1) < 0.03, "\(px): width \(ball.width) px, expected \(expected)")
    }

    @Test func withoutMatchingAnEightByEighteenCellStretchesTheBall() {
        // The old mapping (8×16 pt in an 8×18 px cell): 12.5 % taller than wide.
        let ball = ballOnScreen(cellSize: .default, px: (8, 18))
        #expect(abs(ball.height / ball.width - 18.0 / 16) < 0.03)
    }

    @Test func matchingKeepsTheHeightAndFollowsThePixelsAcross() {
        let c = CellSize.default.matchingPixels(width: 8, height: 18)
        #expect(c.height == 16)
        #expect(abs(c.width - 16.0 * 8 / 18) < 1e-12)
        #expect(CellSize.default.matchingPixels(width: 10, height: 20) == .default)
        #expect(CellSize.default.matchingPixels(width: 0, height: 18) == .default)
        #expect(CellSize.default.matchingPixels(width: -3, height: 0) == .default)
    }
}
