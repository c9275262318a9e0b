// End to end: time in the real `nudge play` under tmux. A swinging pendulum is paused, stepped
// 30 steps forward with `.` and 30 back with `,`, and the pane must be the one it was (its text,
// and the cells of the bob's color); `[` shows the speed in the status line. Skipped (with a
// printed reason) only when tmux is not installed.
import Foundation
import Testing

@Suite("time in nudge play, in tmux", TmuxSession.requirement, .serialized)
struct TimeEndToEndTests {
    /// A red bob on a rod under gravity, started 60° out so it swings at once.
    static let pendulum = """
        name: Pendulum
        summary: A bob swings.
        items:
          - {id: bob, shape: ellipse, size: [48, 48], center: [459, 120], color: red}
        behaviors:
          - {type: gravity, items: [bob]}
          - {type: attachment, item: bob, anchor: [320, 40], length: 160}
        """

    /// The time the status line shows while paused ("│ paused │ 2.35 s │"), in seconds.
    static func pausedTime(_ status: String) -> Double? {
        guard let range = status.range(of: "paused │ ") else { return nil }
        let rest = status[range.upperBound...]
        return Double(rest.prefix { $0 != " " })
    }

    @Test("paused, 30 × '.' then 30 × ',' gives back the same pane, text and bob; '[' shows 0.5×")
    func stepBackIsExact() throws {
        let play = try PlaygroundSession("time", files: ["pendulum.yaml": Self.pendulum]) { ["play", $0.file("pendulum.yaml").path] }
        defer { play.stop() }
        let s = play.tmux
        #expect(try s.waitUntil { try s.statusLine().contains("Pendulum 1/1") }, "\((try? s.text()) ?? "")")

        try s.send(keys: "[")
        #expect(try s.waitUntil { try s.statusLine().contains("running at 0.5×") }, "\((try? s.statusLine()) ?? "")")
        try s.send(keys: "]")
        #expect(try s.waitUntil { try s.statusLine().contains("│ running │") })

        usleep(300_000)
        try s.send(keys: "Space")
        #expect(try s.waitUntil { try Self.pausedTime(s.statusLine()) != nil })
        let start = try #require(Self.pausedTime(try s.statusLine()))
        // The pane as a user sees it: its text and where the red bob is. (tmux keeps the colors
        // a blank cell was last written with, which the eye cannot see; the drawn grids are
        // compared cell for cell in the unit tests.)
        struct Pane: Equatable { var text: String; var bob: [Int] }
        let pane = { Pane(text: try s.text(), bob: try s.cells(withColor: 196).map { $0.row * 1000 + $0.column }) }
        let before = try pane()
        #expect(!before.bob.isEmpty, "no red bob on screen")

        try s.send(keys: Array(repeating: ".", count: 30).joined())
        #expect(try s.waitUntil { Self.pausedTime(try s.statusLine()).map { abs($0 - (start + 0.5)) < 0.001 } ?? false },
                "after 30 steps: \((try? s.statusLine()) ?? "")")
        let forward = try pane()
        #expect(forward != before, "30 steps of a swinging pendulum changed nothing on screen")

        try s.send(keys: Array(repeating: ",", count: 30).joined())
        #expect(try s.waitUntil { Self.pausedTime(try s.statusLine()).map { abs($0 - start) < 0.001 } ?? false },
                "after 30 steps back: \((try? s.statusLine()) ?? "")")
        #expect(try s.waitUntil { try pane() == before }, "the pane after 30 forward and 30 back differs:\n\(before.text)\n---\n\((try? s.text()) ?? "")")

        try s.send(keys: "q")
        #expect(try s.waitUntil { try s.text().contains("nudge exited 0") })
    }
}
