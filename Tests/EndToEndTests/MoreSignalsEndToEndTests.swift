// End to end: the signals whose default action ends the process that were once left unhandled
// (SIGPROF, SIGIO, SIGSYS, SIGSTKFLT and the real-time signals, signal(7)) restore the terminal
// like the others: mouse tracking off, the alternate screen left, exit 128 + N. Linux numbers:
// SIGSTKFLT 16, SIGPROF 27, SIGIO 29, SIGSYS 31, SIGRTMIN 34 (glibc's first free one), SIGRTMAX 64.
import Foundation
import Testing

extension SignalsEndToEndTests {
    @Test("a signal once unhandled leaves the terminal clean and exits 128 + N",
          arguments: [("PROF", 27), ("IO", 29), ("SYS", 31), ("STKFLT", 16), ("RTMIN", 34), ("RTMIN+5", 39), ("RTMAX", 64)] as [(String, Int32)])
    func onceUnhandledSignal(name: String, number: Int32) throws {
        guard let session = try Self.start() else { return }
        defer { session.stop() }
        let pid = try #require(try Self.nudgePID(session))
        kill(pid, number)
        #expect(try session.waitUntil { try session.text().contains("nudge exited \(128 + number)") }, "SIG\(name): \((try? session.text()) ?? "")")
        #expect(try session.waitUntil { try session.modes() == "0 0" }, "SIG\(name) left modes \((try? session.modes()) ?? "")")
    }
}
