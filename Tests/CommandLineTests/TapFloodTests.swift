// A flood of taps on the Sandbox (whose tap spawns a 32 pt ball) stops adding items at the
// documented cap (docs/gestures.md: 200 items a scene), so thousands of recorded taps replay in a
// bounded time instead of burying the scene in balls until each step takes seconds.
import Foundation
import Testing

@Suite("a flood of taps")
struct TapFloodTests {
    /// `count` taps (down and up at one point, as a click is) spread over the first `seconds`,
    /// at points all over the upper play area.
    static func taps(_ count: Int, within seconds: Double) throws -> URL {
        var lines: [String] = []
        lines.reserveCapacity(2 * count)
        for i in 0..<count {
            let t = Double(i) * seconds / Double(count)
            let x = 40 + (i * 37) % 560, y = 30 + (i * 23) % 150
            lines.append("{\"t\":\(t),\"type\":\"down\",\"x\":\(x),\"y\":\(y)}")
            lines.append("{\"t\":\(t),\"type\":\"up\",\"x\":\(x),\"y\":\(y)}")
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-taps-\(UUID().uuidString).jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// Items in the last state `simulate` printed.
    static func itemCount(_ output: String) throws -> Int {
        let last = try #require(output.split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        return try #require(object["items"] as? [Any]).count
    }

    @Test("3,000 taps and 250,000 taps add 200 balls to the Sandbox's 6 items, and no more",
          arguments: [3_000, 250_000])
    func floodStopsAtTheCap(count: Int) throws {
        let input = try Self.taps(count, within: 0.9)
        defer { try? FileManager.default.removeItem(at: input) }
        let r = try CommandLineTests.run(["simulate", "scenes/007-sandbox.yaml", "--input", input.path, "--steps", "60", "--every", "60"])
        #expect(r.status == 0, "\(r.errors)")
        #expect(try Self.itemCount(r.output) == 6 + 200)
    }
}
