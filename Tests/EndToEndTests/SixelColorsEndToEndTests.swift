// End to end in real sixel terminals under Xvfb (xterm in VT340 mode, and mlterm): balls in
// orange #ff8000, gray #808080 and light gray #c0c0c0 appear on screen in their own colors
// within 3 per channel (the cube nudge once used showed #ff9900), each as a whole 64 pt disk of
// pixels, and the two grays as two colors; under NO_COLOR the picture is gray. Skipped (with a
// printed reason) when Xvfb, import or the terminal is not installed.
import Foundation
import Images
import TerminalUI
import Testing

@Suite("sixel colors in real terminals", .serialized)
struct SixelColorsEndToEndTests {
    static let balls = """
        name: Colors
        summary: Three balls.
        items:
          - {id: orange, shape: ellipse, size: [64, 64], center: [160, 150], color: "#ff8000"}
          - {id: gray, shape: ellipse, size: [64, 64], center: [320, 150], color: "#808080"}
          - {id: light, shape: ellipse, size: [64, 64], center: [480, 150], color: "#c0c0c0"}
        """

    @Test("orange, gray and light gray are shown within 3 per channel", arguments: ["xterm", "mlterm"])
    func trueColors(_ terminal: String) throws {
        if let missing = XtermSession.missing { print("skipped: \(missing)"); return }
        if XtermSession.tool(terminal) == nil { print("skipped: \(terminal) is not installed"); return }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-sixel-colors-\(UUID().uuidString).yaml")
        try Self.balls.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let binary = try #require(TmuxSession.executable, "the nudge executable was not built")
        let shot = try XtermSession.screenshot(of: [binary.path, "play", "--graphics", "sixel", file.path], after: 4,
                                               terminal: terminal == "xterm" ? XtermSession.xterm : "mlterm")
        func near(_ p: Bitmap.Pixel, _ target: Color) -> Bool {
            abs(Int(p.red) - Int(target.red)) <= 3 && abs(Int(p.green) - Int(target.green)) <= 3 && abs(Int(p.blue) - Int(target.blue)) <= 3
        }
        // The orange disk gives the scale (its width is 64 pt) and where the others must be:
        // 160 and 320 pt to its right on the same row. Only pixels within those disks' boxes
        // count (mlterm's scroll bar is a light gray of its own).
        var xs: [Int] = [], ys: [Int] = []
        for y in 0..<shot.height { for x in 0..<shot.width where near(shot.pixels[y * shot.width + x], Color(hex: 0xff8000)) { xs.append(x); ys.append(y) } }
        print("\(terminal): \(xs.count) orange pixels")
        // A 64 pt disk is π·32² ≈ 3,200 pt²; at the terminal's cells (at least 6×12 px for
        // 8×16 pt) that is at least 1,800 px.
        #expect(xs.count > 1800, "\(terminal): \(xs.count) pixels within 3 of #ff8000")
        guard xs.count > 1800 else { return }
        let scale = Double(xs.max()! - xs.min()! + 1) / 64
        let cx = Double(xs.min()! + xs.max()!) / 2, cy = Double(ys.min()! + ys.max()!) / 2
        func count(_ target: Color, at dx: Double) -> Int {
            let x0 = Int(cx + (dx - 40) * scale), x1 = Int(cx + (dx + 40) * scale)
            let y0 = Int(cy - 40 * scale), y1 = Int(cy + 40 * scale)
            var n = 0
            for y in max(0, y0)..<min(shot.height, y1) { for x in max(0, x0)..<min(shot.width, x1) where near(shot.pixels[y * shot.width + x], target) { n += 1 } }
            return n
        }
        let gray = count(Color(hex: 0x808080), at: 160), light = count(Color(hex: 0xc0c0c0), at: 320)
        print("\(terminal): \(gray) gray, \(light) light gray pixels")
        // Each gray disk is as large as the orange one (within 10 %): the whole disk is that color.
        #expect(abs(gray - xs.count) * 10 < xs.count, "\(terminal): \(gray) pixels within 3 of #808080")
        #expect(abs(light - xs.count) * 10 < xs.count, "\(terminal): \(light) pixels within 3 of #c0c0c0")
    }

    @Test("with NO_COLOR the sixel picture is gray: the orange ball is the gray of its luminance (163), no orange left")
    func noColorGrays() throws {
        if let missing = XtermSession.missing { print("skipped: \(missing)"); return }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-sixel-gray-\(UUID().uuidString).yaml")
        try Self.balls.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let binary = try #require(TmuxSession.executable, "the nudge executable was not built")
        let shot = try XtermSession.screenshot(of: ["env", "NO_COLOR=1", binary.path, "play", "--graphics", "sixel", file.path], after: 4)
        // #ff8000: Rec. 709 luminance 0.2126 + 0.7152 · 0.2159 = 0.367 of linear light, sRGB 163.
        var gray = 0, chromatic = 0
        for p in shot.pixels {
            if abs(Int(p.red) - 163) <= 3 && abs(Int(p.green) - 163) <= 3 && abs(Int(p.blue) - 163) <= 3 { gray += 1 }
            if max(p.red, p.green, p.blue) - min(p.red, p.green, p.blue) > 24 { chromatic += 1 }
        }
        print("xterm NO_COLOR: \(gray) pixels of gray 163, \(chromatic) colored pixels")
        #expect(gray > 1800)
        #expect(chromatic == 0)
    }

    @Test("an xterm of 16 color registers says so (XTSMGRAPHICS) and a 64-color ramp is dithered through them: every pixel of the picture is a color of the ramp")
    func sixteenRegisters() throws {
        if let missing = XtermSession.missing { print("skipped: \(missing)"); return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-sixel-16-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A ramp from red to blue: every column (r, 0, 255 − r), 64 colors.
        var pixels: [Bitmap.Pixel] = []
        for _ in 0..<64 { for x in 0..<64 { pixels.append(Bitmap.Pixel(red: UInt8(x * 4 + 2), green: 0, blue: UInt8(253 - x * 4))) } }
        let png = try PNGEncoder().encode(Bitmap(width: 64, height: 64, pixels: pixels))
        try Data(png).write(to: folder.appendingPathComponent("ramp.png"))
        try """
            name: Ramp
            summary: A ramp.
            items:
              - {id: ramp, shape: image, image: ramp.png, size: [128, 128], center: [320, 184]}
            """.write(to: folder.appendingPathComponent("ramp.yaml"), atomically: true, encoding: .utf8)
        let binary = try #require(TmuxSession.executable, "the nudge executable was not built")
        let shot = try XtermSession.screenshot(of: [binary.path, "play", "--graphics", "sixel", folder.appendingPathComponent("ramp.yaml").path],
                                               after: 4, terminal: XtermSession.xterm + " -xrm 'XTerm*numColorRegisters: 16'")
        // On the ramp a color has no green and red + blue = 255; a register the terminal does not
        // have shows something else (xterm's defaults: white, gray, green ...). The picture is
        // the box around the pixels of ramp colors; every pixel in it must be one.
        func onRamp(_ p: Bitmap.Pixel) -> Bool { p.green <= 12 && abs(Int(p.red) + Int(p.blue) - 255) <= 12 }
        var minX = Int.max, maxX = -1, minY = Int.max, maxY = -1
        for y in 0..<shot.height {
            for x in 0..<shot.width where onRamp(shot.pixels[y * shot.width + x]) {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        #expect(maxX >= 0, "no ramp on screen")
        guard maxX >= 0 else { return }
        var picture = 0, off = 0
        for y in minY...maxY { for x in minX...maxX { picture += 1; if !onRamp(shot.pixels[y * shot.width + x]) { off += 1 } } }
        print("xterm 16 registers: \(maxX - minX + 1)×\(maxY - minY + 1) px picture, \(off) pixels off the ramp")
        // 128 pt square at 10×20 px cells for 8×16 pt: 160×160 px.
        #expect(picture > 20_000)
        #expect(off == 0, "\(off) of \(picture) pixels are not ramp colors")
    }
}
