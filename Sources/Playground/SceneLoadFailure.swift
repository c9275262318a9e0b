// SceneLoadFailure: a scene file that did not load, as the playground shows it.
//
// The status line has room for one error: the first, with the file's name rather than its whole
// path, and how many more there are. The help overlay (`?`) has room for them all, in full. An
// error that is not a list of positioned scene errors (a file that cannot be read) is named
// with the file's path.
import SceneFormat
import Scenes

struct SceneLoadFailure {
    let error: Error
    let file: SceneFile

    init(_ error: Error, in file: SceneFile) { self.error = error; self.file = file }

    /// "a.yaml:3:14: items[0].size: ... (+1 more)".
    var statusLine: String {
        guard let errors = error as? SceneErrors, var first = errors.errors.first else {
            return "\(file.path): \(error)"
        }
        let more = errors.errors.count > 1 ? " (+\(errors.errors.count - 1) more)" : ""
        first.file = first.file.split(separator: "/").last.map(String.init) ?? first.file
        return first.description + more
    }

    /// Every error, one string each, in full.
    var details: [String] {
        if let errors = error as? SceneErrors {
            return errors.errors.map { e in
                var e = e
                e.file = e.file.split(separator: "/").last.map(String.init) ?? e.file
                return e.description
            }
        }
        return ["\(file.path): \(error)"]
    }
}
