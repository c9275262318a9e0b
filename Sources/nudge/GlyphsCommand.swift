// GlyphsCommand: `nudge glyphs` draws the same ball and rod in every glyph set, side by side,
// in the user's own terminal, so they can see which sets their font and terminal draw.
//
// `--glyphs auto` can only guess from the environment (TerminalCapabilities); the font is what
// decides, and no program can ask it. So this prints each set's picture with its name and the
// flag that chooses it, and says what `auto` picks here and why: a set whose ball shows boxes,
// gaps or question marks is one the font lacks. The picture is a Canvas rendered exactly as the
// playground renders cells (8×16 pt per cell), written as plain lines with SGR colors for the
// color mode the environment allows (NO_COLOR: none), so it also works piped into a file.
import ArgumentParser
import CursesTerminal
import Foundation
import Geometry
import TerminalUI

struct GlyphsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glyphs",
        abstract: "Show a ball in every glyph set, to pick the finest your terminal draws (play --glyphs NAME).",
        discussion: """
            Each picture is named with the flag that chooses it. A set whose ball shows boxes, \
            gaps or question marks is missing from your font: pick a coarser one. The last line \
            says what --glyphs auto chooses in this terminal and why.
            """)

    @Option(help: ArgumentHelp("Columns to use (default: the terminal's width, else 80).", valueName: "n"))
    var columns: Int?

    /// Each picture's size in cells, and the gap after it.
    static let pictureColumns = 18, pictureRows = 4, gap = 2

    func validate() throws {
        if let columns, columns < 1 { throw ValidationError("--columns must be at least 1") }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let capabilities = TerminalCapabilities(environment: environment, probeWidths: LocaleProbe.probeWidths())
        let mode: ColorMode = capabilities.forbidsColor ? .none
            : capabilities.announcesTruecolor ? .truecolor
            : (environment["TERM"] ?? "").contains("256") ? .palette256 : .palette16
        let width = columns ?? Self.terminalColumns() ?? 80
        var out = "The same ball and rod in each glyph set. Pick the finest that looks whole and round,\n"
            + "with no boxes or gaps, and play with its flag (or set NUDGE_GLYPHS to its name).\n\n"
        let sets = GlyphSet.allCases
        let perLine = max(1, (width + Self.gap) / (Self.pictureColumns + Self.gap))
        for start in stride(from: 0, to: sets.count, by: perLine) {
            let group = Array(sets[start..<min(start + perLine, sets.count)])
            let grids = group.map { Self.picture($0).render(colorMode: mode) }
            for row in 0..<Self.pictureRows {
                out += grids.map { Self.line($0, row: row, mode: mode) }.joined(separator: String(repeating: " ", count: Self.gap))
                out += "\n"
            }
            out += group.map { Self.padded($0.rawValue) }.joined(separator: String(repeating: " ", count: Self.gap)) + "\n"
            out += group.map { Self.padded("--glyphs \($0.rawValue)") }.joined(separator: String(repeating: " ", count: Self.gap)) + "\n\n"
        }
        let auto = (try? capabilities.glyphChoice(requested: nil)) ?? capabilities.automaticGlyphChoice
        out += "Here nudge play chooses \(auto.set): \(auto.reason).\n"
        FileHandle.standardOutput.write(Data(out.utf8))
    }

    /// The picture every set draws: a 40 pt white ball hanging on a gray rod from the top left.
    /// White and gray on black, so that in 16 or 8 colors the blended edge cells stay grays
    /// and only the glyphs' shapes differ from set to set.
    static func picture(_ set: GlyphSet) -> Canvas {
        var canvas = Canvas(columns: pictureColumns, rows: pictureRows, glyphs: set)
        let ball = Point(80, 36)
        canvas.fill(.segment(from: Point(24, 4), to: ball, thickness: canvas.hairline, dotted: false), color: .lightGray)
        canvas.fill(.ellipse(center: ball, size: Size(40, 40), angle: 0), color: .white)
        return canvas
    }

    /// Row `row` of `grid` as text with SGR colors (none in `.none`), ending in SGR 0.
    static func line(_ grid: CellGrid, row: Int, mode: ColorMode) -> String {
        var text = ""
        var last: (Color, Color)?
        for column in 0..<grid.columns {
            let cell = grid[column, row]
            if cell.character == Cell.continuation { continue }
            if let last, last == (cell.foreground, cell.background) {
                text.unicodeScalars.append(cell.character)
                continue
            }
            last = (cell.foreground, cell.background)
            switch mode {
            case .none: break
            case .truecolor:
                let f = cell.foreground, b = cell.background
                text += "\u{1B}[38;2;\(f.red);\(f.green);\(f.blue);48;2;\(b.red);\(b.green);\(b.blue)m"
            case .palette256:
                let f = cell.foreground.paletteIndex(in: mode) ?? 7, b = cell.background.paletteIndex(in: mode) ?? 0
                text += "\u{1B}[38;5;\(f);48;5;\(b)m"
            case .palette16, .basic8:
                let f = cell.foreground.paletteIndex(in: mode) ?? 7, b = cell.background.paletteIndex(in: mode) ?? 0
                text += "\u{1B}[\(f < 8 ? 30 + f : 82 + f);\(b < 8 ? 40 + b : 92 + b)m"
            }
            text.unicodeScalars.append(cell.character)
        }
        return text + (mode == .none ? "" : "\u{1B}[0m")
    }

    static func padded(_ text: String) -> String {
        text.count >= pictureColumns ? text : text + String(repeating: " ", count: pictureColumns - text.count)
    }

    /// The terminal's width from TIOCGWINSZ on standard output, when it is a terminal.
    static func terminalColumns() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
