// SceneSaving+Overwrite: `W`, once y confirms, writes the scene as it now is over the file being
// played, keeping the file's own words where the scene did not change them.
//
// The scene is written as `w` writes it (SceneWriter), then laid over the file's text
// (SceneFileMerge): the header comment, the comments beside and above what did not change, the
// file's key order and style stay; what changed is written anew. The result must load as a scene
// (it is parsed before anything is written); if it does not, the writer's plain text is written
// instead, under the file's header comment. The write goes to a new file beside the real one
// (a symbolic link is followed, not replaced), which then takes its place, so a failure halfway
// leaves the old file whole. Every failure comes back as a sentence for the status line.
import Foundation
import SceneFormat
import Scenes

extension SceneSaving {
    /// Writes the session's scene over `file` (see the file's comment).
    public func overwrite(_ file: SceneFile, with session: SceneSession) -> Outcome {
        let name = file.fileName
        guard file.builtInYAML == nil else { return .failed(message: "The built-in scene has no file to save over.") }
        let path = URL(fileURLWithPath: file.path).resolvingSymlinksInPath().path
        let original: String
        do {
            original = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            return .failed(message: "Cannot read \(name) to save over it.")
        }
        let written: String
        do {
            written = try session.currentDescription().yaml()
        } catch {
            return .failed(message: "Cannot save: the scene could not be written as YAML (\(error)).")
        }
        let folder = SceneParser.folder(of: file.path)
        var text = SceneFileMerge.merge(original: original, written: written, stem: URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent)
        if (try? SceneParser().parse(yaml: text, file: path, imageFolder: folder)) == nil {
            let header = original.split(separator: "\n", omittingEmptySubsequences: false).prefix { $0.hasPrefix("#") }
            text = header.map { $0 + "\n" }.joined() + written
        }
        let spare = path + ".nudge-saving"
        do {
            try text.write(toFile: spare, atomically: false, encoding: .utf8)
            guard rename(spare, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(atPath: spare)
            return .failed(message: "Cannot save over \(name): \(String(cString: strerror(errno))).")
        }
        return .saved(path: file.path, message: "Saved over \(name).")
    }
}
