// End to end with the optimized build people play (scripts/play builds it): the signals that end
// nudge end it there too, with the terminal given back. The signal suites run the debug build
// beside the tests; a release build optimizes across modules, and once inlined the handler's
// installation into the command line's module, with that module's own copy of the caught-signal
// flag, so SIGTERM, SIGHUP (a closed terminal window) and the rest were caught and then ignored:
// nudge ran on with mouse tracking and the alternate screen on, and after a closed window it
// ran on without a terminal; SIGWINCH's flag went the same way, so a resized window was never
// redrawn at its new size. Enabled when a release build is found (the peers script's, which CI
// makes first, .build/release, .build-release or NUDGE_RELEASE_BINARY), skipped with that reason
// otherwise; tmux is required as in every tmux suite.
import Foundation
import Testing

extension TmuxSession {
    /// A release build of nudge, if there is one.
    static let releaseBinary: URL? = {
        var candidates = [".build-peers/release/nudge", ".build/release/nudge", ".build-release/release/nudge"]
            .map { packageRoot.appendingPathComponent($0).path }
        if let given = ProcessInfo.processInfo.environment["NUDGE_RELEASE_BINARY"] { candidates.insert(given, at: 0) }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }.map(URL.init(fileURLWithPath:))
    }()
}

@Suite("signals in the release build, in tmux", TmuxSession.requirement,
       .enabled(if: TmuxSession.releaseBinary != nil,
                "no release build of nudge (.build-peers, .build/release, .build-release or NUDGE_RELEASE_BINARY)"),
       .serialized)
struct ReleaseSignalsEndToEndTests {
    static func start() throws -> TmuxSession {
        let push = TmuxSession.packageRoot.appendingPathComponent("scenes/000-push.yaml").path
        let session = try TmuxSession(term: "xterm-256color", arguments: ["play", push], binary: try #require(TmuxSession.releaseBinary))
        try #require(try session.waitUntil { try session.statusLine().contains("Push 1/1") },
                     "nudge did not start: \((try? session.text()) ?? "")")
        #expect(try session.modes() == "1 1")
        return session
    }

    @Test("SIGTERM, SIGHUP, SIGINT, SIGPROF and SIGRTMIN end the release build with the terminal clean, exit 128 + N",
          arguments: [("TERM", 15), ("HUP", 1), ("INT", 2), ("PROF", 27), ("RTMIN", 34)] as [(String, Int32)])
    func endingSignal(name: String, number: Int32) throws {
        let session = try Self.start()
        defer { session.stop() }
        let pid = try #require(try SignalsEndToEndTests.nudgePID(session))
        kill(pid, number)
        #expect(try session.waitUntil { try session.text().contains("nudge exited \(128 + number)") }, "SIG\(name): \((try? session.text()) ?? "")")
        #expect(try session.waitUntil { try session.modes() == "0 0" }, "SIG\(name) left modes \((try? session.modes()) ?? "")")
    }

    @Test("kill -TSTP stops the release build with tracking off; SIGCONT brings the playground back")
    func stopAndContinue() throws {
        let session = try Self.start()
        defer { session.stop() }
        let pid = try #require(try SignalsEndToEndTests.nudgePID(session))
        kill(pid, SIGTSTP)
        #expect(try session.waitUntil { try session.modes() == "0 0" }, "stopped with modes \((try? session.modes()) ?? "")")
        kill(pid, SIGCONT)
        #expect(try session.waitUntil { try session.modes() == "1 1" }, "after SIGCONT: \((try? session.modes()) ?? "")")
        try session.send(keys: "q")
        #expect(try session.waitUntil { try session.text().contains("nudge exited 0") })
    }

    @Test("a window resized to 120×30 is drawn again at its size: the status line on row 30, whole")
    func resize() throws {
        let session = try Self.start()
        defer { session.stop() }
        try session.resize(columns: 120, rows: 30)
        let summary = "Click anywhere to push the square toward the click."
        #expect(try session.waitUntil {
            let rows = try session.text().split(separator: "\n", omittingEmptySubsequences: false)
            return rows.count >= 30 && rows[29].contains("Push 1/1") && rows[29].contains(summary)
        }, "\((try? session.text()) ?? "")")
        try session.send(keys: "q")
        #expect(try session.waitUntil { try session.text().contains("nudge exited 0") })
    }
}
