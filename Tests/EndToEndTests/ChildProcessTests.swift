// ChildProcessTests: the waits of the end-to-end harness end. A child whose grandchild keeps its
// output pipe open (a daemon, as a tmux server or Xvfb is) is finished as soon as the child
// itself has ended, with what it printed; a child that outlasts its deadline is killed, with an
// issue that names the command (a failing test, never a silent pass); a child that ignores
// SIGTERM is ended with SIGKILL after the grace.
import Foundation
import Testing
import TerminalTestSupport

@Suite("child processes of the end-to-end tests")
struct ChildProcessTests {
    @Test("a grandchild holding the pipe for 30 s does not hold up the child's result")
    func grandchildKeepsThePipe() throws {
        let start = Date()
        let ending = try ChildProcess.run(["/bin/sh", "-c", "sleep 30 & echo done; exit 3"], within: 20)
        let seconds = Date().timeIntervalSince(start)
        #expect(ending.output == "done\n" && ending.status == 3, "\(ending)")
        #expect(seconds < 10, "finished after \(seconds) s: the read waited for the grandchild")
    }

    @Test("a child past its deadline is killed and fails the test with its command line")
    func deadlineRecordsAnIssue() {
        let start = Date()
        // The error is swallowed here, as `try?` would: the issue is recorded all the same.
        withKnownIssue {
            #expect(throws: ChildProcess.Failure.self) { try ChildProcess.run(["/bin/sh", "-c", "sleep 30"], within: 0.5) }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("`/bin/sh -c sleep 30` did not end within 0.5 s") }
        }
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test("a child that ignores SIGTERM is killed after the grace")
    func ignoresTerm() throws {
        let child = try ChildProcess(["/bin/sh", "-c", "trap '' TERM; sleep 30"])
        usleep(200_000)
        let start = Date()
        child.end(grace: 0.5)
        #expect(child.hasEnded)
        #expect(child.exitStatus == 128 + SIGKILL, "ended with \(String(describing: child.exitStatus))")
        #expect(Date().timeIntervalSince(start) < 10)
    }
}
