// End to end in a real terminal emulator: a ball drawn in cells is round on screen when the
// terminal's cells are not 1:2. xterm with DejaVu Sans Mono 10 has 8×17-pixel cells (its
// TIOCGWINSZ says 644×412 px for 80×24 cells, 2 px of border each side); at 8×16 points per
// cell a ball would be 17/16 = 6 % taller than wide. The ball (128 pt, quadrants, `--graphics
// cells`) is measured from the screenshot's red pixels: a uniform disk of diameter D has
// Σ(x − x̄)²/N = D²/16 along each axis, so D = 4·σ across and down, which must agree within 3 %;
// its height must be 128 pt at 16 pt per 17-px row, 136 px, within 3 %. Skipped only when Xvfb,
// xterm or import is missing.
import Foundation
import Images
import Testing

@Suite("round balls in cells in xterm", .serialized)
struct CellAspectEndToEndTests {
    static let ball = """
        name: Ball
        summary: A ball.
        items:
          - {id: ball, shape: ellipse, size: [128, 128], center: [300, 170], color: red}
        """

    @Test("a 128 pt ball in quadrants in an xterm with 8×17 px cells is round within 3 %")
    func roundInEightBySeventeen() throws {
        if let missing = XtermSession.missing { print("skipped: \(missing)"); return }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-xterm-cells-\(UUID().uuidString).yaml")
        try Self.ball.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let binary = try #require(TmuxSession.executable, "the nudge executable was not built")
        let shot = try XtermSession.screenshot(of: [binary.path, "play", "--graphics", "cells", "--glyphs", "quadrant", file.path],
                                               columns: 80, rows: 24, fontSize: 10)
        let red = PixelGraphicsEndToEndTests.redPixels(shot)
        #expect(red.count > 2000, "no ball on screen")
        guard red.count > 2000 else { return }
        let n = Double(red.count)
        let mx = red.reduce(0.0) { $0 + Double($1.x) } / n, my = red.reduce(0.0) { $0 + Double($1.y) } / n
        let vx = red.reduce(0.0) { $0 + (Double($1.x) - mx) * (Double($1.x) - mx) } / n
        let vy = red.reduce(0.0) { $0 + (Double($1.y) - my) * (Double($1.y) - my) } / n
        let width = 4 * vx.squareRoot(), height = 4 * vy.squareRoot()
        let minX = red.map(\.x).min()!, maxX = red.map(\.x).max()!, minY = red.map(\.y).min()!, maxY = red.map(\.y).max()!
        print("xterm 8×17 cells: ball \(width)×\(height) px by moments, bounding box \(maxX - minX + 1)×\(maxY - minY + 1) px")
        #expect(abs(width / height - 1) < 0.03, "\(width)×\(height) px")
        #expect(abs(height / 136 - 1) < 0.03, "height \(height) px")
    }
}
