// CommandFailure: how a command says that it cannot go on, and the one place that says it.
//
// A command that fails throws a CommandFailure holding the whole message (usually "nudge
// COMMAND: reason", sometimes the reason alone when it already names its file and line) and the
// exit status; `Nudge.main` writes the message to standard error and exits with the status.
// So no command writes to standard error or picks an exit status by hand, and a failure
// looks the same from every command. Mistakes in the flags are ArgumentParser's
// ValidationError (message, usage line, status 64); a run that ends by a signal throws
// ArgumentParser's ExitCode, which has nothing to say.
import ArgumentParser
import Foundation

struct CommandFailure: Error, CustomStringConvertible {
    /// What standard error shows: one line, or several (without the final newline).
    var message: String
    /// The exit status: 1 unless the failure has a status of its own.
    var exitCode: ExitCode

    init(_ message: String, exitCode: ExitCode = .failure) {
        self.message = message
        self.exitCode = exitCode
    }

    /// "nudge COMMAND: ERROR", the usual form.
    init(_ command: String, _ error: any Error) {
        self.init("nudge \(command): \(error)")
    }

    var description: String { message }

    /// Writes the message to standard error, on a line of its own.
    func present() {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
