// End to end: the help box in the real `nudge play` under tmux. While it is open a key closes it
// and does nothing else: `?` then `q` leaves the program running, `?` then `n` stays on the same
// scene; Ctrl-C still ends the program. Skipped (with a printed reason) when tmux is missing.
import Foundation
import Testing

@Suite("the help box in tmux", TmuxSession.requirement, .serialized)
struct HelpBoxEndToEndTests {
    /// Whether the help box is on screen (its line for `?`).
    static func helpShows(_ s: TmuxSession) throws -> Bool {
        try s.text().contains("physics overlays")
    }

    @Test("? then q, Esc, ? or n closes the help and does nothing else; q then quits")
    func keysOnlyCloseTheHelp() throws {
        try PlaygroundEndToEndTests.withPlayground(term: "xterm-256color") { s in
            for key in ["q", "Escape", "?", "n", "Space"] {
                try s.send(keys: "?")
                #expect(try s.waitUntil { try Self.helpShows(s) }, "the help did not open: \((try? s.text()) ?? "")")
                try s.send(keys: key)
                #expect(try s.waitUntil { try !Self.helpShows(s) }, "\(key) did not close the help")
                // Still on the first scene and not paused: the key did nothing else.
                Thread.sleep(forTimeInterval: 0.3)
                let status = try s.statusLine()
                #expect(status.contains("Push 1/2") && !status.contains("paused"), "after ? \(key): \(status)")
                #expect(try !s.text().contains("nudge exited"), "after ? \(key) the program ended")
            }
            try s.send(keys: "q")
            try PlaygroundEndToEndTests.expectCleanExit(s, status: 0)
        }
    }

    @Test("Ctrl-C ends the program while the help is open")
    func interruptEndsThroughTheHelp() throws {
        try PlaygroundEndToEndTests.withPlayground(term: "xterm-256color") { s in
            try s.send(keys: "?")
            #expect(try s.waitUntil { try Self.helpShows(s) })
            try s.send(keys: "C-c")
            try PlaygroundEndToEndTests.expectCleanExit(s, status: 130)
        }
    }
}
