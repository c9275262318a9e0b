// EscapeSequenceDecoder: the safety net under ncurses' own key decoding.
//
// With keypad mode ncurses turns complete, known escape sequences into key codes. What reaches
// this decoder as plain characters is what it could not: a lone Escape key, sequences whose
// encoding does not match TERM's terminfo (SGR mouse bytes under tmux-256color, X10 bytes
// under xterm-256color), sequences that arrived split across reads, and keys ncurses' terminfo
// does not list. Passing those through as keys would let "ESC [ < 0 ; 1 0 ; 5 M" act as '<', a
// digit (jump to scene 0!) and so on. So:
//   - ESC starts a sequence; CSI ("ESC [") and SS3 ("ESC O") sequences are read to their final
//     byte and decoded (arrows, Home/End, Delete, Page keys, F-keys, Shift-Tab, SGR and X10
//     mouse reports); anything unknown is dropped, never emitted as keys;
//   - ESC followed by idle input (`flush()`) is the Escape key; ESC followed by another
//     character is Escape and then that character;
//   - a '[' right after a lone Escape, or a '[' followed at once by '<', a digit or 'M' (an X10
//     mouse report), is taken as the tail of a sequence whose ESC got separated from it, and is
//     read and decoded the same way;
//   - an X10 mouse report ("ESC [ M" and three raw bytes) cut off by `flush()` leaves exactly its
//     missing bytes to swallow: they are any bytes at all (a column is 32 + its number, so ' ',
//     '*' or '5'), and only a count tells them from keys;
//   - a bracketed paste (ESC [ 200 ~ … ESC [ 201 ~, turned on by the driver with mode 2004) is
//     one `.paste` of its text, never keys: a pasted sentence must not save, quit or switch
//     scenes letter by letter (EscapeSequenceDecoder+Paste.swift);
//   - a sequence cut off by `flush()` (its tail arrived too late) leaves its tail harmless: the
//     parameter bytes (digits, ';', '<', '?' ...) and '$' that follow at once are swallowed, and
//     the one final byte after them, so a mouse report split across slow reads never turns into
//     "2M" (scene 2), nor a late XTSMGRAPHICS answer into "256S" (a key typed right after a
//     cut-off sequence is taken as its final byte);
//   - the control strings terminals answer queries with (OSC "ESC ]", DCS "ESC P", APC "ESC _"
//     such as kitty's graphics answers, PM "ESC ^", SOS "ESC X", and their 8-bit C1 forms) are
//     read to their end, ST ("ESC \" or U+009C) or BEL, and dropped whole: nothing inside one
//     is a key. A string cut off by `flush()` leaves its tail harmless too: what follows is
//     swallowed up to the string's terminator, or until input goes idle again after something
//     was swallowed (so a string that never ends costs at most one burst of typing). A stray ST
//     is dropped. Alt+P, Alt+] and the like send the same bytes as a string's start: they are
//     not keys Nudge uses, and they cost the keys typed within `sequenceTimeout` after them.
// The per-state steps are in EscapeSequenceDecoder+States.swift, the decoding of a finished
// sequence into keys and mouse reports in EscapeSequenceDecoder+Decoding.swift.
// The decoder is pure: the driver feeds it characters and calls `flush()` when input goes idle;
// the driver gives a started sequence (`isInsideSequence`) up to `sequenceTimeout` to complete,
// as ncurses' ESCDELAY does for a lone Escape, because over ssh or a slow link a report's parts
// can arrive tens of milliseconds apart.

import TerminalUI

public struct EscapeSequenceDecoder: Hashable, Sendable {
    /// What the decoder produces.
    public enum Output: Hashable, Sendable {
        case key(Key)
        case mouse(MouseReport)
        /// The text of a bracketed paste (at most `Paste.maximumLength` characters of it).
        case paste(String)
    }

    enum State: Hashable, Sendable {
        case ground
        /// Saw ESC.
        case escape
        /// Saw '[' with no ESC in front; waiting to see whether a sequence follows.
        case bareBracket
        /// Inside "ESC [": parameter bytes so far.
        case csi(String)
        /// Inside "ESC O".
        case ss3
        /// "ESC [ M": the X10 mouse report's three raw bytes so far.
        case x10([UInt32])
        /// Inside a control string (OSC, DCS, APC, PM, SOS); `escape` when its last byte was ESC
        /// (the first half of ST).
        case string(escape: Bool)
        /// Inside a bracketed paste (its text is in `paste`).
        case paste
    }

    var state: State = .ground
    /// True right after a lone Escape was emitted by `flush()`.
    var afterLoneEscape = false
    /// The bracketed paste being read.
    var paste = Paste()

    public init() {}

    /// Whether a sequence is partly read (the driver should wait briefly before `flush()`).
    public var isPending: Bool { state != .ground }

    /// Whether a CSI, SS3 or mouse sequence, a control string or a paste has started (past its
    /// ESC or '['): the driver waits up to `sequenceTimeout` for the rest rather than the short
    /// Escape delay.
    public var isInsideSequence: Bool {
        switch state {
        case .csi, .ss3, .x10, .string, .paste: return true
        case .ground, .escape, .bareBracket: return false
        }
    }

    /// Whether a bracketed paste is being read: whatever arrives is its text.
    public var isInsidePaste: Bool { state == .paste }

    /// How long a started sequence may take to arrive whole: a report whose parts come up to
    /// 250 ms apart is still one report.
    public static let sequenceTimeout = 0.25

    /// What `flush()` cut off, whose late tail is swallowed.
    enum Tail: Hashable, Sendable {
        case none
        /// A CSI, SS3 or SGR mouse sequence: its parameter bytes, then one final byte.
        case sequence
        /// An X10 mouse report: this many raw bytes, whatever they are.
        case x10(missing: Int)
        /// A control string: everything up to its terminator; `swallowed` once a character was
        /// (the next idle then ends it).
        case string(swallowed: Bool)
        /// A control string cut between the two bytes of its ST: a backslash ends it.
        case stringTerminator
    }
    var tail = Tail.none

    /// Feeds one character; returns whatever it completes.
    public mutating func feed(_ scalar: Unicode.Scalar) -> [Output] {
        let wasAfterLoneEscape = afterLoneEscape
        afterLoneEscape = false
        if state == .ground {
            if swallowTail(scalar) { return [] }
        } else if tail == .sequence {
            tail = .none
        }
        switch state {
        case .ground: return feedGround(scalar, afterLoneEscape: wasAfterLoneEscape)
        case .escape: return feedEscape(scalar)
        case .bareBracket: return feedBareBracket(scalar)
        case .csi(let params): return feedCSI(scalar, params: params)
        case .ss3: return feedSS3(scalar)
        case .x10(let bytes): return feedX10(scalar, bytes: bytes)
        case .string(let escape): return feedString(scalar, afterEscape: escape)
        case .paste: return feedPaste(scalar)
        }
    }

    /// Input went idle: a pending ESC is the Escape key; a pending '[' is that key; a partial
    /// sequence is dropped; a paste that stays idle twice ends (see `flushPaste`).
    public mutating func flush() -> [Output] {
        if state == .paste { return flushPaste() }
        defer { state = .ground }
        switch state {
        case .string(escape: false): tail = .string(swallowed: false)
        case .string(escape: true): tail = .stringTerminator
        case .x10(let bytes): tail = .x10(missing: 3 - bytes.count)
        case .csi, .ss3: tail = .sequence
        case .ground, .escape, .bareBracket, .paste:
            if tail == .string(swallowed: true) { tail = .none }
        }
        switch state {
        case .escape:
            afterLoneEscape = true
            return [.key(.escape)]
        case .bareBracket:
            return [.key(.character("["))]
        default:
            return []
        }
    }

    /// Forgets any partial sequence (ncurses delivered a whole key in between).
    public mutating func reset() {
        state = .ground; afterLoneEscape = false; tail = .none; paste = Paste()
    }
}
