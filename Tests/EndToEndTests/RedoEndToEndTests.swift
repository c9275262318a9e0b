// End to end: redo in edit mode of the real `nudge play` under tmux. A box drawn, undone with `u`
// and redone with `U` is back where it was drawn; a new edit after an undo leaves nothing to redo.
// Skipped (with a printed reason) when tmux is missing.
import Foundation
import Testing

@Suite("redo in tmux", TmuxSession.requirement, .serialized)
struct RedoEndToEndTests {
    @Test("draw a box, u takes it away, U brings it back to the same cells; after a new edit U has nothing to redo")
    func undoRedo() throws {
        let play = try PlaygroundSession("e2e-redo", files: ["bench.yaml": EditModeEndToEndTests.bench]) { ["play", $0.path] }
        defer { play.stop() }
        let s = play.tmux
        try #require(try s.waitUntil { try s.statusLine().contains("Bench 1/1") }, "nudge did not start")
        // Paused, so the box stays where it is drawn.
        try s.send(keys: "Space")
        #expect(try s.waitUntil { try s.bottomText().contains("paused") })
        try s.send(keys: "e")
        try s.send(keys: "b")
        #expect(try s.waitUntil { try s.bottomText().contains("edit: box") })
        try s.mouse(.press, column: 20, row: 5)
        try s.mouse(.release, column: 30, row: 9)
        #expect(try s.waitUntil { try s.bottomText().contains("Made box-1") })
        let drawn = try s.cells(withColor: EditModeEndToEndTests.cyan).map { "\($0.column),\($0.row)" }.sorted()
        try #require(!drawn.isEmpty)

        try s.send(keys: "u")
        #expect(try s.waitUntil { try s.cells(withColor: EditModeEndToEndTests.cyan).isEmpty }, "u did not take the box away")
        try s.send(keys: "U")
        #expect(try s.waitUntil { try s.bottomText().contains("Redone (0 more to redo).") }, "\((try? s.bottomText()) ?? "")")
        let back = try s.cells(withColor: EditModeEndToEndTests.cyan).map { "\($0.column),\($0.row)" }.sorted()
        #expect(back == drawn)

        // Undo, then a new edit: the undone box cannot come back.
        try s.send(keys: "u")
        #expect(try s.waitUntil { try s.cells(withColor: EditModeEndToEndTests.cyan).isEmpty })
        try s.mouse(.press, column: 50, row: 5)
        try s.mouse(.release, column: 60, row: 9)
        #expect(try s.waitUntil { try s.bottomText().contains("Made box-") })
        try s.send(keys: "U")
        #expect(try s.waitUntil { try s.bottomText().contains("Nothing to redo.") }, "\((try? s.bottomText()) ?? "")")
    }
}
