// SceneWatcher: notices when the scene being played, or a picture it uses, changes on disk.
//
// The app asks `hasChanged()` a few times a second. A file's stamp is its modification time
// (nanoseconds), size and inode, so a save in place, a save by rename (most editors) and a
// file that disappears all count as changes. When a broken edit fails to load, the watcher keeps
// the last good scene's picture list, so fixing either the scene or a picture reloads it. File
// status comes through a one-method protocol: the real one calls stat(2); tests script it.
import Foundation
import SceneFormat
import Scenes

public struct FileStamp: Equatable, Sendable {
    public var modified: Int64
    public var size: Int64
    public var inode: UInt64
    public init(modified: Int64, size: Int64, inode: UInt64) {
        self.modified = modified; self.size = size; self.inode = inode
    }
}

public protocol FileStatusProvider {
    /// The file's stamp, or nil when it cannot be read.
    func stamp(of path: String) -> FileStamp?
}

/// stat(2) on the real file system.
public struct SystemFileStatus: FileStatusProvider {
    public init() {}
    public func stamp(of path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStamp(modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
                         size: Int64(info.st_size), inode: UInt64(info.st_ino))
    }
}

public final class SceneWatcher {
    private let files: FileStatusProvider
    private var watched: [String] = []
    private var stamps: [FileStamp?] = []

    public init(files: FileStatusProvider) { self.files = files }

    /// Whether anything is being watched (a built-in scene has no file).
    public var isWatching: Bool { !watched.isEmpty }

    /// Starts watching `file` and the pictures `description` names (keep the previous pictures
    /// when the description is nil: the file did not load).
    public func watch(_ file: SceneFile, description: SceneDescription?) {
        guard file.builtInYAML == nil else { watched = []; stamps = []; return }
        var paths = [file.path]
        if let description {
            // The same resolution the parser used to load them.
            let folder = SceneParser.folder(of: file.path)
            for item in description.items {
                if let image = item.image { paths.append(SceneParser.resolve(image: image, in: folder)) }
            }
        } else if watched.first == file.path {
            paths = watched
        }
        watched = paths
        stamps = paths.map(files.stamp(of:))
    }

    /// Whether a watched file changed since the last call (or since `watch`).
    public func hasChanged() -> Bool {
        let now = watched.map(files.stamp(of:))
        defer { stamps = now }
        return now != stamps
    }
}
