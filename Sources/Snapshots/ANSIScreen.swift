// ANSIScreen: the bytes a truecolor terminal is sent to show a grid, from a cleared screen.
//
// Row by row from the top-left (CSI H), each row's cells left to right; a color change is one
// SGR with 24-bit foreground and background (38;2 and 48;2), bold with 1 and 22; after the last
// row, SGR 0. `cat file.ans` in a truecolor terminal of the same size shows the screen again.
// Continuation cells of wide characters are skipped (the character before them covers them).
import TerminalUI

public enum ANSIScreen {
    public static func bytes(for grid: CellGrid) -> [UInt8] {
        var out = "\u{1B}[0m\u{1B}[H\u{1B}[2J"
        var fg: Color? = nil, bg: Color? = nil, bold = false
        for row in 0..<grid.rows {
            out += "\u{1B}[\(row + 1);1H"
            for column in 0..<grid.columns {
                let cell = grid[column, row]
                if cell.character == Cell.continuation { continue }
                if cell.foreground != fg || cell.background != bg {
                    let f = cell.foreground, b = cell.background
                    out += "\u{1B}[38;2;\(f.red);\(f.green);\(f.blue);48;2;\(b.red);\(b.green);\(b.blue)m"
                    fg = f; bg = b
                }
                if cell.bold != bold { out += cell.bold ? "\u{1B}[1m" : "\u{1B}[22m"; bold = cell.bold }
                out.unicodeScalars.append(cell.character == Cell.continuation ? " " : cell.character)
            }
        }
        out += "\u{1B}[0m\n"
        return Array(out.utf8)
    }
}
