// SceneSaving: `w` writes the scene as it now is to a new file beside its scene file.
//
// Saving never overwrites anything: the names are tried in order, NAME.saved.yaml, then
// NAME.saved-2.yaml, NAME.saved-3.yaml..., and each is created with O_EXCL, so a file that
// appears between looking and writing (another nudge saving the same scene) is skipped, not
// replaced. NAME is the scene file's name without `.yaml` and without a `.saved` or `.saved-N`
// of its own, so saving a saved scene again takes the next number instead of piling suffixes.
// The file goes in the scene file's folder, so the relative paths of its image items still
// resolve; a built-in scene has no file and is saved in the current folder, and so is a scene of
// the library (`./scenes`, the package's scenes/, `--scenes DIR`): a copy written there would join
// the library's list, shift its number keys and share its scene's name. The message says where.
// A library scene saved in the current folder has its image paths written as full paths into
// the library, so the copy still finds its pictures. Every failure (a read-only folder, a full disk) comes back as a sentence for the
// status line, never as a crash, and a half-written file is removed.
import Foundation
import SceneFormat
import Scenes

public struct SceneSaving: Sendable {
    /// What a save did: the file written, or why nothing was.
    public enum Outcome: Sendable, Equatable {
        /// The scene was written to `path`.
        case saved(path: String, message: String)
        /// Nothing was written.
        case failed(message: String)

        /// The sentence for the status line.
        public var message: String {
            switch self {
            case .saved(_, let message), .failed(let message): message
            }
        }
    }

    /// How many numbered names are tried before giving up.
    static let maximumAttempts = 10_000

    /// Saving, with no state of its own.
    public init() {}

    /// The file names a save of `scenePath` tries, in order (without folder): `NAME.saved.yaml`,
    /// then `NAME.saved-2.yaml`, `NAME.saved-3.yaml`, ...
    public static func fileName(forScene scenePath: String, attempt: Int) -> String {
        let stem = baseName(of: scenePath)
        return attempt <= 1 ? "\(stem).saved.yaml" : "\(stem).saved-\(attempt).yaml"
    }

    /// The scene file's name without its extension and without a `.saved` or `.saved-N` suffix.
    static func baseName(of path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        for ext in [".yaml", ".yml"] where name.hasSuffix(ext) { name.removeLast(ext.count) }
        if let range = name.range(of: ".saved", options: .backwards) {
            let rest = name[range.upperBound...]
            if rest.isEmpty || (rest.first == "-" && rest.dropFirst().allSatisfy(\.isNumber) && rest.count > 1) {
                name = String(name[..<range.lowerBound])
            }
        }
        return name.isEmpty ? "scene" : name
    }

    /// Whether `file` lies directly in `library` (both resolved: `./scenes` and its full path,
    /// or a symbolic link to it, are one folder).
    public static func isInLibrary(_ file: SceneFile, library: String?) -> Bool {
        guard let library, file.builtInYAML == nil else { return false }
        func resolved(_ path: String) -> String {
            URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        }
        return resolved(SceneParser.folder(of: file.path)) == resolved(library)
    }

    /// Writes the session's scene as it is now beside `file`, or in the current folder when the
    /// file is built in or lies in the `library` folder (see the file's comment).
    public func save(_ session: SceneSession, from file: SceneFile, library: String? = nil) -> Outcome {
        var description = session.currentDescription()
        let inLibrary = Self.isInLibrary(file, library: library)
        if inLibrary {
            let folder = URL(fileURLWithPath: SceneParser.folder(of: file.path)).standardizedFileURL.path
            for i in description.items.indices {
                if let image = description.items[i].image { description.items[i].image = SceneParser.resolve(image: image, in: folder) }
            }
        }
        let source = file.fileName
        let comment = """
            \(description.name), saved from \(source) after \(String(format: "%.2f", session.time)) s of play.
            Items, their velocities, joints, behaviors, gestures and the animations under way
            are as they were then; play it with `nudge play FILE` to go on from there (docs/playground.md).
            """
        let text: String
        do {
            text = try description.yaml(comment: comment)
        } catch {
            return .failed(message: "Cannot save: the scene could not be written as YAML (\(error)).")
        }
        if file.builtInYAML != nil {
            return write(text, folder: ".", scene: file.path, note: " in the current folder (the built-in scene has no file)")
        }
        if inLibrary {
            if Self.isInLibrary(SceneFile(path: "./x.yaml"), library: library) {
                return .failed(message: "Cannot save into the scene library (the current folder): play from another folder to save.")
            }
            return write(text, folder: ".", scene: file.path, note: " in the current folder (never into the scene library)")
        }
        return write(text, folder: SceneParser.folder(of: file.path), scene: file.path)
    }

    /// Creates the first free name in `folder` and writes `text` to it.
    func write(_ text: String, folder: String, scene: String, note: String = "") -> Outcome {
        for attempt in 1...Self.maximumAttempts {
            let name = Self.fileName(forScene: scene, attempt: attempt)
            let path = folder == "." ? name : SceneParser.resolve(image: name, in: folder)
            switch NewFile.write(text, to: path) {
            case .success: return .saved(path: path, message: "Saved \(name)\(note).")
            case .failure(.exists): continue
            case .failure(let failure):
                if case .cannotWrite = failure { return .failed(message: "Cannot save \(name): \(failure.reason).") }
                return .failed(message: "Cannot save in \(folder == "." ? "the current folder" : folder): \(failure.reason).")
            }
        }
        return .failed(message: "Cannot save: \(Self.maximumAttempts) saved copies of this scene already exist.")
    }
}
