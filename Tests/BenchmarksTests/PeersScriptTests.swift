// PeersScriptTests: benchmarks/run-peers.sh --quick must keep working (install the peers, build
// them and Nudge in release, run all seven scenes on all three engines, print the table), so the
// comparison cannot rot. It takes minutes and apt, so it runs only when NUDGE_PEERS=1 (CI sets it).
// Timings are not checked; what each engine reports of the scene is.
import Foundation
import Testing

@Suite("Peers comparison script")
struct PeersScriptTests {
    static let enabled = ProcessInfo.processInfo.environment["NUDGE_PEERS"] == "1"

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    @Test("run-peers.sh --quick runs every scene on Nudge, Box2D and Chipmunk",
          .enabled(if: enabled, "set NUDGE_PEERS=1 to run benchmarks/run-peers.sh --quick (needs apt and a release build)"),
          .timeLimit(.minutes(10)))
    func quickRun() throws {
        let root = Self.packageRoot
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [root.appendingPathComponent("benchmarks/run-peers.sh").path, "--quick"]
        process.currentDirectoryURL = root
        var environment = ProcessInfo.processInfo.environment
        // `swift test` holds the lock on .build while the tests run: build the release nudge elsewhere.
        environment["NUDGE_PEERS_SCRATCH"] = root.appendingPathComponent(".build-peers").path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let table = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "run-peers.sh failed:\n\(table)")

        let rows = table.split(separator: "\n").map(String.init)
        #expect(rows.contains { $0.hasPrefix("| scene | Nudge ms/step | Box2D 2.4.1 | Chipmunk 7 |") })
        // Counts table: the three engines hold the same bodies and joints in every scene.
        let expected: [String: (bodies: Int, joints: Int)] = [
            "pyramid-210": (210, 0), "pyramid-820": (820, 0), "pyramid-5050": (5050, 0), "cradle": (5, 5),
            "pin-grid": (10000, 19802), "rain": (2000, 0), "tumbler": (2004, 0),
        ]
        for (scene, want) in expected {
            // "| scene | steps | b / c / j | b / c / j | b / c / j |"
            let row = try #require(rows.first { $0.hasPrefix("| \(scene) | 20 |") }, "no counts row for \(scene)")
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(cells.count == 6, "\(row)")
            for cell in cells[2..<5] {
                let numbers = cell.split(separator: "/").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                #expect(numbers.count == 3 && numbers[0] == want.bodies && numbers[2] == want.joints,
                        "\(scene): \(cell)")
            }
        }
    }
}
