// End to end: a scene's counter in the status line of the real `nudge play` under tmux. A rule
// counts every 0.25 s and another ends the scene won at 1 s, so within a few seconds the status
// line shows "ticks 4 │ won: Done" (4 = 1 s / 0.25 s) and stays so: the scene's time has stopped.
// Skipped (with a printed reason) when tmux is missing.
import Foundation
import Testing

@Suite("rules in tmux", TmuxSession.requirement, .serialized)
struct RulesEndToEndTests {
    static let scene = """
        name: Ticks
        items:
          - {id: ball, shape: ellipse, size: [20, 20], center: [100, 100]}
        rules:
          - on: {event: every, seconds: 0.25}
            do: [{action: counter, counter: ticks}]
          - on: {event: after, seconds: 1}
            do: [{action: end, result: won, message: Done}]
        """

    @Test("the counter and the win show in the status line")
    func counterInStatusLine() throws {
        let play = try PlaygroundSession("e2e-rules", files: ["ticks.yaml": Self.scene], columns: 100, rows: 24) { ["play", $0.path] }
        defer { play.stop() }
        let s = play.tmux
        try #require(try s.waitUntil { try s.statusLine().contains("Ticks 1/1") }, "nudge did not start")
        #expect(try s.waitUntil { try s.statusLine().contains("ticks 4 │ won: Done") }, "\((try? s.statusLine()) ?? "")")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try s.statusLine().contains("ticks 4 │ won: Done"), "time stood still after the win")
    }
}
