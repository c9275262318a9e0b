// TmuxSession: the real `nudge` binary in a detached tmux session, driven with raw bytes.
//
// Each session has its own server socket (`tmux -L nudge-e2e-<unique>`), so tests never see each
// other or the user's tmux, and `stop()` kills that server whatever happened. Waiting is always
// a bounded poll (`waitUntil`), never a fixed long sleep. Mouse reports are written as the bytes
// a terminal would send, in the encoding TERM's terminfo asks for (see docs/terminal.md):
// SGR `ESC [ < b ; x ; y M|m` for xterm-256color, X10 `ESC [ M` + three bytes (value + 32) for
// tmux-256color; columns and rows are 1-based in both.
import Foundation
import Testing

final class TmuxSession {
    let socket: String
    let columns: Int, rows: Int
    let term: String
    private var closed = false

    /// The trait of every suite that drives tmux: its tests are reported as skipped, with the
    /// reason, when tmux is not installed (instead of passing without running).
    static let requirement = ConditionTrait.enabled(if: tmuxPath != nil, "tmux is not installed")

    /// The tmux executable, or nil when it is not installed (the suites then skip).
    static let tmuxPath: String? = {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/tmux"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }()

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The nudge executable built alongside this test bundle (or in .build/debug).
    static var executable: URL? {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("nudge")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        let debug = packageRoot.appendingPathComponent(".build/debug/nudge")
        return FileManager.default.isExecutableFile(atPath: debug.path) ? debug : nil
    }

    /// Starts `nudge ARGS` under TERM=`term` in a `columns`×`rows` window; when it exits the pane
    /// prints "nudge exited STATUS" and runs a plain shell.
    /// The environment is the test's, less NO_COLOR, COLORTERM, NUDGE_GLYPHS and
    /// SWIFT_BACKTRACE (which `swift test` or the shell may set), plus `environment`.
    /// `directory`, when given, is the folder nudge starts in (else the test's own).
    init(term: String, columns: Int = 80, rows: Int = 24, arguments: [String], environment: [String: String] = [:],
         directory: String? = nil) throws {
        let environment = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value) " }.joined()
        self.socket = "nudge-e2e-\(UUID().uuidString.prefix(8))"
        self.columns = columns; self.rows = rows; self.term = term
        let binary = try #require(Self.executable, "the nudge executable was not built next to the tests")
        let quoted = ([binary.path] + arguments).map { "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }.joined(separator: " ")
        let command = "env -u SWIFT_BACKTRACE -u NO_COLOR -u COLORTERM -u NUDGE_GLYPHS \(environment)LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=\(term) \(quoted); echo \"nudge exited $?\"; PS1='$ ' exec sh"
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "\(columns)", "-y", "\(rows)"]
                 + (directory.map { ["-c", $0] } ?? []) + [command])
    }

    deinit { stop() }

    /// Kills this test's tmux server and removes its socket file (idempotent).
    func stop() {
        guard !closed else { return }
        closed = true
        let path = (try? tmux(["display-message", "-p", "#{socket_path}"], check: false))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try? tmux(["kill-server"], check: false)
        if let path, path.hasSuffix(socket) { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Runs `tmux -L socket ARGS` and returns its standard output. posix_spawn + waitpid, not
    /// Foundation's Process: the command that starts the server forks a daemon, and Process
    /// could wait forever on the daemon's inherited descriptors.
    @discardableResult
    func tmux(_ arguments: [String], check: Bool = true) throws -> String {
        let path = try #require(Self.tmuxPath)
        let argv = [path, "-L", socket] + arguments
        let starts = arguments.contains("new-session")
        var fds: [Int32] = [0, 0]
        // Tests run in parallel: a pipe that another test's tmux inherited would stay open in
        // that test's long-lived server, and this read would never see its end (a deadlock seen
        // in CI). So every spawn happens under one lock, with this pipe and every other
        // descriptor of the test process marked close-on-exec first.
        Self.spawnLock.lock()
        var locked = true
        defer { if locked { Self.spawnLock.unlock() } }
        guard pipe(&fds) == 0 else { throw TmuxError(message: "pipe failed") }
        Self.markDescriptorsCloseOnExec()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if starts {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        // A clean signal mask and default handlers for the child (the test runner blocks some).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { for a in cArgs { free(a) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, &cArgs, environ)
        close(fds[1])
        Self.spawnLock.unlock()
        locked = false
        guard spawned == 0 else { close(fds[0]); throw TmuxError(message: "cannot run tmux (\(spawned))") }
        var output = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(fds[0], &buffer, buffer.count)
            if n > 0 { output += buffer[0..<n] } else if n < 0 && errno == EINTR { continue } else { break }
        }
        close(fds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        if check && exitStatus != 0 {
            throw TmuxError(message: "tmux \(arguments.joined(separator: " ")) exited \(exitStatus)")
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static let spawnLock = NSLock()

    /// Marks every open descriptor from 3 up close-on-exec, so no child (and no tmux server it
    /// starts) keeps the test runner's pipes open.
    private static func markDescriptorsCloseOnExec() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
        for name in names {
            guard let fd = Int32(name), fd >= 3 else { continue }
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    struct TmuxError: Error, CustomStringConvertible { var message: String; var description: String { message } }

    // MARK: Input

    func send(bytes: [UInt8]) throws {
        try tmux(["send-keys", "-t", "t", "-H"] + bytes.map { String(format: "%02x", $0) })
    }

    func send(keys: String...) throws {
        try tmux(["send-keys", "-t", "t"] + keys)
    }

    enum MouseAction { case press, drag, release }

    /// A left-button report at 0-based cell (column, row), in this session's encoding.
    func mouse(_ action: MouseAction, column: Int, row: Int) throws {
        let x = column + 1, y = row + 1
        if term.hasPrefix("xterm") {
            let b = action == .drag ? 32 : 0
            let final = action == .release ? "m" : "M"
            try send(bytes: Array("\u{1b}[<\(b);\(x);\(y)\(final)".utf8))
        } else {
            let b: Int
            switch action {
            case .press: b = 0
            case .drag: b = 32
            case .release: b = 3
            }
            try send(bytes: [0x1b, 0x5b, 0x4d, UInt8(32 + b), UInt8(32 + x), UInt8(32 + y)])
        }
    }

    // MARK: Output

    /// The screen as text (no colors).
    func text() throws -> String { try tmux(["capture-pane", "-p", "-t", "t"]) }

    /// The last line of the pane that holds text: nudge's status line while it runs.
    /// The words of the last `rows` rows as one line (runs of spaces as one): a status line
    /// that a long message wraps over several rows reads whole here.
    func bottomText(rows: Int = 4) throws -> String {
        try text().split(separator: "\n", omittingEmptySubsequences: false).suffix(rows)
            .joined(separator: " ").split(separator: " ").joined(separator: " ")
    }

    /// The status line: the last row with text, and the rows above it that a long message
    /// wrapped onto (those that begin in the same colors), joined into one line as it was before
    /// it wrapped.
    func statusLine() throws -> String {
        let plain = try text().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let last = plain.lastIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { return "" }
        let colored = try tmux(["capture-pane", "-p", "-e", "-t", "t"]).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func lead(_ row: Int) -> String {
            guard row < colored.count else { return "" }
            var rest = Substring(colored[row]), lead = ""
            while rest.hasPrefix("\u{1b}["), let end = rest.firstIndex(of: "m") {
                lead += rest[...end]
                rest = rest[rest.index(after: end)...]
            }
            return lead
        }
        var first = last
        while first > 0, !lead(last).isEmpty, lead(first - 1) == lead(last), plain[first - 1].hasPrefix(" ") { first -= 1 }
        return ([plain[first]] + plain[(first + 1)..<(last + 1)].map { String($0.dropFirst()) }).joined(separator: " ")
    }

    /// tmux's view of the pane: "mouse_any_flag alternate_on".
    func modes() throws -> String {
        try tmux(["display", "-p", "-t", "t", "#{mouse_any_flag} #{alternate_on}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", "t", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The cells whose foreground or background is 256-color `index`, as (column, row), from
    /// `capture-pane -e`.
    func cells(withColor index: Int) throws -> [(column: Int, row: Int)] {
        let screen = try tmux(["capture-pane", "-p", "-e", "-N", "-t", "t"])  // -N keeps trailing (colored) spaces
        var found: [(Int, Int)] = []
        for (row, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var fg = -1, bg = -1, column = 0
            var scalars = Array(line.unicodeScalars)[...]
            while let s = scalars.first {
                scalars = scalars.dropFirst()
                if s == "\u{1b}", scalars.first == "[" {
                    scalars = scalars.dropFirst()
                    var params = ""
                    while let c = scalars.first, !("@"..."~").contains(c) { params.unicodeScalars.append(c); scalars = scalars.dropFirst() }
                    let final = scalars.first
                    scalars = scalars.dropFirst()
                    guard final == "m" else { continue }
                    let p = params.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                    var i = 0
                    if p.isEmpty { fg = -1; bg = -1 }
                    while i < p.count {
                        switch p[i] {
                        case 0: fg = -1; bg = -1
                        case 39: fg = -1
                        case 49: bg = -1
                        case 30...37: fg = p[i] - 30
                        case 40...47: bg = p[i] - 40
                        case 38, 48:
                            if i + 2 < p.count, p[i + 1] == 5 {
                                if p[i] == 38 { fg = p[i + 2] } else { bg = p[i + 2] }
                                i += 2
                            } else if i + 4 < p.count, p[i + 1] == 2 {
                                if p[i] == 38 { fg = -2 } else { bg = -2 }
                                i += 4
                            }
                        default: break
                        }
                        i += 1
                    }
                    continue
                }
                let visibleForeground = s != " "
                if bg == index || (visibleForeground && fg == index) { found.append((column, row)) }
                column += 1
            }
        }
        return found
    }

    /// Polls `condition` every 50 ms for at most `seconds`; true as soon as it holds.
    func waitUntil(seconds: Double = 5, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if try condition() { return true }
            if Date() >= deadline { return false }
            usleep(50_000)
        }
    }
}

/// Mean column of a set of cells (nil when empty).
func meanColumn(_ cells: [(column: Int, row: Int)]) -> Double? {
    cells.isEmpty ? nil : Double(cells.map(\.column).reduce(0, +)) / Double(cells.count)
}

// MARK: Other buttons, modifiers and screen helpers (added for the seed-scene tests)

extension TmuxSession {
    enum MouseButton: Int { case left = 0, middle = 1, right = 2 }

    /// A report for `button` at 0-based cell (column, row), with Ctrl held when `control`, in
    /// this session's encoding. The xterm button byte is the button (0…2), + 16 for Ctrl, + 32
    /// for motion; SGR repeats the button in a release ('m'), X10 says only "released" (3).
    func mouse(_ action: MouseAction, column: Int, row: Int, button: MouseButton, control: Bool = false) throws {
        let x = column + 1, y = row + 1
        let modifier = control ? 16 : 0
        if term.hasPrefix("xterm") {
            let b = button.rawValue + modifier + (action == .drag ? 32 : 0)
            let final = action == .release ? "m" : "M"
            try send(bytes: Array("\u{1b}[<\(b);\(x);\(y)\(final)".utf8))
        } else {
            let b: Int
            switch action {
            case .press: b = button.rawValue + modifier
            case .drag: b = button.rawValue + modifier + 32
            case .release: b = 3 + modifier
            }
            try send(bytes: [0x1b, 0x5b, 0x4d, UInt8(32 + b), UInt8(32 + x), UInt8(32 + y)])
        }
    }

    /// The screen's rows as arrays of characters (one per cell), without colors.
    func grid() throws -> [[Character]] {
        try text().split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
    }
}

/// Mean row of a set of cells (nil when empty).
func meanRow(_ cells: [(column: Int, row: Int)]) -> Double? {
    cells.isEmpty ? nil : Double(cells.map(\.row).reduce(0, +)) / Double(cells.count)
}
