// SixelEncoder: part of a PixelImage as DEC sixel bytes.
//
// Sixel draws six pixel rows at a time ("a band"): a character 0x3F + bits says which of the six
// are painted in the current color (bit 0 the top), `!n` repeats a character n times, `$` goes
// back to the band's start for the next color and `-` down to the next band. Colors are numbered
// registers defined as `#n;2;r;g;b` in percent. The registers are the picture's own
// (SixelPalette): every color exactly while the picture has no more colors than the terminal
// has registers (XTSMGRAPHICS tells how many; 256 when it does not say), a median-cut palette
// with error diffusion beyond. Within a band each register's row starts at its first painted
// column (a run of empty sixels `?` before it) and stops after its last one. The image starts
// with DCS P1=0;P2=1 q (pixels the image does not paint stay as they are) and raster attributes
// "1;1;width;height, so a terminal knows the tile's size at once, and ends with ST.

public enum SixelEncoder {
    /// Registers assumed when the terminal does not say (xterm's VT340 mode and mlterm answer
    /// 1024; 256 is what most sixel terminals keep).
    public static let defaultRegisters = 256

    /// The sixel bytes of the `width` × `height` pixels of `image` from (`x`, `y`), clipped to it,
    /// using at most `registers` color registers.
    public static func encode(_ image: PixelImage, x: Int = 0, y: Int = 0, width: Int? = nil, height: Int? = nil,
                              registers: Int = defaultRegisters) -> [UInt8] {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(image.width, x + (width ?? image.width)), y1 = min(image.height, y + (height ?? image.height))
        guard x0 < x1, y0 < y1 else { return [] }
        let w = x1 - x0, h = y1 - y0
        let palette = SixelPalette(image, x: x0, y: y0, width: w, height: h, registerCount: registers)
        var out = SixelBytes(capacity: w * h / 2)
        func percent(_ v: UInt8) -> Int { (Int(v) * 100 + 127) / 255 }
        out.append("\u{1B}P0;1q\"1;1;\(w);\(h)")
        for (r, c) in palette.colors.enumerated() {
            out.append("#\(r);2;\(percent(c.red));\(percent(c.green));\(percent(c.blue))")
        }
        var bands = SixelBands(registers: palette.colors.count, width: w)
        var band = 0
        while band * 6 < h {
            bands.write(band: band, of: palette.registers, height: h, into: &out)
            band += 1
        }
        out.append("\u{1B}\\")
        return out.bytes
    }
}

/// The bytes being written, with the appends the encoder needs.
struct SixelBytes {
    var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func append(_ s: String) { bytes.append(contentsOf: s.utf8) }
    mutating func append(_ byte: UInt8) { bytes.append(byte) }

    /// `prefix` and the decimal digits of `n` (≥ 0), without building a string.
    mutating func append(_ prefix: UInt8, _ n: Int) {
        bytes.append(prefix)
        var divisor = 1
        while divisor * 10 <= n { divisor *= 10 }
        var rest = n
        while divisor > 0 { bytes.append(UInt8(48 + rest / divisor)); rest %= divisor; divisor /= 10 }
    }
}

/// Per register: its sixels across the band (one pass over the band's pixels sets the bits),
/// and the first and last column it paints (first > last: none), reused from band to band.
struct SixelBands {
    let width: Int
    var planes: [UInt8]
    var first: [Int], last: [Int]
    var used: [Int] = []

    init(registers count: Int, width: Int) {
        self.width = width
        planes = [UInt8](repeating: 0, count: count * width)
        first = [Int](repeating: Int.max, count: count)
        last = [Int](repeating: -1, count: count)
    }

    /// Band `band` of the `width`-wide register image `pixels`: each register used in it, in
    /// register order, from its first painted column to its last, then `-`.
    mutating func write(band: Int, of pixels: [UInt16], height h: Int, into out: inout SixelBytes) {
        let w = width
        let top = band * 6, rowsInBand = min(6, h - top)
        used.removeAll(keepingCapacity: true)
        for j in 0..<rowsInBand {
            let row = (top + j) * w, bit = UInt8(1) << UInt8(j)
            for i in 0..<w {
                let r = Int(pixels[row + i])
                if last[r] < 0 { used.append(r) }
                if i < first[r] { first[r] = i }
                if i > last[r] { last[r] = i }
                planes[r * w + i] |= bit
            }
        }
        used.sort()
        for (n, r) in used.enumerated() {
            if n > 0 { out.append(UInt8(ascii: "$")) }
            writeRow(of: r, into: &out)
        }
        out.append(UInt8(ascii: "-"))
    }

    /// Register `r`'s row of the band, run-length coded (`!n c` for runs of four or more), and
    /// its plane cleared for the next band.
    private mutating func writeRow(of r: Int, into out: inout SixelBytes) {
        let from = first[r], to = last[r], base = r * width
        out.append(UInt8(ascii: "#"), r)
        if from >= 4 { out.append(UInt8(ascii: "!"), from); out.append(0x3F) } else { for _ in 0..<from { out.append(0x3F) } }
        var i = from
        while i <= to {
            let b = planes[base + i]
            var run = 1
            while i + run <= to && planes[base + i + run] == b { run += 1 }
            let ch = 0x3F + b
            if run >= 4 { out.append(UInt8(ascii: "!"), run); out.append(ch) } else { for _ in 0..<run { out.append(ch) } }
            i += run
        }
        for k in from...to { planes[base + k] = 0 }
        first[r] = Int.max; last[r] = -1
    }
}
