// End to end in the real kitty (KittySession): nudge with `--graphics kitty`, seen through
// screenshots. Text over the picture is readable (a white label over a red ball, then the help's
// letters), a picture that does not change stays while others move (kitty 0.26 evicted such
// tiles once its image quota filled with replaced images), a label turned and moved leaves no
// letter behind, and after `q` the screen holds nothing of the playground. Colors are told apart
// as the xterm test does: red is r > 200, g and b < 60; "light" (a letter's pixels) is every
// channel above 200. Skipped only when Xvfb, kitty, import, xdotool or xwininfo is missing.
import Foundation
import Images
import Testing
import TerminalUI

@Suite("kitty graphics in kitty", .serialized)
struct KittyGraphicsEndToEndTests {
    static func isRed(_ p: Bitmap.Pixel) -> Bool { p.red > 200 && p.green < 60 && p.blue < 60 }
    static func isGreen(_ p: Bitmap.Pixel) -> Bool { p.green > 150 && p.red < 60 && p.blue < 60 }
    static func isLight(_ p: Bitmap.Pixel) -> Bool { p.red > 200 && p.green > 200 && p.blue > 200 }

    /// The bounding box of the pixels that pass `test`.
    static func box(_ shot: Bitmap, above bottom: Int = .max, _ test: (Bitmap.Pixel) -> Bool) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        for y in 0..<min(shot.height, bottom) { for x in 0..<shot.width where test(shot.pixels[y * shot.width + x]) {
            x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x + 1); y1 = max(y1, y + 1)
        } }
        return x1 < 0 ? nil : (x0, y0, x1, y1)
    }

    /// kitty playing `sceneText`, written into a scratch folder (removed when it is released,
    /// also when kitty does not start).
    static func start(_ sceneText: String) throws -> (KittySession, ScratchFolder)? {
        if let missing = KittySession.missing { print("skipped: \(missing)"); return nil }
        let binary = try #require(TmuxSession.executable, "the nudge executable was not built")
        let folder = try ScratchFolder("kitty")
        let file = try folder.write(sceneText, to: "scene.yaml")
        return (try KittySession(command: [binary.path, "play", "--graphics", "kitty", file.path]), folder)
    }

    @Test("a label and the help are readable over the picture, and the screen is clean after q")
    func textOverPixels() throws {
        guard let (kitty, folder) = try Self.start("""
            name: Over
            summary: A label over a ball.
            items:
              - {id: ball, shape: ellipse, size: [240, 240], center: ["50%", "50%"], color: red}
              - {id: label, shape: label, text: "OVER THE BALL", center: ["50%", "50%"], color: white}
            """) else { return }
        defer { kitty.stop(); folder.remove() }
        let first = try #require(try kitty.waitFor { Self.box($0, Self.isRed) != nil }, "no ball on screen")
        let ball = try #require(Self.box(first, Self.isRed))
        // The label's letters, white on the ball.
        let label = first.count(x0: ball.x0, y0: ball.y0, x1: ball.x1, y1: ball.y1, where: Self.isLight)
        #expect(label > 60, "the label over the ball shows \(label) light pixels")
        try kitty.type("?")
        let help = try #require(try kitty.waitFor(timeout: 30) {
            $0.count(x0: ball.x0, y0: ball.y0, x1: ball.x1, y1: ball.y1, where: Self.isLight) > label + 300
        }, "the help's letters never showed over the ball")
        let withHelp = help.count(x0: ball.x0, y0: ball.y0, x1: ball.x1, y1: ball.y1, where: Self.isLight)
        print("kitty: \(label) light pixels of the label over the ball, \(withHelp) with the help")
        // q closes the help box and only that; the second q quits.
        try kitty.type("q")
        _ = try kitty.waitFor(timeout: 30) {
            $0.count(x0: ball.x0, y0: ball.y0, x1: ball.x1, y1: ball.y1, where: Self.isLight) < label + 300
        }
        try kitty.type("q")
        let after = try kitty.waitFor(timeout: 30) { shot in
            shot.count { max($0.red, $0.green, $0.blue) > 40 } < 400
        }
        let left = try kitty.screenshot().count { max($0.red, $0.green, $0.blue) > 40 }
        #expect(after != nil, "after q \(left) pixels are not black (a cursor is 190)")
    }

    @Test("a box that never changes stays on screen for 10 s while balls move all over the rest")
    func staticTileStays() throws {
        guard let (kitty, folder) = try Self.start("""
            name: Static
            summary: A box that never moves above balls that never stop.
            items:
              - {id: box, shape: rectangle, size: [96, 48], center: [80, 48], color: green}
              - {id: a, shape: ellipse, size: [120, 120], center: [300, 200], color: red}
              - {id: b, shape: ellipse, size: [120, 120], center: [600, 300], color: red}
              - {id: c, shape: ellipse, size: [120, 120], center: [450, 250], color: red}
            behaviors:
              - {type: collision, items: [a, b, c], boundaries: reference, insets: [100, 0, 0, 0]}
              - {type: dynamicItem, items: [a, b, c], elasticity: 1, velocity: [900, 700]}
            """) else { return }
        defer { kitty.stop(); folder.remove() }
        let first = try #require(try kitty.waitFor { $0.count(where: Self.isGreen) > 1000 }, "no box on screen")
        let green = first.count(where: Self.isGreen)
        let balls = Self.box(first, Self.isRed)
        var moved = false
        for _ in 0..<10 {
            sleep(1)
            let shot = try kitty.screenshot()
            let now = shot.count(where: Self.isGreen)
            #expect(abs(now - green) * 50 <= green, "the box had \(green) green pixels, now \(now)")
            if let b = Self.box(shot, Self.isRed), let a = balls, b.x0 != a.x0 || b.y0 != a.y0 { moved = true }
        }
        #expect(moved, "the balls never moved")
        print("kitty: the box kept \(green) green pixels for 10 s")
    }

    @Test("a tile that never changes outlives 380 MB of replaced tiles (the frame writer's own bytes, at kitty's full speed)")
    func staticTileOutlivesTheQuota() throws {
        if let missing = KittySession.missing { print("skipped: \(missing)"); return }
        // A picture of two tiles, 32 × 6 cells of 10 × 19 pixels (DejaVu Sans Mono 12 in kitty): a
        // green box in the first, sent once, and the second (160 × 114 pixels, 3 bytes each as
        // kitty counts them) in a new color in each of 7,000 frames: 383 MB of replaced images,
        // past kitty's 320 MB quota, in a stream of a few megabytes.
        var writer = PixelFrameWriter(graphics: .kitty, cellWidth: 10, cellHeight: 19)
        let grid = CellGrid(columns: 32, rows: 7, filledWith: Cell(" ", foreground: .white, background: .black))
        var image = PixelImage(width: 320, height: 114, filledWith: .black)
        for y in 20..<80 { for x in 20..<120 { image[x, y] = Color(red: 0, green: 200, blue: 0) } }
        var stream = Array("\u{1B}[?1049h\u{1B}[?25l".utf8)
        let frames = 7000
        for frame in 0..<frames {
            let blue = Color(red: 0, green: 0, blue: UInt8(100 + frame % 100))
            for y in 0..<114 { for x in 160..<320 { image[x, y] = blue } }
            stream += writer.frame(grid, image: image, imageRows: 6, colorMode: .truecolor, sendImage: true)
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-kitty-stream-\(UUID().uuidString)")
        try Data(stream).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let kitty = try KittySession(command: ["sh", "-c", "cat \(XtermSession.quote(file.path))"])
        defer { kitty.stop() }
        // The stream is over when the last frame's blue (100 + 6,999 % 100 = 199) shows.
        let end = try kitty.waitFor(timeout: 180) { shot in
            shot.count(x0: 230, y0: 50, x1: 240, y1: 60) { $0.blue == 199 && $0.red == 0 } == 100
        }
        #expect(end != nil, "the stream never finished drawing")
        let shot = try kitty.screenshot()
        let green = shot.count(x0: 0, y0: 0, x1: 160, y1: 114, where: Self.isGreen)
        #expect(green == 100 * 60, "the box that was sent once shows \(green) of its 6,000 pixels")
        print("kitty: \(frames) replaced tiles, the box sent once shows \(green) of 6,000 pixels")
    }

    @Test("a label turned and moved leaves no letter where it was")
    func movedLabelLeavesNothing() throws {
        guard let (kitty, folder) = try Self.start("""
            name: Turn
            summary: A label that turns and moves.
            items:
              - {id: label, shape: label, text: "TURN AND GO", center: [160, 80], color: white}
            animations:
              - {item: label, delay: 0.3, duration: 0.6, to: {angle: 1.5708, center: [600, 280]}}
            """) else { return }
        defer { kitty.stop(); folder.remove() }
        // The status line (white letters too) is the 30th row, from y = 29 × 19 = 551.
        let shot = try kitty.waitFor { shot in
            guard let b = Self.box(shot, above: 540, Self.isLight) else { return false }
            // Standing upright (taller than wide) at the end point, right half of the screen.
            return b.x0 > 500 && (b.y1 - b.y0) > 3 * (b.x1 - b.x0)
        }
        let last = try kitty.screenshot()
        let b = Self.box(last, above: 540, Self.isLight)
        #expect(shot != nil, "the label never stood alone at its end point: letters span \(String(describing: b))")
        // Nothing light in the left half above the status line, where the label started.
        let stale = last.count(x0: 0, y0: 0, x1: 500, y1: 540, where: Self.isLight)
        #expect(stale == 0, "\(stale) light pixels where the label was")
    }
}
