// KittySession: the real nudge in the real kitty (Debian's 0.26) on a virtual X display, seen
// through screenshots and driven with xdotool, for what the kitty graphics protocol puts on
// screen. kitty draws with OpenGL: Xvfb runs with its GLX extension and kitty with Mesa's
// software renderer (LIBGL_ALWAYS_SOFTWARE=1). The command runs under `sh -c '…; sleep'` so the
// window outlives it and the screen after `q` can be looked at. Xvfb takes a free display number;
// waiting for the window is a bounded poll, every X client has a deadline, and `stop()` ends
// kitty and Xvfb (by their ids, SIGKILL after 5 s) whatever happened. Skipped, with the reason
// printed, when Xvfb, kitty, import, xdotool or xwininfo is not installed.
import Foundation
import Images
import Testing
import TerminalTestSupport

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
    private var processes: [ChildProcess] = []
    private var stopped = false

    /// Starts `command` in a `columns`×`rows` kitty (DejaVu Sans Mono 12) and waits for its window.
    init(command: [String], columns: Int = 100, rows: Int = 30) throws {
        self.columns = columns; self.rows = rows
        var display = 300 + Int.random(in: 0..<400)
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display)") { display += 1 }
        self.display = display
        // Xvfb and kitty are ChildProcesses: no wait on them depends on a descriptor that a
        // grandchild or the X server may keep or close (see ChildProcess), and each is ended by
        // its id, within a deadline, whatever happened.
        processes.append(try ChildProcess(["Xvfb", ":\(display)", "-screen", "0", "1280x800x24", "+extension", "GLX",
                                           "-nolisten", "tcp", "-noreset"]))
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display)") { usleep(100_000) }
        let inner = XtermSession.shellWords(command)
        processes.append(try ChildProcess(["kitty",
            "--config", "NONE", "-o", "font_family=DejaVu Sans Mono", "-o", "font_size=12",
            "-o", "initial_window_width=\(columns)c", "-o", "initial_window_height=\(rows)c",
            "-o", "remember_window_size=no", "sh", "-c", "\(inner); sleep 600",
        ], environment: ["DISPLAY": ":\(display)", "LIBGL_ALWAYS_SOFTWARE": "1"]))
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if (try? run("xwininfo", ["-root", "-tree"]))?.contains("\"kitty\"") == true { return }
            usleep(200_000)
        }
        stop()
        throw KittySessionError(message: "kitty opened no window on :\(display) within 60 s")
    }

    deinit { stop() }

    /// Ends kitty, then Xvfb: SIGTERM, 5 s, then SIGKILL (ChildProcess.end).
    func stop() {
        guard !stopped else { return }
        stopped = true
        for p in processes.reversed() { p.end(grace: 5) }
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

    /// Runs an X client on this display and returns its output; it has 30 s (ChildProcess.run).
    @discardableResult
    func run(_ tool: String, _ arguments: [String]) throws -> String {
        guard XtermSession.tool(tool) != nil else { throw KittySessionError(message: "\(tool) is not installed") }
        return try ChildProcess.run([tool] + arguments, environment: ["DISPLAY": ":\(display)"], errors: .null).output
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
