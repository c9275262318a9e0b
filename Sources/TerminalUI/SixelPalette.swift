// SixelPalette: the color registers of one sixel picture, chosen for that picture.
//
// A sixel terminal shows a picture through a limited number of color registers (xterm in VT340
// mode and mlterm answer 1024 to XTSMGRAPHICS; xterm's own default resource is lower; a real
// VT340 had 16). A fixed palette (a 6×6×6 cube) shifts every color that is not on it (orange
// #ff8000 showed as #ff9900, gray and light gray became one) and bands gradients. So each
// picture gets its own palette:
// - When the picture has no more distinct colors than there are registers, each color gets a
//   register of its own and is shown exactly (sixel gives register colors in whole percent, so
//   within 1.3 of 255 per channel).
// - Otherwise the two colors at the ends of the colors' longest axis keep registers of their
//   own (box means fall inside a picture's range, and no mix of them reaches a ramp's ends),
//   and the other colors are reduced by median cut: the box of colors with the widest spread
//   (channel range weighted by the square root of its pixel count, so large areas get their
//   colors first) is cut at the pixel-weighted median of its longest channel, until there are as
//   many boxes as registers; a register shows its box's pixel-weighted mean. The pixels are then
//   dithered by error diffusion (Floyd–Steinberg: 7/16 right, 3/16, 5/16, 1/16 on the row
//   below), so a gradient becomes a fine mix of neighbouring registers whose local mean follows
//   the original, never a staircase of flat bands. The nearest register of a color is cached
//   per 5-bit-per-channel cell of color space; the error the choice makes is diffused, so the
//   cache's coarseness does not build up.
// Pictures are small (one tile of a frame, a few thousand pixels), so the work is per tile and
// a run of equal pixels costs one comparison each.

public struct SixelPalette: Sendable {
    /// The color of each register, 0..<colors.count.
    public var colors: [Color]
    /// Each pixel's register, row-major over the picture.
    public var registers: [UInt16]
    /// Whether every pixel's color has a register of its own (no dithering).
    public var isExact: Bool

    /// The registers of the `width` × `height` pixels of `image` from (`x`, `y`), at most
    /// `registerCount` of them (clamped to 2...4096).
    public init(_ image: PixelImage, x: Int, y: Int, width: Int, height: Int, registerCount: Int) {
        let limit = min(max(registerCount, 2), 4096)
        var index: [Color: Int] = [:]
        var counts: [Int] = []
        var distinct: [Color] = []
        var registers = [UInt16](repeating: 0, count: width * height)
        var last: Color? = nil, lastIndex = 0
        var overflow = false
        // A direct-mapped cache of recent colors in front of the dictionary (hashing every
        // pixel of a picture costs more than the rest of the encoding).
        var slotKey = [UInt32](repeating: .max, count: 1024), slotIndex = [Int](repeating: 0, count: 1024)
        for j in 0..<height {
            for i in 0..<width {
                let c = image[x + i, y + j]
                if c != last {
                    let key = UInt32(c.red) << 16 | UInt32(c.green) << 8 | UInt32(c.blue)
                    let slot = Int((key &* 2_654_435_761) >> 22)
                    if slotKey[slot] == key {
                        lastIndex = slotIndex[slot]
                    } else {
                        if let k = index[c] {
                            lastIndex = k
                        } else {
                            lastIndex = distinct.count
                            index[c] = lastIndex
                            distinct.append(c); counts.append(0)
                            if distinct.count > limit { overflow = true }
                        }
                        slotKey[slot] = key; slotIndex[slot] = lastIndex
                    }
                    last = c
                }
                counts[lastIndex] += 1
                registers[j * width + i] = UInt16(truncatingIfNeeded: lastIndex)   // used only when exact
            }
        }
        if !overflow {
            self.colors = distinct; self.registers = registers; self.isExact = true
            return
        }
        // The two colors at the ends of the longest axis keep registers of their own, so the
        // palette spans the picture's whole range (box means alone fall short of the ends, and
        // no mix of them can reach a ramp's darkest or brightest part).
        let all = SixelPalette.box(Array(distinct.indices), distinct, counts)
        let span = all.high &- all.low
        let axis = span.x >= span.y && span.x >= span.z ? 0 : (span.y >= span.z ? 1 : 2)
        func value(_ c: Color) -> Int { axis == 0 ? Int(c.red) : axis == 1 ? Int(c.green) : Int(c.blue) }
        let lowEnd = distinct.indices.min { value(distinct[$0]) < value(distinct[$1]) }!
        let highEnd = distinct.indices.max { value(distinct[$0]) < value(distinct[$1]) }!
        let rest = distinct.indices.filter { $0 != lowEnd && $0 != highEnd }
        let palette = limit < 4 ? SixelPalette.medianCut(distinct, counts: counts, boxes: limit)
            : [distinct[lowEnd], distinct[highEnd]]
                + SixelPalette.medianCut(rest.map { distinct[$0] }, counts: rest.map { counts[$0] }, boxes: limit - 2)
        self.colors = palette
        self.registers = SixelPalette.diffuse(image, x: x, y: y, width: width, height: height, palette: palette)
        self.isExact = false
    }

    // MARK: Median cut

    fileprivate struct Box {
        var entries: [Int]
        var pixels: Int
        var low: SIMD3<Int>, high: SIMD3<Int>
        var spread: Double {
            let r = high &- low
            return Double(max(r.x, r.y, r.z)) * Double(pixels).squareRoot()
        }
    }

    fileprivate static func box(_ entries: [Int], _ colors: [Color], _ counts: [Int]) -> Box {
        var low = SIMD3(255, 255, 255), high = SIMD3(0, 0, 0), pixels = 0
        for e in entries {
            let c = colors[e]
            let v = SIMD3(Int(c.red), Int(c.green), Int(c.blue))
            low = pointwiseMin(low, v); high = pointwiseMax(high, v)
            pixels += counts[e]
        }
        return Box(entries: entries, pixels: pixels, low: low, high: high)
    }

    /// At most `boxes` colors standing for `colors` (each seen `counts` times).
    static func medianCut(_ colors: [Color], counts: [Int], boxes: Int) -> [Color] {
        var list = [box(Array(colors.indices), colors, counts)]
        while list.count < boxes {
            guard let k = list.indices.filter({ list[$0].entries.count > 1 }).max(by: { list[$0].spread < list[$1].spread })
            else { break }
            let b = list[k]
            let r = b.high &- b.low
            let axis = r.x >= r.y && r.x >= r.z ? 0 : (r.y >= r.z ? 1 : 2)
            func value(_ e: Int) -> Int {
                let c = colors[e]
                return axis == 0 ? Int(c.red) : axis == 1 ? Int(c.green) : Int(c.blue)
            }
            let sorted = b.entries.sorted { value($0) < value($1) }
            // The pixel-weighted median, kept off both ends so each half has a color.
            var seen = 0, cut = 1
            for (n, e) in sorted.enumerated() {
                seen += counts[e]
                if seen * 2 >= b.pixels { cut = n + 1; break }
            }
            cut = min(max(cut, 1), sorted.count - 1)
            list[k] = box(Array(sorted[..<cut]), colors, counts)
            list.append(box(Array(sorted[cut...]), colors, counts))
        }
        return list.map { b in
            var sum = SIMD3<Double>(repeating: 0), n = 0.0
            for e in b.entries {
                let c = colors[e], w = Double(counts[e])
                sum += SIMD3(Double(c.red), Double(c.green), Double(c.blue)) * w; n += w
            }
            let m = n > 0 ? sum / n : SIMD3(repeating: 0)
            return Color(red: UInt8(m.x.rounded()), green: UInt8(m.y.rounded()), blue: UInt8(m.z.rounded()))
        }
    }

    // MARK: Error diffusion

    /// Each pixel's register, its error spread Floyd–Steinberg to the pixels not yet chosen.
    static func diffuse(_ image: PixelImage, x: Int, y: Int, width: Int, height: Int, palette: [Color]) -> [UInt16] {
        let entries = palette.map { SIMD3(Float($0.red), Float($0.green), Float($0.blue)) }
        var cache = [Int16](repeating: -1, count: 1 << 15)
        func nearest(_ v: SIMD3<Float>) -> Int {
            let q = SIMD3<Int>(Int(v.x) >> 3, Int(v.y) >> 3, Int(v.z) >> 3)
            let key = q.x << 10 | q.y << 5 | q.z
            if cache[key] >= 0 { return Int(cache[key]) }
            var best = 0, bestDistance = Float.infinity
            for (k, e) in entries.enumerated() {
                let d = e - v, dd = (d * d).sum()
                if dd < bestDistance { bestDistance = dd; best = k }
            }
            cache[key] = Int16(best)
            return best
        }
        var out = [UInt16](repeating: 0, count: width * height)
        // Errors owed to this row and the next, one pixel of margin each side.
        var current = [SIMD3<Float>](repeating: .zero, count: width + 2)
        var next = current
        for j in 0..<height {
            for i in 0..<width {
                let c = image[x + i, y + j]
                let wanted = SIMD3(Float(c.red), Float(c.green), Float(c.blue)) + current[i + 1]
                let v = wanted.clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 255))
                let k = nearest(v)
                out[j * width + i] = UInt16(k)
                let error = v - entries[k]
                current[i + 2] += error * (7 / 16)
                next[i] += error * (3 / 16)
                next[i + 1] += error * (5 / 16)
                next[i + 2] += error * (1 / 16)
            }
            swap(&current, &next)
            for i in next.indices { next[i] = .zero }
        }
        return out
    }
}
