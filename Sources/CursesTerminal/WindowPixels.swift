// WindowPixels: a terminal cell's size in pixels from the kernel's window size (TIOCGWINSZ).
//
// Terminals that fill in ws_xpixel and ws_ypixel (xterm, mlterm, Konsole, kitty...) give the
// cell's pixels without a query: the window's pixels over its cells. Cells need it to keep a
// point square on screen (CellSize.matchingPixels) even when no graphics query is sent; the
// probe falls back on it when the terminal does not answer CSI 16 t. Nil when the terminal
// leaves the pixels at zero (tmux, the Linux console, a pipe).
import CNCursesW
#if canImport(Glibc)
import Glibc
#endif

public enum WindowPixels {
    /// Pixels per cell of the terminal on `output`, or nil.
    public static func cellPixels(output: Int32 = STDOUT_FILENO) -> (width: Int, height: Int)? {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_xpixel > 0, size.ws_ypixel > 0,
              size.ws_col > 0, size.ws_row > 0 else { return nil }
        let width = Int(size.ws_xpixel) / Int(size.ws_col), height = Int(size.ws_ypixel) / Int(size.ws_row)
        return width > 0 && height > 0 ? (width, height) : nil
    }
}
