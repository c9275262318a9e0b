// SceneParser: YAML text → a validated SceneDescription, or every error in the file.
//
// Yams composes the text into a Node tree that keeps each value's line and column; NodeReader
// walks it and records problems instead of stopping. The parser substitutes a default for a bad
// value and goes on, so one pass finds every independent error. Ids are checked last, once every
// item and behavior is known, so a reference may point forward in the file. Nothing in a file can
// trap: every failure path is an error value. A behavior entry's `type` picks its kind from
// BehaviorKinds and the kind reads the rest (Behaviors/, one file per kind); gestures and
// animations are read in GestureReading.swift.
//
// Image items: `parse(yaml:file:)` reads text only and leaves `image` a file name; given an
// image folder (as `load(contentsOf:)` gives the scene file's own folder) the parser also
// decodes each PNG once, reports a missing or broken one at its `image` key, attaches the
// Bitmap to the item and sizes an image item without `size` at 1 pt per pixel.
import Foundation
import Geometry
import Images
import Yams

public struct SceneParser: Sendable {
    /// How large a scene may be.
    public var limits: SceneLimits

    public init(limits: SceneLimits) { self.limits = limits }
    public init() { self.init(limits: .standard) }

    /// Reads and validates the scene file at `path`; errors name `path`. Image items' files are
    /// read relative to the scene file's folder and decoded (`ItemDescription.bitmap`).
    public func load(contentsOf path: String) throws -> SceneDescription {
        if let bytes = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, bytes > limits.fileBytes {
            throw SceneErrors([SceneError(file: path, line: 0, column: 0, keyPath: "",
                                          message: "the file is \(SceneLimits.describe(bytes: bytes)); a scene file may be at most "
                                              + "\(SceneLimits.describe(bytes: limits.fileBytes)) (split it, or generate fewer items)")])
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SceneErrors([SceneError(file: path, line: 0, column: 0, keyPath: "",
                                          message: "cannot read the file (missing or not readable)")])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            let (line, column, byte) = Self.firstInvalidUTF8(in: data)
            throw SceneErrors([SceneError(file: path, line: line, column: column, keyPath: "",
                                          message: "the file is not UTF-8 text: byte 0x\(String(byte, radix: 16, uppercase: true)) "
                                              + "here does not begin or continue a UTF-8 character (a scene file is YAML text)")])
        }
        return try parse(yaml: text, file: path, imageFolder: Self.folder(of: path))
    }

    /// Validates `yaml`; errors name `file`. Throws `SceneErrors` holding every problem found.
    /// Image files are not read: image items keep their file name, no bitmap, and need a `size`.
    public func parse(yaml: String, file: String) throws -> SceneDescription {
        try parse(yaml: yaml, file: file, imageFolder: nil)
    }

    /// Validates `yaml` and decodes its image items' PNG files, relative paths resolved against
    /// `imageFolder` (pass the scene file's folder; `nil` reads no images).
    public func parse(yaml: String, file: String, imageFolder: String?) throws -> SceneDescription {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch {
            throw SceneErrors([Self.sceneError(from: error, yaml: yaml, file: file)])
        }
        let errors = ErrorCollector(file: file)
        guard let root else {
            errors.report(line: 1, column: 1, keyPath: "", "the file is empty; expected a scene (name, items, behaviors...)")
            throw SceneErrors(errors.errors)
        }
        var reading = Reading(errors: errors, defaultName: Self.stem(of: file), imageFolder: imageFolder, limits: limits)
        let scene = reading.scene(NodeReader(node: root, path: "", errors: errors))
        guard errors.errors.isEmpty, let scene else {
            let sorted = errors.errors.enumerated().sorted {
                ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
            }.map(\.element)
            throw SceneErrors(sorted.isEmpty ? [SceneError(file: file, line: 1, column: 1, keyPath: "", message: "not a scene")] : sorted)
        }
        return scene
    }

    /// Where the first byte that is not valid UTF-8 stands: its 1-based line, its column counted
    /// in characters before it, and the byte.
    static func firstInvalidUTF8(in data: Data) -> (line: Int, column: Int, byte: UInt8) {
        let bytes = [UInt8](data)
        var line = 1, column = 1, i = 0
        while i < bytes.count {
            let b = bytes[i]
            let length: Int
            switch b {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return (line, column, b)
            }
            guard i + length <= bytes.count else { return (line, column, b) }
            let slice = bytes[i..<(i + length)]
            guard String(bytes: slice, encoding: .utf8) != nil else { return (line, column, b) }
            if b == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
            i += length
        }
        return (line, column, bytes.last ?? 0)
    }

    /// The folder part of a path as written ("scenes" for "scenes/a.yaml", "." for "a.yaml"),
    /// so that resolved image paths in messages stay as short as the scene's own path.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `image` as written in a scene, resolved against `folder` unless it is absolute.
    public static func resolve(image: String, in folder: String) -> String {
        if image.hasPrefix("/") || folder == "." { return image }
        return folder.hasSuffix("/") ? folder + image : folder + "/" + image
    }

    static func stem(of file: String) -> String {
        let last = file.split(separator: "/").last.map(String.init) ?? file
        if let dot = last.lastIndex(of: "."), dot != last.startIndex { return String(last[..<dot]) }
        return last
    }

    /// libyaml's problem text in the scene's own terms: its nesting limit names the C function
    /// that sets it (and an unmatched parenthesis), which means nothing to a scene's author.
    static func plainProblem(_ problem: String) -> String {
        if problem.hasPrefix("Maximum nesting level reached") {
            return "lists and mappings are nested too deeply (more than libyaml's limit of 1,000 levels)"
        }
        return problem
    }

    /// Yams' syntax errors, in the same shape as every other scene error.
    static func sceneError(from error: Error, yaml: String, file: String) -> SceneError {
        func make(_ mark: Mark?, _ message: String) -> SceneError {
            SceneError(file: file, line: mark?.line ?? 0, column: mark?.column ?? 0, keyPath: "", message: message)
        }
        func make(line: Int, column: Int, _ message: String) -> SceneError {
            SceneError(file: file, line: line, column: column, keyPath: "", message: message)
        }
        func withContext(_ problem: String, _ context: YamlError.Context?) -> String {
            let problem = Self.plainProblem(problem)
            guard let context else { return "YAML syntax error: \(problem)" }
            return "YAML syntax error: \(problem) (\(context.text) at line \(context.mark.line), column \(context.mark.column))"
        }
        guard let yamlError = error as? YamlError else { return make(nil, "cannot parse: \(error)") }
        switch yamlError {
        case let .scanner(context, problem, mark, _),
             let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            return make(mark, withContext(problem, context) + Self.unquotedHexHint(yaml, upToLine: mark.line))
        case let .reader(problem, offset, _, _):
            var line = 0, column = 0
            if let offset {
                let prefix = yaml.utf8.prefix(max(0, offset))
                line = prefix.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
                let lineStart = prefix.lastIndex(of: UInt8(ascii: "\n")).map { prefix.index(after: $0) } ?? prefix.startIndex
                column = (String(decoding: prefix[lineStart...], as: UTF8.self).unicodeScalars.count) + 1
            }
            return make(line: line, column: column, "cannot read the text: \(problem)")
        case let .duplicatedKeysInMapping(duplicates, context):
            let names = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return make(context.mark, "duplicate key \(names) in one mapping")
        default:
            return make(nil, "cannot parse: \(yamlError)")
        }
    }
}
