// TmuxSession: the real `nudge` binary in a detached tmux session, driven with raw bytes.
//
// Each session has its own server socket (`tmux -L nudge-e2e-<unique>`), so tests never see each
// other or the user's tmux, and `stop()` kills that server whatever happened. Waiting is always
// a bounded poll (`waitUntil`), never a fixed long sleep, and every tmux command has a deadline
// (ChildProcess): a client that never returns fails the test, naming the command. Mouse reports are written as the bytes
// a terminal would send, in the encoding TERM's terminfo asks for (see docs/terminal.md):
// SGR `ESC [ < b ; x ; y M|m` for xterm-256color, X10 `ESC [ M` + three bytes (value + 32) for
// tmux-256color; columns and rows are 1-based in both.
import Foundation
import Testing
import TerminalTestSupport

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
    /// `directory`, when given, is the folder nudge starts in (else the test's own); `binary`, when
    /// given, is the nudge executable to run (else `executable`, the build beside the tests).
    init(term: String, columns: Int = 80, rows: Int = 24, arguments: [String], environment: [String: String] = [:],
         directory: String? = nil, binary: URL? = nil) throws {
        let environment = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value) " }.joined()
        self.socket = "nudge-e2e-\(UUID().uuidString.prefix(8))"
        self.columns = columns; self.rows = rows; self.term = term
        let binary = try #require(binary ?? Self.executable, "the nudge executable was not built next to the tests")
        let quoted = ([binary.path] + arguments).map { "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }.joined(separator: " ")
        let command = "env -u SWIFT_BACKTRACE -u NO_COLOR -u COLORTERM -u NUDGE_GLYPHS \(environment)LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=\(term) \(quoted); echo \"nudge exited $?\"; PS1='$ ' exec sh"
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "\(columns)", "-y", "\(rows)"]
                 + (directory.map { ["-c", $0] } ?? []) + [command])
    }

    deinit { stop() }

    /// Kills this test's tmux server and removes its socket file (idempotent). A server that
    /// `kill-server` did not end within 2 s is killed by its id, and that is recorded.
    func stop() {
        guard !closed else { return }
        closed = true
        let found = (try? tmux(["display-message", "-p", "#{pid} #{socket_path}"], check: false))?
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ", maxSplits: 1).map(String.init)
        _ = try? tmux(["kill-server"], check: false)
        guard let found, found.count == 2, let server = pid_t(found[0]), server > 1 else { return }
        // Ended means gone or a zombie: the server is not this process's child, and whoever
        // reaps it may take a second or two (measured: 1.6 s here).
        func running() -> Bool {
            kill(server, 0) == 0 && (try? String(contentsOfFile: "/proc/\(server)/stat", encoding: .utf8))?.contains(") Z ") != true
        }
        let deadline = Date().addingTimeInterval(2)
        while running() && Date() < deadline { usleep(5_000) }
        if running() {
            kill(server, SIGKILL)
            Issue.record("the tmux server \(socket) (pid \(server)) did not end within 2 s of kill-server; killed")
        }
        if found[1].hasSuffix(socket) { try? FileManager.default.removeItem(atPath: found[1]) }
    }

    /// Runs `tmux -L socket ARGS` and returns its standard output, within `seconds` (else the
    /// client is killed, an issue names the command, and it throws). ChildProcess, not
    /// Foundation's Process: the command that starts the server forks a daemon, which must keep
    /// none of this test run's descriptors (see ChildProcess).
    @discardableResult
    func tmux(_ arguments: [String], check: Bool = true, within seconds: Double = 20) throws -> String {
        let path = try #require(Self.tmuxPath)
        let starts = arguments.contains("new-session")
        let ending = try ChildProcess.run([path, "-L", socket] + arguments, within: seconds,
                                          output: starts ? .null : .pipe, errors: .null)
        if check && ending.status != 0 {
            throw TmuxError(message: "tmux \(arguments.joined(separator: " ")) exited \(ending.status)")
        }
        return ending.output
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
