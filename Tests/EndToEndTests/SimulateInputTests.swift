// `nudge simulate --input`: recorded events replayed through the real binary.
import Foundation
import Testing
import TerminalTestSupport

@Suite("nudge simulate --input")
struct SimulateInputTests {
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let binary = try #require(TmuxSession.executable, "the nudge executable was not built next to the tests")
        let run = try ChildProcess.run([binary.path] + arguments, directory: TmuxSession.packageRoot.path, within: 120)
        return (run.status, run.output, run.errors)
    }

    static func write(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-input-\(UUID().uuidString).jsonl")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test("a tap 200 pt right of the Push square at t = 0 gives vx = 156.25 pt/s after one second (push 1 on mass 0.64)")
    func pushReplay() throws {
        let input = try Self.write("""
            {"t": 0, "type": "down", "x": 520, "y": 192, "button": 1}
            {"t": 0.01, "type": "up", "x": 520, "y": 192, "button": 1}
            """)
        defer { try? FileManager.default.removeItem(at: input) }
        let result = try Self.run(["simulate", "scenes/000-push.yaml", "--steps", "60", "--every", "60", "--input", input.path])
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 2)
        let last = try #require(lines.last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        let square = try #require((object["items"] as? [[String: Any]])?.first)
        let vx = try #require(square["vx"] as? Double)
        #expect(abs(vx - 156.25) < 156.25 * 0.01, "vx \(vx)")
    }

    @Test("a bad input line fails with file:line and prints nothing on stdout")
    func badInput() throws {
        let input = try Self.write("""
            {"t": 0, "type": "down", "x": 520, "y": 192}
            {"t": 0.5, "type": "wiggle", "x": 1, "y": 2}
            """)
        defer { try? FileManager.default.removeItem(at: input) }
        let result = try Self.run(["simulate", "scenes/000-push.yaml", "--input", input.path])
        #expect(result.status != 0)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains("\(input.path):2: \"type\": expected down | move | up | key | scroll"), "\(result.errors)")
    }
}
