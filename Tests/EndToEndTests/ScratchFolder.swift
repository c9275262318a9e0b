// ScratchFolder: a folder of a test's own under the temporary folder, for the scenes, recordings
// and saved files an end-to-end test makes, removed with everything in it when the test is done.
//
// A class, so that `remove()` (idempotent) also runs when the last reference goes: a test that
// throws half-way leaves nothing behind. Tests that need the folder to outlive a process they
// start keep it referenced until then, through PlaygroundSession or a `defer { remove() }`.
import Foundation

final class ScratchFolder {
    let url: URL
    private var removed = false

    /// Makes `nudge-LABEL-<unique>` in the temporary folder.
    init(_ label: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { remove() }

    var path: String { url.path }

    /// The URL of `name` (a file name or relative path) in the folder.
    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Writes `text` as `name` (making the folders on its way) and returns its URL.
    @discardableResult
    func write(_ text: String, to name: String) throws -> URL {
        let file = file(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Copies the repository's `scenes/NAME` here as `copy` (default: the same name).
    @discardableResult
    func copy(scene name: String, as copy: String? = nil) throws -> URL {
        let file = file(copy ?? name)
        try FileManager.default.copyItem(at: TmuxSession.packageRoot.appendingPathComponent("scenes").appendingPathComponent(name), to: file)
        return file
    }

    /// Removes the folder and all in it (idempotent).
    func remove() {
        guard !removed else { return }
        removed = true
        try? FileManager.default.removeItem(at: url)
    }
}
