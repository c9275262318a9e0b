// CursesTerminal+Drawing: a frame of cells through ncurses, or of pixels around it.
//
// Only the cells that changed since the last frame are given to ncurses, and its doupdate's
// bytes go through the TerminalOutput pipe, so a slow terminal never blocks the loop: while an
// earlier frame is still on its way the new one is dropped whole and the next carries its
// changes. Colors are pairs from alloc_pair (direct color where terminfo has it).
import CNCursesW
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

extension CursesTerminal {
    public func draw(_ grid: CellGrid) {
        guard isActive else { return }
        // The terminal has not taken the last frame yet: drop this one whole (ncurses is not
        // told of it, so its idea of the screen stays true and the next frame carries the changes).
        if let output, !output.isIdle { droppedFrames += 1; return }
        if options.synchronizedOutput { writeRaw("\u{1B}[?2026h") }
        defer { if options.synchronizedOutput { writeRaw("\u{1B}[?2026l") } }
        let win = nudge_stdscr()
        let changes = grid.changes(from: lastGrid)
        let maxX = Int(nudge_max_x(win)), maxY = Int(nudge_max_y(win))
        for change in changes where change.column < maxX && change.row < maxY && change.cell.character != Cell.continuation {
            let cell = change.cell
            let pair = colorMode == .none ? 0 : colorPair(cell.foreground, cell.background)
            _ = nudge_put_cell(win, Int32(change.row), Int32(change.column), cell.character.value, cell.bold ? 1 : 0, pair)
        }
        wnoutrefresh(win)
        if let output {
            TerminalOutput.redirect(ncursesFD, to: output.pipeWrite)
            doupdate()
            TerminalOutput.redirect(ncursesFD, to: terminalCopy)
        } else {
            doupdate()
        }
        lastGrid = grid
    }

    func colorPair(_ fg: Color, _ bg: Color) -> Int32 {
        let p = alloc_pair(colorNumber(fg), colorNumber(bg))
        return p < 0 ? 0 : p
    }

    func colorNumber(_ c: Color) -> Int32 {
        switch colorMode {
        case .truecolor:
            // Direct-color terminfo treats numbers below 8 as the ANSI palette; nudge those
            // near-blacks up to (0, 0, 8), which no one can tell apart.
            let v = Int32(c.red) << 16 | Int32(c.green) << 8 | Int32(c.blue)
            return v < 8 ? 8 : v
        case .palette256, .palette16, .basic8:
            return Int32(c.paletteIndex(in: colorMode) ?? 0)
        case .none:
            return -1
        }
    }
}

extension CursesTerminal: PixelDisplay {
    public var cellPixelSize: (width: Int, height: Int)? {
        guard let writer = pixelWriter else { return nil }
        return (writer.tiles.cellWidth, writer.tiles.cellHeight)
    }

    /// A frame in pixel mode, through the output pipe (ncurses draws nothing then). Sent only when
    /// the terminal has taken the frame before, else dropped whole: the writer still holds what
    /// the terminal shows, so the next frame that goes carries every tile changed since. A
    /// terminal that cannot keep up drops frames, never the 60 Hz simulation or the keys.
    public func draw(_ grid: CellGrid, image: PixelImage, imageRows: Int) {
        guard isActive, pixelWriter != nil else { return draw(grid) }
        if let output, !output.isIdle { droppedFrames += 1; return }
        writeBytes(pixelWriter!.frame(grid, image: image, imageRows: imageRows, colorMode: colorMode, sendImage: true))
        lastGrid = nil
    }
}
