// LocaleProbe: what the C library says about the characters each glyph set needs, and which
// terminfo entries exist: the facts `TerminalCapabilities` decides from that only libc and the
// terminfo database know.
//
// wcwidth() answers from the current locale (call after setlocale(LC_ALL, "")): 1 for a character
// it knows as narrow, -1 for one it does not know at all, which a terminal built on the same C
// library will not draw either. A `-direct` terminfo entry (xterm-direct, tmux-direct, from
// Debian's ncurses-term) is how ncurses sends 24-bit colors; when COLORTERM says the terminal
// takes them but TERM names a 256-color entry, the driver opens the terminal with its -direct
// sibling if the database has one.
import CNCursesW
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

public enum LocaleProbe {
    /// wcwidth() of each glyph set's probe character, in the locale of the environment.
    public static func probeWidths() -> [GlyphSet: Int] {
        setlocale(LC_CTYPE, "")
        var widths: [GlyphSet: Int] = [:]
        for (set, scalar) in TerminalCapabilities.probeCharacters {
            widths[set] = Int(nudge_wcwidth(scalar.value))
        }
        return widths
    }

    /// The `-direct` sibling of terminfo entry `term` ("xterm-256color" → "xterm-direct") when
    /// the terminfo database has it, else nil.
    public static func directColorEntry(for term: String) -> String? {
        if term.hasSuffix("-direct") { return nil }
        var base = term
        for suffix in ["-256color", "-88color", "-16color", "-color"] where base.hasSuffix(suffix) {
            base.removeLast(suffix.count)
            break
        }
        let candidate = base + "-direct"
        guard let first = candidate.first else { return nil }
        var folders: [String] = []
        if let dirs = getenv("TERMINFO_DIRS") { folders += String(cString: dirs).split(separator: ":").map(String.init) }
        if let dir = getenv("TERMINFO") { folders.append(String(cString: dir)) }
        if let home = getenv("HOME") { folders.append(String(cString: home) + "/.terminfo") }
        folders += ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"]
        let hex = String(first.asciiValue ?? 0, radix: 16)
        for folder in folders {
            for sub in [String(first), hex] where access("\(folder)/\(sub)/\(candidate)", R_OK) == 0 {
                return candidate
            }
        }
        return nil
    }
}
