// `nudge snapshot`, run for real: sizes, where a scene's items land in the PNG, the ball against
// the exact disk in every glyph set, and the errors that write nothing.
import Foundation
import Images
import Testing

@Suite("nudge snapshot")
struct SnapshotCommandTests {
    static func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("nudge-snap-\(UUID().uuidString)-\(name)")
    }

    @Test("the push scene at 0 s: a 640×384 PNG whose 80×80 green square spans x 280…360, y 144…224 (the 640×368 play area's middle)")
    func pushSquare() throws {
        let out = Self.temporary("push.png")
        defer { try? FileManager.default.removeItem(at: out) }
        let r = try CommandLineTests.run(["snapshot", "scenes/000-push.yaml", "--output", out.path])
        #expect(r.status == 0, "\(r.errors)")
        let bitmap = try PNGDecoder().decode(contentsOf: out.path)
        #expect(bitmap.width == 640 && bitmap.height == 384)
        func isGreen(_ x: Int, _ y: Int) -> Bool {
            let p = bitmap.pixels[y * 640 + x]
            return p.red == 0 && p.green == 255 && p.blue == 0
        }
        for (x, y, inside) in [(281, 145, true), (359, 223, true), (320, 184, true), (279, 184, false), (360, 184, false),
                               (320, 143, false), (320, 224, false)] {
            #expect(isGreen(x, y) == inside, "(\(x), \(y))")
        }
        // The status line is the last 16 pixel rows, in its gray bar.
        let bar = bitmap.pixels[370 * 640 + 3]   // the first status cell is a space
        #expect(bar.red == 0x40 && bar.green == 0x40 && bar.blue == 0x40)
    }

    @Test("text and ANSI: the same screen, the status line on the last row")
    func textAndANSI() throws {
        let txt = Self.temporary("push.txt"), ans = Self.temporary("push.ans")
        defer { try? FileManager.default.removeItem(at: txt); try? FileManager.default.removeItem(at: ans) }
        #expect(try CommandLineTests.run(["snapshot", "Push", "--size", "100x30", "--output", txt.path]).status == 0)
        #expect(try CommandLineTests.run(["snapshot", "Push", "--size", "100x30", "--output", ans.path]).status == 0)
        let lines = try String(contentsOf: txt, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 31)   // 30 rows and the final newline
        #expect(lines[29].hasPrefix(" Push 1/8 │"))   // the first of the eight seed scenes, as play counts them
        let bytes = try Data(contentsOf: ans)
        #expect(bytes.starts(with: Array("\u{1B}[0m".utf8)))
        #expect(String(decoding: bytes, as: UTF8.self).contains("\u{1B}[30;1H"))
    }

    @Test("--keys ? shows the help box at the moment asked for, and the run ends (q would only close the box)")
    func helpBoxSnapshot() throws {
        let txt = Self.temporary("help.txt")
        defer { try? FileManager.default.removeItem(at: txt) }
        let r = try CommandLineTests.run(["snapshot", "Push", "--at", "0.5", "--keys", "?", "--output", txt.path])
        #expect(r.status == 0, "\(r.errors)")
        let text = try String(contentsOf: txt, encoding: .utf8)
        #expect(text.contains("Mouse in this scene"))
    }

    @Test("bad options are errors that name the option and write nothing",
          arguments: [["--output", "x.gif"], ["--size", "5x5", "--output", "x.png"], ["--at", "-1", "--output", "x.png"],
                      ["--glyphs", "hexagon", "--output", "x.png"], ["--graphics", "ascii-art", "--output", "x.png"],
                      ["--cell-size", "0x16", "--output", "x.png"]])
    func badOptions(_ arguments: [String]) throws {
        let folder = Self.temporary("dir")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try CommandLineTests.run(["snapshot", "Push"] + arguments.map { $0.hasPrefix("x.") ? folder.appendingPathComponent($0).path : $0 })
        #expect(r.status != 0)
        let option = arguments.first { $0.hasPrefix("--") && $0 != "--output" } ?? "--output"
        #expect(r.errors.contains(option), "\(r.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}

/// The 40 pt ball against the exact disk, in snapshots: Σ |shown coverage − exact coverage| over
/// the play area's pixels, divided by π·20². Bounds: 0.25 half blocks, 0.16 sextants, 0.13 octants,
/// 0.05 pixels (--graphics pixels: the picture a sixel or kitty terminal is sent).
@Suite("ball coverage in snapshots", .serialized)
struct SnapshotBallCoverageTests {
    static let ball = """
        name: Ball
        items:
          - {id: ball, shape: ellipse, size: [40, 40], center: [101.3, 67.7], color: white}
        """

    static func exactCoverage(x: Int, y: Int, center: (Double, Double), radius: Double) -> Double {
        var inside = 0
        for j in 0..<16 {
            for i in 0..<16 {
                let px = Double(x) + (Double(i) + 0.5) / 16 - center.0, py = Double(y) + (Double(j) + 0.5) / 16 - center.1
                if px * px + py * py <= radius * radius { inside += 1 }
            }
        }
        return Double(inside) / 256
    }

    @Test(arguments: [("half", 0.25), ("sextant", 0.16), ("octant", 0.13), ("pixels", 0.05)])
    func ballError(glyphs: String, bound: Double) throws {
        let scene = SnapshotCommandTests.temporary("ball.yaml"), out = SnapshotCommandTests.temporary("ball.png")
        try Self.ball.write(to: scene, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: scene); try? FileManager.default.removeItem(at: out) }
        let mode = glyphs == "pixels" ? ["--graphics", "pixels"] : ["--glyphs", glyphs]
        let r = try CommandLineTests.run(["snapshot", scene.path, "--size", "40x12", "--output", out.path] + mode)
        #expect(r.status == 0, "\(r.errors)")
        let bitmap = try PNGDecoder().decode(contentsOf: out.path)
        var error = 0.0
        for y in 0..<(bitmap.height - 16) {
            for x in 0..<bitmap.width {
                let shown = Double(bitmap.pixels[y * bitmap.width + x].red) / 255
                let near = abs(Double(x) + 0.5 - 101.3) < 22 && abs(Double(y) + 0.5 - 67.7) < 22
                let exact = near ? Self.exactCoverage(x: x, y: y, center: (101.3, 67.7), radius: 20) : 0
                error += abs(shown - exact)
            }
        }
        error /= Double.pi * 400
        #expect(error <= bound, "\(glyphs): \(error)")
        print("ball in a \(glyphs) snapshot: error \(error)")
    }
}
