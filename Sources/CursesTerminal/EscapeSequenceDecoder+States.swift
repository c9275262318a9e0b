// EscapeSequenceDecoder+States: one step of the decoder in each of its states.
//
// `feed` dispatches here by state; each step reads one character and says what state comes next
// and what, if anything, it completed. The rules are the ones at the top of
// EscapeSequenceDecoder.swift; the tail of a sequence that `flush()` cut off is swallowed first,
// in `swallowTail`.

import TerminalUI

extension EscapeSequenceDecoder {
    /// In ground state, right after a cut-off sequence: whether `scalar` belongs to its late tail
    /// (and is dropped).
    mutating func swallowTail(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        switch tail {
        case .none: return false
        case .sequence:
            // Parameter bytes (digits ; < = > ?) and DECRQM's '$', then one final byte, end it.
            if (0x30...0x3f).contains(v) || scalar == "$" { return true }
            tail = .none
            return (0x40...0x7e).contains(v)
        case .x10(let missing):
            tail = missing > 1 ? .x10(missing: missing - 1) : .none
            return true
        case .string:
            switch v {
            case 0x07, 0x9c: tail = .none
            case 0x1b: tail = .none; state = .string(escape: true)
            default: tail = .string(swallowed: true)
            }
            return true
        case .stringTerminator:
            tail = .none
            return scalar == "\\"
        }
    }

    mutating func feedGround(_ scalar: Unicode.Scalar, afterLoneEscape: Bool) -> [Output] {
        let v = scalar.value
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
            state = afterLoneEscape ? .csi("") : .bareBracket
            return []
        }
        return [.key(Key(scalar: scalar))]
    }

    mutating func feedEscape(_ scalar: Unicode.Scalar) -> [Output] {
        switch scalar {
        case "[": state = .csi(""); return []
        case "O": state = .ss3; return []
        case "P", "]", "_", "^", "X": state = .string(escape: false); return []
        case "\\": state = .ground; return []        // a stray ST
        case "\u{1B}": return [.key(.escape)]        // ESC ESC: the first was a lone Escape.
        default:
            state = .ground
            return [.key(.escape)] + feed(scalar)
        }
    }

    mutating func feedBareBracket(_ scalar: Unicode.Scalar) -> [Output] {
        if scalar == "<" || (0x30...0x39).contains(scalar.value) {
            state = .csi(String(scalar)); return []
        }
        if scalar == "M" { state = .x10([]); return [] }
        state = .ground
        return [.key(.character("["))] + feed(scalar)
    }

    mutating func feedCSI(_ scalar: Unicode.Scalar, params: String) -> [Output] {
        let v = scalar.value
        if v == 0x1b { state = .escape; return [] }          // a new sequence; drop this one
        if params.isEmpty && scalar == "M" { state = .x10([]); return [] }
        if (0x20...0x3f).contains(v) {                         // parameter and intermediate bytes
            if params.count > 32 { state = .ground; return [] }  // runaway: drop it
            state = .csi(params + String(scalar)); return []
        }
        state = .ground
        if params == Paste.startParameter && scalar == "~" { return startPaste() }
        if (0x40...0x7e).contains(v) { return decodeCSI(params: params, final: scalar) }
        return []                                              // a control byte: drop the sequence
    }

    mutating func feedSS3(_ scalar: Unicode.Scalar) -> [Output] {
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
    }

    mutating func feedX10(_ scalar: Unicode.Scalar, bytes: [UInt32]) -> [Output] {
        let bytes = bytes + [scalar.value]
        if bytes.count < 3 { state = .x10(bytes); return [] }
        state = .ground
        return decodeX10(b: Int(bytes[0]) - 32, x: Int(bytes[1]) - 32, y: Int(bytes[2]) - 32)
    }

    mutating func feedString(_ scalar: Unicode.Scalar, afterEscape: Bool) -> [Output] {
        if afterEscape {
            if scalar == "\\" { state = .ground; return [] }   // ST: the string is over
            // ESC and anything else: the string ended without ST and a new sequence begins.
            state = .escape
            return feed(scalar)
        }
        switch scalar.value {
        case 0x1b: state = .string(escape: true)
        case 0x07, 0x9c: state = .ground                      // BEL or the 8-bit ST
        default: break                                        // the string's content
        }
        return []
    }
}
