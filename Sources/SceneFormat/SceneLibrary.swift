// SceneLibrary: where the scene files come from.
//
// `swift run nudge` must work from anywhere, so the search goes: an explicit `--scenes DIR`, then
// `./scenes`, then the package root found by walking up from the executable (a folder holding
// both Package.swift and scenes/), and finally the Push scene compiled into the binary. The
// current folder and the executable's path come in as parameters, so tests can point the search
// anywhere; only the file system is read.
import Foundation

public struct SceneLibrary: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        /// A folder of scene files.
        case directory(String)
        /// The scene compiled into the binary.
        case builtIn
    }

    public let source: Source

    public init(source: Source) { self.source = source }

    /// The library the command line uses.
    /// - Parameters:
    ///   - scenesOption: `--scenes DIR`, if given; it must be a folder.
    ///   - currentDirectory: where `./scenes` is looked for.
    ///   - executablePath: the running binary; its ancestors are searched for Package.swift + scenes/.
    public static func locate(scenesOption: String?, currentDirectory: String,
                              executablePath: String?) throws -> SceneLibrary {
        if let scenesOption {
            guard isDirectory(scenesOption) else {
                throw SceneLibraryError(message: "--scenes \(scenesOption): not a folder")
            }
            return SceneLibrary(source: .directory(scenesOption))
        }
        let local = URL(fileURLWithPath: currentDirectory).appendingPathComponent("scenes").path
        if isDirectory(local) {
            // Short paths in messages when the folder is the process's own ./scenes.
            let here = currentDirectory == FileManager.default.currentDirectoryPath
            return SceneLibrary(source: .directory(here ? "scenes" : local))
        }
        if let executablePath, let root = packageRoot(above: executablePath) {
            return SceneLibrary(source: .directory(URL(fileURLWithPath: root).appendingPathComponent("scenes").path))
        }
        return SceneLibrary(source: .builtIn)
    }

    /// The nearest folder above `path` that holds Package.swift and a scenes/ folder.
    public static func packageRoot(above path: String) -> String? {
        var url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            let manifest = url.appendingPathComponent("Package.swift").path
            if FileManager.default.fileExists(atPath: manifest), isDirectory(url.appendingPathComponent("scenes").path) {
                return url.path
            }
        }
        return nil
    }

    /// The library's scenes in name order (the built-in scene when it has no folder).
    public func files() throws -> [SceneFile] {
        switch source {
        case .builtIn:
            return [SceneFile.builtInPush]
        case .directory(let path):
            return try Self.sceneFiles(inDirectory: path).map { SceneFile(path: $0) }
        }
    }

    /// `*.yaml` and `*.yml` files directly in `directory`, in name order, as paths.
    public static func sceneFiles(inDirectory directory: String) throws -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw SceneLibraryError(message: "\(directory): cannot list the folder")
        }
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
            .filter { !$0.hasPrefix(".") }
            .sorted()
            .map { (directory.hasSuffix("/") ? directory : directory + "/") + $0 }
    }

    /// Scene files named on a command line: files as given, folders expanded to their scene files.
    public static func expand(paths: [String]) throws -> [SceneFile] {
        var result: [SceneFile] = []
        for path in paths {
            if isDirectory(path) {
                result += try sceneFiles(inDirectory: path).map { SceneFile(path: $0) }
            } else {
                result.append(SceneFile(path: path))
            }
        }
        return result
    }

    /// Finds a scene by path, or in this library by file name, file stem or scene name
    /// (`000-push.yaml`, `000-push`, `Push`, case-insensitive for names).
    public func find(_ reference: String) throws -> SceneFile {
        if FileManager.default.fileExists(atPath: reference), !Self.isDirectory(reference) {
            return SceneFile(path: reference)
        }
        let candidates = (try? files()) ?? []
        let lower = reference.lowercased()
        if let match = candidates.first(where: {
            let name = URL(fileURLWithPath: $0.path).lastPathComponent
            return name == reference || SceneParser.stem(of: name) == reference
        }) {
            return match
        }
        for file in candidates {
            if let scene = try? file.load(), scene.name.lowercased() == lower { return file }
        }
        throw SceneLibraryError(message: "\(reference): no such scene file, and no scene of that name in \(describe)")
    }

    /// Where the scenes come from, for messages.
    public var describe: String {
        switch source {
        case .builtIn: return "the built-in scenes"
        case .directory(let path): return path
        }
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

/// A problem finding scenes (not a problem inside a scene file).
public struct SceneLibraryError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}

/// One scene file of a library: a path, or the scene built into the binary.
public struct SceneFile: Sendable, Equatable {
    /// The path shown in messages (for the built-in scene, a descriptive name).
    public let path: String
    /// The text, for a built-in scene; nil means "read `path`".
    public let builtInYAML: String?

    public init(path: String) { self.path = path; self.builtInYAML = nil }
    public init(path: String, builtInYAML: String) { self.path = path; self.builtInYAML = builtInYAML }

    /// The last part of `path`, the file's own name ("003-cradle.yaml"), for messages.
    public var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }

    /// The built-in default scene (the contract's Push scene).
    public static let builtInPush = SceneFile(path: "<built-in>/000-push.yaml", builtInYAML: BuiltInScenes.push)

    /// Reads and validates the scene; throws `SceneErrors`.
    public func load(parser: SceneParser = SceneParser()) throws -> SceneDescription {
        if let builtInYAML { return try parser.parse(yaml: builtInYAML, file: path) }
        return try parser.load(contentsOf: path)
    }
}
