// SourceSizeTests: the sizes the code keeps so that a newcomer can read any part in one sitting.
// No Swift file in Sources/ is longer than 400 lines and no function, initializer or subscript
// longer than 60 lines (from its declaration to its closing brace). A file past the limit holds
// more than one concept and splits along them; a function past it does more than one step of
// its job and names them. The count is textual: string literals and comments are blanked
// first, so a brace inside either does not count.
import Foundation
import Testing

@Suite struct SourceSizeTests {
    static let fileLimit = 400
    static let functionLimit = 60
    static let sources = TmuxSession.packageRoot.appendingPathComponent("Sources")

    /// Every Swift file under Sources/, with its path relative to the package.
    static func swiftFiles() -> [(path: String, text: String)] {
        var result: [(String, String)] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift", let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            result.append((file.path.replacingOccurrences(of: sources.deletingLastPathComponent().path + "/", with: ""), text))
        }
        return result.sorted { $0.0 < $1.0 }
    }

    /// `text` with the contents of string literals and comments replaced by spaces, line breaks kept.
    static func code(_ text: String) -> [Character] {
        var out: [Character] = []
        let chars = Array(text)
        var i = 0
        var inString = false, multiline = false, lineComment = false, blockDepth = 0
        func at(_ s: String) -> Bool {
            let pattern = Array(s)
            return i + pattern.count <= chars.count && Array(chars[i..<(i + pattern.count)]) == pattern
        }
        while i < chars.count {
            let c = chars[i]
            if c == "\n" { lineComment = false; if !multiline { inString = false }; out.append(c); i += 1; continue }
            if lineComment { out.append(" "); i += 1; continue }
            if blockDepth > 0 {
                if at("*/") { blockDepth -= 1; out += "  "; i += 2 } else if at("/*") { blockDepth += 1; out += "  "; i += 2 } else { out.append(" "); i += 1 }
                continue
            }
            if inString {
                if c == "\\" { out += "  "; i += 2; continue }
                if multiline ? at("\"\"\"") : c == "\"" {
                    let n = multiline ? 3 : 1
                    out += Array(repeating: "\"", count: n); i += n; inString = false; multiline = false
                } else { out.append(" "); i += 1 }
                continue
            }
            if at("//") { lineComment = true; out += "  "; i += 2; continue }
            if at("/*") { blockDepth = 1; out += "  "; i += 2; continue }
            if at("\"\"\"") { inString = true; multiline = true; out += "\"\"\""; i += 3; continue }
            if c == "\"" { inString = true; out.append(c); i += 1; continue }
            out.append(c); i += 1
        }
        return out
    }

    /// Each function, initializer and subscript with a body in `text`: its first line (1-based) and its length in lines.
    static func functions(in text: String) throws -> [(line: Int, length: Int, name: String)] {
        let lines = String(code(text)).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let declaration = try Regex(#"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|static|class|final|override|mutating|nonmutating|convenience|required|nonisolated|dynamic|open|consuming|borrowing)(?:\([^)]*\))?\s+)*(func\s+[^\s(<]+|init[?!]?|deinit|subscript)\b"#)
        var result: [(Int, Int, String)] = []
        for (index, line) in lines.enumerated() {
            guard let match = line.firstMatch(of: declaration) else { continue }
            // Its body opens at the first `{` outside parentheses before another declaration or a closing brace.
            var depth = 0, paren = 0, opened = false, end: Int?
            scan: for j in index..<lines.count {
                if j > index && !opened {
                    let trimmed = lines[j].trimmingCharacters(in: .whitespaces)
                    if paren == 0 && (trimmed.hasPrefix("}") || lines[j].firstMatch(of: declaration) != nil
                        || trimmed.hasPrefix("var ") || trimmed.hasPrefix("let ") || trimmed.hasPrefix("case ")) { break }
                }
                for c in lines[j] {
                    switch c {
                    case "(": paren += 1
                    case ")": paren -= 1
                    case "{": if paren == 0 || opened { depth += 1; opened = true }
                    case "}": if opened { depth -= 1; if depth == 0 { end = j; break scan } }
                    default: break
                    }
                }
            }
            if let end { result.append((index + 1, end - index + 1, String(match.output[1].substring ?? ""))) }
        }
        return result
    }

    @Test("no Swift file in Sources/ is longer than 400 lines")
    func files() {
        let long = Self.swiftFiles().compactMap { file -> String? in
            let count = file.text.split(separator: "\n", omittingEmptySubsequences: false).count - (file.text.hasSuffix("\n") ? 1 : 0)
            return count > Self.fileLimit ? "\(file.path): \(count) lines" : nil
        }
        #expect(long.isEmpty, "\(long.joined(separator: "\n"))")
    }

    @Test("no function in Sources/ is longer than 60 lines")
    func functionLengths() throws {
        var long: [String] = []
        for file in Self.swiftFiles() {
            for function in try Self.functions(in: file.text) where function.length > Self.functionLimit {
                long.append("\(file.path):\(function.line): \(function.name), \(function.length) lines")
            }
        }
        #expect(long.isEmpty, "\(long.joined(separator: "\n"))")
    }

    @Test("the counter measures what it claims: a known function's length, braces in strings and comments ignored")
    func counter() throws {
        let body = (1...70).map { "    let x\($0) = \"{\" // }" }.joined(separator: "\n")
        let text = "struct S {\n    func long() {\n\(body)\n    }\n    func short(_ a: Int,\n               b: Int) -> Int {\n        a + b\n    }\n}\nprotocol P {\n    func required()\n    var v: Int { get }\n}\n"
        let found = try Self.functions(in: text)
        #expect(found.map(\.length) == [72, 4])
        #expect(found.map(\.line) == [2, 74])   // 1 struct line, 1 declaration, 70 body lines, 1 closing brace before it
    }
}
