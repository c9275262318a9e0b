// End to end: `w` in the middle of Crossing Images, in the real `nudge play` under tmux, writes
// a file that goes on from there. The recording gives the step of the `w`; `nudge simulate` of
// the seed scene run on 60 steps past it, and of the saved file run 60 steps, put both pictures
// in the same place and at the same alpha, to 1e-9 (a save that restarted the curve put the
// smiley tens of points off). Skipped, with the reason printed, when tmux is missing.
import Foundation
import Testing

@Suite("w mid-animation, in tmux", TmuxSession.requirement, .serialized)
struct MidAnimationSaveEndToEndTests {
    /// The items of a `nudge simulate` line: id → [x, y, alpha].
    static func items(_ line: Substring?) throws -> [String: [Double]] {
        let line = try #require(line)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        var out: [String: [Double]] = [:]
        for item in try #require(object["items"] as? [[String: Any]]) {
            out[try #require(item["id"] as? String)] = try ["x", "y", "alpha"].map { try #require(item[$0] as? Double) }
        }
        return out
    }

    @Test("Crossing Images saved with w after about a second goes on as the scene itself goes on")
    func crossingImages() throws {
        let folder = try ScratchFolder("e2e-midanim")
        let scenes = TmuxSession.packageRoot.appendingPathComponent("scenes")
        let file = try folder.copy(scene: "005-crossing-images.yaml", as: "crossing.yaml"), record = folder.file("crossing.jsonl")
        try FileManager.default.createSymbolicLink(at: folder.file("images"),
                                                   withDestinationURL: scenes.appendingPathComponent("images"))
        let play = try PlaygroundSession(in: folder, arguments: ["play", file.path, "--record", record.path])
        defer { play.stop() }
        let s = play.tmux
        try #require(try s.waitUntil { try s.statusLine().contains("Crossing Images") }, "nudge did not start")
        Thread.sleep(forTimeInterval: 1)
        try s.send(keys: "w")
        #expect(try s.waitUntil { try s.bottomText().contains("Saved crossing.saved.yaml") }, "\((try? s.bottomText()) ?? "")")
        try s.send(keys: "q")
        #expect(try s.waitUntil { try s.text().contains("nudge exited 0") })

        let saved = folder.file("crossing.saved.yaml")
        let text = try String(contentsOf: saved, encoding: .utf8)
        #expect(text.contains("elapsed:") && text.contains("from:"), "\(text)")
        let lines = try String(contentsOf: record, encoding: .utf8).split(separator: "\n")
        let key = try #require(lines.last { $0.contains("\"key\":\"w\"") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(key.utf8)) as? [String: Any])
        let step = Int((try #require(object["t"] as? Double) * 60).rounded(.down))
        try #require(step > 0 && step < 180, "w at step \(step): the smiley has left or not started")

        let live = try SimulateInputTests.run(["simulate", file.path, "--steps", "\(step + 60)", "--every", "\(step + 60)"])
        let after = try SimulateInputTests.run(["simulate", saved.path, "--steps", "60", "--every", "60"])
        try #require(live.status == 0 && after.status == 0, "\(live.errors)\(after.errors)")
        let a = try Self.items(live.output.split(separator: "\n").last), b = try Self.items(after.output.split(separator: "\n").last)
        #expect(a.keys.sorted() == b.keys.sorted())
        for (id, values) in a {
            let other = try #require(b[id])
            for (x, y) in zip(values, other) { #expect(abs(x - y) < 1e-9, "\(id): scene \(values), saved \(other)") }
        }
    }
}
