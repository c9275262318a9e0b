import Foundation
import Geometry
import Images
import Testing
@testable import TerminalUI

/// A 40 pt white ball on black, drawn in each glyph set and seen as a truecolor screen shows it
/// (one pixel per point), against the exact disk: the error is Σ |shown coverage − exact
/// coverage| over all pixels, divided by the disk's area π·20². The exact coverage of a pixel is
/// its area inside the circle, integrated on a 16×16 grid per pixel. The bounds are the ones the
/// graphics work set out to reach: 0.25 in half blocks, 0.16 in sextants, 0.13 in octants, 0.05
/// in pixels. The ball is tried at several places against the cell grid, and every place must
/// stay within the bound.
@Suite struct BallCoverageTests {
    static let radius = 20.0
    static let centers: [Point] = [
        Point(48, 48), Point(50.5, 51), Point(53, 44.3), Point(46.2, 55.7), Point(51.9, 47.1), Point(49.3, 52.6),
    ]

    static func exactCoverage(center: Point, width: Int, height: Int) -> [Double] {
        var out = Array(repeating: 0.0, count: width * height)
        let r2 = radius * radius
        for y in 0..<height {
            for x in 0..<width {
                let dx0 = Double(x) - center.x, dy0 = Double(y) - center.y
                // Pixels wholly inside or outside need no integration.
                let near = max(abs(dx0), abs(dx0 + 1)), far = min(abs(dx0), abs(dx0 + 1))
                let nearY = max(abs(dy0), abs(dy0 + 1)), farY = min(abs(dy0), abs(dy0 + 1))
                let crossesX = dx0 < 0 && dx0 + 1 > 0, crossesY = dy0 < 0 && dy0 + 1 > 0
                let minD2 = (crossesX ? 0 : far * far) + (crossesY ? 0 : farY * farY)
                if minD2 > r2 { continue }
                if near * near + nearY * nearY <= r2 { out[y * width + x] = 1; continue }
                var inside = 0
                for j in 0..<16 {
                    for i in 0..<16 {
                        let px = dx0 + (Double(i) + 0.5) / 16, py = dy0 + (Double(j) + 0.5) / 16
                        if px * px + py * py <= r2 { inside += 1 }
                    }
                }
                out[y * width + x] = Double(inside) / 256
            }
        }
        return out
    }

    static func error(shown: [Double], center: Point, width: Int, height: Int) -> Double {
        let exact = exactCoverage(center: center, width: width, height: height)
        var sum = 0.0
        for k in exact.indices { sum += abs(shown[k] - exact[k]) }
        return sum / (Double.pi * radius * radius)
    }

    static func worstError(_ glyphs: GlyphSet) -> Double {
        var worst = 0.0
        for center in centers {
            var canvas = Canvas(columns: 12, rows: 6, cellSize: .default, glyphs: glyphs, background: .black)
            canvas.fill(.ellipse(center: center, size: Size(2 * radius, 2 * radius), angle: 0), color: .white)
            let picture = ScreenPicture(canvas.render(colorMode: .truecolor))
            let shown = picture.pixels.map { Double($0.red) / 255 }
            let e = error(shown: shown, center: center, width: picture.width, height: picture.height)
            worst = max(worst, e)
            if let folder = ProcessInfo.processInfo.environment["NUDGE_TEST_PICTURES"] {
                let bitmap = Bitmap(width: picture.width, height: picture.height, pixels: picture.pixels.map {
                    Bitmap.Pixel(red: $0.red, green: $0.green, blue: $0.blue)
                })
                try? PNGEncoder().write(bitmap, to: "\(folder)/ball-\(glyphs)-\(Int(center.x * 10)).png")
                print("ball \(glyphs) at \(center): error \(e)")
            }
        }
        return worst
    }

    @Test func halfBlocksStayWithinAQuarter() { #expect(Self.worstError(.half) <= 0.25) }
    @Test func sextantsStayWithin016() { #expect(Self.worstError(.sextant) <= 0.16) }
    @Test func octantsStayWithin013() { #expect(Self.worstError(.octant) <= 0.13) }
    @Test func finerSetsAreCloser() {
        let half = Self.worstError(.half), quadrant = Self.worstError(.quadrant)
        let sextant = Self.worstError(.sextant), octant = Self.worstError(.octant)
        #expect(quadrant < half && sextant < quadrant && octant < sextant)
    }

    @Test func pixelsStayWithin005() {
        var worst = 0.0
        for center in Self.centers {
            var canvas = Canvas(columns: 12, rows: 6, cellSize: .default, pixelsPerCell: (8, 16), background: .black)
            canvas.fill(.ellipse(center: center, size: Size(2 * Self.radius, 2 * Self.radius), angle: 0), color: .white)
            let shown = canvas.samples.map { Double($0.red) / 255 }
            worst = max(worst, Self.error(shown: shown, center: center, width: 96, height: 96))
        }
        #expect(worst <= 0.05)
    }
}
