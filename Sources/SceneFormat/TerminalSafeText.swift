// TerminalSafeText: text from a scene file made safe to print to a terminal.
//
// A scene file is anyone's text, and `nudge check`, `nudge scenes`, `nudge snapshot` (.ans and
// .txt files are meant for `cat` in a terminal) and the playground (status line, labels) show
// parts of it (keys, values, names, summaries, label text). A control character printed raw is an
// instruction to the terminal: ESC [ ? 1049 h switches it to the alternate screen, ESC ] 2 ; …
// BEL renames the window. A bidirectional-formatting character is one to the reader: U+202E
// (right-to-left override) prints what follows backwards, so "txt.exe" can be made to read as
// "exe.txt", and the isolates U+2066–U+2069 reorder whole runs. So every place that shows file
// content writes these as visible escapes, `\u{1B}`, `\u{202E}`, the way Swift writes them:
//   - C0 controls (tab and newline too, so columns in messages stay honest), DEL, and the C1
//     range U+0080–U+009F, which some terminals also obey;
//   - Unicode's explicit bidirectional formatting characters (UAX #9, table 1 and 2): the
//     embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069, and the implicit marks
//     U+200E (LRM), U+200F (RLM) and U+061C (ALM).
// Everything else, accents, CJK, symbols, emoji, stays as it is.

extension String {
    /// The text with every control and bidirectional-formatting character written as `\u{XX}`.
    public var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: \.isTerminalControl) else { return self }
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar.isTerminalControl {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}

extension Unicode.Scalar {
    /// C0 controls, DEL, C1 controls and the bidirectional formatting characters.
    public var isTerminalControl: Bool {
        let v = value
        if v < 0x20 || (0x7F...0x9F).contains(v) { return true }
        guard v >= 0x61C else { return false }
        return v == 0x61C || v == 0x200E || v == 0x200F || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
}
