// XtermSession: the real nudge in a real terminal emulator, xterm in VT340 mode (sixel) on a
// virtual X display (Xvfb), seen through a screenshot: for what is on screen as pixels, where
// tmux's text capture cannot look. One shell runs it all: Xvfb on a free display number, xterm
// with the command, ImageMagick's `import` of the screen after `wait` seconds, then it kills
// xterm and Xvfb, whatever happened, before it returns; the shell itself has a deadline.
// Skipped (with a printed reason) only when Xvfb, xterm or import is not installed.
import Foundation
import Images
import Testing
import TerminalTestSupport

enum XtermSession {
    static func tool(_ name: String) -> String? { ChildProcess.executable(named: name) }

    /// Why xterm tests cannot run here, or nil.
    static var missing: String? {
        for name in ["Xvfb", "xterm", "import"] where tool(name) == nil { return "\(name) is not installed" }
        return nil
    }

    static func quote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// How xterm is started: VT340 mode (sixel), DejaVu Sans Mono 12.
    static let xterm = "xterm -ti vt340 -fa 'DejaVu Sans Mono' -fs 12"

    /// The screen `wait` seconds after `command` starts in a `columns`×`rows` xterm (VT340,
    /// DejaVu Sans Mono at `fontSize`: 12 gives 10×20 px cells, 10 gives 8×17), or in another
    /// `terminal` that takes -geometry and -e (mlterm).
    static func screenshot(of command: [String], after wait: Double = 3, columns: Int = 100, rows: Int = 30,
                           fontSize: Int = 12, terminal: String? = nil) throws -> Bitmap {
        let terminal = terminal ?? "xterm -ti vt340 -fa 'DejaVu Sans Mono' -fs \(fontSize)"
        return try screenshot(after: wait) { "\(terminal) -geometry \(columns)x\(rows)+0+0 -e \(shellWords(command))" }
    }

    /// `command` as shell words, run with the variables a test run may set (and a terminal
    /// multiplexer's) removed and a UTF-8 locale.
    static func shellWords(_ command: [String]) -> String {
        (["env", "-u", "SWIFT_BACKTRACE", "-u", "NO_COLOR", "-u", "TMUX", "-u", "STY", "LANG=C.UTF-8"] + command)
            .map(quote).joined(separator: " ")
    }

    /// The screen `wait` seconds after the shell command line `launch` (a terminal) starts on a
    /// fresh Xvfb display. One shell runs it all and kills the terminal and Xvfb before it ends;
    /// it has `wait` + 60 s (ChildProcess.run: past that an issue is recorded, its process group
    /// is killed, and this throws).
    static func screenshot(after wait: Double, launch: () -> String) throws -> Bitmap {
        var display = 90 + Int.random(in: 0..<400)
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display)") { display += 1 }
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-xterm-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: shot) }
        let script = """
            Xvfb :\(display) -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 & XV=$!
            for i in $(seq 1 50); do [ -e /tmp/.X11-unix/X\(display) ] && break; sleep 0.1; done
            DISPLAY=:\(display) \(launch()) >/dev/null 2>&1 & XT=$!
            sleep \(wait)
            DISPLAY=:\(display) import -window root PNG24:\(quote(shot.path)) >/dev/null 2>&1
            kill $XT $XV 2>/dev/null; wait 2>/dev/null
            """
        try ChildProcess.run(["/bin/sh", "-c", script], within: wait + 60, output: .null, errors: .null)
        return try PNGDecoder(maximumDimension: 4096).decode(contentsOf: shot.path)
    }
}
