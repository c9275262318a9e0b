// End to end: an inspector change made in the real `nudge play --record` under tmux replays. A
// bouncing ball is paused, selected, and its elasticity raised from 0.5 to 0.7 with the
// inspector's arrows; the panel is closed with Esc, the scene runs on and `w` saves it. The
// recording, replayed by `nudge simulate --input` up to the step of that `w`, ends with the ball
// exactly where the saved file has it (center and velocity, to the last digit), and the same
// recording without its tune lines does not (the ball bounces lower). Skipped, with the reason
// printed, when tmux is missing.
import Foundation
import Testing

@Suite("inspector changes replay, in tmux", TmuxSession.requirement, .serialized)
struct InspectorRecordingEndToEndTests {
    static let scene = """
        name: Tune
        items:
          - {id: ball, shape: ellipse, size: [48, 48], center: [320, 60], color: cyan}
        behaviors:
          - {type: gravity}
          - {type: collision, boundaries: reference}
          - {type: dynamicItem, items: [ball], elasticity: 0.5}
        """

    /// The ball's x, y, vx, vy in a `nudge simulate` line.
    static func ball(_ line: Substring?) throws -> [Double] {
        let line = try #require(line)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let ball = try #require((object["items"] as? [[String: Any]])?.first)
        return try ["x", "y", "vx", "vy"].map { try #require(ball[$0] as? Double) }
    }

    @Test("pause, select the ball, i, elasticity 0.5 → 0.7, Esc, run, w: simulate --input reaches the saved state exactly")
    func tuneInTmux() throws {
        let folder = try ScratchFolder("e2e-tune")
        let file = try folder.write(Self.scene, to: "tune.yaml"), record = folder.file("tune.jsonl")
        let play = try PlaygroundSession(in: folder, arguments: ["play", file.path, "--record", record.path])
        defer { play.stop() }
        let s = play.tmux
        try #require(try s.waitUntil { try s.statusLine().contains("Tune") }, "nudge did not start")
        Thread.sleep(forTimeInterval: 0.8)
        try s.send(keys: "Space")
        #expect(try s.waitUntil { try s.bottomText().contains("paused") })
        try s.send(keys: "e")
        try s.send(keys: "v")
        let cells = try s.cells(withColor: EditModeEndToEndTests.cyan)
        let column = try #require(meanColumn(cells)), row = try #require(meanRow(cells))
        try s.mouse(.press, column: Int(column.rounded()), row: Int(row.rounded()))
        try s.mouse(.release, column: Int(column.rounded()), row: Int(row.rounded()))
        try s.send(keys: "i")
        #expect(try s.waitUntil { try s.text().contains("elasticity") }, "the inspector did not open: \((try? s.text()) ?? "")")
        try s.send(keys: "Down")
        try s.send(keys: "Down")
        for _ in 0..<4 { try s.send(keys: "Right") }
        #expect(try s.waitUntil { try s.text().split(separator: "\n").contains { $0.contains("elasticity") && $0.trimmingCharacters(in: .whitespaces).hasSuffix(" 0.7") } },
                "\((try? s.text()) ?? "")")
        try s.send(keys: "Escape")
        #expect(try s.waitUntil { !(try s.text().contains("elasticity")) }, "Esc did not close the inspector")
        try s.send(keys: "e")
        try s.send(keys: "Space")
        Thread.sleep(forTimeInterval: 1.5)
        try s.send(keys: "w")
        #expect(try s.waitUntil { try s.bottomText().contains("Saved tune.saved.yaml") }, "\((try? s.bottomText()) ?? "")")
        try s.send(keys: "q")
        #expect(try s.waitUntil { try s.text().contains("nudge exited 0") })

        let lines = try String(contentsOf: record, encoding: .utf8).split(separator: "\n")
        #expect(lines.filter { $0.contains("\"type\":\"tune\"") }.count == 4, "\(lines.joined(separator: "\n"))")
        let save = try #require(lines.last { $0.contains("\"key\":\"w\"") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(save.utf8)) as? [String: Any])
        let steps = Int((try #require(object["t"] as? Double) * 60).rounded(.down))

        let saved = try SimulateInputTests.run(["simulate", folder.file("tune.saved.yaml").path, "--steps", "0"])
        try #require(saved.status == 0, "\(saved.errors)")
        let replay = try SimulateInputTests.run(["simulate", file.path, "--input", record.path, "--steps", "\(steps)", "--every", "\(max(steps, 1))"])
        try #require(replay.status == 0, "\(replay.errors)")
        let live = try Self.ball(saved.output.split(separator: "\n").first)
        #expect(try Self.ball(replay.output.split(separator: "\n").last) == live,
                "replay \(replay.output.split(separator: "\n").last ?? "") vs saved \(saved.output)")

        // Without the tune lines the replayed ball keeps elasticity 0.5 and ends elsewhere.
        let untuned = folder.file("untuned.jsonl")
        try lines.filter { !$0.contains("\"type\":\"tune\"") }.joined(separator: "\n").write(to: untuned, atomically: true, encoding: .utf8)
        let other = try SimulateInputTests.run(["simulate", file.path, "--input", untuned.path, "--steps", "\(steps)", "--every", "\(max(steps, 1))"])
        #expect(try Self.ball(other.output.split(separator: "\n").last) != live)
    }
}
