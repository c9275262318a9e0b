// DisplayReport: how the terminal is drawn and why, as the help box (`?`) says it.
//
// Three lines: the graphics mode ("graphics: sixel (the terminal's DA1 lists sixel)"), the glyph
// set ("glyphs: quadrant (TERM=xterm draws block elements from its font; ...)") and the colors
// ("colors: 256 (TERM=xterm-256color)"). The command that opens the terminal knows the reasons
// (flags, environment, the terminal's answers) and hands them in; the color mode itself is only
// known once the terminal has started, so its line is completed from the driver's `colorMode`.
import TerminalUI

public struct DisplayReport: Sendable {
    public var graphics: GraphicsChoice
    public var glyphs: GlyphChoice
    /// What set the colors: "TERM=xterm-256color", "NO_COLOR is set", "COLORTERM=truecolor".
    public var colorSource: String

    public init(graphics: GraphicsChoice, glyphs: GlyphChoice, colorSource: String) {
        self.graphics = graphics; self.glyphs = glyphs; self.colorSource = colorSource
    }

    /// What set the colors, from the environment: NO_COLOR first, then COLORTERM, then TERM.
    public static func colorSource(_ capabilities: TerminalCapabilities) -> String {
        if capabilities.forbidsColor { return "NO_COLOR is set" }
        if capabilities.announcesTruecolor { return "COLORTERM=\(capabilities.environment["COLORTERM"] ?? "")" }
        return "TERM=\(capabilities.environment["TERM"] ?? "")"
    }

    /// The lines for the help box, with the color mode the terminal ended up in.
    public func lines(colorMode: ColorMode) -> [String] {
        var why = colorSource
        if why.hasPrefix("COLORTERM="), colorMode != .truecolor {
            // The terminal takes 24-bit color, but ncurses sends what the terminfo entry has.
            why += ", but the terminfo entry has \(Self.name(colorMode)) colors and no -direct sibling"
        }
        return ["graphics: \(graphics)", "glyphs: \(glyphs)", "colors: \(Self.name(colorMode)) (\(why))"]
    }

    static func name(_ mode: ColorMode) -> String {
        switch mode {
        case .truecolor: "24-bit"
        case .palette256: "256"
        case .palette16: "16"
        case .basic8: "8"
        case .none: "none"
        }
    }
}
