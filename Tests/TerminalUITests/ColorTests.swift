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
