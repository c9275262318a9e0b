// End to end: the basket example (docs/examples/basket.yaml, `addLimit: 3`) in the real `nudge
// play` under tmux. Its winning recording, replayed on screen with `--input`, draws two planks
// with edit mode's polygon tool, fixes them with `f` and wins: the status line ends with
// "1 of 3 items left │ won: In the basket!". Drawn by hand with the box tool and the mouse (SGR
// reports), three boxes count the status line down to "0 of 3 items left" and a fourth is
// refused with the cap's message. Skipped (with a printed reason) when tmux is missing.
import Foundation
import Testing

@Suite("the basket's addLimit in tmux", TmuxSession.requirement, .serialized)
struct BasketEndToEndTests {
    static let basket = TmuxSession.packageRoot.appendingPathComponent("docs/examples/basket.yaml")

    @Test("the winning recording, replayed on screen, builds two planks with the tools and wins with one item left")
    func recordingWins() throws {
        guard TmuxSession.tmuxPath != nil else {
            print("skipped: tmux is not installed")
            return
        }
        let input = TmuxSession.packageRoot.appendingPathComponent("docs/examples/basket-win.jsonl")
        let s = try TmuxSession(term: "xterm-256color", columns: 120, arguments: ["play", "--input", input.path, Self.basket.path])
        defer { s.stop() }
        try #require(try s.waitUntil { try s.statusLine().contains("Basket 1/1") }, "nudge did not start")
        #expect(try s.waitUntil(seconds: 30) { try s.statusLine().contains("1 of 3 items left │ won: In the basket!") },
                "\((try? s.statusLine()) ?? "")")
    }

    @Test("three boxes drawn by hand leave 0 of 3; the fourth is refused and says why")
    func fourthBoxRefused() throws {
        guard TmuxSession.tmuxPath != nil else {
            print("skipped: tmux is not installed")
            return
        }
        let s = try TmuxSession(term: "xterm-256color", columns: 120, arguments: ["play", Self.basket.path])
        defer { s.stop() }
        try #require(try s.waitUntil { try s.statusLine().contains("Basket 1/1") }, "nudge did not start")
        try s.send(keys: "Space")
        try #require(try s.waitUntil { try s.statusLine().contains("paused") })
        try #require(try s.waitUntil { try s.statusLine().contains("3 of 3 items left") }, "\((try? s.statusLine()) ?? "")")
        try s.send(keys: "e")
        try s.send(keys: "b")
        try #require(try s.waitUntil { try s.statusLine().contains("edit: box") }, "\((try? s.statusLine()) ?? "")")
        // The scene's 640 pt are centered in the 120 columns (960 pt): columns 20 to 99.
        for (k, column) in [40, 50, 60, 70].enumerated() {
            try s.mouse(.press, column: column, row: 8)
            try s.mouse(.drag, column: column + 2, row: 9)
            try s.mouse(.release, column: column + 4, row: 10)
            let expected = k < 3 ? "\(2 - k) of 3 items left" : "No more items: this scene lets you add 3, and all 3 are in it (x deletes one)."
            // The refusal is long enough to wrap onto a second row: read the bottom rows' words.
            #expect(try s.waitUntil { try s.bottomText(rows: 3).contains(expected) }, "box \(k + 1): \((try? s.bottomText(rows: 3)) ?? "")")
        }
        #expect(try s.bottomText(rows: 3).contains("0 of 3 items left"))
    }
}
