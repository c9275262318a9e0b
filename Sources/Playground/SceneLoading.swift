// SceneLoading: reads a scene file on a thread of its own, so a slow read never freezes the
// playground.
//
// Reading a scene is pure (text in, a `SceneDescription` or errors out), so it can run anywhere.
// The playground starts the read and waits for it briefly; nearly every scene is read within
// that wait and the playground carries on as if the read had been synchronous (which keeps runs
// on a scripted clock repeatable). A read that takes longer than `patience` hands control back
// to the playground, which shows progress in the status line and keeps answering q and Ctrl-C
// until the read is done. The thread has a large stack: YAML nests deeply.
import Foundation
import SceneFormat
import Scenes

final class SceneLoading: @unchecked Sendable {
    private let lock = NSCondition()
    private var result: Result<SceneDescription, any Error>?
    let file: SceneFile

    /// Starts reading `file`.
    init(_ file: SceneFile) {
        self.file = file
        let thread = Thread { [self] in
            let outcome = Result { try file.load() }
            lock.lock()
            result = outcome
            lock.broadcast()
            lock.unlock()
        }
        thread.stackSize = 16 << 20
        thread.start()
    }

    /// The outcome, waiting at most `seconds` of real time for it; nil while still reading.
    func outcome(waiting seconds: Double) -> Result<SceneDescription, any Error>? {
        lock.lock()
        defer { lock.unlock() }
        let deadline = Date().addingTimeInterval(max(0, seconds))
        while result == nil {
            if !lock.wait(until: deadline) { break }
        }
        return result
    }
}
