// End to end: `W` in the real `nudge play` under tmux saves over the file being played, once y
// answers its question, and keeps the file's comments: a starter file from `nudge new`, saved
// over with nothing moved by hand, keeps its header and loads; with a box drawn in edit mode, the
// box is in the file and the comments still are. Any other answer writes nothing. Skipped (with
// a printed reason) when tmux is missing.
import Foundation
import Testing
import TerminalTestSupport

@Suite("Saving over the scene's file in tmux (W)", TmuxSession.requirement, .serialized)
struct SaveOverEndToEndTests {
    static func nudge(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let run = try ChildProcess.run([try #require(TmuxSession.executable).path] + arguments, within: 60)
        return (run.status, run.output + run.errors)
    }

    static func commentLines(_ text: String) -> [Substring] { text.split(separator: "\n").filter { $0.contains("#") } }

    @Test("W, n writes nothing; W, y keeps the starter's comments; a drawn box is saved with them")
    func saveOverStarter() throws {
        let folder = try ScratchFolder("e2e-over")
        let file = folder.file("mine.yaml").path
        #expect(try Self.nudge(["new", file]).status == 0)
        let starter = try String(contentsOfFile: file, encoding: .utf8)
        let comments = Self.commentLines(starter)
        try #require(comments.count > 10)

        let play = try PlaygroundSession(in: folder, arguments: ["play", file])
        defer { play.stop() }
        let s = play.tmux
        try #require(try s.waitUntil { try s.statusLine().contains("mine 1/1") }, "\((try? s.text()) ?? "")")
        Thread.sleep(forTimeInterval: 1)
        try s.send(keys: "W")
        #expect(try s.waitUntil { try s.bottomText().contains("Save over mine.yaml? y saves") }, "\((try? s.bottomText()) ?? "")")
        try s.send(keys: "n")
        #expect(try s.waitUntil { try s.bottomText().contains("Not saved.") })
        #expect(try String(contentsOfFile: file, encoding: .utf8) == starter)

        try s.send(keys: "W")
        #expect(try s.waitUntil { try s.bottomText().contains("Save over mine.yaml?") })
        try s.send(keys: "y")
        #expect(try s.waitUntil { try s.bottomText().contains("Saved over mine.yaml.") }, "\((try? s.bottomText()) ?? "")")
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(Self.commentLines(saved) == comments, "\(saved)")
        #expect(saved.hasPrefix("# A new Nudge scene"))
        var check = try Self.nudge(["check", file])
        #expect(check.status == 0 && check.output == "\(file): ok\n", "\(check.output)")

        // A box drawn in edit mode, then e (leave it), W, y: the box is saved and the comments stay.
        try s.send(keys: "e")
        try s.send(keys: "b")
        #expect(try s.waitUntil { try s.statusLine().contains("box") })
        try s.mouse(.press, column: 10, row: 3)
        try s.mouse(.release, column: 20, row: 6)
        #expect(try s.waitUntil { try s.bottomText().contains("Made box-1") }, "\((try? s.bottomText()) ?? "")")
        try s.send(keys: "e")   // W is a key of play, not of edit mode
        try s.send(keys: "W")
        #expect(try s.waitUntil { try s.bottomText().contains("Save over mine.yaml?") })
        try s.send(keys: "y")
        #expect(try s.waitUntil { try s.bottomText().contains("Saved over mine.yaml.") }, "\((try? s.bottomText()) ?? "")")
        let edited = try String(contentsOfFile: file, encoding: .utf8)
        #expect(edited.contains("id: box-1"), "\(edited)")
        #expect(Self.commentLines(edited).filter { !$0.contains("box-1") } == comments, "\(edited)")
        check = try Self.nudge(["check", file])
        #expect(check.status == 0, "\(check.output)")
        // Saved: q quits at once (no unsaved-edits warning), and the scene was not reloaded.
        try s.send(keys: "q")
        try PlaygroundEndToEndTests.expectCleanExit(s, status: 0)
    }
}
