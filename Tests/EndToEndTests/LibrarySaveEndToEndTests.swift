// End to end: `w` on a scene of the library (`nudge play` with no PATH, the library being
// ./scenes) writes the copy in the current folder, never into the library, so the library keeps
// its scenes and numbers; `w` on a scene played from a folder of one's own still saves beside it.
// Skipped (with a printed reason) when tmux is missing.
import Foundation
import Testing

@Suite("Saving a library scene in tmux", TmuxSession.requirement, .serialized)
struct LibrarySaveEndToEndTests {
    @Test("w on a library scene writes NAME.saved.yaml in the current folder and nothing into scenes/")
    func librarySceneSavesHere() throws {
        let play = try PlaygroundSession("e2e-lib", files: ["scenes/1-push.yaml": PlaygroundEndToEndTests.push,
                                                             "scenes/2-pendulum.yaml": PlaygroundEndToEndTests.pendulum],
                                         startsInFolder: true) { _ in ["play"] }
        defer { play.stop() }
        let s = play.tmux
        let here = play.folder.url, library = play.folder.file("scenes")
        try #require(try s.waitUntil { try s.statusLine().contains("Push 1/2") }, "\((try? s.text()) ?? "")")

        try s.send(keys: "w")
        #expect(try s.waitUntil { try s.bottomText().contains("Saved 1-push.saved.yaml in the current folder") },
                "\((try? s.bottomText()) ?? "")")
        #expect(FileManager.default.fileExists(atPath: here.appendingPathComponent("1-push.saved.yaml").path))
        let inLibrary = try FileManager.default.contentsOfDirectory(atPath: library.path).sorted()
        #expect(inLibrary == ["1-push.yaml", "2-pendulum.yaml"])
        try s.send(keys: "q")
        try PlaygroundEndToEndTests.expectCleanExit(s, status: 0)

        // The library still has 2 scenes: the copy did not become one of them.
        let again = try play.again()
        #expect(try again.waitUntil { try again.statusLine().contains("Push 1/2") }, "\((try? again.text()) ?? "")")
    }
}
