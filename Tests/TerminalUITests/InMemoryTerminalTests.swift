import Testing
@testable import TerminalUI

@Suite struct InMemoryTerminalTests {
    @Test func replaysEventsInOrderAndFollowsResizes() throws {
        let press = MouseEvent(kind: .press, button: .left, column: 9, row: 4)
        let t = InMemoryTerminal(columns: 80, rows: 24, events: [.key(.character("n")), .mouse(press)])
        t.resize(columns: 60, rows: 20)
        try t.begin()
        #expect(t.nextEvent(timeout: 0) == .key(.character("n")))
        #expect(t.nextEvent(timeout: 0) == .mouse(press))
        #expect(t.size == TerminalSize(columns: 80, rows: 24))
        #expect(t.nextEvent(timeout: 0) == .resize(columns: 60, rows: 20))
        #expect(t.size == TerminalSize(columns: 60, rows: 20))
        #expect(t.nextEvent(timeout: 0.5) == nil)
        t.end(); t.end()
        #expect(t.endCount == 1)
    }

    @Test func sendsOnlyChangedCellsAndEstimatesTheirBytes() {
        let t = InMemoryTerminal(columns: 10, rows: 4, colorMode: .palette256)
        let blank = CellGrid(columns: 10, rows: 4, filledWith: .blank(.black))
        t.draw(blank)
        #expect(t.lastChanges.count == 40)
        t.draw(blank)
        #expect(t.lastChanges.isEmpty)
        #expect(t.lastFrameBytes == 0)
        var g = blank
        g[0, 0] = Cell(Cell.upperHalfBlock, foreground: .red, background: .black)
        t.draw(g)
        #expect(t.lastChanges.count == 1)
        // "\e[1;1H" (6) + "\e[38;5;196;48;5;16m" (19) + "▀" in UTF-8 (3) = 28 bytes.
        #expect(t.lastFrameBytes == 28)
    }
}
