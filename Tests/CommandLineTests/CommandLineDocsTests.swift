// docs/command-line.md against the built binary's help: every command `nudge --help` lists, and
// every mode a command's own help lists (`nudge bench engine`), has a section there; every long
// option `nudge COMMAND --help` prints is named in that command's section (or among the options
// every command takes); and every command the page describes exists. A flag added without its
// documentation, or a command renamed, fails here.
import Foundation
import SceneTestSupport
import Testing

@Suite("docs/command-line.md covers the command line")
struct CommandLineDocsTests {
    static var page: String {
        get throws {
            try String(contentsOf: Fixture.packageRoot.appendingPathComponent("docs/command-line.md"), encoding: .utf8)
        }
    }

    /// The text under the heading `heading` (of level two or three), up to the next heading of
    /// the same level or above.
    static func section(_ heading: String, in page: String) -> String? {
        for level in ["## ", "### "] {
            guard let start = page.range(of: "\n\(level)\(heading)\n") else { continue }
            let rest = page[start.upperBound...]
            let ends = (level == "## " ? ["\n## "] : ["\n## ", "\n### "]).compactMap { rest.range(of: $0)?.lowerBound }
            return String(rest[..<(ends.min() ?? rest.endIndex)])
        }
        return nil
    }

    /// Every command path of the binary, found through the help texts: ["play", ..., "bench",
    /// "bench engine", ...].
    static func commandPaths(under path: [String] = []) throws -> [[String]] {
        var paths: [[String]] = []
        for command in subcommands(in: try help(path)) {
            paths.append(path + [command])
            paths += try commandPaths(under: path + [command])
        }
        return paths
    }

    /// The lines of a help section (`OPTIONS:`, `SUBCOMMANDS:`) up to the next blank line.
    static func helpSection(_ name: String, in help: String) -> [Substring] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: Substring(name)) else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
    }

    /// The commands `nudge --help` lists, as the first word of each entry.
    static func subcommands(in help: String) -> [String] {
        helpSection("SUBCOMMANDS:", in: help).compactMap { line in
            guard let match = line.firstMatch(of: /^  ([a-z][a-z-]*)(?: \(default\))?\s{2,}\S/) else { return nil }
            return String(match.1)
        }
    }

    /// The long options a help text's OPTIONS section defines: `--name` at the start of an entry
    /// (`  --steps <n>`, `  -h, --help`), not the ones its descriptions mention.
    static func longOptions(in help: String) -> [String] {
        helpSection("OPTIONS:", in: help).compactMap { line in
            guard let match = line.firstMatch(of: /^  (?:-[a-zA-Z], )?(--[a-z][a-z0-9-]*)/) else { return nil }
            return String(match.1)
        }
    }

    static func help(_ arguments: [String]) throws -> String {
        let result = try CommandLineTests.run(arguments + ["--help"])
        #expect(result.status == 0, "nudge \(arguments.joined(separator: " ")) --help: exit \(result.status)")
        return result.output
    }

    @Test("the help parsers read the shape ArgumentParser prints")
    func parsers() {
        let help = """
            OPTIONS:
              --steps <n>             Steps to simulate (1/60 s each). (default: 600)
              --size <WxH>            Reference bounds (default: 80×23 cells of
                                      --cell-size: 640x368 at 8x16).
              -h, --help              Show help information.

            SUBCOMMANDS:
              play (default)          Open the playground.
              simulate                Run a scene without a terminal and print its state as
                                      JSON Lines.

              See 'nudge help <subcommand>' for detailed help.
            """
        #expect(Self.longOptions(in: help) == ["--steps", "--size", "--help"])
        #expect(Self.subcommands(in: help) == ["play", "simulate"])
        let page = "intro\n## `nudge a`\nA\n### `nudge a b`\nB\n### `nudge a c`\nC\n## `nudge d`\nD\n"
        #expect(Self.section("`nudge a`", in: page) == "A\n### `nudge a b`\nB\n### `nudge a c`\nC")
        #expect(Self.section("`nudge a b`", in: page) == "B")
        #expect(Self.section("`nudge a c`", in: page) == "C")
        #expect(Self.section("`nudge e`", in: page) == nil)
    }

    @Test("every command and mode the help lists has a section, and every section a command")
    func commands() throws {
        let page = try Self.page
        let commands = try Self.commandPaths().map { $0.joined(separator: " ") }
        #expect(commands.count >= 6, "the help listed \(commands)")
        for command in commands {
            #expect(Self.section("`nudge \(command)`", in: page) != nil, "docs/command-line.md has no section `nudge \(command)`")
        }
        let documented = page.matches(of: /\n###? `nudge ([a-z -]+)`\n/).map { String($0.1) }
        #expect(Set(documented) == Set(commands), "documented \(documented.sorted()), the binary has \(commands.sorted())")
    }

    @Test("every long option of every command is named in its section or among the common options")
    func options() throws {
        let page = try Self.page
        let common = try #require(Self.section("Options every command takes", in: page),
                                  "docs/command-line.md has no section ## Options every command takes")
        for option in Self.longOptions(in: try Self.help([])) {
            #expect(common.contains("`\(option)"), "nudge --help prints \(option); docs/command-line.md's common options do not name it")
        }
        for path in try Self.commandPaths() {
            let command = path.joined(separator: " ")
            let options = Self.longOptions(in: try Self.help(path))
            #expect(options.contains("--help"), "nudge \(command) --help printed no options section")
            let section = Self.section("`nudge \(command)`", in: page) ?? ""
            for option in options {
                #expect(section.contains("`\(option)") || common.contains("`\(option)"),
                        "nudge \(command) --help prints \(option); docs/command-line.md does not describe it")
            }
        }
    }
}
