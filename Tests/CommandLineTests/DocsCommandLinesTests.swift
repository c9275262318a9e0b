// Every `nudge …` command line README.md and docs/ show is run against the built binary, so the
// docs cannot drift from the program: a command the program refuses (an option renamed, a mode
// spelled as a flag, `nudge bench --render`) fails here, and where a page shows the output (a
// code block with `$ nudge …` and the lines it prints), each of those lines must be printed.
//
// What counts as a command line: a code span or a code-block line that starts with `nudge`
// (or `swift run [-c release] nudge`), without placeholders. Synopses with `[…]`, `|`, `…` or
// upper-case placeholders (`FILE`, `SCENE`, `WxH`, `N`) are templates, not commands, and are
// checked by CommandLineDocsTests against the help instead; so is a code span in running text
// that names a command or option without the arguments it needs (`nudge simulate --size`). Each command runs in a scratch
// folder holding links to the package's scenes/ and docs/, in the order the pages show them (so
// `nudge new mine.yaml` makes the file `nudge play mine.yaml` then plays). The playground needs a
// terminal: here, with none, it must get as far as saying so (exit 1, "not a terminal"), which it
// does only after its options and paths were accepted. Benchmarks run for minutes: one still
// running after `patience` seconds, with nothing on standard error but the debug-build warning,
// has parsed its command line and started, and is stopped.
import Foundation
import Testing
import SceneTestSupport

@Suite("the command lines in README.md and docs/ run")
struct DocsCommandLinesTests {
    struct Shown: Hashable, CustomStringConvertible {
        var page: String
        var line: Int
        var command: String
        /// The output lines the page shows for it (for `$ nudge …` in a code block).
        var output: [String] = []
        /// Whether it stood in a code block (a whole command line) rather than in running text.
        var inBlock = false
        var description: String { "\(page):\(line): \(command)" }
    }

    /// Commands the pages show to illustrate a refusal, with the exit status they describe.
    static let refusals: [String: Int32] = ["nudge simualte x.yaml": 64]

    static let patience = 10.0

    static var pages: [URL] {
        let root = Fixture.packageRoot
        let docs = (try? FileManager.default.contentsOfDirectory(at: root.appendingPathComponent("docs"), includingPropertiesForKeys: nil)) ?? []
        return [root.appendingPathComponent("README.md")] + docs.filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
    }

    /// `line` as a command to run, or nil when it is not one (a template, or not nudge at all).
    static func command(_ line: String) -> String? {
        var text = line.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("$ ") { text.removeFirst(2) }
        for prefix in ["swift run -c release ", "swift run "] where text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
        guard text == "nudge" || text.hasPrefix("nudge ") else { return nil }
        // A diagram's label (docs/architecture.md's modules) is not a command.
        if text.unicodeScalars.contains(where: { (0x2500...0x257F).contains($0.value) }) { return nil }
        if let comment = text.range(of: "  #") { text = String(text[..<comment.lowerBound]) }
        text = text.trimmingCharacters(in: .whitespaces)
        if text.contains("[") || text.contains("|") || text.contains("…") || text.contains("...") || text.contains("<") { return nil }
        let placeholder = #/^(--[a-z-]+=)?[A-Z][A-Z0-9_]*(x[A-Z][A-Z0-9_]*)?(\.[a-z]+)?,?$/#
        if text.split(separator: " ").contains(where: { $0.wholeMatch(of: placeholder) != nil }) { return nil }
        return text
    }

    /// Every command line shown in `text`, with the output a `$ nudge …` block line shows.
    static func commands(in text: String, page: String) -> [Shown] {
        var found: [Shown] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var fenced = false
        var current: Shown?
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("```") { fenced.toggle(); if let c = current { found.append(c); current = nil }; continue }
            let inBlock = fenced || line.hasPrefix("    ")
            if inBlock {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("$ ") {
                    if let c = current { found.append(c) }
                    current = command(trimmed).map { Shown(page: page, line: index + 1, command: $0, inBlock: true) }
                } else if current != nil, !trimmed.isEmpty {
                    current!.output.append(trimmed)
                } else if let c = command(trimmed) {
                    found.append(Shown(page: page, line: index + 1, command: c, inBlock: true))
                }
                continue
            }
            if let c = current { found.append(c); current = nil }
            for match in line.matches(of: #/`([^`]+)`/#) {
                if let c = command(String(match.output.1)) { found.append(Shown(page: page, line: index + 1, command: c)) }
            }
        }
        if let c = current { found.append(c) }
        return found
    }

    static func allShown() throws -> [Shown] {
        try pages.flatMap { url in
            commands(in: try String(contentsOf: url, encoding: .utf8), page: url.lastPathComponent)
        }
    }

    /// Words of a command line, with shell quotes ('…' and "…") taken off.
    static func words(_ command: String) -> [String] {
        var words: [String] = [], word = "", quote: Character?
        var started = false
        for c in command {
            if let q = quote { if c == q { quote = nil } else { word.append(c) }; continue }
            if c == "'" || c == "\"" { quote = c; started = true; continue }
            if c == " " { if started || !word.isEmpty { words.append(word) }; word = ""; started = false; continue }
            word.append(c)
        }
        if started || !word.isEmpty { words.append(word) }
        return words
    }

    struct Run { var status: Int32?; var output: String; var errors: String }

    /// Runs the binary with `arguments` in `folder`, stopping it after `patience` seconds
    /// (status nil then).
    static func run(_ arguments: [String], in folder: URL) throws -> Run {
        let executable = try #require(CommandLineTests.executable, "the nudge executable was not built next to the tests")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["NUDGE_GLYPHS"] = nil
        process.environment = environment
        let outFile = folder.appendingPathComponent(".out"), errFile = folder.appendingPathComponent(".err")
        FileManager.default.createFile(atPath: outFile.path, contents: nil)
        FileManager.default.createFile(atPath: errFile.path, contents: nil)
        let out = try FileHandle(forWritingTo: outFile), err = try FileHandle(forWritingTo: errFile)
        defer { try? out.close(); try? err.close() }
        process.standardInput = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(patience)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        var status: Int32?
        if process.isRunning {
            // SIGKILL: the child inherits the test runner's blocked signals, SIGTERM among them.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        } else {
            status = process.terminationStatus
        }
        return Run(status: status,
                   output: (try? String(contentsOf: outFile, encoding: .utf8)) ?? "",
                   errors: (try? String(contentsOf: errFile, encoding: .utf8)) ?? "")
    }

    @Test("the extraction takes commands and leaves templates")
    func extraction() {
        #expect(Self.command("nudge bench --render --steps 120") == "nudge bench --render --steps 120")
        #expect(Self.command("swift run -c release nudge bench") == "nudge bench")
        #expect(Self.command("nudge play Sandbox") == "nudge play Sandbox")
        #expect(Self.command("nudge play --glyphs sextant") == "nudge play --glyphs sextant")
        #expect(Self.command("nudge snapshot FILE --at 1") == nil)
        #expect(Self.command("nudge simulate SCENE --size WxH") == nil)
        #expect(Self.command("nudge play [PATH ...]") == nil)
        #expect(Self.command("nudge --glyphs auto|half") == nil)
        #expect(Self.command("swift build") == nil)
        let page = "Run `nudge check scenes/000-push.yaml` or\n\n    $ nudge scenes\n    a  b\n\nand `nudge new FILE`.\n"
        #expect(Self.commands(in: page, page: "p") == [
            Shown(page: "p", line: 1, command: "nudge check scenes/000-push.yaml"),
            Shown(page: "p", line: 3, command: "nudge scenes", output: ["a  b"], inBlock: true),
        ])
        #expect(Self.words("nudge play 'a b' \"c\"") == ["nudge", "play", "a b", "c"])
    }

    @Test("every command line shown runs as the page says")
    func everyCommandRuns() throws {
        let shown = try Self.allShown()
        #expect(shown.count >= 10, "found only \(shown)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for linked in ["scenes", "docs"] {   // docs/examples holds scenes the pages play too
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(linked),
                                                       withDestinationURL: Fixture.packageRoot.appendingPathComponent(linked))
        }
        var seen = Set<String>()
        for item in shown where seen.insert(item.command).inserted || !item.output.isEmpty {
            var arguments = Array(Self.words(item.command).dropFirst())
            if arguments.first == "new", arguments.count == 2 {   // `new` refuses a file that exists, by design
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(arguments[1]))
            }
            let r = try Self.run(arguments, in: folder)
            let said = "\(item) → exit \(r.status.map(String.init) ?? "still running"): \(r.errors)\(r.output.prefix(400))"
            if let refusal = Self.refusals[item.command] {
                #expect(r.status == refusal, "\(said)")
                continue
            }
            // Running text names commands and options too (`nudge simulate`, `nudge simulate
            // --size`): a span the program answers with a missing argument is such a name.
            if !item.inBlock, r.status == 64,
               r.errors.contains("Missing expected argument") || r.errors.contains("Missing value for") {
                continue
            }
            let plays = arguments.first.map { !["simulate", "check", "scenes", "new", "snapshot", "glyphs", "bench", "help", "--help", "--version"].contains($0) } ?? true
            switch r.status {
            case nil:
                // Progress lines are fine; a usage error is not.
                #expect(!r.errors.contains("Error:") && !r.errors.contains("Usage:"), "\(said)")
            case 0?:
                break
            case 1? where plays:
                #expect(r.errors.contains("not a terminal"), "\(said)")
            default:
                Issue.record("\(said)")
            }
            for line in item.output {
                #expect(r.output.contains(line), "\(item): the page shows '\(line)', the program printed \(r.output)")
            }
        }
    }
}
