// End to end: `w` in the real `nudge play` under tmux writes NAME.saved.yaml beside the scene,
// then NAME.saved-2.yaml, and the status line names each file; the saved file passes the real
// `nudge check`. Skipped (with a printed reason) only when tmux is not installed.
import Foundation
import Testing
import TerminalTestSupport

@Suite("Saving in tmux (w)", TmuxSession.requirement, .serialized)
struct SaveEndToEndTests {
    @Test("w writes pendulum.saved.yaml, then pendulum.saved-2.yaml, and says so; nudge check accepts both")
    func saveTwice() throws {
        let play = try PlaygroundSession("e2e", files: PlaygroundEndToEndTests.scenes) { ["play", $0.file("2-pendulum.yaml").path] }
        defer { play.stop() }
        let session = play.tmux, folder = play.folder
        try #require(try session.waitUntil { try session.statusLine().contains("Pendulum") }, "\((try? session.text()) ?? "")")

        try session.send(keys: "w")
        let first = folder.file("2-pendulum.saved.yaml").path
        #expect(try session.waitUntil { try session.statusLine().contains("Saved 2-pendulum.saved.yaml.") },
                "status line: \((try? session.statusLine()) ?? "")")
        #expect(FileManager.default.fileExists(atPath: first))

        try session.send(keys: "w")
        let second = folder.file("2-pendulum.saved-2.yaml").path
        #expect(try session.waitUntil { try session.statusLine().contains("Saved 2-pendulum.saved-2.yaml.") },
                "status line: \((try? session.statusLine()) ?? "")")
        #expect(FileManager.default.fileExists(atPath: second))

        try session.send(keys: "q")
        try PlaygroundEndToEndTests.expectCleanExit(session, status: 0)

        let check = try ChildProcess.run([try #require(TmuxSession.executable).path, "check", first, second], within: 60, errors: .null)
        let text = check.output
        #expect(check.status == 0, "\(text)")
        #expect(text == "\(first): ok\n\(second): ok\n")
    }
}
