// End to end: the real `nudge play` in tmux, with mouse bytes in both encodings (SGR under
// xterm-256color, X10 under tmux-256color). Each test writes its own scenes to a temporary
// folder, uses its own tmux server, and kills it at the end even when an expectation fails.
// Skipped (with a printed reason) only when tmux is not installed.
import Foundation
import Testing

@Suite("nudge play in tmux", TmuxSession.requirement, .serialized)
struct PlaygroundEndToEndTests {
    static let terms = ["xterm-256color", "tmux-256color"]

    /// 256-color indexes of the scenes' colors: green (0, 255, 0) and red (255, 0, 0).
    static let green = 46, red = 196

    static let push = """
        name: Push
        summary: Click anywhere to push the square toward the click.
        items:
          - {id: square, size: [80, 80], center: ["50%", "50%"], color: green}
        behaviors:
          - {type: collision, items: [square], boundaries: reference}
          - {type: push, id: tap-push, items: [square], mode: continuous, magnitude: 0}
        gestures:
          - {recognizer: tap, action: pushToward, item: square, push: tap-push, divisor: 200}
        """

    /// A red bob on a 160 pt rod under gravity; a drag grabs it.
    static let pendulum = """
        name: Pendulum
        summary: Drag the bob and let it swing.
        items:
          - {id: bob, shape: ellipse, size: [48, 48], center: ["50%", 200], color: red}
        behaviors:
          - {type: gravity, items: [bob]}
          - {type: attachment, item: bob, anchor: ["50%", 40]}
        gestures:
          - {recognizer: pan, action: grab}
        """

    /// The two scenes, as files of a scratch folder.
    static let scenes: KeyValuePairs<String, String> = ["1-push.yaml": push, "2-pendulum.yaml": pendulum]

    /// Runs `body` with nudge playing the two scenes in tmux; always cleans up.
    static func withPlayground(term: String, _ body: (TmuxSession) throws -> Void) throws {
        let play = try PlaygroundSession("e2e", files: scenes, term: term) { ["play", $0.path] }
        defer { play.stop() }
        let session = play.tmux
        let started = try session.waitUntil { try session.statusLine().contains("Push 1/2") }
        try #require(started, "nudge did not start: \((try? session.text()) ?? "")")
        #expect(try session.modes() == "1 1")   // mouse tracking and the alternate screen are on
        try body(session)
    }

    /// After nudge ended: no mouse mode, no alternate screen, and the shell answers.
    static func expectCleanExit(_ session: TmuxSession, status: Int) throws {
        #expect(try session.waitUntil { try session.text().contains("nudge exited \(status)") }, "\((try? session.text()) ?? "")")
        #expect(try session.waitUntil { try session.modes() == "0 0" }, "modes: \((try? session.modes()) ?? "")")
        try session.send(keys: "echo ok-$((40+2))", "Enter")
        #expect(try session.waitUntil { try session.text().contains("ok-42") })
    }

    @Test("a click beside the square pushes it toward the click; q leaves the terminal clean", arguments: terms)
    func clickPushes(term: String) throws {
        try Self.withPlayground(term: term) { s in
            // 80×24: a 640×368 world; the 80 pt square at (320, 184) covers columns 35…44.
            let before = try s.cells(withColor: Self.green)
            let start = try #require(meanColumn(before), "no green square on screen")
            #expect(abs(start - 39.5) < 1, "square's mean column \(start)")
            try s.mouse(.press, column: 70, row: 11)
            try s.mouse(.release, column: 70, row: 11)
            let moved = try s.waitUntil { (meanColumn(try s.cells(withColor: Self.green)) ?? 0) > start + 10 }
            #expect(moved, "the square did not move right: mean column \(meanColumn((try? s.cells(withColor: Self.green)) ?? []) ?? -1)")
            #expect(try s.statusLine().contains("Push 1/2"))
            try s.send(keys: "q")
            try Self.expectCleanExit(s, status: 0)
        }
    }

    @Test("a drag on the pendulum's bob swings it", arguments: terms)
    func dragSwings(term: String) throws {
        try Self.withPlayground(term: term) { s in
            try s.send(keys: "n")
            #expect(try s.waitUntil { try s.statusLine().contains("Pendulum 2/2") })
            // The bob (48 pt at x 320) covers columns 37…42, rows 11…13.
            #expect(try s.waitUntil { meanColumn(try s.cells(withColor: Self.red)).map { abs($0 - 39.5) < 1 } ?? false })
            try s.mouse(.press, column: 40, row: 12)
            for i in 1...10 {
                try s.mouse(.drag, column: 40 + 2 * i, row: 12)
                usleep(30_000)
            }
            let pulled = try s.waitUntil(seconds: 2) { (meanColumn(try s.cells(withColor: Self.red)) ?? 0) > 44 }
            #expect(pulled, "the bob did not follow the drag")
            try s.mouse(.release, column: 60, row: 12)
            // Let go to the right of its rest position, it swings through to the left side.
            let swung = try s.waitUntil(seconds: 6) { (meanColumn(try s.cells(withColor: Self.red)) ?? 99) < 36 }
            #expect(swung, "the bob did not swing: mean column \(meanColumn((try? s.cells(withColor: Self.red)) ?? []) ?? -1)")
            try s.send(keys: "q")
            try Self.expectCleanExit(s, status: 0)
        }
    }

    @Test("n / p switch scenes, space pauses, resize to 60×20, 12×5 and back; Ctrl-C leaves the terminal clean", arguments: terms)
    func keysAndResize(term: String) throws {
        try Self.withPlayground(term: term) { s in
            try s.send(keys: "n")
            #expect(try s.waitUntil { try s.statusLine().contains("Pendulum 2/2") })
            try s.send(keys: "p")
            #expect(try s.waitUntil { try s.statusLine().contains("Push 1/2") })
            try s.send(keys: "Space")
            #expect(try s.waitUntil { try s.statusLine().contains("paused") })
            try s.send(keys: "Space")
            #expect(try s.waitUntil { try s.statusLine().contains("running") || s.statusLine().contains("resting") })

            try s.resize(columns: 60, rows: 20)
            #expect(try s.waitUntil {
                let lines = try s.text().split(separator: "\n", omittingEmptySubsequences: false)
                return lines.count >= 20 && lines[19].contains("Push 1/2")
            }, "\((try? s.text()) ?? "")")
            try s.resize(columns: 12, rows: 5)
            #expect(try s.waitUntil { try s.text().contains("too small") }, "\((try? s.text()) ?? "")")
            try s.resize(columns: 80, rows: 24)
            #expect(try s.waitUntil {
                let lines = try s.text().split(separator: "\n", omittingEmptySubsequences: false)
                let small = try s.text().contains("too small")
                return lines.count >= 24 && lines[23].contains("Push 1/2") && !small
            }, "\((try? s.text()) ?? "")")
            // The square is still on screen after the round trip.
            let square = try s.cells(withColor: Self.green)
            #expect(!square.isEmpty)

            try s.send(keys: "C-c")
            try Self.expectCleanExit(s, status: 130)
        }
    }
}
