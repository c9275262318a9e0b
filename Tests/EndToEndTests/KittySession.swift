// KittySession: the real nudge in the real kitty (Debian's 0.26) on a virtual X display, seen
// through screenshots and driven with xdotool, for what the kitty graphics protocol puts on
// screen. kitty draws with OpenGL: Xvfb runs with its GLX extension and kitty with Mesa's
// software renderer (LIBGL_ALWAYS_SOFTWARE=1). The command runs under `sh -c '…; sleep'` so the
// window outlives it and the screen after `q` can be looked at. Xvfb takes a free display number;
// waiting for the window is a bounded poll; `stop()` ends kitty and Xvfb (by their ids) whatever
// happened. Skipped, with the reason printed, when Xvfb, kitty, import, xdotool or xwininfo is
// not installed.
import Foundation
import Images
import Testing

final class KittySession {
    /// Why kitty tests cannot run here, or nil.
    static var missing: String? {
        for name in ["Xvfb", "kitty", "import", "xdotool", "xwininfo"] where XtermSession.tool(name) == nil {
            return "\(name) is not installed"
        }
        return nil
    }

    let display: Int
    let columns: Int, rows: Int
    private var processes: [Process] = []
    private var stopped = false

    /// Starts `command` in a `columns`×`rows` kitty (DejaVu Sans Mono 12) and waits for its window.
    init(command: [String], columns: Int = 100, rows: Int = 30) throws {
        self.columns = columns; self.rows = rows
        var display = 300 + Int.random(in: 0..<400)
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display)") { display += 1 }
        self.display = display
        // The test runner may block signals in its threads; children inherit the mask.
        var signals = sigset_t()
        sigemptyset(&signals)
        for s in [SIGCHLD, SIGALRM, SIGTERM, SIGINT, SIGHUP] { sigaddset(&signals, s) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)

        // Xvfb and kitty run under a shell (startUnderShell) that holds the descriptor
        // Foundation's Process watches to learn that a child has ended: the X server closes
        // descriptors it did not open when it resets (after its last client leaves, as xwininfo
        // may before kitty connects), and Foundation then waits, blocking, for an Xvfb that has
        // not ended, which stalls every other Process.waitUntilExit of the test run.
        let xvfbCommand = "\(XtermSession.tool("Xvfb")!) :\(display) -screen 0 1280x800x24 +extension GLX -nolisten tcp -noreset"
        let xvfb = try Self.startUnderShell(xvfbCommand)
        processes.append(xvfb)
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display)") { usleep(100_000) }
        let inner = (["env", "-u", "SWIFT_BACKTRACE", "-u", "NO_COLOR", "-u", "TMUX", "-u", "STY", "LANG=C.UTF-8"] + command)
            .map(XtermSession.quote).joined(separator: " ")
        let kitty = try Self.startUnderShell(([XtermSession.tool("kitty")!,
            "--config", "NONE", "-o", "font_family=DejaVu Sans Mono", "-o", "font_size=12",
            "-o", "initial_window_width=\(columns)c", "-o", "initial_window_height=\(rows)c",
            "-o", "remember_window_size=no", "sh", "-c", "\(inner); sleep 600",
        ]).map(XtermSession.quote).joined(separator: " "), environment: ["DISPLAY": ":\(display)", "LIBGL_ALWAYS_SOFTWARE": "1"])
        processes.append(kitty)
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if (try? run("xwininfo", ["-root", "-tree"]))?.contains("\"kitty\"") == true { return }
            usleep(200_000)
        }
        stop()
        throw KittySessionError(message: "kitty opened no window on :\(display) within 60 s")
    }

    deinit { stop() }

    /// Ends kitty and Xvfb.
    func stop() {
        guard !stopped else { return }
        stopped = true
        for p in processes.reversed() where p.isRunning {
            p.terminate()
            p.waitUntilExit()
        }
    }

    /// The whole screen now.
    func screenshot() throws -> Bitmap {
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-kitty-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: shot) }
        _ = try run("import", ["-window", "root", "PNG24:\(shot.path)"])
        return try PNGDecoder(maximumDimension: 4096).decode(contentsOf: shot.path)
    }

    /// Types `text` into the window (the pointer goes over it first: without a window manager the
    /// keyboard follows the pointer).
    func type(_ text: String) throws {
        _ = try run("xdotool", ["mousemove", "300", "200", "type", "--delay", "50", text])
    }

    /// Screenshots every half second until `ready` holds, for at most `timeout` seconds.
    func waitFor(timeout: Double = 60, _ ready: (Bitmap) -> Bool) throws -> Bitmap? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let shot = try screenshot()
            if ready(shot) { return shot }
            usleep(500_000)
        }
        return nil
    }

    /// Runs an X client on this display and returns its output.
    @discardableResult
    func run(_ tool: String, _ arguments: [String]) throws -> String {
        guard let path = XtermSession.tool(tool) else { throw KittySessionError(message: "\(tool) is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = ":\(display)"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// `command` (shell words) run by a shell that waits for it and passes SIGTERM on to it.
    private static func startUnderShell(_ command: String, environment: [String: String] = [:]) throws -> Process {
        try start("/bin/sh", ["-c", "trap 'kill $x; wait $x; exit 0' TERM; \(command) & x=$!; wait $x"], environment: environment)
    }

    private static func start(_ path: String, _ arguments: [String], environment extra: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        for (k, v) in extra { environment[k] = v }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }
}

struct KittySessionError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

extension Bitmap {
    /// The pixels in `x0..<x1` × `y0..<y1` for which `test` holds.
    func count(x0: Int = 0, y0: Int = 0, x1: Int? = nil, y1: Int? = nil, where test: (Pixel) -> Bool) -> Int {
        var n = 0
        for y in max(0, y0)..<min(height, y1 ?? height) {
            for x in max(0, x0)..<min(width, x1 ?? width) where test(pixels[y * width + x]) { n += 1 }
        }
        return n
    }
}
