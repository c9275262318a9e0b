// End to end: a terminal that reads slowly never slows the world. The real `nudge` binary runs on
// a 120×40 pseudo-terminal whose other side reads slower than the frames come (a terminal busy
// decoding pictures, or a slow link): in cells, the crossing pictures at 30 KB a second; in
// sixel, the Sandbox at 30 KB a second and the cradle (whose frames are a few small tiles) at
// 3 KB a second. Two keys typed five seconds apart must be recorded (`--record`, whose times are
// the scene's own step time) 300 steps apart within 2 %, and after `q` the bytes that give the
// terminal back (mouse tracking off, the main screen) must arrive. Blocking writes (and whole-picture rasterizing) held the
// same runs to 193, 135 and 196 steps.
// (The status line is checked with a scripted terminal in PlaygroundScreenTests: here its text
// arrives cut into cursor moves.)
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("a slow terminal", .serialized)
struct SlowTerminalEndToEndTests {
    /// What a run shows: the two keys' recorded times, every byte written, the exit status.
    struct Run {
        var keyTimes: [Double]
        var output: [UInt8]
        var exitStatus: Int32
    }

    /// Runs `nudge play ARGS --record FILE` on a 120×40 pty read at `bytesPerSecond`, types `z`,
    /// then `z` five seconds later, then `q`; nil (skip, with the reason printed) when it cannot.
    static func run(_ arguments: [String], bytesPerSecond: Double = 30_000) throws -> Run? {
        guard let binary = TmuxSession.executable else { print("skipped: the nudge executable was not built"); return nil }
        guard let pty = PTY(columns: 120, rows: 40) else { print("skipped: cannot open a pseudo-terminal"); return nil }
        defer { close(pty.master); close(pty.slave) }
        let record = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-slow-\(UUID().uuidString.prefix(8)).jsonl")
        defer { try? FileManager.default.removeItem(at: record) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_adddup2(&actions, pty.slave, fd) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, 0x80)   // POSIX_SPAWN_SETSID: away from the test's terminal
        let args = [binary.path, "play"] + arguments + ["--record", record.path]
        var environment = ProcessInfo.processInfo.environment
        for name in ["NO_COLOR", "COLORTERM", "NUDGE_GLYPHS", "SWIFT_BACKTRACE", "TMUX"] { environment[name] = nil }
        environment["TERM"] = "xterm-256color"; environment["LANG"] = "C.UTF-8"; environment["LC_ALL"] = "C.UTF-8"
        let cArgs = args.map { strdup($0) } + [nil]
        let cEnv = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { cArgs.forEach { free($0) }; cEnv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, binary.path, &actions, &attributes, cArgs, cEnv)
        try #require(spawned == 0, "posix_spawn: \(spawned)")

        // The slow reader: at most `bytesPerSecond` over any stretch, read in 1/50 s portions.
        var output: [UInt8] = []
        let start = Date()
        var buffer = [UInt8](repeating: 0, count: 65536)
        func read(for seconds: Double) {
            let until = Date().addingTimeInterval(seconds)
            while Date() < until {
                let allowed = Int(Date().timeIntervalSince(start) * bytesPerSecond) - output.count
                if allowed > 0 {
                    var p = pollfd(fd: pty.master, events: Int16(POLLIN), revents: 0)
                    if poll(&p, 1, 0) > 0, p.revents & Int16(POLLIN) != 0 {
                        let n = Glibc.read(pty.master, &buffer, min(allowed, buffer.count))
                        if n > 0 { output += buffer[0..<n] }
                    }
                }
                usleep(20_000)
            }
        }
        func send(_ key: String) { _ = key.utf8CString.withUnsafeBufferPointer { Glibc.write(pty.master, $0.baseAddress!, 1) } }
        read(for: 3)          // the scene starts and runs for a while
        send("z")
        read(for: 5)
        send("z")
        read(for: 0.5)
        send("q")
        // Leaving: read at the same slow pace until nudge has gone and the pty is empty.
        var status: Int32 = 0
        var exited = false
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            read(for: 0.2)
            if !exited { exited = waitpid(pid, &status, WNOHANG) == pid }
            if exited {
                var p = pollfd(fd: pty.master, events: Int16(POLLIN), revents: 0)
                if poll(&p, 1, 100) <= 0 { break }
            }
        }
        if !exited { kill(pid, SIGKILL); waitpid(pid, &status, 0) }
        try #require(exited, "nudge did not exit within 20 s of q")
        let lines = try String(contentsOf: record, encoding: .utf8).split(separator: "\n")
        let keyTimes = lines.compactMap { line -> Double? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["type"] as? String == "key", object["key"] as? String == "z" else { return nil }
            return object["t"] as? Double
        }
        return Run(keyTimes: keyTimes, output: output, exitStatus: status)
    }

    static func scene(_ name: String) -> String { TmuxSession.packageRoot.appendingPathComponent("scenes/\(name).yaml").path }

    static func check(_ run: Run, mode: String) {
        #expect(run.keyTimes.count == 2, "\(mode): keys recorded \(run.keyTimes)")
        if run.keyTimes.count == 2 {
            let steps = (run.keyTimes[1] - run.keyTimes[0]) * 60
            #expect(abs(steps - 300) <= 6, "\(mode): \(steps) steps between keys typed 5 s apart")
        }
        // The way back: tracking off, then ncurses leaves the alternate screen.
        let tail = String(decoding: run.output.suffix(4096), as: UTF8.self)
        #expect(tail.contains("\u{1B}[?1003l"), "\(mode): mouse tracking was never switched off")
        #expect(tail.contains("\u{1B}[?1049l"), "\(mode): the alternate screen was never left")
        #expect(run.exitStatus == 0, "\(mode): exit status \(run.exitStatus)")
    }

    @Test("cells: 300 steps in 5 s at 30 KB/s, and the terminal is given back")
    func cells() throws {
        guard let run = try Self.run([Self.scene("005-crossing-images"), "--graphics", "cells"]) else { return }
        Self.check(run, mode: "cells")
    }

    @Test("sixel: the Sandbox holds 300 steps in 5 s at 30 KB/s, and the terminal is given back")
    func sixelSandbox() throws {
        guard let run = try Self.run([Self.scene("007-sandbox"), "--graphics", "sixel"]) else { return }
        Self.check(run, mode: "sixel, Sandbox")
    }

    @Test("sixel: 300 steps in 5 s at 3 KB/s, and the terminal is given back")
    func sixel() throws {
        guard let run = try Self.run([Self.scene("003-cradle"), "--graphics", "sixel"], bytesPerSecond: 3_000) else { return }
        Self.check(run, mode: "sixel")
    }
}

/// A pseudo-terminal pair of `columns` × `rows`, opened with plain ioctls on /dev/ptmx.
struct PTY {
    let master: Int32, slave: Int32
    init?(columns: Int, rows: Int) {
        let m = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard m >= 0 else { return nil }
        var unlock: Int32 = 0, number: Int32 = 0
        // TIOCSPTLCK and TIOCGPTN (Linux), which Glibc does not export to Swift.
        guard ioctl(m, 0x4004_5431, &unlock) == 0, ioctl(m, 0x8004_5430, &number) == 0 else { close(m); return nil }
        let s = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard s >= 0 else { close(m); return nil }
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(m, UInt(TIOCSWINSZ), &size)
        master = m; slave = s
    }
}
