// PlaygroundSession: the real `nudge` under tmux on files of a test's own. It is the set-up the
// tmux suites share: a ScratchFolder with the test's scenes, a TmuxSession started on them, and
// at the end (`stop()`, or when it is released) every tmux server it started killed and the
// folder removed, whatever happened in between.
//
// The command line is built from the folder (a closure gets it), so a test names its files and
// its arguments in one place; what a test checks stays in the test, waits for the first screen
// included. `again()` starts a fresh run of the same command in the same folder, for tests that
// compare two runs or look at what a first run saved.
import Foundation

final class PlaygroundSession {
    let folder: ScratchFolder
    /// The first run.
    let tmux: TmuxSession
    private let start: () throws -> TmuxSession
    private var others: [TmuxSession] = []

    /// Starts `nudge ARGUMENTS` in tmux (see TmuxSession.init) with `folder` as its scratch
    /// folder; in `folder` itself when `startsInFolder`, else in the test's own folder.
    init(in folder: ScratchFolder, term: String = "xterm-256color", columns: Int = 80, rows: Int = 24,
         environment: [String: String] = [:], startsInFolder: Bool = false, arguments: [String]) throws {
        self.folder = folder
        let directory = startsInFolder ? folder.path : nil
        start = { try TmuxSession(term: term, columns: columns, rows: rows, arguments: arguments, environment: environment, directory: directory) }
        tmux = try start()
    }

    /// Writes `files` (name, text) into a new scratch folder `nudge-LABEL-…`, then starts
    /// `nudge` with the arguments `arguments(folder)` returns.
    convenience init(_ label: String, files: KeyValuePairs<String, String> = [:], term: String = "xterm-256color",
                     columns: Int = 80, rows: Int = 24, environment: [String: String] = [:], startsInFolder: Bool = false,
                     arguments: (ScratchFolder) throws -> [String]) throws {
        let folder = try ScratchFolder(label)
        for (name, text) in files { try folder.write(text, to: name) }
        try self.init(in: folder, term: term, columns: columns, rows: rows, environment: environment,
                      startsInFolder: startsInFolder, arguments: try arguments(folder))
    }

    deinit { stop() }

    /// A fresh run of the same command in the same folder, stopped with the first.
    func again() throws -> TmuxSession {
        let session = try start()
        others.append(session)
        return session
    }

    /// Kills every tmux server this started, then removes the folder (idempotent).
    func stop() {
        for session in [tmux] + others { session.stop() }
        folder.remove()
    }
}
