import Geometry
import Testing
@testable import TerminalUI

/// Colors keep their hue in 8, 16 and 256 colors, and nothing visible lands on its background.
@Suite struct PaletteMappingTests {
    /// ANSI families by index: 1 red, 2 green, 3 yellow, 4 blue, 5 magenta, 6 cyan (and +8).
    static func family(_ index: Int) -> Int { index % 8 }
    static let red = 1, yellow = 3

    @Test("yellows stay yellow: pure yellow is 3 in 8 colors and 11 in 16; olive and dim yellows are yellow in both",
          arguments: [0xffff00, 0x808000, 0x999900, 0x666600, 0x404000, 0xcdcd00])
    func yellows(_ hex: Int) {
        let c = Color(hex: UInt32(hex))
        let in8 = c.paletteIndex(in: .basic8)!, in16 = c.paletteIndex(in: .palette16)!
        #expect(in8 == Self.yellow, "\(c) → \(in8) in 8 colors")
        #expect(Self.family(in16) == Self.yellow, "\(c) → \(in16) in 16 colors")
        if hex == 0xffff00 { #expect(in16 == 11) }
    }

    @Test("the fading smiley's face (#ffd228 over black at 100 % down to 15 %) stays yellow in 8 colors")
    func fadingSmiley() {
        for percent in stride(from: 100, through: 15, by: -5) {
            let c = Color(hex: 0xffd228).blended(over: .black, alpha: Double(percent) / 100)
            #expect(c.paletteIndex(in: .basic8) == Self.yellow, "\(percent) %: \(c) → \(c.paletteIndex(in: .basic8)!)")
        }
    }

    @Test("browns and oranges stay warm (red or yellow) in 8 and 16 colors",
          arguments: [0xa52a2a, 0x8b4513, 0xa0522d, 0xd2691e, 0xff8000, 0xffa500, 0x804000])
    func warm(_ hex: Int) {
        let c = Color(hex: UInt32(hex))
        for mode in [ColorMode.basic8, .palette16] {
            let f = Self.family(c.paletteIndex(in: mode)!)
            #expect(f == Self.red || f == Self.yellow, "\(c) → family \(f) in \(mode)")
        }
    }

    @Test("other hues keep their family: navy blue, purple magenta, teal cyan, green green, pink red")
    func otherHues() {
        let cases: [(UInt32, Int)] = [(0x000080, 4), (0x800080, 5), (0x008080, 6), (0x00c000, 2), (0xffc0cb, 1)]
        for (hex, family) in cases {
            for mode in [ColorMode.basic8, .palette16] {
                #expect(Self.family(Color(hex: hex).paletteIndex(in: mode)!) == family, "\(Color(hex: hex)) in \(mode)")
            }
        }
    }

    @Test("dark gray on black is drawn in a visible color: bright black in 16 colors, white in 8; a faint gray stays black")
    func darkGrayOnBlack() {
        #expect(Color.darkGray.degraded(to: .basic8, apartFrom: .black) != Color.black.degraded(to: .basic8))
        #expect(Color.darkGray.degraded(to: .palette16, apartFrom: .black) == Color.xterm256(8))
        #expect(Color.darkGray.degraded(to: .palette256, apartFrom: .black) != Color.black.degraded(to: .palette256))
        // Light gray on white likewise, the other way round.
        #expect(Color(hex: 0xa0a0a0).degraded(to: .basic8, apartFrom: .white) != Color.white.degraded(to: .basic8))
        // A color barely off the background may be shown as the background.
        #expect(Color(hex: 0x101010).degraded(to: .basic8, apartFrom: .black) == Color.black.degraded(to: .basic8))
    }

    @Test("a dark gray ball on a black canvas is not drawn black on black in 8 colors")
    func darkGrayBallInEightColors() {
        var canvas = Canvas(columns: 6, rows: 3, glyphs: .quadrant, background: .black)
        canvas.fill(.ellipse(center: Point(24, 24), size: Size(32, 32), angle: 0), color: .darkGray)
        let grid = canvas.render(colorMode: .basic8)
        let black = Color.black.degraded(to: .basic8)
        // The cells in the ball's middle show something that is not black.
        for (c, r) in [(2, 1), (3, 1)] {
            let cell = grid[c, r]
            let shown = cell.character == " " ? cell.background : cell.foreground
            #expect(shown != black, "(\(c), \(r)): \(cell)")
        }
    }

    @Test("in 256 colors browns keep a brown hue: within 15° of their OKLab hue, never gray",
          arguments: [0xa52a2a, 0x8b4513, 0xa0522d, 0xd2691e, 0xcd853f, 0x966446])
    func browns256(_ hex: Int) {
        let c = Color(hex: UInt32(hex))
        let shown = c.degraded(to: .palette256).oklab
        #expect(OKLab.hueGap(shown.hue, c.oklab.hue) <= 15, "\(c) → \(c.degraded(to: .palette256)), hue \(shown.hue) vs \(c.oklab.hue)")
        #expect(shown.chroma > 0.1)
    }
}
