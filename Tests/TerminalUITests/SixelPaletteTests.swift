import Foundation
import Testing
@testable import TerminalUI

/// The largest difference in any channel.
private func channelError(_ a: Color, _ b: Color) -> Int {
    max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
}

@Suite struct SixelPaletteTests {
    @Test("with no more colors than registers every pixel decodes within 3 per channel of its color",
          arguments: [16, 256])
    func exactColors(registers: Int) {
        // Colors a 6×6×6 cube cannot keep apart or in place: orange #ff8000 (the cube shows
        // #ff9900), gray and light gray, and their neighbours one step away.
        var colors = [Color(hex: 0xff8000), Color(hex: 0xff9900), Color.gray, Color.lightGray,
                      Color(hex: 0x818181), Color(hex: 0xa52a2a), Color(hex: 0x0a0b0c), Color(hex: 0xfefdfc)]
        var k = 0
        while colors.count < registers {
            k += 1
            colors.append(Color(red: UInt8((k * 37) & 255), green: UInt8((k * 91 + 13) & 255), blue: UInt8((k * 53 + 7) & 255)))
        }
        let width = 48, height = (registers * 3 + width - 1) / width + 5
        var image = PixelImage(width: width, height: height, filledWith: colors[0])
        for y in 0..<height { for x in 0..<width { image[x, y] = colors[(y * width + x) / 3 % colors.count] } }
        let bytes = SixelEncoder.encode(image, registers: registers)
        let decoded = decodeSixel(bytes, width: width, height: height)
        var worst = 0
        for y in 0..<height { for x in 0..<width {
            guard let d = decoded[y * width + x] else { Issue.record("(\(x), \(y)) not painted"); return }
            worst = max(worst, channelError(d, image[x, y]))
        } }
        #expect(worst <= 3, "worst channel error \(worst)")
        // Gray and light gray stay two colors, orange stays orange.
        #expect(decoded[6] != decoded[9])
        #expect(channelError(decoded[0]!, Color(hex: 0xff8000)) <= 3)
    }

    /// A ramp of 256 colors (red up, blue down) through 8 registers, 96 rows.
    static func ramp(registers: Int) -> (image: PixelImage, decoded: [Color?]) {
        let width = 256, height = 96
        var image = PixelImage(width: width, height: height, filledWith: .black)
        for y in 0..<height { for x in 0..<width { image[x, y] = Color(red: UInt8(x), green: 96, blue: UInt8(255 - x)) } }
        return (image, decodeSixel(SixelEncoder.encode(image, registers: registers), width: width, height: height))
    }

    @Test("a ramp of more colors than registers is dithered: every 8×8 block's mean within 6 per channel of the original's")
    func dithersGradients() {
        let registers = 8
        let (image, decoded) = Self.ramp(registers: registers)
        #expect(decoded.allSatisfy { $0 != nil })
        // A staircase of 8 flat bands is 32 px per step and misses the ramp's mean by up to half
        // a step (16 per channel); the eye averages a fine mix, so the block means must follow.
        var worstMean = 0.0
        for by in stride(from: 0, to: image.height, by: 8) {
            for bx in stride(from: 0, to: image.width, by: 8) {
                var want = SIMD3<Double>(repeating: 0), got = want
                for y in by..<(by + 8) { for x in bx..<(bx + 8) {
                    let a = image[x, y], b = decoded[y * image.width + x] ?? .black
                    want += SIMD3(Double(a.red), Double(a.green), Double(a.blue))
                    got += SIMD3(Double(b.red), Double(b.green), Double(b.blue))
                } }
                let d = (got - want) / 64
                worstMean = max(worstMean, abs(d.x), abs(d.y), abs(d.z))
            }
        }
        #expect(worstMean <= 6, "worst block mean error \(worstMean)")
        // Never more registers than allowed.
        #expect(Set(decoded.compactMap { $0 }).count <= registers)
    }

    @Test("never more registers than the terminal has, down to 2, and every register defined is in range",
          arguments: [2, 3, 4, 5, 17])
    func registerLimit(_ registers: Int) {
        let (_, decoded) = Self.ramp(registers: registers)
        #expect(decoded.allSatisfy { $0 != nil })
        #expect(Set(decoded.compactMap { $0 }).count <= registers)
        var image = PixelImage(width: 40, height: 12, filledWith: .black)
        for x in 0..<40 { for y in 0..<12 { image[x, y] = Color(red: UInt8(x * 6), green: UInt8(y * 20), blue: 9) } }
        let text = String(decoding: SixelEncoder.encode(image, registers: registers), as: UTF8.self)
        #expect(text.contains("#\(registers - 1);2;") && !text.contains("#\(registers);2;"))
    }

    @Test("a flat area keeps its exact color in a picture that must be dithered")
    func flatAreaInDitheredPicture() {
        var image = PixelImage(width: 64, height: 48, filledWith: Color(hex: 0xff8000))
        for y in 0..<24 { for x in 0..<64 { image[x, y] = Color(red: UInt8(x * 4), green: UInt8(y * 10), blue: UInt8((x * y) & 255)) } }
        let decoded = decodeSixel(SixelEncoder.encode(image, registers: 16), width: 64, height: 48)
        // Rows well below the noisy half (error diffusion reaches down only a few rows there).
        var worst = 0
        for y in 36..<48 { for x in 0..<64 { worst = max(worst, channelError(decoded[y * 64 + x] ?? .black, Color(hex: 0xff8000))) } }
        #expect(worst <= 3, "worst channel error \(worst)")
    }

    @Test("XTSMGRAPHICS' answer gives the register count; a failure or no answer gives none")
    func registersFromTheTerminal() {
        let xterm = TerminalReplies.parse(Array("\u{1B}[?1;0;1024S\u{1B}[?63;1;2;4;6;9;15;16;22;28c".utf8))
        #expect(xterm.colorRegisters == 1024 && xterm.sixel && xterm.answered)
        #expect(TerminalReplies.parse(Array("\u{1B}[?1;3S\u{1B}[?64;1;2c".utf8)).colorRegisters == nil)
        #expect(TerminalReplies.parse(Array("\u{1B}[?1;0;0S".utf8)).colorRegisters == nil)
        #expect(TerminalReplies.parse(Array("\u{1B}[?2;0;640;480S".utf8)).colorRegisters == nil)   // the geometry item
        #expect(TerminalReplies.parse(Array("\u{1B}[?63;4c".utf8)).colorRegisters == nil)
    }

    @Test("the writer uses the register count it is given")
    func writerRegisters() {
        var writer = PixelFrameWriter(graphics: .sixel, cellWidth: 8, cellHeight: 12)
        writer.colorRegisters = 4
        let grid = CellGrid(columns: 16, rows: 2, filledWith: Cell(" ", foreground: .white, background: .black))
        var image = PixelImage(width: 128, height: 24, filledWith: .black)
        for y in 0..<24 { for x in 0..<128 { image[x, y] = Color(red: UInt8(x * 2), green: UInt8(y * 10), blue: 40) } }
        let text = String(decoding: writer.frame(grid, image: image, imageRows: 2, colorMode: .truecolor, sendImage: true), as: UTF8.self)
        #expect(text.contains("#3;2;") && !text.contains("#4;2;"))
    }
}

@Suite struct NoColorPixelsTests {
    /// sRGB's encoding of linear light `y` as 0…255 (IEC 61966-2-1).
    static func encoded(_ y: Double) -> Int { Int(((y <= 0.0031308 ? 12.92 * y : 1.055 * pow(y, 1 / 2.4) - 0.055) * 255).rounded()) }

    @Test("with no color a sixel tile is gray, each pixel the gray of its luminance")
    func sixelGrays() {
        var writer = PixelFrameWriter(graphics: .sixel, cellWidth: 8, cellHeight: 12)
        let grid = CellGrid(columns: 16, rows: 2, filledWith: Cell(" ", foreground: .white, background: .black))
        var image = PixelImage(width: 128, height: 24, filledWith: Color.red)
        for y in 0..<24 { for x in 64..<128 { image[x, y] = Color.lime } }
        let bytes = writer.frame(grid, image: image, imageRows: 2, colorMode: .none, sendImage: true)
        let start = bytes.firstIndex(of: 0x50)!   // the DCS's 'P'
        let decoded = decodeSixel(Array(bytes[start...]), width: 128, height: 24)
        let red = decoded[0]!, green = decoded[100]!
        #expect(red.red == red.green && red.green == red.blue)
        #expect(green.red == green.green && green.green == green.blue)
        // Rec. 709 luminance: red 0.2126, green 0.7152, within the 1.3 of sixel's percent.
        #expect(abs(Int(red.red) - Self.encoded(0.2126)) <= 2)
        #expect(abs(Int(green.red) - Self.encoded(0.7152)) <= 2)
    }

    @Test("with no color a kitty tile's pixels are gray")
    func kittyGrays() {
        var writer = PixelFrameWriter(graphics: .kitty, cellWidth: 8, cellHeight: 12)
        let grid = CellGrid(columns: 16, rows: 2, filledWith: Cell(" ", foreground: .white, background: .black))
        let image = PixelImage(width: 128, height: 24, filledWith: Color(hex: 0xff8000))
        let colored = writer.frame(grid, image: image, imageRows: 2, colorMode: .truecolor, sendImage: true)
        writer.invalidate()
        let gray = writer.frame(grid, image: image, imageRows: 2, colorMode: .none, sendImage: true)
        #expect(gray != colored)
        // The same tile as a gray picture, encoded directly, is what the writer sent.
        let expected = KittyGraphicsEncoder.encode(PixelImage(width: 128, height: 12, filledWith: Color(hex: 0xff8000).luminanceGray), id: 1)
        #expect(String(decoding: gray, as: UTF8.self).contains(String(decoding: expected, as: UTF8.self)))
    }

    @Test("luminance grays: white and black stay, a gray stays itself, orange becomes its luminance")
    func luminanceGray() {
        #expect(Color.white.luminanceGray == .white)
        #expect(Color.black.luminanceGray == .black)
        #expect(Color.gray.luminanceGray == .gray)
        // #ff8000: 0.2126 + 0.7152 · linear(128/255).
        let g = 0.2126 + 0.7152 * pow((128.0 / 255 + 0.055) / 1.055, 2.4)
        #expect(Int(Color(hex: 0xff8000).luminanceGray.red) == Self.encoded(g))
    }
}
