// docs/uikit-coverage.md cannot drift from what scene files do: its tables are read here, and
// every row that claims a scene can use the feature (working or partly) is checked against the
// scene its group gives: each code span of the row's spelling must be in that scene's text, and
// the scene must parse with the real parser, build into a playing scene (behaviors, gestures,
// animations and rules, every entry of each), and step one second with every item finite. The
// counts at the top of the page must be the tables' own. A claim removed from the format (a key
// renamed, a kind dropped) fails the parse; a row claiming what its scene does not spell fails
// the spelling check.
//
// The test lives with the Playground tests because a scene's gestures and rules are built by the
// Playground module, not by the Scenes module alone.
import Foundation
import Geometry
import Testing
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("The UIKit coverage page's claims hold")
struct UIKitCoverageTests {
    enum Status: String, CaseIterable {
        case works = "works in scene files"
        case swiftOnly = "Swift library only"
        case partly = "partly"
        case absent = "absent"
    }

    struct Row {
        let uikit: String
        let spelling: String
        let status: Status
        let section: String
        /// The code spans of the spelling column.
        var spans: [String] { spelling.matches(of: /`([^`]+)`/).map { String($0.1) } }
    }

    struct Section {
        let title: String
        var rows: [Row] = []
        var scene: String?
    }

    static var page: String {
        get throws {
            var url = URL(fileURLWithPath: #filePath)
            while url.path != "/" {
                url.deleteLastPathComponent()
                if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { break }
            }
            return try String(contentsOf: url.appendingPathComponent("docs/uikit-coverage.md"), encoding: .utf8)
        }
    }

    /// The page's sections: each `##` heading's table rows and the YAML block that follows them.
    static func sections(of text: String) throws -> [Section] {
        var sections: [Section] = []
        var inYAML = false
        var yaml: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if inYAML {
                if line == "```" {
                    inYAML = false
                    sections[sections.count - 1].scene = yaml.joined(separator: "\n") + "\n"
                } else { yaml.append(line) }
            } else if line.hasPrefix("## ") {
                sections.append(Section(title: String(line.dropFirst(3))))
            } else if line == "```yaml", !sections.isEmpty {
                inYAML = true; yaml = []
            } else if line.hasPrefix("| "), !sections.isEmpty {
                let cells = line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
                try #require(cells.count == 3, "a row without three cells: \(line)")
                guard cells[0] != "UIKit" else { continue }
                let status = try #require(Status.allCases.first { cells[2].hasPrefix($0.rawValue) },
                                          "unknown status in: \(line)")
                sections[sections.count - 1].rows.append(
                    Row(uikit: cells[0], spelling: cells[1], status: status, section: sections.last!.title))
            }
        }
        return sections.filter { !$0.rows.isEmpty }
    }

    static func countsLine(_ rows: [Row]) -> String {
        let n = { (s: Status) in rows.filter { $0.status == s }.count }
        return "**\(rows.count) rows: \(n(.works)) work in scene files, \(n(.swiftOnly)) Swift library only, "
            + "\(n(.partly)) partly, \(n(.absent)) absent.**"
    }

    static var claimingSections: [String] {
        ((try? sections(of: page)) ?? []).filter { $0.rows.contains { $0.status == .works || $0.status == .partly } }
            .map(\.title)
    }

    @Test("the page has the tables, every row a status, and the counts at its top are the tables'")
    func counts() throws {
        let text = try Self.page
        let rows = try Self.sections(of: text).flatMap(\.rows)
        #expect(rows.count >= 107, "fewer than 107 rows")
        let block = try #require(text.firstMatch(of: /<!-- counts -->\n(.*)\n<!-- end counts -->/))
        #expect(String(block.1) == Self.countsLine(rows))
    }

    @Test("a working or partly row spells what its group's scene holds, and a row with nothing to spell claims nothing")
    func spellings() throws {
        for section in try Self.sections(of: Self.page) {
            for row in section.rows {
                switch row.status {
                case .works, .partly:
                    let scene = try #require(section.scene, "\(section.title) has no scene for \(row.uikit)")
                    #expect(!row.spans.isEmpty, "\(row.uikit): a claim without a spelling")
                    for span in row.spans {
                        #expect(scene.contains(span), "\(section.title): \(row.uikit) spells `\(span)`, which its scene lacks")
                    }
                case .swiftOnly, .absent:
                    #expect(row.spelling == "—", "\(row.uikit) has no scene spelling but shows one")
                }
            }
        }
    }

    @Test("each group's scene parses, builds every entry, and plays one second with finite items",
          arguments: claimingSections)
    func sceneBuilds(_ title: String) throws {
        let section = try #require(try Self.sections(of: Self.page).first { $0.title == title })
        let yaml = try #require(section.scene)
        let description = try SceneParser().parse(yaml: yaml, file: "uikit-coverage.yaml")
        let scene = SceneBuilder().build(description, referenceBounds: description.referenceBounds(available: Size(640, 368)))
        let playing = SceneSession(scene: scene)
        #expect(scene.items.count == description.items.count)
        #expect(scene.fileBehaviors.count == description.behaviors.count)
        #expect(playing.router.recognizers.count >= description.gestures.count)
        #expect(playing.animationIDs.count == description.animations.count && !playing.animationIDs.contains(nil))
        if !description.rules.isEmpty { #expect(playing.rules != nil) }
        for _ in 0..<60 { playing.step() }
        for item in scene.items {
            #expect(item.center.x.isFinite && item.center.y.isFinite && item.transform.a.isFinite && item.transform.b.isFinite, "\(item.id) went non-finite")
        }
    }
}
