// README's command-line table against the binary's registry of commands (`nudge --help` lists
// the commands Nudge.swift registers): each command has its row, and each row names a command,
// so the README cannot drift from the registry. docs/command-line.md is held to the same
// registry by CommandLineDocsTests.
import Foundation
import Testing
import SceneTestSupport

@Suite("README's command table is the registry's")
struct ReadmeCommandsTests {
    @Test("every registered command has a row `nudge NAME` in README's command table, and every row a command")
    func readmeRows() throws {
        let commands = CommandLineDocsTests.subcommands(in: try CommandLineDocsTests.help([]))
        #expect(!commands.isEmpty)
        let readme = try String(contentsOf: Fixture.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(CommandLineDocsTests.section("Command line", in: readme), "README has no Command line section")
        let rows = Set(section.matches(of: /\n\| `nudge ([a-z][a-z-]*)/).map { String($0.1) })
        #expect(Set(commands) == rows, "registered \(commands.sorted()), README rows \(rows.sorted())")
    }
}
