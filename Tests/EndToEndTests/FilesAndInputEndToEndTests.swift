// End to end in tmux, as a person sees it: `--record` never destroys a file (an existing one, a
// symlink, the scene being played) and a full disk ends the recording with a message while the
// playground goes on; a paste is ignored with a message instead of typed as commands; scene text
// with escape sequences and bidi overrides shows escaped in the status line; `play` takes scene
// names. Skipped (with a printed reason) when tmux is not installed.
import Foundation
import Testing

@Suite("files and input in tmux", TmuxSession.requirement, .serialized)
struct FilesAndInputEndToEndTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-rec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static var push: URL { TmuxSession.packageRoot.appendingPathComponent("scenes/000-push.yaml") }

    /// 160 columns: the status line has room for a whole message after the fps and ms fields.
    static func session(_ arguments: [String]) throws -> TmuxSession? {
        guard TmuxSession.tmuxPath != nil else { print("skipped: tmux is not installed"); return nil }
        return try TmuxSession(term: "xterm-256color", columns: 160, arguments: arguments)
    }

    @Test("--record onto an existing file is refused, naming it, and the file is untouched")
    func existingFile() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("keep.jsonl")
        try "precious\n".write(to: file, atomically: true, encoding: .utf8)
        guard let session = try Self.session(["play", Self.push.path, "--record", file.path]) else { return }
        defer { session.stop() }
        #expect(try session.waitUntil { try session.text().contains("nudge exited 1") }, "\((try? session.text()) ?? "")")
        let screen = try session.text().replacingOccurrences(of: "\n", with: "")
        #expect(screen.contains("keep.jsonl already exists; give --force"), "\(screen)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "precious\n")
    }

    @Test("--record onto a symlink is refused and the link stays a link to its untouched target")
    func symlink() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("target.txt"), link = dir.appendingPathComponent("link.jsonl")
        try "target\n".write(to: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        guard let session = try Self.session(["play", Self.push.path, "--record", link.path]) else { return }
        defer { session.stop() }
        #expect(try session.waitUntil { try session.text().contains("nudge exited 1") }, "\((try? session.text()) ?? "")")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8) == "target\n")
    }

    @Test("play s.yaml --record s.yaml --force never destroys the scene")
    func recordOverTheScene() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("s.yaml")
        try FileManager.default.copyItem(at: Self.push, to: scene)
        let before = try Data(contentsOf: scene)
        guard let session = try Self.session(["play", scene.path, "--record", scene.path, "--force"]) else { return }
        defer { session.stop() }
        #expect(try session.waitUntil { try session.text().contains("nudge exited 1") }, "\((try? session.text()) ?? "")")
        #expect(try session.text().replacingOccurrences(of: "\n", with: "").contains("is a scene being played"))
        #expect(try Data(contentsOf: scene) == before)
    }

    @Test("a full disk (/dev/full) ends the recording with a message; the playground goes on and q exits 0")
    func fullDisk() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { print("skipped: no /dev/full"); return }
        guard let session = try Self.session(["play", Self.push.path, "--record", "/dev/full", "--force"]) else { return }
        defer { session.stop() }
        #expect(try session.waitUntil { try session.statusLine().contains("Push 1/1") }, "\((try? session.text()) ?? "")")
        try session.send(keys: "Space")   // pause, recorded: the write fails
        #expect(try session.waitUntil { try session.statusLine().contains("recording to /dev/full stopped after 0 events") },
                "\((try? session.text()) ?? "")")
        try session.send(keys: "Space")
        #expect(try session.waitUntil { try session.statusLine().contains("running") }, "still playing: \((try? session.text()) ?? "")")
        try session.send(keys: "q")
        #expect(try session.waitUntil { try session.text().contains("nudge exited 0") }, "\((try? session.text()) ?? "")")
        #expect(try session.text().contains("No space left on device"))
        #expect(try session.waitUntil { try session.modes() == "0 0" })
    }

    @Test("a pasted 'wq' is ignored with a message: nothing saved, nothing quit")
    func paste() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("p.yaml")
        try FileManager.default.copyItem(at: Self.push, to: scene)
        guard let session = try Self.session(["play", scene.path]) else { return }
        defer { session.stop() }
        #expect(try session.waitUntil { try session.statusLine().contains("Push 1/1") })
        try session.tmux(["set-buffer", "-b", "p", "e wq 3 q"])
        try session.tmux(["paste-buffer", "-p", "-b", "p", "-t", "t"])   // -p: bracketed, as the app asked
        #expect(try session.waitUntil { try session.statusLine().contains("pasted text ignored (8 characters)") },
                "\((try? session.text()) ?? "")")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(!(try session.text().contains("nudge exited")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["p.yaml"])
        try session.send(keys: "q")
        #expect(try session.waitUntil { try session.text().contains("nudge exited 0") })
    }

    @Test("a scene name with an OSC title and a right-to-left override shows escaped in the status line")
    func statusLineEscapes() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("e.yaml")
        try "name: \"Ev\\e]2;pwned\\a\\u202Eil\"\nsummary: \"s\\u2066x\"\nitems:\n  - {id: a, size: [10, 10]}\n"
            .write(to: scene, atomically: true, encoding: .utf8)
        guard let session = try Self.session(["play", scene.path]) else { return }
        defer { session.stop() }
        #expect(try session.waitUntil { try session.statusLine().contains("Ev\\u{1B}]2;pwned\\u{7}\\u{202E}il 1/1") },
                "\((try? session.text()) ?? "")")
        let title = try session.tmux(["display", "-p", "-t", "t", "#{pane_title}"])
        #expect(!title.contains("pwned"), "the scene set the title: \(title)")
        try session.send(keys: "q")
    }

    @Test("play Sandbox plays the library scene named Sandbox")
    func playByName() throws {
        guard TmuxSession.tmuxPath != nil else { print("skipped: tmux is not installed"); return }
        let session = try TmuxSession(term: "xterm-256color", arguments: ["play", "--scenes", TmuxSession.packageRoot.appendingPathComponent("scenes").path, "Sandbox"])
        defer { session.stop() }
        #expect(try session.waitUntil { try session.statusLine().contains("Sandbox 1/1") }, "\((try? session.text()) ?? "")")
        try session.send(keys: "q")
        #expect(try session.waitUntil { try session.text().contains("nudge exited 0") })
    }
}
