// End to end in tmux, as a person sees it: `--record` never destroys a file (an existing one, a
// symlink, the scene being played) and a full disk ends the recording with a message while the
// playground goes on; a paste is ignored with a message instead of typed as commands; scene text
// with escape sequences and bidi overrides shows escaped in the status line; `play` takes scene
// names. Skipped (with a printed reason) when tmux is not installed.
import Foundation
import Testing

@Suite("files and input in tmux", TmuxSession.requirement, .serialized)
struct FilesAndInputEndToEndTests {
    static var push: URL { TmuxSession.packageRoot.appendingPathComponent("scenes/000-push.yaml") }

    /// 160 columns: the status line has room for a whole message after the fps and ms fields.
    static func session(in folder: ScratchFolder, _ arguments: [String]) throws -> PlaygroundSession {
        try PlaygroundSession(in: folder, columns: 160, arguments: arguments)
    }

    @Test("--record onto an existing file is refused, naming it, and the file is untouched")
    func existingFile() throws {
        let dir = try ScratchFolder("rec")
        let file = try dir.write("precious\n", to: "keep.jsonl")
        let play = try Self.session(in: dir, ["play", Self.push.path, "--record", file.path])
        defer { play.stop() }
        let session = play.tmux
        #expect(try session.waitUntil { try session.text().contains("nudge exited 1") }, "\((try? session.text()) ?? "")")
        let screen = try session.text().replacingOccurrences(of: "\n", with: "")
        #expect(screen.contains("keep.jsonl already exists; give --force"), "\(screen)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "precious\n")
    }

    @Test("--record onto a symlink is refused and the link stays a link to its untouched target")
    func symlink() throws {
        let dir = try ScratchFolder("rec")
        let target = try dir.write("target\n", to: "target.txt"), link = dir.file("link.jsonl")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let play = try Self.session(in: dir, ["play", Self.push.path, "--record", link.path])
        defer { play.stop() }
        let session = play.tmux
        #expect(try session.waitUntil { try session.text().contains("nudge exited 1") }, "\((try? session.text()) ?? "")")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8) == "target\n")
    }

    @Test("play s.yaml --record s.yaml --force never destroys the scene")
    func recordOverTheScene() throws {
        let dir = try ScratchFolder("rec")
        let scene = try dir.copy(scene: "000-push.yaml", as: "s.yaml")
        let before = try Data(contentsOf: scene)
        let play = try Self.session(in: dir, ["play", scene.path, "--record", scene.path, "--force"])
        defer { play.stop() }
        let session = play.tmux
        #expect(try session.waitUntil { try session.text().contains("nudge exited 1") }, "\((try? session.text()) ?? "")")
        #expect(try session.text().replacingOccurrences(of: "\n", with: "").contains("is a scene being played"))
        #expect(try Data(contentsOf: scene) == before)
    }

    @Test("a full disk (/dev/full) ends the recording with a message; the playground goes on and q exits 0")
    func fullDisk() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { print("skipped: no /dev/full"); return }
        let play = try Self.session(in: try ScratchFolder("rec"), ["play", Self.push.path, "--record", "/dev/full", "--force"])
        defer { play.stop() }
        let session = play.tmux
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
        let dir = try ScratchFolder("rec")
        let scene = try dir.copy(scene: "000-push.yaml", as: "p.yaml")
        let play = try Self.session(in: dir, ["play", scene.path])
        defer { play.stop() }
        let session = play.tmux
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
        let dir = try ScratchFolder("rec")
        let scene = try dir.write("name: \"Ev\\e]2;pwned\\a\\u202Eil\"\nsummary: \"s\\u2066x\"\nitems:\n  - {id: a, size: [10, 10]}\n",
                                  to: "e.yaml")
        let play = try Self.session(in: dir, ["play", scene.path])
        defer { play.stop() }
        let session = play.tmux
        #expect(try session.waitUntil { try session.statusLine().contains("Ev\\u{1B}]2;pwned\\u{7}\\u{202E}il 1/1") },
                "\((try? session.text()) ?? "")")
        let title = try session.tmux(["display", "-p", "-t", "t", "#{pane_title}"])
        #expect(!title.contains("pwned"), "the scene set the title: \(title)")
        try session.send(keys: "q")
    }

    @Test("play Sandbox plays the library scene named Sandbox")
    func playByName() throws {
        let session = try TmuxSession(term: "xterm-256color", arguments: ["play", "--scenes", TmuxSession.packageRoot.appendingPathComponent("scenes").path, "Sandbox"])
        defer { session.stop() }
        #expect(try session.waitUntil { try session.statusLine().contains("Sandbox 1/1") }, "\((try? session.text()) ?? "")")
        try session.send(keys: "q")
        #expect(try session.waitUntil { try session.text().contains("nudge exited 0") })
    }
}
