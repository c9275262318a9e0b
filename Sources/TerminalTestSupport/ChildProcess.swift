// ChildProcess: a program a test starts (tmux, Xvfb, a terminal, an X client, `nudge` itself),
// and every wait on it bounded. It lives in TerminalTestSupport, which only test targets use: the
// end-to-end and the command-line tests share it.
//
// Why not Foundation's Process: on Linux it learns that a child ended from a socket the child
// inherits, so a grandchild that keeps the socket (kitty's shell, a `sleep` under it, an X
// server that closes descriptors it did not open) makes `waitUntilExit` wait for the wrong
// process, possibly for ever, and stalls every other Process of the test run with it. Reading a
// pipe to its end has the same trap: the end comes only when every holder of the write side has
// closed it, and a daemon (a tmux server, Xvfb) started by another test at the wrong moment may
// hold it for the whole run.
//
// So: posix_spawn, with the child's descriptors 3 and up closed in the child (closefrom) and the
// pipes made close-on-exec as they are made (pipe2), so no child of this or any other test keeps
// them; a process group of the child's own, so a timeout ends the child and whatever it started
// in that group; a clean signal mask and default handlers (the test runner blocks some, and
// children inherit that). Waiting is a poll of waitpid(WNOHANG) and of the pipes against a
// deadline; once the child has ended its pipes are drained for a moment and then left, whoever
// still holds them. A deadline that passes records an issue naming the command and what was
// awaited (never a silent pass), kills the group and throws.
import Foundation
import Testing

public final class ChildProcess {
    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// What the child's standard output and error go to.
    public enum Stream: Sendable { case null, pipe }

    /// How the child ended: its exit status, or 128 + the signal that ended it.
    public struct Ending { public var status: Int32; public var output: String; public var errors: String }

    public let pid: pid_t
    /// The command line, for messages.
    public let name: String
    private var outFD: Int32 = -1, errFD: Int32 = -1
    private var output: [UInt8] = [], errors: [UInt8] = []
    public private(set) var exitStatus: Int32?

    /// Starts `argv` (argv[0] a path, or a name looked up in PATH). `environment` replaces the
    /// named variables of the test's own (nil values remove them); `directory` is where it starts.
    public init(_ argv: [String], environment: [String: String?] = [:], directory: String? = nil,
         output: Stream = .null, errors: Stream = .null) throws {
        name = argv.joined(separator: " ")
        guard let first = argv.first, let path = first.contains("/") ? first : Self.executable(named: first) else {
            throw Failure(message: "cannot run \(argv.first ?? "nothing"): not installed")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var opened: [Int32] = []
        defer { for fd in opened { close(fd) } }   // the child's ends
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (target, stream) in [(Int32(1), output), (Int32(2), errors)] {
            guard stream == .pipe else {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
                continue
            }
            var fds: [Int32] = [0, 0]
            guard GNU.pipe2(&fds, O_CLOEXEC) == 0 else { throw Failure(message: "pipe failed for \(name)") }
            opened.append(fds[1])
            posix_spawn_file_actions_adddup2(&actions, fds[1], target)
            if target == 1 { outFD = fds[0] } else { errFD = fds[0] }
        }
        GNU.closeFrom3(&actions)
        if let directory { try GNU.changeDirectory(&actions, directory) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value }
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in cArgs + cEnv { free(p) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, cArgs, cEnv)
        guard spawned == 0 else {
            for fd in [outFD, errFD] where fd >= 0 { close(fd) }
            throw Failure(message: "cannot run \(name): \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
    }

    deinit {
        if exitStatus == nil { end(grace: 0) }
        for fd in [outFD, errFD] where fd >= 0 { close(fd) }
    }

    /// Runs `argv` to its end within `seconds` and returns its status and what it printed.
    @discardableResult
    public static func run(_ argv: [String], environment: [String: String?] = [:], directory: String? = nil,
                    within seconds: Double = 30, output: Stream = .pipe, errors: Stream = .pipe,
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> Ending {
        let child = try ChildProcess(argv, environment: environment, directory: directory, output: output, errors: errors)
        return try child.finish(within: seconds, sourceLocation: sourceLocation)
    }

    /// The path of the program `name` on PATH, or nil when it is not installed.
    public static func executable(named name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Whether the child has ended (reaping it if so).
    public var hasEnded: Bool {
        if exitStatus != nil { return true }
        var status: Int32 = 0
        let r = waitpid(pid, &status, WNOHANG)
        if r == pid {
            exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        } else if r < 0 && errno == ECHILD {
            exitStatus = -1   // reaped elsewhere: ended, status unknown
        }
        return exitStatus != nil
    }

    /// Waits at most `seconds` for the child to end, reading its pipes meanwhile; past the
    /// deadline it records an issue, kills the child's group and throws.
    public func finish(within seconds: Double, sourceLocation: SourceLocation = #_sourceLocation) throws -> Ending {
        let deadline = Date().addingTimeInterval(seconds)
        while !hasEnded {
            if Date() >= deadline {
                end(grace: 0)
                let message = "`\(name)` did not end within \(seconds) s; killed"
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
                throw Failure(message: message)
            }
            readPipes(waitingMilliseconds: 20)
        }
        // Ended: what it wrote is in the pipes; a descendant that still holds them is not waited for.
        let drained = Date().addingTimeInterval(0.5)
        while (outFD >= 0 || errFD >= 0) && Date() < drained { readPipes(waitingMilliseconds: 20) }
        return Ending(status: exitStatus ?? -1, output: String(decoding: output, as: UTF8.self),
                      errors: String(decoding: errors, as: UTF8.self))
    }

    /// Waits at most `seconds` for the child to end by itself; false if it has not.
    public func waitForEnd(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !hasEnded {
            if Date() >= deadline { return false }
            readPipes(waitingMilliseconds: 20)
        }
        return true
    }

    /// Ends the child's process group: SIGTERM, `grace` seconds to go, then SIGKILL. Records an
    /// issue if even SIGKILL leaves it running for 5 s.
    public func end(grace: Double) {
        guard !hasEnded else { return }
        if grace > 0 {
            kill(-pid, SIGTERM)
            if waitForEnd(seconds: grace) { return }
        }
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        if !waitForEnd(seconds: 5) { Issue.record("`\(name)` (pid \(pid)) still runs 5 s after SIGKILL") }
    }

    /// Reads what is ready on the open pipes, waiting at most `waitingMilliseconds` for any.
    private func readPipes(waitingMilliseconds: Int32) {
        var polled = [outFD, errFD].filter { $0 >= 0 }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        // No pipe open: the end is near (or nothing is read); check again soon.
        guard !polled.isEmpty else { usleep(1000); return }
        guard poll(&polled, nfds_t(polled.count), waitingMilliseconds) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 65536)
        for p in polled where p.revents != 0 {
            let n = read(p.fd, &buffer, buffer.count)
            if n > 0 {
                if p.fd == outFD { output += buffer[0..<n] } else { errors += buffer[0..<n] }
            } else if n == 0 || errno != EINTR {
                close(p.fd)
                if p.fd == outFD { outFD = -1 } else { errFD = -1 }
            }
        }
    }
}

/// The GNU extensions of glibc used above, which Swift's Glibc module leaves out (it is built
/// without _GNU_SOURCE), looked up by name.
private enum GNU {
    static func symbol<T>(_ name: String, as type: T.Type) -> T? {
        guard let handle = dlopen(nil, RTLD_NOW), let address = dlsym(handle, name) else { return nil }
        return unsafeBitCast(address, to: type)
    }

    /// pipe2(2) (glibc 2.9).
    static func pipe2(_ fds: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32 {
        typealias Function = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
        guard let function = symbol("pipe2", as: Function.self) else { return -1 }
        return function(fds, flags)
    }

    /// Closes descriptors 3 and up in the child (glibc 2.34); without it, each one open now.
    static func closeFrom3(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>) {
        typealias Function = @convention(c) (UnsafeMutableRawPointer, Int32) -> Int32
        if let function = symbol("posix_spawn_file_actions_addclosefrom_np", as: Function.self) {
            _ = function(actions, 3)
            return
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in names.compactMap({ Int32($0) }) where fd >= 3 && fcntl(fd, F_GETFD) >= 0 {
            posix_spawn_file_actions_addclose(actions, fd)
        }
    }

    /// The child starts in `directory` (glibc 2.29).
    static func changeDirectory(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ directory: String) throws {
        typealias Function = @convention(c) (UnsafeMutableRawPointer, UnsafePointer<CChar>) -> Int32
        guard let function = symbol("posix_spawn_file_actions_addchdir_np", as: Function.self) else {
            throw ChildProcess.Failure(message: "this C library cannot start a child in another folder")
        }
        _ = function(actions, directory)
    }
}
