import Testing
import Geometry
@testable import TerminalUI

@Suite struct ColorTests {
    @Test func hexAndNamesParse() throws {
        #expect(try Color(parsing: "#ff8000") == Color(red: 255, green: 128, blue: 0))
        #expect(try Color(parsing: "#F80") == Color(red: 255, green: 136, blue: 0))
        #expect(try Color(parsing: " Orange ") == .orange)
        #expect(try Color(parsing: "grey") == .gray)
        for name in ["black", "white", "red", "green", "blue", "yellow", "orange", "purple", "cyan",
                     "magenta", "gray", "brown", "pink", "teal"] {
            #expect((try? Color(parsing: name)) != nil, "\(name) should be a known color")
        }
    }

    @Test func badColorThrowsWithTheTextAndWhatWasExpected() {
        do {
            _ = try Color(parsing: "chartreuse-ish")
            Issue.record("expected an error")
        } catch {
            #expect(error.text == "chartreuse-ish")
            #expect(error.description.contains("\"chartreuse-ish\""))
            #expect(error.description.contains("#rrggbb"))
        }
        #expect(throws: ColorParseError.self) { try Color(parsing: "#12345g") }
        #expect(throws: ColorParseError.self) { try Color(parsing: "#1234") }
    }

    @Test func halfAlphaWhiteOverBlackIsMidGray() {
        let c = Color.white.blended(over: .black, alpha: 0.5)
        // 0.5·255 = 127.5 per channel.
        for v in [c.red, c.green, c.blue] { #expect(v == 127 || v == 128) }
        #expect(c.red == c.green && c.green == c.blue)
        // 0.25·255 = 63.75 → 64; alpha 1 is the color itself, alpha 0 the background.
        #expect(Color.white.blended(over: .black, alpha: 0.25) == Color(red: 64, green: 64, blue: 64))
        #expect(Color.red.blended(over: .blue, alpha: 1) == .red)
        #expect(Color.red.blended(over: .blue, alpha: 0) == .blue)
    }

    @Test func pureRedDegradesTo196And1() {
        // xterm cube index 16 + 36·5 + 6·0 + 0 = 196; ANSI red is 1.
        #expect(Color.red.paletteIndex(in: .palette256) == 196)
        #expect(Color.red.paletteIndex(in: .basic8) == 1)
        #expect(Color.red.paletteIndex(in: .truecolor) == nil)
        #expect(Color.red.paletteIndex(in: .none) == nil)
    }

    @Test func grayAndCubeColorsFindTheirXtermEntries() {
        // #808080 is gray-ramp entry 232 + (128 − 8)/10 = 244 exactly.
        #expect(Color(hex: 0x808080).paletteIndex(in: .palette256) == 244)
        // Pure cube points: blue (0,0,5) = 21, white (5,5,5) = 231, black = 16.
        #expect(Color.blue.paletteIndex(in: .palette256) == 21)
        #expect(Color.white.paletteIndex(in: .palette256) == 231)
        #expect(Color.black.paletteIndex(in: .palette256) == 16)
        // (95, 135, 175) is cube (1, 2, 3): 16 + 36 + 12 + 3 = 67.
        #expect(Color(red: 95, green: 135, blue: 175).paletteIndex(in: .palette256) == 67)
        #expect(Color.xterm256(67) == Color(red: 95, green: 135, blue: 175))
        // Basic colors: green → 2, blue → 4, cyan → 6, white → 7, black → 0.
        #expect(Color.lime.paletteIndex(in: .basic8) == 2)
        #expect(Color.blue.paletteIndex(in: .basic8) == 4)
        #expect(Color.cyan.paletteIndex(in: .basic8) == 6)
        #expect(Color.white.paletteIndex(in: .basic8) == 7)
        #expect(Color.black.paletteIndex(in: .basic8) == 0)
    }

    @Test func colorModeFollowsTheTerminalsColorCount() {
        #expect(ColorMode(colorCount: 1 << 24) == .truecolor)
        #expect(ColorMode(colorCount: 256) == .palette256)
        #expect(ColorMode(colorCount: 8) == .basic8)
        #expect(ColorMode(colorCount: -1) == .none)
        #expect(ColorMode(colorCount: 0) == .none)
    }

    @Test func cellSizeParses() throws {
        #expect(try CellSize(parsing: "8x16") == CellSize(width: 8, height: 16))
        #expect(throws: CellSizeParseError.self) { try CellSize(parsing: "8by16") }
        #expect(throws: CellSizeParseError.self) { try CellSize(parsing: "0x16") }
        // Sizes whose screen positions would overflow are refused, with the range in the message.
        #expect(throws: CellSizeParseError.self) { try CellSize(parsing: "1e308x1e308") }
        #expect(throws: CellSizeParseError.self) { try CellSize(parsing: "8x257") }
        #expect(throws: CellSizeParseError.self) { try CellSize(parsing: "0.5x16") }
        #expect(try CellSize(parsing: "256x1") == CellSize(width: 256, height: 1))
        do { _ = try CellSize(parsing: "1e308x8"); Issue.record("1e308x8 parsed") } catch {
            #expect("\(error)".contains("between 1 and 256 points"))
        }
        // The contract: an 80×24 terminal is a 640×384-point world; cell (9, 4) is centered at (76, 72).
        #expect(CellSize.default.size(columns: 80, rows: 24) == Size(640, 384))
        #expect(CellSize.default.center(column: 9, row: 4) == Point(76, 72))
        #expect(CellSize.default.cell(containing: Point(76, 72)) == (9, 4))
    }
}

/// Colors degraded by how they look (OKLab), not by RGB distance.
@Suite struct PerceptualColorTests {
    @Test func graysGoToGraysByLightness() {
        // #808080 has OKLab lightness 0.60: bright black (#7f7f7f, 0.60) in 16 colors; in 8, white
        // (#e5e5e5, 0.93) is nearer than black (0), so mid gray is white, never yellow.
        #expect(Color(hex: 0x808080).paletteIndex(in: .palette16) == 8)
        #expect(Color(hex: 0x808080).paletteIndex(in: .basic8) == 7)
        // #404040 (0.39) is black in 8 colors and bright black in 16.
        #expect(Color(hex: 0x404040).paletteIndex(in: .basic8) == 0)
        #expect(Color(hex: 0x404040).paletteIndex(in: .palette16) == 8)
        #expect(Color(hex: 0xc0c0c0).paletteIndex(in: .palette16) == 7)
        #expect(Color.white.paletteIndex(in: .palette16) == 15)
        #expect(Color.black.paletteIndex(in: .basic8) == 0)
        // A slightly tinted gray is still a gray.
        #expect([0, 7].contains(Color(red: 140, green: 128, blue: 128).paletteIndex(in: .basic8)!))
    }

    @Test func huesKeepTheirHue() {
        // Pure primaries are palette entries themselves (bright red, green and so on).
        #expect(Color(hex: 0xff0000).paletteIndex(in: .palette16) == 9)
        #expect(Color(hex: 0x00ff00).paletteIndex(in: .palette16) == 10)
        #expect(Color(hex: 0xff0000).paletteIndex(in: .basic8) == 1)
        #expect([4, 12].contains(Color(hex: 0x0000ff).paletteIndex(in: .palette16)!))
        // Orange's hue (about 70° in OKLab) lies between red's (29°) and yellow's (110°): it
        // becomes red or yellow, not white or gray; brown becomes red.
        let orange = Color(hex: 0xffa500)
        #expect(orange.oklab.hue > Color.red.oklab.hue && orange.oklab.hue < Color.yellow.oklab.hue)
        #expect([1, 3].contains(orange.paletteIndex(in: .basic8)!))
        #expect(Color(hex: 0xa52a2a).paletteIndex(in: .basic8) == 1)
        // Every degraded chromatic color keeps its hue within 60° in 16 colors.
        for hex: UInt32 in [0xff8000, 0x80ff00, 0x00ff80, 0x0080ff, 0x8000ff, 0xff0080, 0x008080, 0x800000] {
            let c = Color(hex: hex), d = c.degraded(to: .palette16)
            let dh = abs(c.oklab.hue - d.oklab.hue), wrapped = min(dh, 360 - dh)
            #expect(wrapped < 60, "\(c) → \(d): hue \(c.oklab.hue) → \(d.oklab.hue)")
        }
    }

    @Test func everyPaletteEntryMapsToItself() {
        for i in 16...255 { #expect(Color.xterm256(i).paletteIndex(in: .palette256) == i, "entry \(i)") }
        for i in 0...15 {
            #expect(Color.xterm256(i).degraded(to: .palette16) == Color.xterm256(i), "ANSI \(i)")
        }
    }

    @Test func colorCountsGiveModes() {
        #expect(ColorMode(colorCount: 16) == .palette16)
        #expect(ColorMode(colorCount: 8) == .basic8)
        #expect(ColorMode.palette16.rank < ColorMode.palette256.rank && ColorMode.basic8.rank < ColorMode.palette16.rank)
    }
}
