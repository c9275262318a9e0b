// Color: an opaque 24-bit RGB color, the one color type above the terminal driver.
//
// Scenes name colors ("green", "#33aa55"); shapes are drawn in full RGB with alpha blended toward
// what lies beneath; only when a frame goes to the terminal is each color degraded to what the
// terminal can show, by how it looks (OKLab, a perceptual color space), not by RGB distance:
// - 256 colors: of the cube entries on the two levels around each channel and the two ramp
//   grays around the mean, the one nearest in OKLab with the hue difference counting three
//   times (ΔL² + ΔC² + 3ΔH²): plain OKLab distance, per channel, had turned browns into mauve
//   (135,95,95) or olive (135,95,0). The 16 "system" colors are skipped because users re-theme
//   them.
// - 16 and 8 colors: a color of little chroma (a gray, however tinted) becomes the palette's
//   gray nearest in lightness: black, bright black, white or bright white (black or white in 8
//   colors); any other color keeps its hue: the family (red, yellow, green, cyan, blue,
//   magenta) nearest in OKLab hue angle, in 16 colors its plain or bright entry by distance.
//   Olive and dim yellow stay yellow, brown and orange red or yellow. RGB distance had sent
//   mid gray to yellow; distance in OKLab with lightness counting had sent dark yellow to red.
// - Nothing visible is drawn in what it is drawn on: `degraded(to:apartFrom:)` gives a color
//   that would land on the same entry as its background (dark gray on black in 8 colors) the
//   next nearest entry instead.

import Foundation

public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    @inlinable public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red; self.green = green; self.blue = blue
    }

    /// A color from a 0xRRGGBB integer.
    public init(hex: UInt32) {
        self.init(red: UInt8((hex >> 16) & 0xff), green: UInt8((hex >> 8) & 0xff), blue: UInt8(hex & 0xff))
    }

    // MARK: Named colors (CSS values where CSS has the name)

    public static let black = Color(hex: 0x000000)
    public static let white = Color(hex: 0xffffff)
    public static let red = Color(hex: 0xff0000)
    public static let green = Color(hex: 0x00c000)
    public static let blue = Color(hex: 0x0000ff)
    public static let yellow = Color(hex: 0xffff00)
    public static let orange = Color(hex: 0xffa500)
    public static let purple = Color(hex: 0x800080)
    public static let cyan = Color(hex: 0x00ffff)
    public static let magenta = Color(hex: 0xff00ff)
    public static let gray = Color(hex: 0x808080)
    public static let darkGray = Color(hex: 0x404040)
    public static let lightGray = Color(hex: 0xc0c0c0)
    public static let brown = Color(hex: 0xa52a2a)
    public static let pink = Color(hex: 0xffc0cb)
    public static let teal = Color(hex: 0x008080)
    public static let navy = Color(hex: 0x000080)
    public static let lime = Color(hex: 0x00ff00)

    /// Every name `init(parsing:)` accepts (lower case; "grey" spellings are accepted too).
    public static let named: [(name: String, color: Color)] = [
        ("black", .black), ("white", .white), ("red", .red), ("green", .green), ("blue", .blue),
        ("yellow", .yellow), ("orange", .orange), ("purple", .purple), ("cyan", .cyan),
        ("magenta", .magenta), ("gray", .gray), ("darkgray", .darkGray), ("lightgray", .lightGray),
        ("brown", .brown), ("pink", .pink), ("teal", .teal), ("navy", .navy), ("lime", .lime),
    ]

    /// Parses a color name (case-insensitive, spaces, '-' and '_' ignored, "grey" = "gray") or
    /// "#rrggbb" / "#rgb".
    public init(parsing text: String) throws(ColorParseError) {
        let trimmed = text.trimmingSpaces
        if trimmed.hasPrefix("#") {
            let digits = Array(trimmed.dropFirst())
            guard digits.count == 6 || digits.count == 3, digits.allSatisfy(\.isHexDigit) else {
                throw ColorParseError(text: text, reason: "a hex color is \"#rrggbb\" (or \"#rgb\") with hex digits 0-9, a-f")
            }
            let values = digits.map { UInt8($0.hexDigitValue!) }
            if values.count == 6 {
                self.init(red: values[0] << 4 | values[1], green: values[2] << 4 | values[3], blue: values[4] << 4 | values[5])
            } else {
                self.init(red: values[0] * 17, green: values[1] * 17, blue: values[2] * 17)
            }
            return
        }
        let key = String(trimmed.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" })
            .replacingGrey
        guard let found = Color.named.first(where: { $0.name == key }) else {
            let names = Color.named.map(\.name).joined(separator: ", ")
            throw ColorParseError(text: text, reason: "expected a color name (\(names)) or \"#rrggbb\"")
        }
        self = found.color
    }

    /// "#rrggbb".
    public var hexString: String {
        func h(_ v: UInt8) -> String { let s = String(v, radix: 16); return s.count == 1 ? "0" + s : s }
        return "#" + h(red) + h(green) + h(blue)
    }

    public var description: String { hexString }

    // MARK: Blending

    /// This color laid over `background` with opacity `alpha` (clamped to 0...1):
    /// each channel is alpha·self + (1 − alpha)·background, rounded to nearest.
    @inlinable public func blended(over background: Color, alpha: Double) -> Color {
        if alpha >= 1 { return self }
        if !(alpha > 0) { return background }
        @inline(__always) func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8((alpha * Double(a) + (1 - alpha) * Double(b)).rounded())
        }
        return Color(red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue))
    }

    // MARK: Degrading to what the terminal shows

    /// The palette index the terminal should use in `mode`: 16...255 for `.palette256`, 0...7 for
    /// `.basic8`, nil for `.truecolor` (use RGB) and `.none` (no color).
    public func paletteIndex(in mode: ColorMode) -> Int? {
        switch mode {
        case .truecolor, .none: return nil
        case .palette256: return nearest256Index
        case .palette16: return nearestANSIIndex(count: 16)
        case .basic8: return nearestANSIIndex(count: 8)
        }
    }

    /// The color the terminal will actually show in `mode` (self for truecolor and none).
    public func degraded(to mode: ColorMode) -> Color {
        switch mode {
        case .truecolor, .none: return self
        case .palette256: return Color.xterm256(nearest256Index)
        case .palette16: return Color.xterm256(nearestANSIIndex(count: 16))
        case .basic8: return Color.basic8[nearestANSIIndex(count: 8)]
        }
    }

    /// The channel levels of the xterm 6×6×6 color cube.
    public static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The RGB value of xterm-256 palette entry `index` (16...255; 0...15 give the basic colors).
    public static func xterm256(_ index: Int) -> Color {
        precondition((0...255).contains(index), "xterm-256 index out of range: \(index)")
        if index < 8 { return basic8[index] }
        if index < 16 { return brightBasic8[index - 8] }
        if index >= 232 { let v = UInt8(8 + 10 * (index - 232)); return Color(red: v, green: v, blue: v) }
        let i = index - 16
        return Color(red: UInt8(cubeLevels[i / 36]), green: UInt8(cubeLevels[(i / 6) % 6]), blue: UInt8(cubeLevels[i % 6]))
    }

    /// xterm's default RGB values of ANSI colors 0...7: black, red, green, yellow, blue, magenta,
    /// cyan, white.
    public static let basic8: [Color] = [
        Color(hex: 0x000000), Color(hex: 0xcd0000), Color(hex: 0x00cd00), Color(hex: 0xcdcd00),
        Color(hex: 0x0000ee), Color(hex: 0xcd00cd), Color(hex: 0x00cdcd), Color(hex: 0xe5e5e5),
    ]
    static let brightBasic8: [Color] = [
        Color(hex: 0x7f7f7f), Color(hex: 0xff0000), Color(hex: 0x00ff00), Color(hex: 0xffff00),
        Color(hex: 0x5c5cff), Color(hex: 0xff00ff), Color(hex: 0x00ffff), Color(hex: 0xffffff),
    ]

    /// The nearest entry of the cube (16...231) or gray ramp (232...255) by the hue-weighted
    /// OKLab distance, among the cube entries on the two levels around each channel and the two
    /// grays around the channels' mean.
    var nearest256Index: Int {
        @inline(__always) func around(_ v: UInt8) -> (Int, Int) {
            let v = Int(v)
            var lo = 0
            while lo < 5 && Color.cubeLevels[lo + 1] <= v { lo += 1 }
            return (lo, Color.cubeLevels[lo] == v ? lo : lo + 1)
        }
        let r = around(red), g = around(green), b = around(blue)
        if r.0 == r.1 && g.0 == g.1 && b.0 == b.1 { return 16 + 36 * r.0 + 6 * g.0 + b.0 }   // on the cube
        let lab = oklab
        var best = 16, bestDistance = Double.infinity
        @inline(__always) func consider(_ index: Int) {
            let d = lab.hueWeightedDistance(to: Color.paletteLab[index])
            if d < bestDistance { bestDistance = d; best = index }
        }
        for ri in r.0...r.1 { for gi in g.0...g.1 { for bi in b.0...b.1 { consider(16 + 36 * ri + 6 * gi + bi) } } }
        let mean = Double(Int(red) + Int(green) + Int(blue)) / 3
        let k = max(0, min(23, Int(((mean - 8) / 10).rounded(.down))))
        consider(232 + k)
        consider(232 + min(23, k + 1))
        return best
    }

    /// The gray of the same relative luminance (Rec. 709 weights on linear light, encoded back
    /// to sRGB): what a picture shows with no color at all.
    public var luminanceGray: Color {
        let y = 0.2126 * Color.linearValues[Int(red)] + 0.7152 * Color.linearValues[Int(green)] + 0.0722 * Color.linearValues[Int(blue)]
        let e = y <= 0.0031308 ? 12.92 * y : 1.055 * y.pow(1 / 2.4) - 0.055
        let v = UInt8(max(0, min(255, (e * 255).rounded())))
        return Color(red: v, green: v, blue: v)
    }

    /// OKLab chroma below which a color counts as a gray in 16 and 8 colors (pure colors have
    /// 0.1–0.3; #808080 tinted by 10 in one channel has about 0.01).
    static let grayChroma = 0.035

    /// The nearest of the first `count` (8 or 16) ANSI colors by the rule at the top of the file.
    func nearestANSIIndex(count: Int) -> Int {
        let lab = oklab
        let grays = count == 16 ? [0, 8, 7, 15] : [0, 7]
        if lab.chroma < Color.grayChroma {
            return grays.min { abs(Color.ansiLab[$0].l - lab.l) < abs(Color.ansiLab[$1].l - lab.l) }!
        }
        // The hue family (red, green, yellow, blue, magenta, cyan) nearest in hue angle, then in
        // 16 colors the plain or bright one nearer in OKLab.
        let family = (1...6).min { OKLab.hueGap(Color.ansiLab[$0].hue, lab.hue) < OKLab.hueGap(Color.ansiLab[$1].hue, lab.hue) }!
        guard count == 16 else { return family }
        return lab.squaredDistance(to: Color.ansiLab[family + 8]) < lab.squaredDistance(to: Color.ansiLab[family]) ? family + 8 : family
    }

    /// OKLab distance above which two colors are told apart on screen: a color that far from
    /// the one it is drawn on is never shown as that one's own entry.
    static let visibleDifference = 0.2

    /// The color shown in `mode`, and never the same entry as `other`'s when the two differ
    /// visibly (dark gray on black is drawn bright black or white in 8 and 16 colors, not black):
    /// then the next nearest entry (a gray for a gray, by lightness; else by hue-weighted OKLab
    /// distance).
    public func degraded(to mode: ColorMode, apartFrom other: Color) -> Color {
        degraded(to: mode, apartFrom: other, shownAs: other.degraded(to: mode))
    }

    /// `degraded(to:apartFrom:)` when `other`'s own entry in `mode` is known already.
    public func degraded(to mode: ColorMode, apartFrom other: Color, shownAs otherShown: Color) -> Color {
        let mine = degraded(to: mode)
        guard mode == .palette256 || mode == .palette16 || mode == .basic8, mine == otherShown else { return mine }
        let lab = oklab
        guard lab.squaredDistance(to: other.oklab) > Color.visibleDifference * Color.visibleDifference else { return mine }
        let entries: [Int]
        switch mode {
        case .palette256: entries = Array(16...255)
        case .palette16: entries = lab.chroma < Color.grayChroma ? [0, 8, 7, 15] : Array(0..<16)
        default: entries = lab.chroma < Color.grayChroma ? [0, 7] : Array(0..<8)
        }
        let shown: [(Int, Color)] = entries.map { ($0, mode == .basic8 ? Color.basic8[$0] : Color.xterm256($0)) }.filter { $0.1 != mine }
        let gray = lab.chroma < Color.grayChroma && mode != .palette256
        let pick = shown.min { x, y in
            let a = Color.paletteLab[x.0], b = Color.paletteLab[y.0]
            return gray ? abs(a.l - lab.l) < abs(b.l - lab.l) : lab.hueWeightedDistance(to: a) < lab.hueWeightedDistance(to: b)
        }
        return pick?.1 ?? mine
    }

    /// OKLab of xterm's 16 ANSI colors.
    static let ansiLab: [OKLab] = (0..<16).map { Color.xterm256($0).oklab }
    /// OKLab of the 256 palette entries (0...7 as `basic8`, the rest as xterm shows them).
    static let paletteLab: [OKLab] = (0..<256).map { Color.xterm256($0).oklab }
    /// sRGB channel values in linear light.
    static let linearValues: [Double] = (0...255).map { v in
        let c = Double(v) / 255
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055).pow(2.4)
    }

    /// This color in OKLab (Björn Ottosson's perceptual space: L lightness 0…1, a and b opponent axes).
    public var oklab: OKLab {
        let r = Color.linearValues[Int(red)], g = Color.linearValues[Int(green)], b = Color.linearValues[Int(blue)]
        let l = (0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b).cubeRoot
        let m = (0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b).cubeRoot
        let s = (0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b).cubeRoot
        return OKLab(l: 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                     a: 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                     b: 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
    }

    /// Squared Euclidean distance in RGB.
    public func squaredDistance(to o: Color) -> Int {
        let dr = Int(red) - Int(o.red), dg = Int(green) - Int(o.green), db = Int(blue) - Int(o.blue)
        return dr * dr + dg * dg + db * db
    }
}

/// A color in OKLab.
public struct OKLab: Hashable, Sendable {
    public var l: Double, a: Double, b: Double
    public var chroma: Double { (a * a + b * b).squareRoot() }
    /// Hue angle in degrees, 0…360 (red about 29°, yellow about 110°).
    public var hue: Double { let h = atan2(b, a) * 180 / .pi; return h < 0 ? h + 360 : h }
    func squaredDistance(to o: OKLab) -> Double {
        let dl = l - o.l, da = a - o.a, db = b - o.b
        return dl * dl + da * da + db * db
    }
    /// Weight of the hue difference in `hueWeightedDistance`.
    static let hueWeight = 3.0
    /// ΔL² + ΔC² + 3·ΔH²: the squared OKLab distance with its hue part (ΔH² = Δa² + Δb² − ΔC²)
    /// counting three times, so a color keeps its hue before its exact lightness or chroma.
    func hueWeightedDistance(to o: OKLab) -> Double {
        let dl = l - o.l, da = a - o.a, db = b - o.b, dc = chroma - o.chroma
        let dh2 = max(0, da * da + db * db - dc * dc)
        return dl * dl + dc * dc + OKLab.hueWeight * dh2
    }
    /// The angle between two hues in degrees, 0…180.
    static func hueGap(_ x: Double, _ y: Double) -> Double {
        let d = abs(x - y).truncatingRemainder(dividingBy: 360)
        return d > 180 ? 360 - d : d
    }
}

extension Double {
    fileprivate func pow(_ e: Double) -> Double { Foundation.pow(self, e) }
    fileprivate var cubeRoot: Double { Foundation.cbrt(self) }
}

/// A color string that is neither a known name nor a hex color.
public struct ColorParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text that failed to parse.
    public var text: String
    /// What was expected instead.
    public var reason: String
    public var description: String { "invalid color \"\(text)\": \(reason)" }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
    fileprivate var replacingGrey: String {
        self == "grey" || self == "darkgrey" || self == "lightgrey" ? self.replacing("grey", with: "gray") : self
    }
}
