// The lists in README.md and docs/ that mirror a registry are not written by hand: each is a block
// between `<!-- generated: NAME -->` and `<!-- end generated -->`, rendered from its registry
// (GlyphSet.allCases, BehaviorKinds.all, the commands `nudge --experimental-dump-help` reports),
// names and the one-line description each entry carries. This test fails for a block that differs
// from its rendering, a block of an unknown name and a registry with no block; run with
// NUDGE_UPDATE_DOCS=1 it writes the renderings into the files instead (and still fails on the
// other two). So adding a glyph set, a kind or a command never means editing a list by hand.
import Foundation
import Testing
import SceneFormat
import SceneTestSupport
import TerminalUI

@Suite("README's and docs' lists of glyph sets, behavior kinds and commands are generated from their registries")
struct GeneratedDocsTests {
    static let pages = ["README.md"] + ((try? FileManager.default.contentsOfDirectory(
        atPath: Fixture.packageRoot.appendingPathComponent("docs").path)) ?? [])
        .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }

    /// Every generated block of `text`: its name and the range of its body (from after the
    /// opening marker's line to the start of the closing marker).
    static func blocks(in text: String) -> [(name: String, body: Range<String.Index>)] {
        text.matches(of: /<!-- generated: ([a-z ]+) -->\n((?:.|\n)*?)<!-- end generated -->/).map {
            (String($0.1), $0.2.startIndex..<$0.2.endIndex)
        }
    }

    /// `text` with every block's body replaced by `render(name)` (left as it is for an unknown name).
    static func rewritten(_ text: String, _ render: (String) -> String?) -> String {
        var result = text
        for block in blocks(in: text).reversed() {
            guard let body = render(block.name) else { continue }
            result.replaceSubrange(block.body, with: body)
        }
        return result
    }

    @Test("the block finder finds each block's body and leaves the rest of the page")
    func finder() {
        let text = "a\n<!-- generated: glyph sets -->\nold\n<!-- end generated -->\nb\n<!-- generated: x -->\n<!-- end generated -->\n"
        #expect(Self.blocks(in: text).map(\.name) == ["glyph sets", "x"])
        #expect(Self.rewritten(text) { $0 == "glyph sets" ? "new\nlines\n" : nil }
                == "a\n<!-- generated: glyph sets -->\nnew\nlines\n<!-- end generated -->\nb\n<!-- generated: x -->\n<!-- end generated -->\n")
    }

    @Test("every generated block in README.md and docs/ is its registry's rendering, and every registry has one")
    func generatedBlocks() throws {
        let renderings = try GeneratedDocs.renderings()
        let update = ProcessInfo.processInfo.environment["NUDGE_UPDATE_DOCS"] == "1"
        var used: Set<String> = []
        for page in Self.pages {
            let url = Fixture.packageRoot.appendingPathComponent(page)
            let text = try String(contentsOf: url, encoding: .utf8)
            for block in Self.blocks(in: text) {
                used.insert(block.name)
                guard let rendering = renderings[block.name] else {
                    Issue.record("\(page): no registry renders a block named \"\(block.name)\"; names: \(renderings.keys.sorted())")
                    continue
                }
                if !update {
                    #expect(String(text[block.body]) == rendering,
                            "\(page): the \"\(block.name)\" block is stale; run NUDGE_UPDATE_DOCS=1 swift test --filter GeneratedDocsTests")
                }
            }
            let updated = Self.rewritten(text) { renderings[$0] }
            if update && updated != text { try updated.write(to: url, atomically: true, encoding: .utf8) }
        }
        #expect(used == Set(renderings.keys), "registries without a block: \(Set(renderings.keys).subtracting(used).sorted())")
    }
}

/// The renderings of the registries, by block name.
enum GeneratedDocs {
    static func renderings() throws -> [String: String] {
        ["glyph sets": glyphSets(), "behavior kinds": behaviorKinds(), "commands": try commands(),
         "event kinds": ruleKinds("event", EventKinds.all.map { ($0.name, $0.keys, $0.summary) }),
         "action kinds": ruleKinds("action", ActionKinds.all.map { ($0.name, $0.keys, $0.summary) })]
    }

    /// A table cell's text: a `|` would end the cell.
    static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }

    /// The glyph sets, coarse to fine: name, sub-pixel grid, characters.
    static func glyphSets() -> String {
        "| set | sub-pixels | characters |\n|---|---|---|\n" + GlyphSet.allCases.map {
            "| `\($0.rawValue)` | \($0.subPixelColumns)×\($0.subPixelRows) | \(cell($0.summary)) |\n"
        }.joined()
    }

    /// The behavior kinds, in registry order: `type:` name and what it does.
    static func behaviorKinds() -> String {
        BehaviorKinds.all.map { "- `\($0.type)`: \($0.summary)\n" }.joined()
    }

    /// A rule's event or action kinds, in registry order: name, keys, what it is.
    static func ruleKinds(_ what: String, _ kinds: [(name: String, keys: [String], summary: String)]) -> String {
        "| \(what) | keys | |\n|---|---|---|\n" + kinds.map { kind in
            let keys = kind.keys.isEmpty ? "—" : kind.keys.map { "`\($0)`" }.joined(separator: ", ")
            return "| `\(kind.name)` | \(keys) | \(cell(kind.summary)) |\n"
        }.joined()
    }

    /// The commands and their subcommands in registry order, each with its abstract and its section
    /// of docs/command-line.md, as the binary itself reports them.
    static func commands() throws -> String {
        let result = try CommandLineTests.run(["--experimental-dump-help"])
        let json = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let root = try #require(json?["command"] as? [String: Any], "no command in the dump: \(result.output.prefix(200))")
        return "| command | what it does |\n|---|---|\n" + rows(of: root, path: ["nudge"]).joined()
    }

    private static func rows(of command: [String: Any], path: [String]) -> [String] {
        let subcommands = (command["subcommands"] as? [[String: Any]] ?? [])
            .filter { ($0["shouldDisplay"] as? Bool) != false && ($0["commandName"] as? String) != "help" }
        let defaultName = command["defaultSubcommand"] as? String
        return subcommands.flatMap { sub -> [String] in
            let name = sub["commandName"] as? String ?? ""
            let full = path + [name]
            let anchor = full.joined(separator: "-")
            let abstract = cell(sub["abstract"] as? String ?? "")
            let alone = name == defaultName ? " (or `\(path.joined(separator: " "))` alone)" : ""
            let row = "| [`\(full.joined(separator: " "))`](docs/command-line.md#\(anchor))\(alone) | \(abstract) |\n"
            return [row] + rows(of: sub, path: full)
        }
    }
}
