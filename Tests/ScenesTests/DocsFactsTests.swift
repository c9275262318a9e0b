// Facts the docs state about scenes, checked against the program: the color names
// docs/terminal.md lists are exactly the ones a scene may use (SceneColor.names; a three-digit
// hex is refused), and the ids docs/playground.md gives drawn items are the ones edit mode makes.
import Foundation
import Testing
import SceneTestSupport
@testable import SceneFormat
@testable import Scenes

@Suite("facts in the docs")
struct DocsFactsTests {
    static func page(_ name: String) throws -> String {
        try String(contentsOf: Fixture.packageRoot.appendingPathComponent("docs/\(name)"), encoding: .utf8)
    }

    @Test("docs/terminal.md lists exactly the scene color names, and scenes refuse #rgb")
    func colorNames() throws {
        let page = try Self.page("terminal.md")
        let line = try #require(page.split(separator: "\n").first { $0.hasPrefix("`black`") }, "no list of color names")
        let listed = line.matches(of: #/`([A-Za-z]+)`/#).map { String($0.output.1) }
        #expect(listed == SceneColor.names)
        for name in listed { #expect(SceneColor(parsing: name) != nil, "\(name)") }
        #expect(SceneColor(parsing: "#f80") == nil)
        #expect(SceneColor(parsing: "navy") == nil && SceneColor(parsing: "lime") == nil)
        #expect(!page.contains("`#rgb`"))
    }

    @Test("docs/playground.md's drawn-item ids are the ones edit mode makes")
    func drawnItemIDs() throws {
        let page = try Self.page("playground.md")
        let sentence = try #require(page.firstMatch(of: #/Drawn items \(ids `([a-z]+-\d+)`, `([a-z]+-\d+)`, `([a-z]+-\d+)`, then `([a-z]+-\d+)`/#))
        let scene = try SceneBuilderTests.build("name: T\nitems:\n  - {id: wall, size: [10, 10]}\n")
        #expect(String(sentence.output.1) == scene.newItemID("box"))
        #expect(String(sentence.output.2) == scene.newItemID("ball"))
        #expect(String(sentence.output.3) == scene.newItemID("polygon"))
        let withBox = try SceneBuilderTests.build("name: T\nitems:\n  - {id: box-1, size: [10, 10]}\n")
        #expect(String(sentence.output.4) == withBox.newItemID("box"))
    }
}
