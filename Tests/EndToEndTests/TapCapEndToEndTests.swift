// End to end: a flood of clicks on the Sandbox (each tap spawns a ball) stops at the cap
// docs/gestures.md gives, 200 items a scene's gestures may add, and the status line says so in
// the words that page quotes, wrapped whole at 80 columns; the playground goes on and q quits.
// Skipped, with the reason printed, when tmux is missing.
import Foundation
import Testing

@Suite("a flood of taps in tmux", TmuxSession.requirement, .serialized)
struct TapCapEndToEndTests {
    @Test("210 clicks on the Sandbox: the status line says gestures have added 200, the most one scene takes")
    func capMessage() throws {
        let scenes = TmuxSession.packageRoot.appendingPathComponent("scenes").path
        let session = try TmuxSession(term: "xterm-256color", arguments: ["play", "--scenes", scenes, "Sandbox"])
        defer { session.stop() }
        try #require(try session.waitUntil { try session.statusLine().contains("Sandbox 1/1") }, "\((try? session.text()) ?? "")")
        let message = "no more items: gestures have added 200, the most one scene takes (r starts it again)"
        for i in 0..<210 {
            let column = 5 + (i * 7) % 70, row = 2 + (i * 3) % 6
            try session.mouse(.press, column: column, row: row)
            try session.mouse(.release, column: column, row: row)
        }
        // A debug build under load takes seconds to drop 200 balls, and a "terminal slow" warning
        // outranks the message meanwhile: each further click at the cap says it again.
        #expect(try session.waitUntil(seconds: 40) {
            try session.mouse(.press, column: 40, row: 3)
            try session.mouse(.release, column: 40, row: 3)
            usleep(300_000)
            return try session.bottomText().contains(message)
        }, "\((try? session.text()) ?? "")")
        try session.send(keys: "q")
        #expect(try session.waitUntil(seconds: 20) { try session.text().contains("nudge exited 0") })
    }
}
