// `nudge snapshot --colors`: the seed scenes as terminals of fewer colors show them. With no
// color the pendulum's rod and the cradle's strings are still drawn; in 8 colors the fading
// smiley stays yellow; with no color a pixel picture is gray.
import Foundation
import Images
import Testing

@Suite("nudge snapshot --colors")
struct SnapshotColorsTests {
    static func text(_ arguments: [String]) throws -> [[Character]] {
        let out = SnapshotCommandTests.temporary("colors.txt")
        defer { try? FileManager.default.removeItem(at: out) }
        let r = try CommandLineTests.run(["snapshot"] + arguments + ["--output", out.path])
        #expect(r.status == 0, "\(r.errors)")
        return try String(contentsOf: out, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
    }

    @Test("with no color the pendulum's rod is drawn in every row from the pivot (40 pt) to the bob's top (220 pt)",
          arguments: ["half", "quadrant", "braille"])
    func pendulumRod(_ glyphs: String) throws {
        // 80×24 cells of 8×16 pt: the rod runs down x = 320 pt, the boundary of columns 39 and 40,
        // from row 2 (y 32…48) to row 13 (y 208…224).
        let lines = try Self.text(["Pendulum", "--colors", "none", "--glyphs", glyphs])
        for row in 3...12 {
            let line = lines[row]
            let ink = line.indices.filter { line[$0] != " " }
            #expect(!ink.isEmpty && ink.allSatisfy { (39...40).contains($0) }, "row \(row): '\(String(line))'")
        }
    }

    @Test("with no color each of the cradle's five strings is drawn in every row between the bar and its ball")
    func cradleStrings() throws {
        let lines = try Self.text(["Newton's Cradle", "--colors", "none", "--glyphs", "quadrant"])
        // The balls hang 40 pt apart around x = 320: strings at x 240, 280 ... 400, the boundaries
        // of columns 29|30, 34|35 ... 49|50.
        let bar = try #require(lines.firstIndex { $0.filter { $0 != " " }.count > 20 })
        let balls = try #require(lines.indices.first { $0 > bar && lines[$0].filter { $0 != " " }.count > 20 })
        #expect(balls - bar > 5)
        for row in (bar + 1)..<(balls - 1) {
            let columns = lines[row].indices.filter { lines[row][$0] != " " }
            let strings = Set(columns.map { ($0 - 27) / 5 })
            #expect(strings.count == 5, "row \(row): '\(String(lines[row]))'")
        }
    }

    @Test("in 8 colors the fading smiley is yellow, never red, from 100 % to a third of its opacity",
          arguments: [0.5, 1.0, 1.5, 1.9])
    func fadingSmileyStaysYellow(_ time: Double) throws {
        let out = SnapshotCommandTests.temporary("smiley.png")
        defer { try? FileManager.default.removeItem(at: out) }
        let r = try CommandLineTests.run(["snapshot", "scenes/005-crossing-images.yaml", "--at", "\(time)", "--colors", "8",
                                          "--glyphs", "quadrant", "--output", out.path])
        #expect(r.status == 0, "\(r.errors)")
        let bitmap = try PNGDecoder().decode(contentsOf: out.path)
        // xterm's 8 colors: yellow #cdcd00, red #cd0000. The star (red) waits at the bottom right
        // (x 526…626 pt) until 2 s; the smiley is left of x 500 until then.
        var yellow = 0, red = 0
        for y in 0..<368 {
            for x in 0..<500 {
                let p = bitmap.pixels[y * bitmap.width + x]
                if p.red == 0xcd && p.green == 0xcd && p.blue == 0 { yellow += 1 }
                if p.red == 0xcd && p.green == 0 && p.blue == 0 { red += 1 }
            }
        }
        #expect(red == 0, "\(red) red pixels at \(time) s")
        // The face is about 80 pt across: thousands of pixels.
        #expect(yellow > 2000, "\(yellow) yellow pixels at \(time) s")
    }

    @Test("with no color a pixel picture is gray: every pixel of the play area has equal channels")
    func pixelsInGrays() throws {
        let out = SnapshotCommandTests.temporary("gray.png")
        defer { try? FileManager.default.removeItem(at: out) }
        let r = try CommandLineTests.run(["snapshot", "Pendulum", "--graphics", "pixels", "--colors", "none", "--output", out.path])
        #expect(r.status == 0, "\(r.errors)")
        let bitmap = try PNGDecoder().decode(contentsOf: out.path)
        var lit = 0
        for y in 0..<368 {
            for x in 0..<bitmap.width {
                let p = bitmap.pixels[y * bitmap.width + x]
                #expect(p.red == p.green && p.green == p.blue, "(\(x), \(y))")
                if p.red > 100 { lit += 1 }
                if p.red != p.green || p.green != p.blue { return }
            }
        }
        // The orange bob (#ff8000, luminance gray about 158) and the rod are there.
        #expect(lit > 1000)
    }

    @Test("--colors takes truecolor, 256, 16, 8 or none and names itself when wrong")
    func badColors() throws {
        let r = try CommandLineTests.run(["snapshot", "Push", "--colors", "12", "--output", SnapshotCommandTests.temporary("x.png").path])
        #expect(r.status != 0 && r.errors.contains("--colors"))
    }
}
