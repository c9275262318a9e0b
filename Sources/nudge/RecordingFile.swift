// RecordingFile: where `nudge play --record FILE` writes the session's events, one JSON line each.
//
// A recording is made the way `w` saves a scene: nothing that exists is written over unless the
// user asks (`--force`). The file is opened with O_CREAT | O_EXCL, so the check and the creation
// are one step (no window in which another file appears and is truncated), and a symlink at the
// path, even a dangling one, counts as existing: it is never replaced by a plain file. With
// `--force` an existing file is truncated in place (through a symlink, its target), except a scene
// being played: `nudge play s.yaml --record s.yaml` would destroy the scene the recording is of,
// so that is refused whatever the flags say.
//
// Writes use write(2) on the descriptor, not FileHandle (whose write traps on an error). The
// first error (a full disk, a closed pipe, a quota) ends the recording: the descriptor is closed,
// later events are dropped, and `failure` says what happened and after how many events, which
// the playground shows in its status line and the command prints when it ends. The session goes
// on; only its recording stops.
import Foundation
import SceneFormat
#if canImport(Glibc)
import Glibc
#endif

final class RecordingFile {
    let path: String
    private var descriptor: Int32
    /// Events written whole.
    private(set) var linesWritten = 0
    /// Why recording stopped early, once it has.
    private(set) var failure: String?
    /// Told once, when a write fails (the playground shows it).
    var onFailure: ((String) -> Void)?

    /// Opens `path` for a new recording. Throws a message naming the file when it exists (and
    /// `force` is not given), when it is one of `protectedPaths` (the scenes being played), or
    /// when it cannot be created.
    init(path: String, force: Bool, protectedPaths: [String]) throws(CommandFailure) {
        self.path = path
        let shown = path.escapingControlCharacters
        if Self.isSameFile(path, asAnyOf: protectedPaths) {
            throw CommandFailure("nudge play: --record \(shown) is a scene being played; recording there would destroy it (choose another file)")
        }
        var flags = O_WRONLY | O_CREAT | O_CLOEXEC
        flags |= force ? O_TRUNC : (O_EXCL | O_NOFOLLOW)
        let fd = open(path, flags, 0o644)
        if fd < 0 {
            let reason = String(cString: strerror(errno))
            if errno == EEXIST || errno == ELOOP {
                throw CommandFailure("nudge play: --record \(shown) already exists; give --force to write over it, or choose another file")
            }
            throw CommandFailure("nudge play: cannot write --record file \(shown): \(reason)")
        }
        descriptor = fd
    }

    deinit { close() }

    /// Writes one event line (a newline is added). After a failure, does nothing.
    func write(_ line: String) {
        guard descriptor >= 0 else { return }
        let bytes = Array((line + "\n").utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBufferPointer { Glibc.write(descriptor, $0.baseAddress! + sent, $0.count - sent) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                let reason = n < 0 ? String(cString: strerror(errno)) : "nothing was written"
                return fail("recording to \(path.escapingControlCharacters) stopped after \(linesWritten) events: \(reason)")
            }
            sent += n
        }
        linesWritten += 1
    }

    func close() {
        if descriptor >= 0 { Glibc.close(descriptor); descriptor = -1 }
    }

    private func fail(_ message: String) {
        close()
        failure = message
        onFailure?(message)
    }

    /// Whether `path` names the same file (device and inode) as one of `others`.
    static func isSameFile(_ path: String, asAnyOf others: [String]) -> Bool {
        var target = stat()
        guard stat(path, &target) == 0 else { return false }
        return others.contains { other in
            var s = stat()
            return stat(other, &s) == 0 && s.st_dev == target.st_dev && s.st_ino == target.st_ino
        }
    }
}
