// The project's documentation stands alone and its links hold: every relative link in the README,
// DECISIONS.md and docs/*.md names a file of the repository, and a `#fragment` names a heading of
// the page it points to (GitHub's anchors: lower case, punctuation dropped, spaces as hyphens).
// Moving or renaming a page or a heading without its links fails here; so does a link that
// leaves the repository through `..`.
import Foundation
import SceneTestSupport
import Testing

@Suite("Documentation links")
struct DocsLinksTests {
    /// The pages whose links are checked, relative to the package root.
    static var pages: [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(
            atPath: Fixture.packageRoot.appendingPathComponent("docs").path)) ?? []
        return ["README.md", "DECISIONS.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// GitHub's anchor for a heading's text.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().unicodeScalars.filter {
            CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == " " || $0 == "_"
        }.map { $0 == " " ? "-" : Character($0) })
    }

    static func anchors(of text: String) -> Set<String> {
        Set(text.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /^#+ (.+)$/).map { anchor(String($0.1)) }
        })
    }

    /// The relative links of a page: the targets of `[text](target)` that are not web addresses.
    static func links(in text: String) -> [String] {
        text.matches(of: /\]\(([^)\s]+)\)/).map { String($0.1) }.filter { !$0.contains("://") && !$0.hasPrefix("mailto:") }
    }

    @Test("anchors follow GitHub's rule")
    func anchorRule() {
        #expect(Self.anchor("2026-11-21 — Four substeps and two relax passes; single-precision body states")
                == "2026-11-21--four-substeps-and-two-relax-passes-single-precision-body-states")
        #expect(Self.anchor("`nudge simulate`") == "nudge-simulate")
        #expect(Self.anchor("Input events: `--input`") == "input-events---input")
    }

    @Test("the pages checked include the contract's")
    func pagesChecked() {
        for page in ["README.md", "DECISIONS.md", "docs/command-line.md", "docs/scene-format.md", "docs/headless-output.md"] {
            #expect(Self.pages.contains(page), "\(page) is not among the checked pages")
        }
    }

    @Test("every relative link names a file of the repository, and a heading of it when it has a fragment")
    func linksResolve() throws {
        let root = Fixture.packageRoot.standardizedFileURL
        for page in Self.pages {
            let pageURL = root.appendingPathComponent(page)
            let text = try String(contentsOf: pageURL, encoding: .utf8)
            for link in Self.links(in: text) {
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let path = String(parts[0]), fragment = parts.count > 1 ? String(parts[1]) : nil
                let target = path.isEmpty ? pageURL
                    : URL(fileURLWithPath: path, relativeTo: pageURL.deletingLastPathComponent()).standardizedFileURL
                #expect(target.path.hasPrefix(root.path + "/"), "\(page): \(link) leaves the repository")
                guard FileManager.default.fileExists(atPath: target.path) else {
                    Issue.record("\(page): \(link) names no file")
                    continue
                }
                if let fragment, target.pathExtension == "md" {
                    let anchors = Self.anchors(of: try String(contentsOf: target, encoding: .utf8))
                    #expect(anchors.contains(fragment), "\(page): \(link) names no heading of \(target.lastPathComponent)")
                }
            }
        }
    }
}
