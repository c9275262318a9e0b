// The glyph set registry against what is written about it: every list of set names in the README
// and the docs is the registry's, in its order, so a set added to (or taken from) the registry
// without its documentation fails here; and each set's own definition holds together.
import Foundation
import Testing
@testable import TerminalUI

@Suite("Glyph sets: one registry, and every list of them written from it")
struct GlyphSetRegistryTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The runs of three or more set names in a row (separated by `|`, `\`, commas, backquotes,
    /// spaces, line breaks, "or" and "auto"; a table's cell border ` | ` ends a run) in `text`.
    static func nameRuns(in text: String) -> [[String]] {
        let names = Set(GlyphSet.allCases.map(\.rawValue))
        let tokens = text.replacingOccurrences(of: " | ", with: " ¦ ").split { "|\\,` \n()".contains($0) }.map(String.init).filter { $0 != "or" && $0 != "auto" }
        var runs: [[String]] = [], run: [String] = []
        for token in tokens + [""] {
            if names.contains(token) { run.append(token); continue }
            if run.count >= 3 { runs.append(run) }
            run = []
        }
        return runs
    }

    @Test("the runs finder reads the shapes the docs use")
    func finder() {
        #expect(Self.nameRuns(in: "`--glyphs auto\\|half\\|quadrant\\|sextant`") == [["half", "quadrant", "sextant"]])
        #expect(Self.nameRuns(in: "(`half`, `quadrant`\n`octant` or `braille`) and half quadrant") ==
                [["half", "quadrant", "octant", "braille"]])
        #expect(Self.nameRuns(in: "| `half` | `half`, `quadrant`, `sextant` |") == [["half", "quadrant", "sextant"]])
    }

    @Test("every list of glyph sets in README.md and docs/ names the registry's sets in its order",
          arguments: ["README.md", "docs/command-line.md", "docs/terminal.md", "docs/playground.md"])
    func documentedLists(_ file: String) throws {
        let url = Self.packageRoot.appendingPathComponent(file)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        let text = try String(contentsOf: url, encoding: .utf8)
        let all = GlyphSet.allCases.map(\.rawValue)
        for run in Self.nameRuns(in: text) {
            #expect(run == all, "\(file) lists \(run.joined(separator: ", ")); the registry has \(all.joined(separator: ", "))")
        }
    }

    @Test("each registered set: a unique name that parses back, a full table of its grid, and the help lists it")
    func definitions() throws {
        #expect(Set(GlyphSet.allCases.map(\.rawValue)).count == GlyphSet.allCases.count)
        for set in GlyphSet.allCases {
            #expect(try GlyphSet(parsing: set.rawValue.uppercased()) == set)
            #expect(set.table.characters.count == 1 << (set.subPixelColumns * set.subPixelRows))
            #expect(set.table.glyphSet == set && set.samplesPerSubPixel.across >= 2 && set.samplesPerSubPixel.down >= 2)
            #expect(GlyphSet.names().contains(set.rawValue))
        }
    }
}
