// TerminalSafeText: text from a scene file made safe to print to a terminal.
//
// A scene file is anyone's text, and `nudge check`, `nudge scenes` and the playground echo parts
// of it (keys, values, names, summaries) in their messages. A control character printed raw is
// an instruction to the terminal: ESC [ ? 1049 h switches it to the alternate screen, ESC ] 2 ;
// … BEL renames the window. So every message that echoes file content shows C0 controls, DEL and
// the C1 range (U+0080–U+009F, which some terminals also obey) as visible escapes, `\u{1B}`, the
// way Swift writes them; tab stays a tab only where it cannot do harm (never, here: it is
// escaped too, so columns in messages stay honest).

extension String {
    /// The text with every control character written as `\u{XX}`.
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
    /// C0 controls, DEL and C1 controls.
    var isTerminalControl: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}
