// The start-up probe asks a sixel terminal how many color registers it has (XTSMGRAPHICS, read:
// CSI ? 1 ; 1 ; 0 S, before DA1) and reads the answer CSI ? 1 ; 0 ; n S.
import Foundation
import Testing
@testable import CursesTerminal

extension CursesTerminalPTYTests {
    @Test("the probe asks for the sixel color registers before DA1 and reads the answer")
    func colorRegisters() throws {
        guard let pty = Self.openPTY() else { return }
        pty.send("\u{1B}[?1;0;16S\u{1B}[?63;1;2;4;6;9;15;16;22;28c")
        let replies = TerminalProbe.ask(input: pty.slave, output: pty.slave, timeout: 0.5)
        #expect(replies.answered && replies.sixel)
        #expect(replies.colorRegisters == 16)
        let sent = String(decoding: pty.readOutput(), as: UTF8.self)
        let query = try #require(sent.range(of: "\u{1B}[?1;1;0S"), "no XTSMGRAPHICS query in \(sent.debugDescription)")
        let da1 = try #require(sent.range(of: "\u{1B}[c"))
        #expect(query.upperBound <= da1.lowerBound)
    }
}
