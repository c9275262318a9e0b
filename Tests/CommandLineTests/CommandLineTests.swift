// The `nudge` binary's check, scenes and simulate commands, run for real.
//
// `swift build --build-tests` and `swift test` build every product of the package, so the
// executable sits next to the test bundle (NudgePackageTests.xctest) in the same build folder.
// If it is missing the tests fail and say so; they never pass without running it.
import Foundation
import SceneTestSupport
import Testing
import TerminalTestSupport

@Suite("nudge command line")
struct CommandLineTests {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    /// The nudge executable built alongside this test bundle.
    static var executable: URL? {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("nudge")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        let debug = Fixture.packageRoot.appendingPathComponent(".build/debug/nudge")
        return FileManager.default.isExecutableFile(atPath: debug.path) ? debug : nil
    }

    static func run(_ arguments: [String], in directory: URL = Fixture.packageRoot, environment: [String: String?] = [:],
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> Result {
        let executable = try #require(executable, "the nudge executable was not built next to the tests", sourceLocation: sourceLocation)
        // ChildProcess: both pipes read as they fill (a large error output cannot block the child
        // while its output is read), and 10 minutes at most, after which the test fails naming it.
        let ending = try ChildProcess.run([executable.path] + arguments, environment: environment, directory: directory.path,
                                          within: 600, sourceLocation: sourceLocation)
        return Result(status: ending.status, output: ending.output, errors: ending.errors)
    }

    static func temporaryScene(_ yaml: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-cli-\(UUID().uuidString).yaml")
        try yaml.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test("check: 'file: ok' for good files, every error for bad ones, exit status 1")
    func check() throws {
        let bad = try Self.temporaryScene("""
            items:
              - id: a
                size: [-5, 10]
                colour: red
            """)
        defer { try? FileManager.default.removeItem(at: bad) }
        let result = try Self.run(["check", "scenes/000-push.yaml", bad.path])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines == [
            "scenes/000-push.yaml: ok",
            "\(bad.path):3:12: items[0].size[0]: expected a number greater than 0, found -5",
            "\(bad.path):4:5: items[0].colour: unknown key 'colour'; did you mean 'color'?",
        ])
    }

    @Test("check with no arguments checks the library's scenes and exits 0 when all are good")
    func checkLibrary() throws {
        let result = try Self.run(["check"])
        #expect(result.status == 0)
        #expect(result.output.contains("scenes/000-push.yaml: ok"))
    }

    @Test("scenes: one line per scene with file, name and summary")
    func scenes() throws {
        let result = try Self.run(["scenes"])
        #expect(result.status == 0)
        let first = try #require(result.output.split(separator: "\n").first)
        #expect(first.hasPrefix("scenes/000-push.yaml"))
        #expect(first.contains("  Push  ") && first.hasSuffix("Click anywhere to push the square toward the click."))
    }

    @Test("simulate prints step 0, then every K-th step, in the play area an 80×24 terminal gives (640×368: the square at y 184)")
    func simulate() throws {
        let result = try Self.run(["simulate", "scenes/000-push.yaml", "--steps", "6", "--every", "3"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first == #"{"step":0,"time":0,"items":[{"id":"square","x":320,"y":184,"angle":0,"vx":0,"vy":0,"omega":0}]}"#)
        #expect(lines.last?.hasPrefix(#"{"step":6,"time":0.1,"#) == true)
    }

    @Test("simulate always prints the last step: --steps 10 --every 3 prints steps 0, 3, 6, 9 and 10")
    func simulatePrintsTheLastStep() throws {
        let result = try Self.run(["simulate", "scenes/000-push.yaml", "--steps", "10", "--every", "3"])
        #expect(result.status == 0)
        let steps = result.output.split(separator: "\n").compactMap { line -> Int? in
            guard let r = line.range(of: #""step":"#) else { return nil }
            return Int(line[r.upperBound...].prefix { $0.isNumber })
        }
        #expect(steps == [0, 3, 6, 9, 10])
    }

    @Test("simulate's default size follows --cell-size: 80×23 cells of 10×20 pt are 800×460, the square's center (400, 230)")
    func simulateDefaultSizeFollowsCells() throws {
        let result = try Self.run(["simulate", "scenes/000-push.yaml", "--steps", "0", "--cell-size", "10x20"])
        #expect(result.status == 0)
        #expect(result.output.contains(#""x":400,"y":230"#))
    }

    @Test("simulate --size sets the reference bounds of a scene without a size")
    func simulateSize() throws {
        let result = try Self.run(["simulate", "Push", "--steps", "0", "--size", "800x400"])
        #expect(result.status == 0)
        #expect(result.output.contains(#""x":400,"y":200"#))
    }

    @Test("simulate reports scene errors on stderr with file:line:column and fails")
    func simulateBadScene() throws {
        let bad = try Self.temporaryScene("""
            items:
              - {id: a, size: [10, .nan]}
            """)
        defer { try? FileManager.default.removeItem(at: bad) }
        let result = try Self.run(["simulate", bad.path])
        #expect(result.status != 0)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains("\(bad.path):2:24: items[0].size[1]: expected a finite number"))
    }

    @Test("simulate rejects bad flags with clear messages", arguments: [
        (["--steps", "-1"], "--steps must be 0 or more"),
        (["--every", "0"], "--every must be 1 or more"),
        (["--size", "0x5"], "width and height must be greater than 0"),
        (["--size", "abc"], "--size must be WIDTHxHEIGHT"),
        (["--cell-size", "8by16"], "--cell-size must be WIDTHxHEIGHT"),
        (["--input", "no-such-events.jsonl"], "no-such-events.jsonl: cannot read the file"),
    ])
    func badFlags(flags: [String], message: String) throws {
        let result = try Self.run(["simulate", "scenes/000-push.yaml"] + flags)
        #expect(result.status != 0)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains(message), "stderr: \(result.errors)")
    }

    @Test("each bench takes only its own options, and names what is wrong", arguments: [
        (["scaling", "--sleeping"], "Unknown option '--sleeping'"),
        (["render", "--sleeping"], "Unknown option '--sleeping'"),
        (["render", "--list"], "Unknown option '--list'"),
        (["--timeout", "5"], "Unknown option '--timeout'"),
        (["engine", "--glyphs", "half"], "Unknown option '--glyphs'"),
        (["--render"], "Unknown option '--render'"),
        (["--scene", "no-such-scene"], "unknown scene 'no-such-scene'"),
        (["engine", "--scene", "no-such-scene"], "unknown scene 'no-such-scene'"),
        (["--steps", "0"], "--steps must be at least 1"),
        (["render", "--steps", "0"], "--steps must be at least 1"),
        (["render", "--glyphs", "hexant"], "--glyphs: unknown glyph set \"hexant\""),
        (["scaling", "--timeout", "0"], "--timeout must be positive"),
        (["scaling", "--box2d", "no-such-program"], "--box2d: no file at no-such-program"),
    ])
    func benchBadFlags(flags: [String], message: String) throws {
        let result = try Self.run(["bench"] + flags)
        #expect(result.status != 0)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains(message), "stderr: \(result.errors)")
    }

    @Test("bench with no subcommand is bench engine")
    func benchDefaultsToEngine() throws {
        let plain = try Self.run(["bench", "--list"])
        let engine = try Self.run(["bench", "engine", "--list"])
        #expect(plain.status == 0 && engine.status == 0)
        #expect(plain.output == engine.output)
        #expect(plain.output.contains("pyramid-820 "))
    }

    @Test("every command has --help")
    func help() throws {
        for command in [[], ["simulate"], ["check"], ["scenes"]] {
            let result = try Self.run(command + ["--help"])
            #expect(result.status == 0)
            #expect(result.output.contains("USAGE: nudge"))
        }
    }
}

@Suite("Command line: scene size limits")
struct CommandLineSizeLimitTests {
    @Test("nudge check refuses a 5 MiB file at once, naming the file and the 4 MiB limit")
    func largeFileIsRefusedBeforeReading() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-huge-\(UUID().uuidString).yaml")
        var text = "name: Huge\nitems:\n  - {id: a, size: [10, 10]}\n"
        text += String(repeating: "# padding padding padding padding padding padding padding padding\n", count: 5 * 16_384)
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(text.utf8.count > 5 << 20)
        let r = try CommandLineTests.run(["check", url.path])
        #expect(r.status == 1)
        #expect(r.output.contains(url.path) && r.output.contains("at most 4 MiB"), "\(r.output)")
    }
}
