// End to end: `nudge play` under NO_COLOR in tmux (80×24) keeps the pendulum's rod: the rod runs
// down x = 320 pt, the boundary of columns 39 and 40, from the pivot (40 pt, row 2) to the bob's
// top (220 pt, row 13), and every row between shows a glyph there and nothing else. Skipped
// (with a printed reason) only when tmux is not installed.
import Foundation
import Testing

@Suite("NO_COLOR in tmux", TmuxSession.requirement, .serialized)
struct NoColorEndToEndTests {
    @Test("with NO_COLOR the pendulum's rod is drawn from the pivot to the bob, in quadrants and in half blocks",
          arguments: ["quadrant", "half"])
    func pendulumKeepsItsRod(_ glyphs: String) throws {
        let session = try TmuxSession(term: "xterm-256color", arguments: ["play", "--glyphs", glyphs, TmuxSession.packageRoot.appendingPathComponent("scenes/002-pendulum.yaml").path],
                                      environment: ["NO_COLOR": "1"])
        defer { session.stop() }
        #expect(try session.waitUntil { try session.statusLine().contains("Pendulum") }, "\((try? session.text()) ?? "")")
        let screen = try session.tmux(["capture-pane", "-p", "-e", "-t", "t"])
        #expect(!screen.contains("38;5;") && !screen.contains("48;5;") && !screen.contains("38;2;"), "colors under NO_COLOR")
        let grid = try session.grid()
        for row in 3...12 {
            let line = grid[row]
            let ink = line.indices.filter { line[$0] != " " }
            #expect(!ink.isEmpty && ink.allSatisfy { (39...40).contains($0) }, "row \(row): '\(String(line))'")
        }
        try session.send(keys: "q")
        #expect(try session.waitUntil { try session.text().contains("nudge exited 0") })
    }
}
