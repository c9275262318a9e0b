import CZlib
import Foundation
import Testing
@testable import TerminalUI

/// A sixel decoder written from the DEC format, independent of the encoder: `#n;2;r;g;b`
/// defines register n in percent, `#n` selects it, characters 0x3F–0x7E paint six rows (bit 0
/// on top) in the current color, `!n` repeats the next character, `$` returns to the band's
/// start, `-` moves to the next band.
func decodeSixel(_ bytes: [UInt8], width: Int, height: Int) -> [Color?] {
    var pixels = [Color?](repeating: nil, count: width * height)
    let s = Array(bytes)
    guard let q = s.firstIndex(of: UInt8(ascii: "q")) else { return pixels }
    var i = q + 1
    var registers: [Int: Color] = [:]
    var current: Color? = nil
    var x = 0, band = 0
    func number() -> Int {
        var n = 0
        while i < s.count, (48...57).contains(s[i]) { n = n * 10 + Int(s[i] - 48); i += 1 }
        return n
    }
    while i < s.count {
        let c = s[i]
        if c == 0x1B { break }
        if c == UInt8(ascii: "\"") { i += 1; for _ in 0..<4 { _ = number(); if i < s.count, s[i] == UInt8(ascii: ";") { i += 1 } }; continue }
        if c == UInt8(ascii: "#") {
            i += 1
            let n = number()
            if i < s.count, s[i] == UInt8(ascii: ";") {
                i += 1; _ = number(); i += 1
                let r = number(); i += 1; let g = number(); i += 1; let b = number()
                registers[n] = Color(red: UInt8((r * 255 + 50) / 100), green: UInt8((g * 255 + 50) / 100), blue: UInt8((b * 255 + 50) / 100))
            } else { current = registers[n] }
            continue
        }
        if c == UInt8(ascii: "$") { x = 0; i += 1; continue }
        if c == UInt8(ascii: "-") { x = 0; band += 1; i += 1; continue }
        var count = 1
        if c == UInt8(ascii: "!") { i += 1; count = number() }
        let ch = s[i]; i += 1
        let bits = Int(ch) - 0x3F
        for _ in 0..<count {
            for k in 0..<6 where bits >> k & 1 == 1 {
                let y = band * 6 + k
                if x < width && y < height { pixels[y * width + x] = current }
            }
            x += 1
        }
    }
    return pixels
}

@Suite struct SixelEncoderTests {
    @Test("a picture of palette colors decodes back to itself, pixel for pixel, over several bands")
    func roundTrip() {
        var image = PixelImage(width: 37, height: 20, filledWith: Color(red: 0, green: 0, blue: 0))
        for y in 0..<20 { for x in 0..<37 {
            let r = (x * 7 + y) % 6, g = (x + 3 * y) % 6, b = (x * y) % 6
            image[x, y] = Color(red: UInt8(r * 51), green: UInt8(g * 51), blue: UInt8(b * 51))
        } }
        let bytes = SixelEncoder.encode(image)
        #expect(bytes.starts(with: Array("\u{1B}P0;1q\"1;1;37;20".utf8)))
        #expect(bytes.suffix(2) == Array("\u{1B}\\".utf8)[...])
        let decoded = decodeSixel(bytes, width: 37, height: 20)
        for y in 0..<20 { for x in 0..<37 { #expect(decoded[y * 37 + x] == image[x, y], "(\(x), \(y))") } }
    }

    @Test("a region is encoded alone, and a flat picture is run-length coded")
    func regionAndRuns() {
        var image = PixelImage(width: 64, height: 12, filledWith: Color(red: 255, green: 0, blue: 0))
        image[10, 3] = Color(red: 0, green: 0, blue: 255)
        let part = SixelEncoder.encode(image, x: 16, y: 0, width: 32, height: 12)
        let decoded = decodeSixel(part, width: 32, height: 12)
        #expect(decoded.allSatisfy { $0 == Color(red: 255, green: 0, blue: 0) })
        // Two bands of 32 equal columns: "!32~" each, far fewer bytes than pixels.
        #expect(String(decoding: part, as: UTF8.self).contains("!32~"))
        #expect(part.count < 80)
    }
}

@Suite struct KittyGraphicsEncoderTests {
    @Test("chunks of at most 4,096 payload bytes, m=1 on all but the last, the keys on the first, the RGB intact after zlib")
    func framing() throws {
        var image = PixelImage(width: 50, height: 40, filledWith: .black)
        for y in 0..<40 { for x in 0..<50 { image[x, y] = Color(red: UInt8(x * 5), green: UInt8(y * 6), blue: UInt8((x &* 97 ^ y &* 31) & 255)) } }
        let text = String(decoding: KittyGraphicsEncoder.encode(image, id: 7), as: UTF8.self)
        let commands = text.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
        #expect(commands.count >= 1)
        var payload = ""
        for (k, command) in commands.enumerated() {
            #expect(command.hasPrefix("\u{1B}_G"))
            let parts = command.dropFirst(3).split(separator: ";", maxSplits: 1)
            let keys = String(parts[0]), data = parts.count > 1 ? String(parts[1]) : ""
            #expect(data.utf8.count <= 4096)
            #expect(keys.contains("m=\(k == commands.count - 1 ? 0 : 1)"))
            if k == 0 { for key in ["a=T", "f=24", "o=z", "s=50", "v=40", "i=7", "z=-1", "C=1", "q=2"] { #expect(keys.contains(key)) } }
            payload += data
        }
        let deflated = [UInt8](try #require(Data(base64Encoded: payload)))
        var size = uLong(50 * 40 * 3)
        var rgb = [UInt8](repeating: 0, count: Int(size))
        #expect(uncompress(&rgb, &size, deflated, uLong(deflated.count)) == Z_OK)
        #expect(size == 50 * 40 * 3)
        #expect(rgb[(3 * 50 + 7) * 3] == 35 && rgb[(3 * 50 + 7) * 3 + 1] == 18)
    }

    @Test func base64MatchesFoundation() {
        for n in 0..<10 {
            let bytes = (0..<n).map { UInt8(($0 * 37 + 11) & 255) }
            #expect(String(decoding: KittyGraphicsEncoder.base64(bytes), as: UTF8.self) == Data(bytes).base64EncodedString())
        }
    }
}

@Suite struct PixelTilesTests {
    @Test("tiles are 16 cells wide and a multiple of six pixels tall")
    func tileShape() {
        #expect(PixelTiles(cellWidth: 8, cellHeight: 16).rows == 3)    // 48 px
        #expect(PixelTiles(cellWidth: 10, cellHeight: 20).rows == 3)   // 60 px
        #expect(PixelTiles(cellWidth: 9, cellHeight: 18).rows == 1)    // 18 px
        #expect(PixelTiles(cellWidth: 7, cellHeight: 15).rows == 2)    // 30 px
    }

    @Test("moving one ball changes only the tiles it covered before and after")
    func onlyChangedTiles() {
        let tiles = PixelTiles(cellWidth: 8, cellHeight: 16)
        func frame(ballAt x: Int) -> PixelImage {
            var image = PixelImage(width: 64 * 8, height: 12 * 16, filledWith: .black)
            for y in 60..<80 { for px in x..<(x + 20) { image[px, y] = .white } }
            return image
        }
        let before = frame(ballAt: 20), after = frame(ballAt: 200)
        let changed = tiles.changed(from: before, to: after)
        // The ball spans x 20…39 then 200…219 (tiles of 128 px: 0 and 1) and y 60…79 (tile rows of 48 px: 1).
        #expect(Set(changed.map { [$0.column, $0.row] }) == [[0, 3], [16, 3]])
        #expect(tiles.changed(from: after, to: after).isEmpty)
        #expect(tiles.changed(from: nil, to: after).count == 4 * 4)
    }
}

@Suite struct TerminalRepliesTests {
    @Test("answers are read in any order, among other bytes")
    func parse() {
        let bytes = Array("x\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?2026;2$y\u{1B}[6;20;10t\u{1B}[?63;1;2;4;6;9;15;22c".utf8)
        let r = TerminalReplies.parse(bytes)
        #expect(r.answered && r.sixel && r.kitty && r.synchronizedOutput)
        #expect(r.cellPixels?.width == 10 && r.cellPixels?.height == 20)
        let plain = TerminalReplies.parse(Array("\u{1B}[?1;2c".utf8))
        #expect(plain.answered && !plain.sixel && !plain.kitty && !plain.synchronizedOutput)
        // 2026 not recognized (0) or permanently reset (4): no synchronized output.
        #expect(!TerminalReplies.parse(Array("\u{1B}[?2026;0$y".utf8)).synchronizedOutput)
        #expect(!TerminalReplies.parse(Array("\u{1B}[?64;14c".utf8)).sixel)   // 14 is not 4
        #expect(!TerminalReplies.parse([]).answered)
    }

    @Test("auto takes kitty, then sixel, and cells without an answer, inside tmux or over a slow link")
    func automatic() {
        let plain = TerminalCapabilities(environment: ["TERM": "xterm-256color"])
        var r = TerminalReplies.parse(Array("\u{1B}[?63;4c".utf8))
        r.roundTrip = 0.01
        #expect(GraphicsProtocol.automatic(replies: r, capabilities: plain) == .sixel)
        r.kitty = true
        #expect(GraphicsProtocol.automatic(replies: r, capabilities: plain) == .kitty)
        #expect(GraphicsProtocol.automatic(replies: r, capabilities: TerminalCapabilities(environment: ["TMUX": "/tmp/t,1,0"])) == .cells)
        r.roundTrip = 0.3
        #expect(GraphicsProtocol.automatic(replies: r, capabilities: plain) == .cells)
        #expect(GraphicsProtocol.automatic(replies: TerminalReplies(), capabilities: plain) == .cells)
        #expect(GraphicsProtocol.choice("bogus") == nil)
        #expect(GraphicsProtocol.choice("auto")! == nil)
        #expect(GraphicsProtocol.choice("Sixel")! == .sixel)
    }
}

@Suite struct PixelFrameWriterTests {
    @Test("a busy terminal gets no picture; the owed tiles go with the next frame that may send")
    func dropsPicturesWhenBusy() {
        var writer = PixelFrameWriter(graphics: .sixel, cellWidth: 8, cellHeight: 16)
        let grid = CellGrid(columns: 16, rows: 4, filledWith: Cell(" ", foreground: .white, background: .black))
        var image = PixelImage(width: 128, height: 48, filledWith: .black)
        let first = writer.frame(grid, image: image, imageRows: 3, colorMode: .truecolor, sendImage: true)
        #expect(String(decoding: first, as: UTF8.self).contains("\u{1B}P0;1q"))
        image[5, 5] = .white
        let busy = writer.frame(grid, image: image, imageRows: 3, colorMode: .truecolor, sendImage: false)
        #expect(!String(decoding: busy, as: UTF8.self).contains("\u{1B}P"))
        let idle = writer.frame(grid, image: image, imageRows: 3, colorMode: .truecolor, sendImage: true)
        #expect(String(decoding: idle, as: UTF8.self).contains("\u{1B}P0;1q"))
        let nothing = writer.frame(grid, image: image, imageRows: 3, colorMode: .truecolor, sendImage: true)
        #expect(!String(decoding: nothing, as: UTF8.self).contains("\u{1B}P"))
    }
}
