// End to end in real terminal emulators: a ball drawn in cells is round on screen when the
// terminal's cells are not 1:2. xterm with DejaVu Sans Mono 10 has 8×17-pixel cells (its
// TIOCGWINSZ says 644×412 px for 80×24 cells, 2 px of border each side); mlterm's default font
// has 10×22 (800×528 px for 80×24), Konsole's default profile 8×18. At 8×16 points per cell a
// ball would be 17/16 = 6 %, 22/20 = 10 % and 18/16 = 12.5 % taller than wide (with
// `--cell-size 8x16`, which keeps that grid, xterm's ball measures 128.0×138.3 px and Konsole's
// 128.2×141.4). The ball (128 pt, in quadrants, which `auto` picks in xterm and mlterm, with
// `--graphics cells`) is measured from the screenshot's red pixels: a uniform disk of diameter D
// has Σ(x − x̄)²/N = D²/16 along each axis, so D = 4·σ across and down, which must agree within
// 3 %; its height must be 128 pt at 16 pt per row of the cell's pixel height (136, 176 and
// 144 px) within 3 %. Skipped only when Xvfb, the terminal or import is missing.
import Foundation
import Images
import Testing

@Suite("round balls in cells in xterm, mlterm and Konsole", .serialized)
struct CellAspectEndToEndTests {
    static let ball = """
        name: Ball
        summary: A ball.
        items:
          - {id: ball, shape: ellipse, size: [128, 128], center: [300, 170], color: red}
        """

    /// (width, height) in pixels of the red disk in `shot`, by its moments.
    static func diskSize(_ red: [(x: Int, y: Int)]) -> (width: Double, height: Double) {
        let n = Double(red.count)
        let mx = red.reduce(0.0) { $0 + Double($1.x) } / n, my = red.reduce(0.0) { $0 + Double($1.y) } / n
        let vx = red.reduce(0.0) { $0 + (Double($1.x) - mx) * (Double($1.x) - mx) } / n
        let vy = red.reduce(0.0) { $0 + (Double($1.y) - my) * (Double($1.y) - my) } / n
        return (4 * vx.squareRoot(), 4 * vy.squareRoot())
    }

    /// The screen `wait` seconds after `command` starts in `terminal` (its executable and
    /// options, before `-e`) on a fresh Xvfb display; the terminal and Xvfb are killed before it
    /// returns.
    static func screenshot(in terminal: String, of command: [String], after wait: Double = 4) throws -> Bitmap {
        try XtermSession.screenshot(after: wait) { "\(terminal) -e sh -c \(XtermSession.quote(XtermSession.shellWords(command)))" }
    }

    @Test("a 128 pt ball in quadrants in mlterm with 10×22 px cells is round within 3 %")
    func roundInMlterm() throws {
        if let missing = XtermSession.missing { print("skipped: \(missing)"); return }
        guard XtermSession.tool("mlterm") != nil else { print("skipped: mlterm is not installed"); return }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-mlterm-cells-\(UUID().uuidString).yaml")
        try Self.ball.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let binary = try #require(TmuxSession.executable, "the nudge executable was not built")
        let shot = try Self.screenshot(in: "mlterm -g 80x24+0+0",
                                       of: [binary.path, "play", "--graphics", "cells", "--glyphs", "quadrant", file.path])
        let red = PixelGraphicsEndToEndTests.redPixels(shot)
        #expect(red.count > 2000, "no ball on screen")
        guard red.count > 2000 else { return }
        let (width, height) = Self.diskSize(red)
        let minX = red.map(\.x).min()!, maxX = red.map(\.x).max()!, minY = red.map(\.y).min()!, maxY = red.map(\.y).max()!
        print("mlterm 10×22 cells: ball \(width)×\(height) px by moments, bounding box \(maxX - minX + 1)×\(maxY - minY + 1) px")
        #expect(abs(width / height - 1) < 0.03, "\(width)×\(height) px")
        #expect(abs(height / 176 - 1) < 0.03, "height \(height) px")
    }

    @Test("a 128 pt ball in quadrants in Konsole with 8×18 px cells is round within 3 %")
    func roundInKonsole() throws {
        if let missing = XtermSession.missing { print("skipped: \(missing)"); return }
        guard XtermSession.tool("konsole") != nil else { print("skipped: konsole is not installed"); return }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-konsole-cells-\(UUID().uuidString).yaml")
        try Self.ball.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let binary = try #require(TmuxSession.executable, "the nudge executable was not built")
        // Konsole takes several seconds to start under Xvfb; its default profile has 8×18 px cells.
        let shot = try Self.screenshot(in: "konsole --nofork --hide-menubar --hide-tabbar",
                                       of: [binary.path, "play", "--graphics", "cells", "--glyphs", "quadrant", file.path], after: 14)
        let red = PixelGraphicsEndToEndTests.redPixels(shot)
        #expect(red.count > 2000, "no ball on screen")
        guard red.count > 2000 else { return }
        let (width, height) = Self.diskSize(red)
        print("Konsole 8×18 cells: ball \(width)×\(height) px by moments")
        #expect(abs(width / height - 1) < 0.03, "\(width)×\(height) px")
        #expect(abs(height / 144 - 1) < 0.03, "height \(height) px")
    }

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
        let (width, height) = Self.diskSize(red)
        let minX = red.map(\.x).min()!, maxX = red.map(\.x).max()!, minY = red.map(\.y).min()!, maxY = red.map(\.y).max()!
        print("xterm 8×17 cells: ball \(width)×\(height) px by moments, bounding box \(maxX - minX + 1)×\(maxY - minY + 1) px")
        #expect(abs(width / height - 1) < 0.03, "\(width)×\(height) px")
        #expect(abs(height / 136 - 1) < 0.03, "height \(height) px")
    }
}
