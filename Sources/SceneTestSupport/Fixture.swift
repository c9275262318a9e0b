// SceneTestSupport: what the tests of the scene format, the scenes and the command line share:
// parse inline YAML, find text in it (so expected lines and columns come from the test's own
// YAML, never from the parser's output), expect one error at a place, and find the package's
// root. One copy here instead of one per test target; only test targets depend on it.
import Foundation
import Testing
import SceneFormat

public enum Fixture {
    public static let file = "test.yaml"

    /// The errors `yaml` produces (empty when it is valid).
    public static func errors(_ yaml: String) -> [SceneError] {
        do {
            _ = try SceneParser().parse(yaml: yaml, file: file)
            return []
        } catch let errors as SceneErrors {
            return errors.errors
        } catch {
            Issue.record("unexpected error type: \(error)")
            return []
        }
    }

    /// The parsed scene; records an issue listing the errors when there are any.
    public static func scene(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> SceneDescription? {
        do {
            return try SceneParser().parse(yaml: yaml, file: file)
        } catch {
            Issue.record("expected a valid scene, got:\n\(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// 1-based line and column of the `occurrence`-th appearance of `needle` in `text`.
    public static func locate(_ needle: String, in text: String, occurrence: Int = 1) -> (line: Int, column: Int) {
        var seen = 0
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var searchStart = line.startIndex
            while let range = line.range(of: needle, range: searchStart..<line.endIndex) {
                seen += 1
                if seen == occurrence {
                    return (index + 1, line.unicodeScalars.distance(from: line.unicodeScalars.startIndex, to: range.lowerBound) + 1)
                }
                searchStart = range.upperBound
            }
        }
        Issue.record("'\(needle)' not found in the fixture")
        return (0, 0)
    }

    /// The package root (the folder holding Package.swift), found from this source file.
    public static var packageRoot: URL {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return url
    }
}

/// Expects exactly one error at `needle`'s position with `keyPath` and a message containing `words`.
public func expectSingleError(_ yaml: String, at needle: String, occurrence: Int = 1, keyPath: String, containing words: [String],
                       sourceLocation: SourceLocation = #_sourceLocation) {
    let errors = Fixture.errors(yaml)
    #expect(errors.count == 1, "expected one error, got: \(errors)", sourceLocation: sourceLocation)
    guard let error = errors.first else { return }
    let (line, column) = Fixture.locate(needle, in: yaml, occurrence: occurrence)
    #expect(error.file == Fixture.file, sourceLocation: sourceLocation)
    #expect(error.line == line, "line of \(error)", sourceLocation: sourceLocation)
    #expect(error.column == column, "column of \(error)", sourceLocation: sourceLocation)
    #expect(error.keyPath == keyPath, sourceLocation: sourceLocation)
    for word in words {
        #expect(error.message.contains(word), "'\(error.message)' should mention '\(word)'", sourceLocation: sourceLocation)
    }
}
