// End to end: edit mode in the real `nudge play` under tmux, with SGR mouse reports: draw a box
// with e, b and a drag and see it fall; pin another with h so it hangs instead of falling;
// delete with x, undo with u; and q, with unsaved edits, warns first and quits the second time.
// Skipped (with a printed reason) only when tmux is not installed.
import Foundation
import Testing

@Suite("edit mode in tmux", TmuxSession.requirement, .serialized)
struct EditModeEndToEndTests {
    /// 256-color indexes of the first two drawn items' colors: cyan (0, 255, 255), yellow (255, 255, 0).
    static let cyan = 51, yellow = 226

    static let bench = """
        name: Bench
        summary: A place to build.
        items:
          - {id: post, size: [16, 16], center: [600, 40], color: gray}
        behaviors:
          - {type: gravity}
          - {type: collision, boundaries: reference}
          - {type: dynamicItem, items: [post], anchored: true}
        """

    @Test("draw a box and it falls; a pinned box hangs; x deletes, u undoes; q with unsaved edits warns first")
    func drawPinDeleteUndo() throws {
        let play = try PlaygroundSession("e2e-edit", files: ["bench.yaml": Self.bench]) { ["play", $0.path] }
        defer { play.stop() }
        let s = play.tmux
        try #require(try s.waitUntil { try s.statusLine().contains("Bench 1/1") }, "nudge did not start")

        try s.send(keys: "e")
        #expect(try s.waitUntil { try s.statusLine().contains("edit: select") }, "\((try? s.statusLine()) ?? "")")
        try s.send(keys: "b")
        #expect(try s.waitUntil { try s.statusLine().contains("edit: box") })
        // A box from cell (10, 2) to (18, 5): 72 × 48 pt, high up; it falls to the floor (row 22).
        try s.mouse(.press, column: 10, row: 2)
        try s.mouse(.drag, column: 14, row: 4)
        try s.mouse(.release, column: 18, row: 5)
        #expect(try s.waitUntil { try s.statusLine().contains("Made box-1") }, "\((try? s.statusLine()) ?? "")")
        let fell = try s.waitUntil { (meanRow(try s.cells(withColor: Self.cyan)) ?? 0) > 18 }
        #expect(fell, "box-1 did not fall: mean row \(meanRow((try? s.cells(withColor: Self.cyan)) ?? []) ?? -1)")

        // A second box, drawn and pinned at its left end while paused (the tools work paused):
        // once resumed it swings about the pin and stays up.
        try s.send(keys: "Space")
        #expect(try s.waitUntil { try s.statusLine().contains("paused") })
        try s.mouse(.press, column: 40, row: 3)
        try s.mouse(.release, column: 60, row: 5)
        #expect(try s.waitUntil { try s.statusLine().contains("Made box-2") })
        try s.send(keys: "h")
        try s.mouse(.press, column: 41, row: 4)
        try s.mouse(.release, column: 41, row: 4)
        #expect(try s.waitUntil { try s.statusLine().contains("Pinned box-2") }, "\((try? s.statusLine()) ?? "")")
        try s.send(keys: "Space")
        usleep(1_500_000)
        let hanging = try s.cells(withColor: Self.yellow)
        #expect(!hanging.isEmpty && (meanRow(hanging) ?? 99) < 14, "box-2 fell: mean row \(meanRow(hanging) ?? -1)")

        // Delete box-1 where it lies, then undo.
        let lying = try s.cells(withColor: Self.cyan)
        let column = Int((meanColumn(lying) ?? 14).rounded()), row = Int((meanRow(lying) ?? 21).rounded())
        try s.send(keys: "x")
        try s.mouse(.press, column: column, row: row)
        try s.mouse(.release, column: column, row: row)
        #expect(try s.waitUntil { try s.cells(withColor: Self.cyan).isEmpty }, "box-1 is still drawn")
        #expect(try s.statusLine().contains("Deleted box-1"))
        try s.send(keys: "u")
        #expect(try s.waitUntil { !(try s.cells(withColor: Self.cyan).isEmpty) }, "undo did not bring box-1 back")

        // Unsaved edits: the first q warns, the second quits.
        try s.send(keys: "q")
        #expect(try s.waitUntil { try s.statusLine().contains("unsaved edits: w saves, the same key again discards") },
                "\((try? s.statusLine()) ?? "")")
        #expect(try s.statusLine().contains("Bench 1/1"))
        try s.send(keys: "q")
        #expect(try s.waitUntil { try s.text().contains("nudge exited 0") }, "\((try? s.text()) ?? "")")
    }
}
