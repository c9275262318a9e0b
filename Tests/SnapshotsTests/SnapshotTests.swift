// Snapshots: the screen as pixels, ANSI bytes and text. Expected pixels come from the glyph
// charts (which sub-pixels a character lights) and the cell geometry, not from the painter.
import Foundation
import Images
import Testing
import TerminalUI
@testable import Snapshots

@Suite("snapshot painting")
struct ScreenPainterTests {
    static let fg = Color(red: 250, green: 100, blue: 0), bg = Color(red: 0, green: 20, blue: 60)

    @Test("a sextant and an octant character light exactly their sub-pixels: sextant rows 5, 6, 5 px of a 16 px cell")
    func sextantAndOctant() throws {
        var grid = CellGrid(columns: 2, rows: 1)
        // BLOCK SEXTANT-1234 (U+1FB0E): the top two rows (y 0..<11 px); BLOCK OCTANT-3 (U+1CD00):
        // the left half of the second quarter (x 0..<4, y 4..<8).
        grid[0, 0] = Cell("\u{1FB0E}", foreground: Self.fg, background: Self.bg)
        grid[1, 0] = Cell("\u{1CD00}", foreground: Self.fg, background: Self.bg)
        let bitmap = ScreenPainter(font: nil).paint(grid)
        // Through PNG and back, as the file would be.
        let decoded = try PNGDecoder().decode(try PNGEncoder().encode(bitmap))
        #expect(decoded.width == 16 && decoded.height == 16)
        func color(_ x: Int, _ y: Int) -> Color {
            let p = decoded.pixels[y * decoded.width + x]
            return Color(red: p.red, green: p.green, blue: p.blue)
        }
        for y in 0..<16 {
            for x in 0..<8 { #expect(color(x, y) == (y < 11 ? Self.fg : Self.bg), "sextant (\(x), \(y))") }
            for x in 8..<16 { #expect(color(x, y) == ((x < 12 && y >= 4 && y < 8) ? Self.fg : Self.bg), "octant (\(x), \(y))") }
        }
    }

    @Test("an 80×24 grid at 8×16 pt cells is 640×384 pixels")
    func size() {
        let bitmap = ScreenPainter(font: nil).paint(CellGrid(columns: 80, rows: 24))
        #expect(bitmap.width == 640 && bitmap.height == 384)
    }

    @Test("a letter is drawn in the font: ink inside its cell, the background around it")
    func letter() throws {
        let path = try #require(FontFace.defaultFontPath(), "no monospace font installed (fonts-dejavu-core)")
        let font = try FontFace(path: path, cellWidth: 8, cellHeight: 16)
        var grid = CellGrid(columns: 3, rows: 1, filledWith: Cell.blank(Self.bg))
        grid[1, 0] = Cell("H", foreground: .white, background: Self.bg)
        let bitmap = ScreenPainter(font: font).paint(grid)
        var ink = 0
        for y in 0..<16 {
            for x in 0..<24 {
                let p = bitmap.pixels[y * 24 + x]
                let isBackground = p.red == Self.bg.red && p.green == Self.bg.green && p.blue == Self.bg.blue
                if x < 8 || x >= 16 { #expect(isBackground, "outside the cell at (\(x), \(y))") } else if !isBackground { ink += 1 }
            }
        }
        // An H has two stems and a bar: at least 15 inked pixels, and not the whole cell.
        #expect(ink >= 15 && ink < 100, "\(ink) inked pixels")
    }
}

@Suite("snapshot ANSI and text")
struct ANSIScreenTests {
    /// An independent reader of the snapshot's ANSI subset: CSI row;col H, CSI ... m with
    /// 38;2 / 48;2 / 1 / 22 / 0, CSI 2J, and characters.
    static func read(_ bytes: [UInt8], columns: Int, rows: Int) -> CellGrid {
        var grid = CellGrid(columns: columns, rows: rows)
        var fg = Color.white, bg = Color.black, bold = false
        var row = 0, column = 0
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var i = 0
        while i < scalars.count {
            if scalars[i] == "\u{1B}", i + 1 < scalars.count, scalars[i + 1] == "[" {
                var j = i + 2, params = ""
                while j < scalars.count, !("@"..."~").contains(scalars[j]) { params.unicodeScalars.append(scalars[j]); j += 1 }
                let final = scalars[j]
                let p = params.split(separator: ";").map { Int($0) ?? 0 }
                if final == "H" { row = (p.first ?? 1) - 1; column = (p.count > 1 ? p[1] : 1) - 1 }
                if final == "m" {
                    var k = 0
                    if p.isEmpty { fg = .white; bg = .black; bold = false }
                    while k < p.count {
                        switch p[k] {
                        case 0: fg = .white; bg = .black; bold = false
                        case 1: bold = true
                        case 22: bold = false
                        case 38: fg = Color(red: UInt8(p[k + 2]), green: UInt8(p[k + 3]), blue: UInt8(p[k + 4])); k += 4
                        case 48: bg = Color(red: UInt8(p[k + 2]), green: UInt8(p[k + 3]), blue: UInt8(p[k + 4])); k += 4
                        default: break
                        }
                        k += 1
                    }
                }
                i = j + 1
                continue
            }
            if scalars[i] == "\n" { i += 1; continue }
            if row < rows && column < columns { grid[column, row] = Cell(scalars[i], foreground: fg, background: bg, bold: bold) }
            column += scalars[i].terminalColumns
            i += 1
        }
        return grid
    }

    @Test("the .ans bytes read back to the same cells")
    func roundTrip() {
        var grid = CellGrid(columns: 6, rows: 2)
        grid.write("Hi ▀🬎", column: 0, row: 0, foreground: Color(red: 1, green: 2, blue: 3), background: Color(red: 200, green: 100, blue: 50))
        grid.write("ok", column: 2, row: 1, foreground: .white, background: .darkGray, bold: true)
        let back = Self.read(ANSIScreen.bytes(for: grid), columns: 6, rows: 2)
        for r in 0..<2 { for c in 0..<6 { #expect(back[c, r] == grid[c, r], "cell (\(c), \(r))") } }
    }
}
