// Color: an opaque 24-bit RGB color, the one color type above the terminal driver.
//
// Scenes name colors ("green", "#33aa55"); shapes are drawn in full RGB with alpha blended toward
// what lies beneath; only when a frame goes to the terminal is each color degraded to what the
// terminal can show, by how it looks (OKLab, a perceptual color space), not by RGB distance:
// - 256 colors: the nearest cube entry (per channel, since the cube is a product of levels) or
//   the nearest gray of the ramp, whichever is closer in OKLab. The 16 "system" colors are
//   skipped because users re-theme them.
// - 16 and 8 colors: a color of little chroma (a gray, however tinted) becomes the palette's
//   gray nearest in lightness: black, bright black, white or bright white (black or white in 8
//   colors); any other color becomes the chromatic entry nearest in hue and chroma, lightness
//   counting half, so hues keep their hue. RGB distance had sent mid gray to yellow and orange
//   to yellow in 8 colors.

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

    /// The nearest entry of the cube (16...231) or gray ramp (232...255).
    var nearest256Index: Int {
        @inline(__always) func level(_ v: UInt8) -> Int {
            // Midpoints between the cube levels 0, 95, 135, 175, 215, 255.
            let v = Int(v)
            if v < 48 { return 0 }
            if v < 115 { return 1 }
            return min(5, (v - 35) / 40)
        }
        let r = level(red), g = level(green), b = level(blue)
        let cube = Color(red: UInt8(Color.cubeLevels[r]), green: UInt8(Color.cubeLevels[g]), blue: UInt8(Color.cubeLevels[b]))
        let mean = (Int(red) + Int(green) + Int(blue) + 1) / 3
        let k = max(0, min(23, Int(((Double(mean) - 8) / 10).rounded())))
        let grayValue = UInt8(8 + 10 * k)
        let gray = Color(red: grayValue, green: grayValue, blue: grayValue)
        let cubeIndex = 16 + 36 * r + 6 * g + b
        if cube == self { return cubeIndex }
        let lab = oklab
        return lab.squaredDistance(to: gray.oklab) < lab.squaredDistance(to: cube.oklab) ? 232 + k : cubeIndex
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
        let chromatic = (0..<count).filter { !grays.contains($0) }
        func distance(_ i: Int) -> Double {
            let e = Color.ansiLab[i]
            let dl = (e.l - lab.l) * 0.5, da = e.a - lab.a, db = e.b - lab.b
            return dl * dl + da * da + db * db
        }
        return chromatic.min { distance($0) < distance($1) }!
    }

    /// OKLab of xterm's 16 ANSI colors.
    static let ansiLab: [OKLab] = (0..<16).map { Color.xterm256($0).oklab }

    /// This color in OKLab (Björn Ottosson's perceptual space: L lightness 0…1, a and b opponent axes).
    public var oklab: OKLab {
        func linear(_ v: UInt8) -> Double {
            let c = Double(v) / 255
            return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055).pow(2.4)
        }
        let r = linear(red), g = linear(green), b = linear(blue)
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
