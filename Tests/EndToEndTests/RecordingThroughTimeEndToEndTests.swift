// End to end: a recording made with time travel and edit mode in the real `nudge play --record`
// under tmux replays the session that was seen. The ball is thrown, the scene paused, Left takes
// it back two seconds (before the throw), a box is drawn there in edit mode (which drops the throw
// from history), the scene runs on, the ball is thrown again, and `w` saves. The recording,
// replayed by `nudge simulate --input` up to the step of that `w`, ends with every item, the drawn
// box included, exactly where the saved file has it (centers and velocities to the last digit):
// the dropped throw is not replayed, and the box and the new throw are. Skipped, with the reason
// printed, when tmux is missing. Each wait allows 20 s: a trip back in a debug build on a loaded
// machine takes seconds, and every key after it waits for it.
import Foundation
import Testing

@Suite("a recording through time travel and edits replays, in tmux", TmuxSession.requirement, .serialized)
struct RecordingThroughTimeEndToEndTests {
    static let scene = """
        name: Drop
        items:
          - {id: ball, shape: ellipse, size: [64, 64], center: [320, 200], color: cyan}
          - {id: post, size: [40, 40], center: [560, 340], color: yellow}
        behaviors:
          - {type: gravity}
          - {type: collision, boundaries: reference}
          - {type: dynamicItem, items: [ball], elasticity: 0.7}
          - {type: dynamicItem, items: [post], anchored: true}
        gestures:
          - recognizer: pan
            action: grab
        """

    /// Every item's x, y, vx, vy in a `nudge simulate` line, by id.
    static func items(_ line: Substring?) throws -> [String: [Double]] {
        let line = try #require(line)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let items = try #require(object["items"] as? [[String: Any]])
        var found: [String: [Double]] = [:]
        for item in items {
            let id = try #require(item["id"] as? String)
            found[id] = try ["x", "y", "vx", "vy"].map { try #require(item[$0] as? Double) }
        }
        return found
    }

    /// Presses on the cyan ball and drags it `offset` columns a cell at a time, then lets go.
    static func throwBall(_ s: TmuxSession, by offset: Int) throws {
        let cells = try s.cells(withColor: EditModeEndToEndTests.cyan)
        let column = Int(try #require(meanColumn(cells)).rounded()), row = Int(try #require(meanRow(cells)).rounded())
        try s.mouse(.press, column: column, row: row)
        for i in 1...6 { try s.mouse(.drag, column: column + offset * i, row: row - i); usleep(20_000) }
        try s.mouse(.release, column: column + offset * 6, row: row - 6)
    }

    @Test("throw, pause, Left twice (before the throw), draw a box, run, throw again, w: simulate --input reaches the saved state exactly")
    func rewindEditAndReplay() throws {
        let folder = try ScratchFolder("e2e-travel-record")
        let file = try folder.write(Self.scene, to: "drop.yaml"), record = folder.file("drop.jsonl")
        let play = try PlaygroundSession(in: folder, arguments: ["play", file.path, "--record", record.path])
        defer { play.stop() }
        let s = play.tmux
        try #require(try s.waitUntil(seconds: 20) { try s.statusLine().contains("Drop 1/1") }, "nudge did not start")
        Thread.sleep(forTimeInterval: 1.2)
        try Self.throwBall(s, by: 3)
        Thread.sleep(forTimeInterval: 0.6)
        try s.send(keys: "Space")
        #expect(try s.waitUntil(seconds: 20) { try s.bottomText().contains("paused") })
        try s.send(keys: "Left")
        try s.send(keys: "Left")
        try s.send(keys: "e")
        try s.send(keys: "b")
        #expect(try s.waitUntil(seconds: 20) { try s.statusLine().contains("edit: box") }, "\((try? s.statusLine()) ?? "")")
        try s.mouse(.press, column: 10, row: 2)
        try s.mouse(.drag, column: 14, row: 4)
        try s.mouse(.release, column: 18, row: 5)
        #expect(try s.waitUntil(seconds: 20) { try s.statusLine().contains("Made box-1") }, "\((try? s.statusLine()) ?? "")")
        try s.send(keys: "Escape")
        #expect(try s.waitUntil(seconds: 20) { !(try s.statusLine().contains("edit:")) }, "\((try? s.statusLine()) ?? "")")
        try s.send(keys: "Space")
        Thread.sleep(forTimeInterval: 1.0)
        try Self.throwBall(s, by: -3)
        Thread.sleep(forTimeInterval: 0.5)
        try s.send(keys: "w")
        #expect(try s.waitUntil(seconds: 20) { try s.bottomText().contains("Saved drop.saved.yaml") }, "\((try? s.bottomText()) ?? "")")
        try s.send(keys: "q")
        #expect(try s.waitUntil(seconds: 20) { try s.text().contains("nudge exited 0") }, "\((try? s.text()) ?? "")")

        let lines = try String(contentsOf: record, encoding: .utf8).split(separator: "\n")
        #expect(lines.contains { $0.contains("\"type\":\"resume\"") }, "no resume line:\n\(lines.joined(separator: "\n"))")
        // The first throw was recorded before the moment the box was drawn at: the resume drops it.
        func time(_ line: Substring) throws -> Double {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["t"] as? Double)
        }
        let resume = try time(try #require(lines.first { $0.contains("\"type\":\"resume\"") }))
        let firstThrow = try time(try #require(lines.first { $0.contains("\"type\":\"down\"") }))
        #expect(firstThrow > resume, "the first throw (\(firstThrow) s) was not after the moment gone back to (\(resume) s)")
        let save = try #require(lines.last { $0.contains("\"key\":\"w\"") })
        let steps = Int((try time(save) * 60).rounded(.down))

        let saved = try SimulateInputTests.run(["simulate", folder.file("drop.saved.yaml").path, "--steps", "0"])
        try #require(saved.status == 0, "\(saved.errors)")
        let live = try Self.items(saved.output.split(separator: "\n").first)
        #expect(Set(live.keys) == ["ball", "post", "box-1"], "\(live.keys.sorted())")
        let replay = try SimulateInputTests.run(["simulate", file.path, "--input", record.path, "--steps", "\(steps)", "--every", "\(max(steps, 1))"])
        try #require(replay.status == 0, "\(replay.errors)")
        #expect(try Self.items(replay.output.split(separator: "\n").last) == live,
                "replay \(replay.output.split(separator: "\n").last ?? "") vs saved \(saved.output)\nrecorded:\n\(lines.joined(separator: "\n"))")
    }
}
