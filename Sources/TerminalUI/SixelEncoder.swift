// SixelEncoder: part of a PixelImage as DEC sixel bytes.
//
// Sixel draws six pixel rows at a time ("a band"): a character 0x3F + bits says which of the six
// are painted in the current color (bit 0 the top), `!n` repeats a character n times, `$` goes
// back to the band's start for the next color and `-` down to the next band. Colors are numbered
// registers defined as `#n;2;r;g;b` in percent. Each pixel is quantized to a 6×6×6 cube of
// levels 0, 20, 40, 60, 80, 100 % (216 registers; xterm in VT340 mode and every sixel terminal
// measured here keep at least 256), and only the registers a tile uses are defined. The image
// starts with DCS P1=0;P2=1 q (pixels the image does not paint stay as they are) and raster
// attributes "1;1;width;height, so a terminal knows the tile's size at once, and ends with ST.

public enum SixelEncoder {
    /// The register of a color: 36·r + 6·g + b over six levels per channel.
    @inlinable static func register(_ c: Color) -> Int {
        @inline(__always) func level(_ v: UInt8) -> Int { (Int(v) * 5 + 127) / 255 }
        return 36 * level(c.red) + 6 * level(c.green) + level(c.blue)
    }

    /// The color a register shows.
    public static func color(ofRegister r: Int) -> Color {
        func value(_ level: Int) -> UInt8 { UInt8(level * 51) }
        return Color(red: value(r / 36), green: value((r / 6) % 6), blue: value(r % 6))
    }

    /// The sixel bytes of the `width` × `height` pixels of `image` from (`x`, `y`), clipped to it.
    public static func encode(_ image: PixelImage, x: Int = 0, y: Int = 0, width: Int? = nil, height: Int? = nil) -> [UInt8] {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(image.width, x + (width ?? image.width)), y1 = min(image.height, y + (height ?? image.height))
        guard x0 < x1, y0 < y1 else { return [] }
        let w = x1 - x0, h = y1 - y0
        var out: [UInt8] = []
        out.reserveCapacity(w * h / 2)
        func append(_ s: String) { out.append(contentsOf: s.utf8) }
        append("\u{1B}P0;1q\"1;1;\(w);\(h)")
        // Registers used, and each pixel's register.
        var registers = [Int](repeating: 0, count: w * h)
        var used = [Bool](repeating: false, count: 216)
        for j in 0..<h {
            for i in 0..<w {
                let r = register(image[x0 + i, y0 + j])
                registers[j * w + i] = r
                used[r] = true
            }
        }
        for r in 0..<216 where used[r] {
            let c = color(ofRegister: r)
            append("#\(r);2;\(Int(c.red) * 100 / 255);\(Int(c.green) * 100 / 255);\(Int(c.blue) * 100 / 255)")
        }
        var bits = [UInt8](repeating: 0, count: w)
        var inBand = [Bool](repeating: false, count: 216)
        var band = 0
        while band * 6 < h {
            let top = band * 6, rowsInBand = min(6, h - top)
            for r in 0..<216 { inBand[r] = false }
            for j in 0..<rowsInBand { for i in 0..<w { inBand[registers[(top + j) * w + i]] = true } }
            var firstColor = true
            for r in 0..<216 where inBand[r] {
                for i in 0..<w {
                    var b: UInt8 = 0
                    for j in 0..<rowsInBand where registers[(top + j) * w + i] == r { b |= 1 << UInt8(j) }
                    bits[i] = b
                }
                if !firstColor { out.append(UInt8(ascii: "$")) }
                firstColor = false
                append("#\(r)")
                // Run-length: !n c for runs of four or more, else the characters themselves.
                var i = 0
                while i < w {
                    var run = 1
                    while i + run < w && bits[i + run] == bits[i] { run += 1 }
                    let ch = 0x3F + bits[i]
                    if run >= 4 { append("!\(run)"); out.append(ch) } else { for _ in 0..<run { out.append(ch) } }
                    i += run
                }
            }
            out.append(UInt8(ascii: "-"))
            band += 1
        }
        append("\u{1B}\\")
        return out
    }
}
