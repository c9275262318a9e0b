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
//     digits, ';', '<', 'M' and 'm' that follow at once are swallowed, so a mouse report split
//     across slow reads never turns into "2M" (scene 2).
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
        case .csi, .ss3, .x10: return true
        case .ground, .escape, .bareBracket: return false
        }
    }

    /// How long a started sequence may take to arrive whole: a report whose parts come up to
    /// 250 ms apart is still one report.
    public static let sequenceTimeout = 0.25

    /// True after `flush()` cut a sequence off: its late tail is swallowed.
    var swallowingTail = false

    /// Feeds one character; returns whatever it completes.
    public mutating func feed(_ scalar: Unicode.Scalar) -> [Output] {
        let wasAfterLoneEscape = afterLoneEscape
        afterLoneEscape = false
        let v = scalar.value
        if swallowingTail {
            if state == .ground && ((0x30...0x39).contains(v) || scalar == ";" || scalar == "<" || scalar == "M" || scalar == "m") {
                return []
            }
            swallowingTail = false
        }
        switch state {
        case .ground:
            if v == 0x1b { state = .escape; return [] }
            if scalar == "[" {
                if wasAfterLoneEscape { state = .csi(""); return [] }
                state = .bareBracket; return []
            }
            return [.key(Key(scalar: scalar))]

        case .escape:
            if scalar == "[" { state = .csi(""); return [] }
            if scalar == "O" { state = .ss3; return [] }
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
        }
    }

    /// Input went idle: a pending ESC is the Escape key; a pending '[' is that key; a partial
    /// sequence is dropped.
    public mutating func flush() -> [Output] {
        defer { state = .ground }
        if isInsideSequence { swallowingTail = true }
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
    public mutating func reset() { state = .ground; afterLoneEscape = false; swallowingTail = false }

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
