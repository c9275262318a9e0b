import Testing
import TerminalUI
@testable import CursesTerminal

/// Byte sequences from xterm's control-sequence documentation: SGR mouse is
/// ESC [ < b ; x ; y M|m with 1-based x, y; X10 is ESC [ M then b+32, x+32, y+32.
@Suite struct EscapeSequenceDecoderTests {
    func decode(_ text: String, flush: Bool = true) -> [EscapeSequenceDecoder.Output] {
        var d = EscapeSequenceDecoder()
        var out = text.unicodeScalars.flatMap { d.feed($0) }
        if flush { out += d.flush() }
        return out
    }

    func events(_ text: String) -> [MouseEvent] {
        var tracker = MouseTracker()
        return decode(text).compactMap { if case .mouse(let r) = $0 { tracker.event(for: r) } else { nil } }
    }

    @Test func sgrPressDragReleaseAreDecodedWithZeroBasedCells() {
        let e = events("\u{1b}[<0;10;5M\u{1b}[<32;12;6M\u{1b}[<0;12;6m")
        #expect(e == [
            MouseEvent(kind: .press, button: .left, column: 9, row: 4),
            MouseEvent(kind: .drag, button: .left, column: 11, row: 5),
            MouseEvent(kind: .release, button: .left, column: 11, row: 5),
        ])
    }

    @Test func x10PressDragReleaseAreDecoded() {
        // Press left at 1-based (10, 5): bytes 32, 42, 37. Drag (32 + 32) to (12, 6). Release (3 + 32).
        let e = events("\u{1b}[M \u{2a}%\u{1b}[M@,&\u{1b}[M#,&")
        #expect(e == [
            MouseEvent(kind: .press, button: .left, column: 9, row: 4),
            MouseEvent(kind: .drag, button: .left, column: 11, row: 5),
            MouseEvent(kind: .release, button: .left, column: 11, row: 5),
        ])
    }

    @Test func motionWithoutAButtonIsAMoveAndWheelAndModifiersAreRead() {
        // 35 = no button + motion; 64/65 = wheel up/down; 2 + 16 = right with control; 0 + 4 = shift.
        let e = events("\u{1b}[<35;3;4M\u{1b}[<64;1;1M\u{1b}[<65;1;1M\u{1b}[<18;2;2M\u{1b}[<2;2;2m\u{1b}[<4;5;5M")
        #expect(e == [
            MouseEvent(kind: .move, button: .none, column: 2, row: 3),
            MouseEvent(kind: .scrollUp, button: .none, column: 0, row: 0),
            MouseEvent(kind: .scrollDown, button: .none, column: 0, row: 0),
            MouseEvent(kind: .press, button: .right, modifiers: .control, column: 1, row: 1),
            MouseEvent(kind: .release, button: .right, column: 1, row: 1),
            MouseEvent(kind: .press, button: .left, modifiers: .shift, column: 4, row: 4),
        ])
    }

    @Test func keysFromSequences() {
        #expect(decode("\u{1b}[A\u{1b}OB\u{1b}[Z\u{1b}[3~\u{1b}[15~") ==
                [.key(.up), .key(.down), .key(.backTab), .key(.delete), .key(.function(5))])
        #expect(decode("n\t\r\u{3}\u{1a}1") ==
                [.key(.character("n")), .key(.tab), .key(.enter), .key(.ctrlC), .key(.ctrlZ), .key(.character("1"))])
    }

    @Test func aLoneEscapeIsTheEscapeKeyOnlyWhenInputGoesIdle() {
        var d = EscapeSequenceDecoder()
        #expect(d.feed("\u{1b}").isEmpty)
        #expect(d.isPending)
        #expect(d.flush() == [.key(.escape)])
        // ESC then an ordinary key: Escape, then the key.
        #expect(decode("\u{1b}q") == [.key(.escape), .key(.character("q"))])
    }

    @Test func strayEscapeBytesNeverBecomeDigitKeys() {
        // The ESC went idle on its own, the rest came later: decoded as the mouse report it is.
        var d = EscapeSequenceDecoder()
        _ = d.feed("\u{1b}")
        #expect(d.flush() == [.key(.escape)])
        let rest = "[<0;10;5M".unicodeScalars.flatMap { d.feed($0) } + d.flush()
        #expect(rest == [.mouse(MouseReport(action: .press(.left), column: 9, row: 4))])
        // The ESC was lost entirely: still no '<', digit, ';' or 'M' key.
        let lost = decode("[<32;12;6M[2;5H")
        #expect(!lost.contains { if case .key = $0 { true } else { false } })
        // An unknown or cut-off sequence is dropped, not typed.
        #expect(decode("\u{1b}[?1;2c").isEmpty)
        #expect(decode("\u{1b}[<0;1") .isEmpty)
        // A real '[' key followed by something else still arrives.
        #expect(decode("[x") == [.key(.character("[")), .key(.character("x"))])
    }

    @Test func releaseWithoutButtonReleasesTheHeldOne() {
        var t = MouseTracker()
        _ = t.event(for: MouseReport(action: .press(.right), column: 1, row: 1))
        #expect(t.event(for: MouseReport(action: .motion, column: 2, row: 1)).kind == .drag)
        #expect(t.event(for: MouseReport(action: .release(nil), column: 2, row: 1)) == MouseEvent(kind: .release, button: .right, column: 2, row: 1))
        #expect(t.event(for: MouseReport(action: .motion, column: 3, row: 1)) == MouseEvent(kind: .move, button: .none, column: 3, row: 1))
    }

    @Test func noTTYErrorSaysSo() {
        #expect(TerminalError.notATerminal(stream: "standard input").description.hasPrefix("nudge: standard input is not a terminal"))
    }
}
