// PublicDocumentationTests: every public declaration of the library modules carries `///`.
//
// The test reads the modules' sources (it finds them from this file's path) and needs no tool
// beyond the test itself. A line declares public API when, after its attributes, it has the
// `public` or `open` modifier, or when it is a requirement directly inside a public protocol or
// a case directly inside a public enum (those are public without saying so). Such a line must
// follow a `///` line, attribute lines in between allowed. scripts/doc-coverage.py counts the
// same gaps from the compiler's symbol graphs, per symbol rather than per line (a line that
// declares several names counts once here); both read zero for these modules.
import Foundation
import Testing

/// One public declaration without documentation: where it is and what it says.
struct UndocumentedDeclaration: CustomStringConvertible {
    let file: String
    let line: Int
    let text: String
    var description: String { "\(file):\(line): \(text)" }
}

/// Scans Swift source text for public declarations that lack a `///` comment.
enum DocumentationScanner {
    private struct Scope {
        /// "enum", "protocol", or "" for any other body (types, functions, closures).
        let kind: String
        let isPublic: Bool
    }

    static let modifiers: Set<String> = ["public", "open"]
    static let typeKeywords: Set<String> = ["enum", "protocol", "struct", "class", "extension", "actor"]
    static let requirementKeywords: Set<String> = ["var", "func", "init", "subscript", "associatedtype", "static"]

    static func undocumented(in source: String, file: String) -> [UndocumentedDeclaration] {
        var found: [UndocumentedDeclaration] = []
        var scopes: [Scope] = []
        var documented = false
        for (index, rawLine) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("///") { documented = true; continue }
            let code = stripped(line)
            let words = declarationWords(code)
            if isAttributeOnly(code) { continue }
            if !code.isEmpty, isPublicDeclaration(words, in: scopes.last) && !documented {
                found.append(UndocumentedDeclaration(file: file, line: index + 1, text: line))
            }
            documented = false
            // Scopes: every `{` opens one, named by the declaration on its line.
            for character in code {
                if character == "{" {
                    let keyword = words.first { typeKeywords.contains($0) } ?? ""
                    let isType = !keyword.isEmpty && !code.contains("=")
                    scopes.append(Scope(kind: isType ? keyword : "",
                                        isPublic: isType && words.contains { modifiers.contains($0) }))
                } else if character == "}" {
                    _ = scopes.popLast()
                }
            }
        }
        return found
    }

    /// Whether the words of a line declare something public.
    private static func isPublicDeclaration(_ words: [String], in scope: Scope?) -> Bool {
        guard let first = words.first else { return false }
        if modifiers.contains(first) { return true }
        guard let scope, scope.isPublic else { return false }
        if scope.kind == "protocol" { return requirementKeywords.contains(first) || first == "mutating" }
        if scope.kind == "enum" { return first == "case" }
        return false
    }

    /// The line's words after its leading attributes (`@inlinable`, `@discardableResult`).
    private static func declarationWords(_ code: String) -> [String] {
        var words = code.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ":" }).map(String.init)
        while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
        return words
    }

    private static func isAttributeOnly(_ code: String) -> Bool {
        code.hasPrefix("@") && declarationWords(code).isEmpty
    }

    /// The line without string literals' contents and without a trailing `//` comment, so
    /// braces in text do not count.
    static func stripped(_ line: String) -> String {
        var out = ""
        var inString = false
        var escaped = false
        var previous: Character = " "
        for character in line {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" {
                    inString = false
                    out.append(character)
                }
                continue
            }
            if character == "/" && previous == "/" { out.removeLast(); break }
            if character == "\"" { inString = true }
            out.append(character)
            previous = character
        }
        return out.trimmingCharacters(in: .whitespaces)
    }
}

@Suite("Public API documentation")
struct PublicDocumentationTests {
    static let modules = ["Geometry", "Dynamics", "Gestures", "Animation"]

    static var sourcesDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
    }

    static func swiftFiles(in module: String) -> [URL] {
        let root = sourcesDirectory.appendingPathComponent(module)
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        let files = (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
        return files.sorted { $0.path < $1.path }
    }

    @Test("Every public declaration of the library modules has a /// comment", arguments: modules)
    func everyPublicDeclarationIsDocumented(module: String) throws {
        let files = Self.swiftFiles(in: module)
        #expect(!files.isEmpty, "no sources found for \(module) under \(Self.sourcesDirectory.path)")
        var missing: [UndocumentedDeclaration] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            missing += DocumentationScanner.undocumented(in: text, file: "\(module)/\(file.lastPathComponent)")
        }
        #expect(missing.isEmpty, "undocumented public declarations:\n\(missing.map(\.description).joined(separator: "\n"))")
    }

    @Test("The scanner finds what it must and nothing else")
    func scannerFindsUndocumentedDeclarations() {
        let source = """
        /// Documented.
        public struct A {
            public var undocumentedProperty: Int
            /// Documented.
            @inlinable public init() { x = "{ not a brace" }
            var internalOne: Int
        }
        public enum B {
            case undocumentedCase
            /// Documented.
            case documentedCase(Int)
            func f() { switch self { case .undocumentedCase: break
            default: break } }
        }
        enum Internal { case ignored }
        /// Documented.
        public protocol P {
            func undocumentedRequirement()
        }
        /// Documented.
        @discardableResult
        public func g() -> Int { 0 }
        open class C {}
        """
        let lines = DocumentationScanner.undocumented(in: source, file: "t").map(\.line)
        #expect(lines == [3, 8, 9, 18, 23])
    }
}
