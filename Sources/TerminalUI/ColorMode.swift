// ColorMode: how many colors the terminal can show, from best to worst.
//
// The driver learns it from the terminal (ncurses' COLORS); everything above the driver works in
// 24-bit `Color` and asks `Color.degraded(to:)` / `Color.paletteIndex(in:)` only at the edge, so a
// scene looks the same everywhere except for how finely its colors are told apart.

public enum ColorMode: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Best first: truecolor, palette256, palette16, basic8, none.
    public var rank: Int {
        switch self { case .none: 0; case .basic8: 1; case .palette16: 2; case .palette256: 3; case .truecolor: 4 }
    }

    /// 24-bit RGB (the `*-direct` terminfo entries: COLORS ≥ 2^24).
    case truecolor
    /// The xterm 256-color palette: a 6×6×6 cube (16...231) and a 24-step gray ramp (232...255).
    case palette256
    /// The eight ANSI colors and their bright variants (0...15).
    case palette16
    /// The eight basic ANSI colors (0 black ... 7 white).
    case basic8
    /// No color at all: shapes are told apart from the background by glyph shape only.
    case none

    /// The mode for a terminal that reports `colors` colors (ncurses' COLORS).
    public init(colorCount colors: Int) {
        if colors >= 1 << 24 { self = .truecolor }
        else if colors >= 256 { self = .palette256 }
        else if colors >= 16 { self = .palette16 }
        else if colors >= 8 { self = .basic8 }
        else { self = .none }
    }

    public var description: String { rawValue }
}
