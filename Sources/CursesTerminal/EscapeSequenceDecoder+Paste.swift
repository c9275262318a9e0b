// EscapeSequenceDecoder+Paste: a bracketed paste read as one event, never as keys.
//
// With mode 2004 on (xterm's "bracketed paste", which the driver turns on with mouse tracking)
// a terminal sends pasted text between ESC [ 200 ~ and ESC [ 201 ~. Without it a paste is typed:
// a pasted sentence's 'w', 'q' and digits save, quit and switch scenes. So everything between
// the two markers is the paste's text, whatever it holds (ESC, digits, newlines), and comes out
// as one `.paste` when the end marker arrives. Only the first `maximumLength` characters are
// kept (the playground says a paste was ignored and how long it was; a megabyte held in memory
// would say nothing more). A paste whose end marker never comes (a terminal that died halfway)
// ends when input stays idle through two flushes in a row: the first flush sees that text came
// since the one before and waits on, the second finds nothing new and ends it, so a paste still
// arriving over a slow link is not cut, and a lost marker costs at most one idle wait.

import TerminalUI

extension EscapeSequenceDecoder {
    /// The paste being read: its text so far and how far the end marker has been matched.
    struct Paste: Hashable, Sendable {
        /// The parameter of the start marker, ESC [ 200 ~.
        static let startParameter = "200"
        /// The end marker, ESC [ 201 ~.
        static let endMarker = Array("\u{1B}[201~".unicodeScalars)
        /// Characters of a paste kept (the rest are counted out, not stored).
        static let maximumLength = 65_536

        var text = ""
        /// Scalars in `text`.
        var length = 0
        /// How many scalars of `endMarker` the last ones read match.
        var matched = 0
        /// Whether text came since the last flush.
        var grew = false

        mutating func append(_ scalar: Unicode.Scalar) {
            grew = true
            if length < Self.maximumLength { text.unicodeScalars.append(scalar); length += 1 }
        }

        /// Reads one scalar; true when it completed the end marker.
        mutating func read(_ scalar: Unicode.Scalar) -> Bool {
            if scalar == Self.endMarker[matched] {
                matched += 1
                grew = true
                return matched == Self.endMarker.count
            }
            // A partial marker was text after all; the ESC may start a new one.
            for s in Self.endMarker[..<matched] { append(s) }
            matched = 0
            if scalar == Self.endMarker[0] { matched = 1; grew = true } else { append(scalar) }
            return false
        }
    }

    mutating func startPaste() -> [Output] {
        state = .paste
        paste = Paste()
        paste.grew = true   // the start marker itself: the first idle waits on
        return []
    }

    mutating func feedPaste(_ scalar: Unicode.Scalar) -> [Output] {
        guard paste.read(scalar) else { return [] }
        return endPaste()
    }

    /// Input went idle inside a paste: go on waiting once, end it the second time.
    mutating func flushPaste() -> [Output] {
        if paste.grew {
            paste.grew = false
            return []
        }
        for s in Paste.endMarker[..<paste.matched] { paste.append(s) }
        return endPaste()
    }

    private mutating func endPaste() -> [Output] {
        let text = paste.text
        state = .ground
        paste = Paste()
        return [.paste(text)]
    }
}
