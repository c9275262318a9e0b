// End to end: every signal that stops or ends nudge gives the terminal back (no mouse tracking,
// no alternate screen), and exits 128 + the signal's number; a stopped nudge comes back with
// tracking on after SIGCONT. Skipped (with a printed reason) only when tmux is not installed.
import Foundation
import Testing

@Suite("signals in tmux", TmuxSession.requirement, .serialized)
struct SignalsEndToEndTests {
    /// nudge's process id: the child of the pane's shell (env execs nudge, nudge execs itself).
    static func nudgePID(_ session: TmuxSession) throws -> Int32? {
        let shell = try session.tmux(["display-message", "-p", "-t", "t", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return children.split(separator: " ").first.flatMap { Int32($0) }
    }

    static func start() throws -> TmuxSession? {
        let session = try TmuxSession(term: "xterm-256color", arguments: ["play", "scenes/000-push.yaml"])
        let started = try session.waitUntil { try session.statusLine().contains("Push 1/1") }
        try #require(started, "nudge did not start: \((try? session.text()) ?? "")")
        #expect(try session.modes() == "1 1")
        return session
    }

    @Test("a signal that ends nudge leaves the terminal clean and exits 128 + N",
          arguments: [("USR1", SIGUSR1), ("PIPE", SIGPIPE), ("ALRM", SIGALRM), ("TERM", SIGTERM), ("HUP", SIGHUP)])
    func endingSignal(name: String, number: Int32) throws {
        guard let session = try Self.start() else { return }
        defer { session.stop() }
        let pid = try #require(try Self.nudgePID(session))
        kill(pid, number)
        #expect(try session.waitUntil { try session.text().contains("nudge exited \(128 + number)") }, "SIG\(name): \((try? session.text()) ?? "")")
        #expect(try session.waitUntil { try session.modes() == "0 0" }, "SIG\(name) left modes \((try? session.modes()) ?? "")")
    }

    @Test("kill -TSTP stops nudge with tracking off and the main screen back; SIGCONT brings the playground back")
    func stopAndContinue() throws {
        guard let session = try Self.start() else { return }
        defer { session.stop() }
        let pid = try #require(try Self.nudgePID(session))
        kill(pid, SIGTSTP)
        #expect(try session.waitUntil { try session.modes() == "0 0" }, "stopped with modes \((try? session.modes()) ?? "")")
        // Stopped for real: /proc says T.
        #expect(session.waitUntil {
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            return stat.split(separator: " ").dropFirst(2).first == "T"
        })
        kill(pid, SIGCONT)
        #expect(try session.waitUntil { try session.modes() == "1 1" }, "after SIGCONT: \((try? session.modes()) ?? "")")
        #expect(try session.waitUntil { try session.statusLine().contains("Push 1/1") })
        try session.send(keys: "q")
        #expect(try session.waitUntil { try session.text().contains("nudge exited 0") })
        #expect(try session.waitUntil { try session.modes() == "0 0" })
    }

    @Test("a crash (SIGSEGV) gives the terminal back at once and the shell within a second")
    func crashIsQuick() throws {
        guard let session = try Self.start() else { return }
        defer { session.stop() }
        let pid = try #require(try Self.nudgePID(session))
        let start = Date()
        kill(pid, SIGSEGV)
        #expect(try session.waitUntil(seconds: 1) { try session.modes() == "0 0" }, "modes \((try? session.modes()) ?? "")")
        #expect(try session.waitUntil(seconds: 3) { try session.text().contains("nudge exited 139") })
        #expect(Date().timeIntervalSince(start) < 1.5, "the shell came back after \(Date().timeIntervalSince(start)) s")
    }
}
