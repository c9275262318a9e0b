// End to end: a long message on the status line of the real `nudge play` at 80×24 under tmux.
// The edit tools' guidance is longer than 80 columns with the status line's fields before it:
// it takes the room of the fps and ms fields and wraps onto a second row, so every word of it is
// on screen. Skipped (with a printed reason) when tmux is missing.
import Foundation
import Testing

@Suite("long messages in tmux", TmuxSession.requirement, .serialized)
struct StatusMessageEndToEndTests {
    @Test("at 80×24 the box tool's guidance reads whole, wrapped over the bottom rows")
    func guidanceReadsWhole() throws {
        let play = try PlaygroundSession("e2e-msg", files: ["bench.yaml": EditModeEndToEndTests.bench], columns: 80, rows: 24) {
            ["play", $0.path]
        }
        defer { play.stop() }
        let s = play.tmux
        try #require(try s.waitUntil { try s.statusLine().contains("Bench 1/1") }, "nudge did not start")
        try s.send(keys: "e")
        try s.send(keys: "b")
        #expect(try s.waitUntil { try s.statusLine().contains("edit: box") })
        // A click is no box: the tool says how to draw one.
        try s.mouse(.press, column: 30, row: 10)
        try s.mouse(.release, column: 30, row: 10)
        let guidance = "A box: drag from one corner to the other (at least 4 pt each way)."
        func bottom() throws -> String {
            let rows = try s.text().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            return rows.suffix(4).joined(separator: " ").split(separator: " ").joined(separator: " ")
        }
        let whole = try s.waitUntil { try bottom().contains(guidance) }
        #expect(whole, "the guidance is not whole on screen: \((try? bottom()) ?? "")")
        // The message took the figures' room: no fps field while it shows.
        #expect(try !bottom().contains(" fps "), "\((try? bottom()) ?? "")")
    }
}
