// The README's engine and drawing figures that are not timings are what the program prints: its
// two peer tables' Nudge columns (bodies / touching contact pairs / joints at the end, the steps,
// whether a pyramid stands and its largest drift) against `nudge bench engine --json` of a
// release build, the drawing table's items and bytes per frame against `nudge bench render
// --steps 300 --json`, and the README's peer tables against benchmarks/results/peers.md, which
// the README says holds the same tables. Timings are left alone (a noisy machine measured them on the date the
// README gives); counts and drifts are deterministic, so a build that prints others means the
// text has drifted. The engine runs its seven scenes in seconds in a release build and for many
// minutes in a debug one, so the tests of the build need a release binary: the one the peers script
// builds (`.build-peers`, which CI makes first), `.build/release` or `.build-release`, or
// NUDGE_RELEASE_BINARY; without one it is skipped with that reason.
import Foundation
import Testing
import TerminalTestSupport
import SceneTestSupport

@Suite("the README's engine figures")
struct ReadmeEngineFiguresTests {
    /// A release build of nudge, if there is one.
    static let releaseBinary: URL? = {
        let root = Fixture.packageRoot
        var candidates = [".build-peers/release/nudge", ".build/release/nudge", ".build-release/release/nudge"]
            .map { root.appendingPathComponent($0).path }
        if let given = ProcessInfo.processInfo.environment["NUDGE_RELEASE_BINARY"] { candidates.insert(given, at: 0) }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }.map(URL.init(fileURLWithPath:))
    }()

    /// One row of the counts table, as the page shows it.
    struct Row: Equatable, CustomStringConvertible {
        var scene: String
        var steps: String
        var counts: String
        var drift: String
        var description: String { "\(scene): \(steps) steps, \(counts), drift \(drift)" }
    }

    static func text(_ path: String) throws -> String {
        try String(contentsOf: Fixture.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The table that starts with `header` in `page`, as rows of trimmed cells.
    static func table(_ header: String, in page: String) -> [[String]] {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(header) }) else { return [] }
        return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// The Nudge columns of the counts table: scene, steps, "b / c / j", and the drift's first part.
    static func countRows(in page: String) -> [Row] {
        table("| scene | steps | Nudge |", in: page).compactMap { cells in
            guard cells.count >= 4, let drift = cells.last?.split(separator: "/").first else { return nil }
            return Row(scene: cells[0], steps: cells[1], counts: cells[2], drift: String(drift))
        }
    }

    /// The first part of the time table's "stands" column, per scene.
    static func stands(in page: String) -> [String: String] {
        var out: [String: String] = [:]
        for cells in table("| scene | Nudge ms/step |", in: page) {
            if let last = cells.last, let first = last.split(separator: "/").first { out[cells[0]] = String(first) }
        }
        return out
    }

    @Test("the README's tables are benchmarks/results/peers.md's")
    func sameTables() throws {
        let readme = try Self.text("README.md"), peers = try Self.text("benchmarks/results/peers.md")
        #expect(!Self.countRows(in: readme).isEmpty, "no counts table in the README")
        #expect(Self.countRows(in: readme) == Self.countRows(in: peers))
        #expect(Self.table("| scene | Nudge ms/step |", in: readme) == Self.table("| scene | Nudge ms/step |", in: peers))
    }

    @Test("the README's Nudge counts, stands and drifts are what nudge bench engine prints",
          .enabled(if: releaseBinary != nil, "no release build of nudge (.build-peers, .build/release, .build-release or NUDGE_RELEASE_BINARY): the engine scenes take many minutes in a debug build"),
          .timeLimit(.minutes(10)))
    func countsMatchTheBuild() throws {
        let binary = try #require(Self.releaseBinary)
        let run = try ChildProcess.run([binary.path, "bench", "engine", "--json"], within: 600, errors: .null)
        #expect(run.status == 0)
        var printed: [String: [String: Any]] = [:]
        for line in run.output.split(separator: "\n") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let scene = object["scene"] as? String else { continue }
            printed[scene] = object
        }
        let readme = try Self.text("README.md")
        let stands = Self.stands(in: readme)
        let rows = Self.countRows(in: readme)
        #expect(Set(rows.map(\.scene)) == Set(printed.keys), "scenes: README \(rows.map(\.scene)), bench \(printed.keys.sorted())")
        for row in rows {
            let result = try #require(printed[row.scene], "\(row.scene) not printed")
            let int = { (key: String) in (result[key] as? NSNumber)?.intValue ?? -1 }
            let counts = "\(int("bodies")) / \(int("contacts")) / \(int("joints"))"
            let drift = (result["maximumDrift"] as? NSNumber).map { String(format: "%.1f", $0.doubleValue) } ?? "–"
            let stand = (result["stands"] as? Bool).map { $0 ? "yes" : "no" } ?? "–"
            #expect(row == Row(scene: row.scene, steps: "\(int("steps"))", counts: counts, drift: drift),
                    "README: \(row); the build: \(int("steps")) steps, \(counts), drift \(drift)")
            #expect(stands[row.scene] == stand, "\(row.scene): README stands \(stands[row.scene] ?? "?"), the build \(stand)")
        }
    }

    /// Runs the release binary with `arguments` and returns its JSON Lines as objects.
    static func jsonLines(_ arguments: [String]) throws -> [[String: Any]] {
        let run = try ChildProcess.run([try #require(releaseBinary).path] + arguments, within: 600, errors: .null)
        #expect(run.status == 0)
        return try run.output.split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    @Test("the README's drawing table: items and bytes per frame are what nudge bench render --steps 300 prints",
          .enabled(if: releaseBinary != nil, "no release build of nudge (.build-peers, .build/release, .build-release or NUDGE_RELEASE_BINARY): the drawing bench takes many minutes in a debug build"),
          .timeLimit(.minutes(10)))
    func renderBytesMatchTheBuild() throws {
        var printed: [String: (items: Int, bytes: String)] = [:]
        for object in try Self.jsonLines(["bench", "render", "--steps", "300", "--json"]) {
            guard let scene = object["scene"] as? String, let bodies = (object["bodies"] as? NSNumber)?.intValue,
                  let bytes = (object["bytesPerFrame"] as? NSNumber)?.doubleValue else { continue }
            printed[scene] = (bodies, String(format: "%.0f", bytes))   // the mean, rounded as the table prints it
        }
        // "    render:000-push        sixel          1       1.033     0.850     2.161           656"
        let rows = try Self.text("README.md").split(separator: "\n").compactMap { line -> [String]? in
            let words = line.split(separator: " ").map(String.init)
            return words.count == 7 && words[0].hasPrefix("render:") ? words : nil
        }
        #expect(rows.count >= 36, "the README's drawing table has \(rows.count) rows")
        for words in rows {
            // The table cuts scene names to 22 characters ("render:005-crossing-im").
            let match = printed.first { $0.key.hasPrefix(words[0]) && $0.key.hasSuffix("/" + words[1]) }
            let build = try #require(match, "\(words[0]) \(words[1]) not printed")
            #expect(Int(words[2]) == build.value.items && words[6] == build.value.bytes,
                    "\(words[0]) \(words[1]): README \(words[2]) items, \(words[6]) bytes; the build \(build.value.items), \(build.value.bytes)")
        }
    }
}
