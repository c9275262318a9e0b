// HelpOverlay: the box `?` opens over the scene.
//
// It says, in this order: a scene's load errors in full (when the scene failed to load), the
// keys, and what the mouse does in this scene (its `gestures:`). Playing, it lists the keys that
// act while playing; in edit mode, edit mode's keys first and then those that act in both (the
// two lists together do not fit a 24-row terminal, and the keys of the other mode do nothing
// there), and the mouse drives the tool named in the status line. The keys come from KeyBinding's
// table, the same one the app acts on, so the overlay cannot promise a key that does something
// else. The box is centered over the play area, as wide as its longest line where the terminal
// allows; a line past its edge ends in "…". Last, how the terminal is drawn (DisplayReport: the
// graphics mode, glyph set and colors, each with why it was chosen), wrapped to the box. In pixel
// mode the box is opaque (CellGrid.makeOpaque), so the picture never shows between its words.
import SceneFormat
import Scenes
import TerminalUI

struct HelpOverlay {
    /// Every error of the scene's failed load, one string each, in full.
    var loadErrors: [String]
    /// The scene's gestures (none when no scene is playing).
    var gestures: [GestureDescription]
    var keys: [KeyBinding] = KeyBinding.playground
    /// Whether edit mode is on (its keys are listed, not the scene's gestures).
    var editing = false
    /// How the terminal is drawn and why (DisplayReport.lines), shown last.
    var display: [String] = []

    /// The overlay's text for a grid `columns` wide; header lines are the unindented ones.
    func lines(columns: Int) -> [String] {
        var lines: [String] = []
        if !loadErrors.isEmpty {
            // The scene's load errors in full, wrapped to the overlay.
            let count = loadErrors.count
            lines.append(count == 1 ? "This scene did not load:" : "This scene did not load (\(count) errors):")
            let width = max(columns - 8, 20)
            for error in loadErrors {
                for (k, piece) in Self.wrapped(error, width: width).enumerated() {
                    lines.append((k == 0 ? "  " : "    ") + piece)
                }
            }
        }
        if editing {
            lines += ["Keys in edit mode"] + Self.paired(KeyBinding.helpLines(keys.filter { $0.mode == .edit }))
            lines += ["Keys in both modes"] + Self.paired(KeyBinding.helpLines(keys.filter { $0.mode == .both }))
            lines += ["Mouse: the tool the status line names"]
            return lines + displayLines(columns: columns)
        }
        lines += ["Keys (e: edit mode; ? there lists its keys)"]
            + Self.paired(KeyBinding.helpLines(keys.filter { $0.mode != .edit }))
        lines += ["Mouse in this scene"]
        if gestures.isEmpty { lines.append("  (no gestures)") }
        for g in gestures {
            lines.append("  " + g.summary)
        }
        return lines + displayLines(columns: columns)
    }

    /// "This terminal" and the display report, each line wrapped to the box.
    func displayLines(columns: Int) -> [String] {
        guard !display.isEmpty else { return [] }
        let width = max(columns - 8, 20)
        var lines = ["This terminal"]
        for line in display {
            for (k, piece) in Self.wrapped(line, width: width).enumerated() { lines.append((k == 0 ? "  " : "    ") + piece) }
        }
        return lines
    }

    /// Draws the box over `grid`, above its status row; `opaque` (pixel mode) makes its blanks
    /// hide the picture.
    func draw(into grid: inout CellGrid, opaque: Bool = false) {
        let lines = lines(columns: grid.columns)
        let width = min((lines.map(\.terminalColumns).max() ?? 0) + 4, grid.columns)
        let height = min(lines.count + 2, max(grid.rows - 1, 0))
        let left = max((grid.columns - width) / 2, 0), top = max((grid.rows - 1 - height) / 2, 0)
        let bg = Color.panelBackground
        grid.fill(Cell.blank(bg), columns: left..<(left + width), rows: top..<(top + height))
        for (i, line) in lines.prefix(max(height - 2, 0)).enumerated() {
            grid.write(line.fitted(toColumns: max(width - 4, 0)), column: left + 2, row: top + 1 + i,
                       foreground: .white, background: bg, bold: !line.hasPrefix(" "))
        }
        if opaque { grid.makeOpaque(columns: left..<(left + width), rows: top..<(top + height)) }
    }

    /// Key lines two to a line where both are short (at most 38 columns), so the box fits a
    /// 24-row terminal; a long line keeps a line of its own.
    static func paired(_ lines: [String]) -> [String] {
        var out: [String] = []
        var k = 0
        while k < lines.count {
            let left = lines[k]
            if k + 1 < lines.count, left.terminalColumns <= 38, lines[k + 1].terminalColumns <= 38 {
                out.append(left + String(repeating: " ", count: 38 - left.terminalColumns) + lines[k + 1].dropFirst(2))
                k += 2
            } else {
                out.append(left)
                k += 1
            }
        }
        return out
    }

    /// `text` in lines of at most `width` characters, broken at spaces where it can be.
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var rest = Substring(text)
        while rest.count > width {
            let window = rest.prefix(width + 1)
            let cut = window.lastIndex(of: " ").map { rest.distance(from: rest.startIndex, to: $0) } ?? width
            let split = cut > 0 ? cut : width
            lines.append(String(rest.prefix(split)))
            rest = rest.dropFirst(split).drop { $0 == " " }
        }
        if !rest.isEmpty || lines.isEmpty { lines.append(String(rest)) }
        return lines
    }
}
