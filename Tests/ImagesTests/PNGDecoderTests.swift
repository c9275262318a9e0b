// PNGDecoder against hand-made PNG files: exact pixels for bytes whose content the test itself
// spells out, encoder round trips, and every kind of bad input turning into an ImageError.
import Foundation
import Testing
@testable import Images

/// PNG files written byte by byte (by a few lines of Python's zlib + struct, not by this
/// project's encoder), so the expected pixels below are the ones put into the files.
enum KnownPNG {
    /// 2×2, 8-bit RGBA: red, green / blue, (10, 20, 30) at alpha 128.
    static let rgba2x2: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x08, 0x06, 0x00, 0x00, 0x00, 0x72, 0xB6, 0x0D,
        0x24, 0x00, 0x00, 0x00, 0x15, 0x49, 0x44, 0x41, 0x54, 0x78, 0xDA, 0x63, 0xF8, 0xCF, 0xC0, 0xF0,
        0x1F, 0x0C, 0x81, 0xF4, 0x7F, 0x2E, 0x11, 0xB9, 0x06, 0x00, 0x40, 0xF2, 0x06, 0xB7, 0xAA, 0x5F,
        0x28, 0x80, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
    /// 3×1, 8-bit RGB (no alpha channel): yellow, cyan, gray 128.
    static let rgb3x1: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x94, 0x82, 0x83,
        0xE3, 0x00, 0x00, 0x00, 0x12, 0x49, 0x44, 0x41, 0x54, 0x78, 0xDA, 0x63, 0xF8, 0xFF, 0x9F, 0x81,
        0xE1, 0xFF, 0xFF, 0x86, 0x86, 0x06, 0x00, 0x1C, 0xF0, 0x05, 0x7D, 0xAB, 0xBB, 0x3D, 0x01, 0x00,
        0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
}

/// CRC-32 as PNG chunks use it (ISO 3309 polynomial, reflected), for patching headers.
func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

/// `png` with its IHDR width and height replaced (and the chunk's CRC fixed), so only the
/// size is wrong.
func withHeaderSize(_ png: [UInt8], width: UInt32, height: UInt32) -> [UInt8] {
    var bytes = png
    // Signature (8), length (4), "IHDR" (4), then width and height, big-endian.
    for (i, value) in [width, height].enumerated() {
        for b in 0..<4 { bytes[16 + 4 * i + b] = UInt8(truncatingIfNeeded: value >> (24 - 8 * b)) }
    }
    let crc = crc32(bytes[12..<29])  // "IHDR" + its 13 data bytes
    for b in 0..<4 { bytes[29 + b] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * b)) }
    return bytes
}

/// `png` with every chunk's CRC recomputed (as far as the chunk lengths stay inside the file), so
/// a bit flip inside chunk data reaches libpng's inflate and filter code instead of its CRC check.
func withFixedCRCs(_ png: [UInt8]) -> [UInt8] {
    var bytes = png
    var at = 8
    while at + 12 <= bytes.count {
        let length = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
        guard length <= bytes.count - at - 12 else { break }
        let crc = crc32(bytes[(at + 4)..<(at + 8 + length)])
        for b in 0..<4 { bytes[at + 8 + length + b] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * b)) }
        at += 12 + length
    }
    return bytes
}

@Suite("PNG decoding")
struct PNGDecoderTests {
    typealias Pixel = Bitmap.Pixel

    @Test("an RGBA file decodes to exactly its pixels, rows top to bottom")
    func exactRGBA() throws {
        let bitmap = try PNGDecoder().decode(KnownPNG.rgba2x2)
        #expect(bitmap.width == 2 && bitmap.height == 2)
        #expect(bitmap[0, 0] == Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(bitmap[1, 0] == Pixel(red: 0, green: 255, blue: 0, alpha: 255))
        #expect(bitmap[0, 1] == Pixel(red: 0, green: 0, blue: 255, alpha: 255))
        #expect(bitmap[1, 1] == Pixel(red: 10, green: 20, blue: 30, alpha: 128))
    }

    @Test("an RGB file without alpha decodes as opaque")
    func rgbIsOpaque() throws {
        let bitmap = try PNGDecoder().decode(Data(KnownPNG.rgb3x1))
        #expect(bitmap.width == 3 && bitmap.height == 1)
        #expect(bitmap.pixels == [
            Pixel(red: 255, green: 255, blue: 0), Pixel(red: 0, green: 255, blue: 255), Pixel(red: 128, green: 128, blue: 128),
        ])
    }

    @Test("encode then decode gives back every pixel, alpha included")
    func roundTrip() throws {
        let width = 7, height = 5
        var pixels: [Pixel] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels.append(Pixel(red: UInt8(x * 36), green: UInt8(y * 60), blue: UInt8((x * y * 13) % 256), alpha: UInt8(255 - x * y * 8)))
            }
        }
        let original = Bitmap(width: width, height: height, pixels: pixels)
        let bytes = try PNGEncoder().encode(original)
        #expect(Array(bytes.prefix(8)) == PNGDecoder.signature)
        #expect(try PNGDecoder().decode(bytes) == original)
    }

    @Test("a file on disk decodes; its path appears in errors")
    func files() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("good.png").path
        let bitmap = Bitmap(width: 3, height: 2, filledWith: Pixel(red: 1, green: 2, blue: 3, alpha: 4))
        try PNGEncoder().write(bitmap, to: good)
        #expect(try PNGDecoder().decode(contentsOf: good) == bitmap)

        let missing = folder.appendingPathComponent("missing.png").path
        #expect { try PNGDecoder().decode(contentsOf: missing) } throws: { error in
            let e = error as? ImageError
            return e?.file == missing && e?.message == "no such file"
        }
        #expect { try PNGDecoder().decode(contentsOf: folder.path) } throws: { error in
            (error as? ImageError)?.file == folder.path
        }
        let text = folder.appendingPathComponent("text.png").path
        try "hello, not a picture\n".write(toFile: text, atomically: true, encoding: .utf8)
        #expect { try PNGDecoder().decode(contentsOf: text) } throws: { error in
            let e = error as? ImageError
            return e?.file == text && e?.message.contains("not a PNG") == true
        }
    }

    @Test("empty, short and non-PNG bytes are 'not a PNG'")
    func notPNG() {
        for bytes: [UInt8] in [[], [0x89, 0x50], Array("GIF89a and more bytes".utf8)] {
            #expect(throws: ImageError.self) { try PNGDecoder().decode(bytes) }
        }
        #expect { try PNGDecoder().decode(Array("GIF89a and more bytes".utf8)) } throws: { error in
            (error as? ImageError)?.message.contains("not a PNG") == true
        }
    }

    @Test("a file cut short is an error, at every length")
    func truncated() {
        let png = KnownPNG.rgba2x2
        for length in 0..<png.count - 12 {  // the last 12 bytes are IEND, which the reader never needs
            #expect(throws: ImageError.self, "length \(length)") { try PNGDecoder().decode(Array(png.prefix(length))) }
        }
    }

    @Test("a zero width or height in the header is an error")
    func zeroSize() {
        for (w, h): (UInt32, UInt32) in [(0, 2), (2, 0), (0, 0)] {
            #expect(throws: ImageError.self) { try PNGDecoder().decode(withHeaderSize(KnownPNG.rgba2x2, width: w, height: h)) }
        }
    }

    @Test("images over 4096 pixels on a side are refused as too large; 4096 itself is fine")
    func tooLarge() throws {
        let wide = try PNGEncoder().encode(Bitmap(width: 4097, height: 1, filledWith: Pixel(red: 0, green: 0, blue: 0)))
        #expect { try PNGDecoder().decode(wide) } throws: { error in
            (error as? ImageError)?.message.contains("too large") == true
        }
        let edge = try PNGEncoder().encode(Bitmap(width: 1, height: 4096, filledWith: Pixel(red: 9, green: 9, blue: 9)))
        #expect(try PNGDecoder().decode(edge).height == 4096)
        // A header claiming a huge size is refused before anything that size is allocated.
        let claimed = withHeaderSize(KnownPNG.rgba2x2, width: 1_000_000, height: 1_000_000)
        #expect { try PNGDecoder().decode(claimed) } throws: { error in
            (error as? ImageError)?.message.contains("too large") == true
        }
    }

    @Test("200 truncated and bit-flipped variants of a valid file each throw or decode, never trap")
    func mangled() throws {
        // A picture with some structure, so the compressed stream is more than a few bytes.
        var pixels: [Pixel] = []
        for y in 0..<12 { for x in 0..<12 { pixels.append(Pixel(red: UInt8(x * 20), green: UInt8(y * 20), blue: UInt8((x ^ y) * 16), alpha: 200)) } }
        let valid = try PNGEncoder().encode(Bitmap(width: 12, height: 12, pixels: pixels))
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15  // a fixed seed: the same 200 variants every run
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var threw = 0, decoded = 0
        for variant in 0..<200 {
            var bytes = valid
            if variant % 4 == 0 {
                bytes = Array(bytes.prefix(next() % bytes.count))
            } else {
                for _ in 0..<(1 + variant % 3) {
                    let i = next() % bytes.count
                    bytes[i] ^= UInt8(1 << (next() % 8))
                }
                if variant % 4 == 1 { bytes = withFixedCRCs(bytes) }  // corrupt content, valid checksums
                if variant % 5 == 0 { bytes = Array(bytes.prefix(bytes.count - next() % 40)) }
            }
            do {
                let bitmap = try PNGDecoder().decode(bytes)
                #expect(bitmap.width > 0 && bitmap.width <= 4096 && bitmap.height > 0 && bitmap.height <= 4096)
                #expect(bitmap.pixels.count == bitmap.width * bitmap.height)
                decoded += 1
            } catch is ImageError {
                threw += 1
            }
        }
        #expect(threw + decoded == 200)
        #expect(threw > 0, "mangled files should mostly be rejected")
    }

    @Test("error descriptions read 'file: message'")
    func errorDescription() {
        #expect(ImageError(file: "a.png", message: "no such file").description == "a.png: no such file")
        #expect(ImageError(message: "too large").description == "too large")
    }
}
