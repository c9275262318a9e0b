// The key table: the docs' key tables say what it says, row for row; the help overlay lists it;
// a replay ends exactly at the keys docs/playground.md says leave the scene.
import Dynamics
import Foundation
import Geometry
import Testing
import TerminalUI
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Key bindings")
struct KeyBindingTests {
    /// The package's folder (this file is Tests/PlaygroundTests/KeyBindingTests.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every key a docs table may name that is not a plain character, by the name the docs use.
    static let namedKeys: [String: Key] = {
        var keys: [Key] = [.tab, .backTab, .escape, .enter, .backspace, .delete, .up, .down, .left, .right,
                           .home, .end, .pageUp, .pageDown, .ctrlC, .ctrlZ, .character(" ")]
        keys += (1...12).map { .function($0) }
        keys += "abdefghijklmnopqrstuvwxy".map { .control($0) }
        return Dictionary(uniqueKeysWithValues: keys.map { (KeyBinding.name(of: $0), $0) })
    }()

    /// The body rows of the first table under the line `heading` in `markdown`, cells trimmed.
    static func table(under heading: String, in markdown: String) -> [[String]] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: heading) else { return [] }
        let section = lines[(start + 1)...].prefix { !$0.hasPrefix("#") }
        let rows = section.drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        return rows.dropFirst(2).map { row in
            let cells = row.replacingOccurrences(of: "\\|", with: "\u{1}").split(separator: "|", omittingEmptySubsequences: false)
            return cells.dropFirst().dropLast().map { $0.replacingOccurrences(of: "\u{1}", with: "|").trimmingCharacters(in: .whitespaces) }
        }
    }

    /// The keys a table's first cell names ("`n`, Tab"; "`1`–`9`" is 1 to 9), each as the key
    /// itself or nil for a name that is no key ("left drag"); a code span is always a key.
    static func keys(inCell cell: String) -> [Key?] {
        var keys: [Key?] = []
        for (k, piece) in cell.components(separatedBy: "`").enumerated() {
            if k % 2 == 1 {
                keys.append(piece.count == 1 ? .character(piece.first!) : namedKeys[piece])
                continue
            }
            let text = piece.trimmingCharacters(in: .whitespaces)
            if text == "–", case .character(let low)? = keys.last, let from = low.wholeNumberValue {
                // A range: the next code span is its end; the digits between go in here.
                let end = cell.components(separatedBy: "`")[k + 1]
                if let to = end.first?.wholeNumberValue, to > from + 1 {
                    keys += (from + 1..<to).map { .character(Character(String($0))) }
                }
                continue
            }
            for word in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !word.isEmpty {
                keys.append(namedKeys[word])
            }
        }
        return keys
    }

    /// Holds the key rows of `file`'s table under `heading` to the key table: each row names
    /// exactly one binding's keys and begins with its words; every binding has its row.
    static func check(_ file: String, heading: String) throws {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        let rows = table(under: heading, in: text)
        #expect(!rows.isEmpty, "no table under \"\(heading)\" in \(file)")
        var documented: [KeyBinding] = []
        for row in rows where row.count >= 2 {
            let keys = keys(inCell: row[0])
            if keys.allSatisfy({ $0 == nil }) { continue }   // a mouse row
            #expect(!keys.contains(nil), "\(file): \"\(row[0])\" mixes keys with other names")
            let named = keys.compactMap { $0 }
            guard let binding = KeyBinding.binding(for: named[0]) else {
                Issue.record("\(file): \(KeyBinding.name(of: named[0])) is documented but does nothing")
                continue
            }
            #expect(named == binding.keys, "\(file): the row \"\(row[0])\" should list \(binding.label)")
            let does = row[1]
            let follows = does.dropFirst(binding.help.count).first
            #expect(does.hasPrefix(binding.help) && (follows == nil || " ;:,(.".contains(follows!)),
                    "\(file): \"\(row[0])\" says \"\(does)\"; it should begin \"\(binding.help)\"")
            documented.append(binding)
        }
        #expect(documented == KeyBinding.playground, "\(file) lists \(documented.map(\.label)), the table \(KeyBinding.playground.map(\.label))")
    }

    @Test("README's \"Keys and mouse\" table lists every key of the table, in order, with the same meaning, and no other")
    func readme() throws {
        try Self.check("README.md", heading: "## Keys and mouse")
    }

    @Test("docs/playground.md's \"Keys\" table lists every key of the table, in order, with the same meaning, and no other")
    func playgroundDocs() throws {
        try Self.check("docs/playground.md", heading: "## Keys")
    }

    @Test("the docs reader reads code spans, names and ranges, and tells mouse rows from key rows")
    func docsReader() {
        #expect(Self.keys(inCell: "`n`, Tab") == [.character("n"), .tab])
        #expect(Self.keys(inCell: "`1`–`4`") == [.character("1"), .character("2"), .character("3"), .character("4")])
        #expect(Self.keys(inCell: "space") == [.character(" ")])
        #expect(Self.keys(inCell: "Ctrl-C") == [.ctrlC])
        #expect(Self.keys(inCell: "`,`, `.`") == [.character(","), .character(".")])
        #expect(Self.keys(inCell: "right drag, or Ctrl + left drag") == [nil, nil])
        let rows = Self.table(under: "## K", in: "## K\ntext\n| a | b |\n|---|---|\n| `x` | y \\| z |\n\n| not | this |\n## L\n")
        #expect(rows == [["`x`", "y | z"]])
    }

    @Test("the overlay shows each binding as \"keys   words\", bindings with the same words on one line")
    func overlayLines() {
        let lines = KeyBinding.helpLines()
        #expect(lines.contains("  n, Tab          next scene"))
        #expect(lines.contains("  1-9             jump to that scene"))
        #expect(lines.contains("  space           pause / resume"))
        #expect(lines.contains("  q, Q, Ctrl-C    quit"))
        #expect(lines.count == KeyBinding.playground.count - 1)   // q, Q and Ctrl-C share a line
    }

    @Test("? draws the overlay from the table: every line of it is on screen")
    func overlayOnScreen() throws {
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": BuiltInScenes.push])
        defer { try? FileManager.default.removeItem(at: folder) }
        // The first q only closes the box; the second quits.
        let terminal = ScriptedTerminal(script: [(0.5, key("?")), (1.0, key("q")), (1.1, key("q"))])
        _ = try terminal.app(scenes).run()
        let screen = try #require(terminal.gridTexts.last { $0.contains("Mouse in this scene") })
        for line in KeyBinding.helpLines(KeyBinding.playground.filter { $0.mode != .edit }) {
            #expect(screen.contains(line.trimmingCharacters(in: .whitespaces)), "\"\(line)\" is not on screen")
        }
        #expect(screen.contains("tap → pushToward square"))
    }

    @Test("? in edit mode lists edit mode's keys and those of both modes, every line on an 80×24 screen")
    func editOverlayOnScreen() throws {
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": BuiltInScenes.push])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = ScriptedTerminal(script: [(0.2, key("e")), (0.5, key("?")), (1.0, key("q")), (1.1, key("q"))])
        _ = try terminal.app(scenes).run()
        let screen = try #require(terminal.gridTexts.last { $0.contains("Keys in edit mode") })
        for line in KeyBinding.helpLines(KeyBinding.playground.filter { $0.mode != .play }) {
            #expect(screen.contains(line.trimmingCharacters(in: .whitespaces)), "\"\(line)\" is not on screen")
        }
    }

    /// The keys docs/playground.md names as leaving the scene ("n, p, Tab, Shift-Tab, 1–9, r,
    /// R, q, Q, Ctrl-C"), and the other keys of the table.
    static let leaving = ["n", "p", "Tab", "Shift-Tab"] + (1...9).map(String.init) + ["r", "R", "q", "Q", "Ctrl-C"]
    static let staying = [" ", ".", "?", "Ctrl-Z"]

    @Test("a replayed key that leaves the scene ends the replay; the others leave the scene's input alone",
          arguments: leaving.map { ($0, true) } + staying.map { ($0, false) })
    func replayEndsAtLeavingKeys(key: String, leaves: Bool) throws {
        // The push square rests at (320, 192) of 640×384; a click 200 pt to its right at 0.2 s
        // aims the push at it with magnitude 200 / 200 = 1, unless the key at 0.1 s ended the input.
        let session = try Fixture.session(Fixture.push)
        let events: [InputEvent] = [.key(key, time: 0.1), .pointer(.down(Point(520, 192), time: 0.2)),
                                    .pointer(.up(Point(520, 192), time: 0.25))]
        SessionReplay.run(session, events: events, steps: 30, every: 30) { _ in }
        let push = try #require(session.scene.behavior(withID: "tap-push") as? PushBehavior)
        #expect(push.magnitude == (leaves ? 0 : 1), "key \"\(key)\"")
        #expect(SessionReplay.leavesScene(key) == leaves)
    }
}
