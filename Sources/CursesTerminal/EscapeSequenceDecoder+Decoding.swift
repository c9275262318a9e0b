// EscapeSequenceDecoder+Decoding: a finished sequence into keys and mouse reports.
//
// CSI sequences name cursor, editing and function keys (xterm's PC-style keys: "ESC [ A",
// "ESC [ 3 ~", "ESC [ 15 ~"; with a "1;modifier" parameter too) or carry an SGR mouse report
// ("ESC [ < b ; x ; y M|m", 1-based cells); an X10 report is three raw bytes, each 32 + its number.
// The button byte is xterm's in both: bits 0-1 the button (3 = none or released), 4 shift,
// 8 alt, 16 control, 32 motion, 64 wheel. Anything else (a cursor position report, an answer to
// a query) is not a key and decodes to nothing.

import TerminalUI

extension EscapeSequenceDecoder {

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
