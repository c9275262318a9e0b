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
//   - a '[' right after a lone Escape, or a '[' followed at once by '<' or a digit, is taken as
//     the tail of a sequence whose ESC got separated from it, and is read and decoded the same way.
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
    }

    var state: State = .ground
    /// True right after a lone Escape was emitted by `flush()`.
    var afterLoneEscape = false

    public init() {}

    /// Whether a sequence is partly read (the driver should wait briefly before `flush()`).
    public var isPending: Bool { state != .ground }

    /// Whether a CSI, SS3 or mouse sequence has started (past its ESC or '['): the driver waits
    /// up to `sequenceTimeout` for the rest rather than the short Escape delay.
    public var isInsideSequence: Bool {
        switch state {
        case .csi, .ss3, .x10, .string: return true
        case .ground, .escape, .bareBracket: return false
        }
    }

    /// How long a started sequence may take to arrive whole: a report whose parts come up to
    /// 250 ms apart is still one report.
    public static let sequenceTimeout = 0.25

    /// What `flush()` cut off, whose late tail is swallowed.
    enum Tail: Hashable, Sendable {
        case none
        /// A CSI, SS3 or mouse sequence: its parameter bytes, then one final byte.
        case sequence
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
        let v = scalar.value
        if state == .ground {
            switch tail {
            case .none: break
            case .sequence:
                // Parameter bytes (digits ; < = > ?) and DECRQM's '$', then one final byte, end it.
                if (0x30...0x3f).contains(v) || scalar == "$" { return [] }
                tail = .none
                if (0x40...0x7e).contains(v) { return [] }
            case .string:
                switch v {
                case 0x07, 0x9c: tail = .none
                case 0x1b: tail = .none; state = .string(escape: true)
                default: tail = .string(swallowed: true)
                }
                return []
            case .stringTerminator:
                tail = .none
                if scalar == "\\" { return [] }
            }
        } else if tail == .sequence {
            tail = .none
        }
        switch state {
        case .ground:
            if v == 0x1b { state = .escape; return [] }
            if (0x80...0x9f).contains(v) {
                // An 8-bit C1 control: CSI, SS3, a string's start, or one that is no key.
                switch v {
                case 0x9b: state = .csi("")
                case 0x8f: state = .ss3
                case 0x90, 0x98, 0x9d, 0x9e, 0x9f: state = .string(escape: false)
                default: break
                }
                return []
            }
            if scalar == "[" {
                if wasAfterLoneEscape { state = .csi(""); return [] }
                state = .bareBracket; return []
            }
            return [.key(Key(scalar: scalar))]

        case .escape:
            if scalar == "[" { state = .csi(""); return [] }
            if scalar == "O" { state = .ss3; return [] }
            if scalar == "P" || scalar == "]" || scalar == "_" || scalar == "^" || scalar == "X" {
                state = .string(escape: false); return []
            }
            if scalar == "\\" { state = .ground; return [] }   // a stray ST
            if v == 0x1b { return [.key(.escape)] }   // ESC ESC: the first was a lone Escape.
            state = .ground
            return [.key(.escape)] + feed(scalar)

        case .bareBracket:
            if scalar == "<" || (0x30...0x39).contains(v) {
                state = .csi(String(scalar)); return []
            }
            state = .ground
            return [.key(.character("["))] + feed(scalar)

        case .csi(let params):
            if v == 0x1b { state = .escape; return [] }          // a new sequence; drop this one
            if params.isEmpty && scalar == "M" { state = .x10([]); return [] }
            if (0x20...0x3f).contains(v) {                         // parameter and intermediate bytes
                if params.count > 32 { state = .ground; return [] }  // runaway: drop it
                state = .csi(params + String(scalar)); return []
            }
            state = .ground
            if (0x40...0x7e).contains(v) { return decodeCSI(params: params, final: scalar) }
            return []                                                // a control byte: drop the sequence

        case .ss3:
            state = .ground
            if let key = Self.cursorKey(scalar) { return [.key(key)] }
            switch scalar {
            case "M": return [.key(.enter)]
            case "P": return [.key(.function(1))]
            case "Q": return [.key(.function(2))]
            case "R": return [.key(.function(3))]
            case "S": return [.key(.function(4))]
            default: return []
            }

        case .x10(var bytes):
            bytes.append(v)
            if bytes.count < 3 { state = .x10(bytes); return [] }
            state = .ground
            return decodeX10(b: Int(bytes[0]) - 32, x: Int(bytes[1]) - 32, y: Int(bytes[2]) - 32)

        case .string(let escape):
            if escape {
                if scalar == "\\" { state = .ground; return [] }     // ST: the string is over
                // ESC and anything else: the string ended without ST and a new sequence begins.
                state = .escape
                return feed(scalar)
            }
            switch v {
            case 0x1b: state = .string(escape: true)
            case 0x07, 0x9c: state = .ground                        // BEL or the 8-bit ST
            default: break                                          // the string's content
            }
            return []
        }
    }

    /// Input went idle: a pending ESC is the Escape key; a pending '[' is that key; a partial
    /// sequence is dropped.
    public mutating func flush() -> [Output] {
        defer { state = .ground }
        switch state {
        case .string(escape: false): tail = .string(swallowed: false)
        case .string(escape: true): tail = .stringTerminator
        case .csi, .ss3, .x10: tail = .sequence
        case .ground, .escape, .bareBracket:
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
        state = .ground; afterLoneEscape = false; tail = .none
    }

    // MARK: Decoding

    func decodeCSI(params: String, final: Unicode.Scalar) -> [Output] {
        if params.hasPrefix("<") {
            // SGR mouse: ESC [ < b ; x ; y M (press, motion) or m (release), x and y 1-based.
            let numbers = params.dropFirst().split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
            guard numbers.count == 3, let b = numbers[0], let x = numbers[1], let y = numbers[2],
                  final == "M" || final == "m" else { return [] }
            return decodeMouse(b: b, column: x - 1, row: y - 1, release: final == "m")
        }
        let numbers = params.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        guard params.allSatisfy({ $0.isNumber || $0 == ";" }), numbers.count <= 2 else { return [] }
        // Cursor keys carry no parameters, or "1;modifier"; anything else (a cursor position
        // report "row;col H", say) is not a key.
        let plainKey = params.isEmpty || (numbers.count == 2 && numbers[0] == 1)
        if let cursor = final == "Z" ? Key.backTab : Self.cursorKey(final) { return plainKey ? [.key(cursor)] : [] }
        switch final {
        case "~":
            switch numbers.first ?? nil {
            case 1, 7: return [.key(.home)]
            case 4, 8: return [.key(.end)]
            case 3: return [.key(.delete)]
            case 5: return [.key(.pageUp)]
            case 6: return [.key(.pageDown)]
            case let n? where (11...15).contains(n): return [.key(.function(n - 10))]
            case let n? where (17...21).contains(n): return [.key(.function(n - 11))]
            case 23: return [.key(.function(11))]
            case 24: return [.key(.function(12))]
            default: return []
            }
        default: return []
        }
    }

    /// The keys whose final byte is the same after ESC O (SS3) and after ESC [ (CSI).
    static func cursorKey(_ final: Unicode.Scalar) -> Key? {
        switch final {
        case "A": return .up
        case "B": return .down
        case "C": return .right
        case "D": return .left
        case "H": return .home
        case "F": return .end
        default: return nil
        }
    }

    func decodeX10(b: Int, x: Int, y: Int) -> [Output] {
        guard b >= 0, x >= 1, y >= 1 else { return [] }
        // X10 says "released" as button code 3 without naming the button.
        if b & 0b1100011 == 3 {
            return [.mouse(MouseReport(action: .release(nil), modifiers: modifiers(b), column: x - 1, row: y - 1))]
        }
        return decodeMouse(b: b, column: x - 1, row: y - 1, release: false)
    }

    /// The xterm button byte: bits 0-1 button (3 = none), 4 shift, 8 alt, 16 control,
    /// 32 motion, 64 wheel.
    func decodeMouse(b: Int, column: Int, row: Int, release: Bool) -> [Output] {
        let mods = modifiers(b)
        let low = b & 3
        let action: MouseReport.Action
        if b & 64 != 0 {
            if release { return [] }
            switch low {
            case 0: action = .wheelUp
            case 1: action = .wheelDown
            default: return []   // horizontal wheel: not used
            }
        } else if b & 32 != 0 {
            action = .motion
        } else {
            let button: MouseEvent.Button? = low == 0 ? .left : low == 1 ? .middle : low == 2 ? .right : nil
            if release { action = .release(button) }
            else if let button { action = .press(button) }
            else { action = .release(nil) }
        }
        return [.mouse(MouseReport(action: action, modifiers: mods, column: column, row: row))]
    }

    func modifiers(_ b: Int) -> Modifiers {
        var m: Modifiers = []
        if b & 4 != 0 { m.insert(.shift) }
        if b & 8 != 0 { m.insert(.alt) }
        if b & 16 != 0 { m.insert(.control) }
        return m
    }
}
