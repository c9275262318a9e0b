// PlayCommand: `nudge play [PATH ...]` (and bare `nudge`) opens the playground in the terminal.
//
// Wiring only: the scene list, a CursesTerminal with its signal handlers, a monotonic clock, and
// an optional recording file; PlaygroundApp does the rest. Every way out gives the terminal back
// (PlaygroundApp.run ends the driver on every path); a termination signal exits 128 + its number
// (SIGINT 130, SIGTERM 143, SIGHUP 129), Ctrl-C 130, q 0. With no terminal it says so and exits 1.
import ArgumentParser
import CursesTerminal
import Foundation
import Playground
import SceneFormat
import Scenes
import TerminalUI

struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Open the playground in the terminal (the default command).",
        discussion: """
            Keys: \(KeyBinding.inBrief()). The mouse drives each scene's gestures \
            (docs/playground.md). With no PATH, plays the library's scenes (see --scenes).
            """)

    @Argument(help: ArgumentHelp("Scene files or folders (a folder's files in name order), or scene names as simulate takes them (Sandbox).", valueName: "path"))
    var paths: [String] = []

    @Option(name: .customLong("cell-size"), help: ArgumentHelp(
        "Points per terminal cell (default 8x16, its width fitted to the shape of the terminal's cell in pixels when the terminal tells it).",
        valueName: "WxH"))
    var cellSize: String?

    @Option(help: ArgumentHelp(
        "Write the pointer and key events to FILE as JSON Lines (replay with nudge simulate --input).",
        valueName: "file"))
    var record: String?

    @Flag(help: "With --record: write over FILE when it exists (never over a scene being played).")
    var force = false

    @Option(help: ArgumentHelp(
        "Replay the pointer events of FILE (JSON Lines, as --record writes them) into the first scene, on screen.",
        valueName: "file"))
    var input: String?

    @Option(help: ArgumentHelp(
        "Characters cells are drawn with: auto (from the terminal and the locale), \(GlyphSet.allCases.map(\.rawValue).joined(separator: ", ")). Also NUDGE_GLYPHS. `nudge glyphs` shows each in this terminal.",
        valueName: "set"))
    var glyphs: String?

    @Option(help: ArgumentHelp(
        "How frames are drawn: auto (pixels where the terminal answers that it has them), cells, sixel or kitty.",
        valueName: "mode"))
    var graphics: String = "auto"

    @OptionGroup var location: SceneLocationOptions

    func validate() throws {
        if let cellSize { do { _ = try CellSize(parsing: cellSize) } catch { throw ValidationError("--cell-size: \(error)") } }
        if let problem = Self.missingPath(in: paths, library: try? location.library()) { throw ValidationError(problem) }
        if GraphicsProtocol.choice(graphics) == nil {
            throw ValidationError("--graphics: unknown mode \"\(graphics)\": choose auto, cells, sixel or kitty")
        }
        if let glyphs, glyphs.lowercased() != "auto" {
            do { _ = try GlyphSet(parsing: glyphs) } catch { throw ValidationError("--glyphs: \(error)") }
        }
    }

    /// Why TERM cannot run the playground, or nil: unset, empty or `dumb` terminals cannot move
    /// the cursor, so the picture and the status line would be written over each other.
    static func unusableTerminalType(_ term: String?) -> String? {
        let value = term ?? ""
        guard value.isEmpty || value == "dumb" else { return nil }
        let said = term == nil ? "TERM is not set" : "TERM is '\(value)'"
        return "\(said), a terminal that cannot move the cursor or draw in color; run nudge in a terminal "
            + "emulator, or set TERM to what yours is (for most: TERM=xterm-256color)"
    }

    /// The first path that names nothing (no file or folder, and no scene of that name in
    /// `library`, as `simulate Sandbox` finds one), said as a mistyped command when it looks like
    /// one (`nudge simualte x.yaml` reaches here as `play` with paths, play being the default).
    static func missingPath(in paths: [String], library: SceneLibrary? = nil) -> String? {
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            if let library, (try? library.find(path)) != nil { continue }
            if let mistyped = MistypedOption.message(before: path, in: CommandLine.arguments, command: PlayCommand.self) {
                return mistyped
            }
            let commands = Nudge.configuration.subcommands.compactMap { $0.configuration.commandName }
            if path == paths.first, !path.contains("/"), !path.contains("."),
               let command = Suggestion.closest(to: path, in: commands) {
                return "unknown command '\(path.escapingControlCharacters)'; did you mean '\(command)'?"
            }
            return "no scene file or folder at '\(path.escapingControlCharacters)'"
        }
        return nil
    }

    /// The files `paths` name: a file or a folder's files, else the library's scene of that
    /// file name or scene name (`nudge play Sandbox`).
    static func sceneFiles(_ paths: [String], library: SceneLibrary) throws -> [SceneFile] {
        try paths.flatMap { path in
            FileManager.default.fileExists(atPath: path) ? try SceneLibrary.expand(paths: [path]) : [try library.find(path)]
        }
    }

    func run() throws {
        Self.makeCrashesQuick()
        let files = try sceneFiles()
        let environment = ProcessInfo.processInfo.environment
        let capabilities = TerminalCapabilities(environment: environment, probeWidths: LocaleProbe.probeWidths())
        let glyphChoice: GlyphChoice
        do { glyphChoice = try capabilities.glyphChoice(requested: glyphs) } catch {
            throw CommandFailure("nudge play: NUDGE_GLYPHS: \(error)")
        }
        var terminalOptions = Self.terminalOptions(capabilities, environment: environment)
        try Self.requireUsableTerminal(environment)
        let replay = try replayedEvents()
        let recording = try record.map { try RecordingFile(path: $0, force: force, protectedPaths: files.map(\.path)) }
        defer { recording?.close() }

        // Ask the terminal what it has (graphics, synchronized output, cell pixels) before
        // curses takes it; a terminal that answers nothing keeps working in cells.
        let (graphicsChoice, replies) = probeGraphics(capabilities, into: &terminalOptions)

        var options = PlaygroundApp.Options(cellSize: try cellSize.map { try CellSize(parsing: $0) } ?? .default, glyphs: glyphChoice.set)
        options.cellSizeIsExplicit = cellSize != nil
        if case .directory(let folder)? = try? location.library().source { options.libraryFolder = folder }
        options.cellPixels = replies.cellPixels ?? WindowPixels.cellPixels()
        options.displayReport = DisplayReport(graphics: graphicsChoice, glyphs: glyphChoice,
                                              colorSource: DisplayReport.colorSource(capabilities))
        try Self.play(files, options: options, terminalOptions: terminalOptions, recording: recording, replay: replay)
    }

    /// The scene files to play: PATHs given, else the library's.
    private func sceneFiles() throws -> [SceneFile] {
        let files: [SceneFile]
        do {
            files = paths.isEmpty ? try location.library().files() : try Self.sceneFiles(paths, library: location.library())
        } catch {
            throw CommandFailure("play", error)
        }
        guard !files.isEmpty else {
            throw CommandFailure("nudge play: no scene files found")
        }
        return files
    }

    /// Curses' options from what the environment says of the terminal: no color where color is
    /// forbidden, the direct-color terminfo entry where truecolor is announced.
    private static func terminalOptions(_ capabilities: TerminalCapabilities,
                                        environment: [String: String]) -> CursesTerminal.Options {
        var terminalOptions = CursesTerminal.Options()
        if capabilities.forbidsColor { terminalOptions.maximumColorMode = ColorMode.none }
        if capabilities.announcesTruecolor, !capabilities.forbidsColor, let term = environment["TERM"],
           let direct = LocaleProbe.directColorEntry(for: term) {
            terminalOptions.terminalType = direct
        }
        return terminalOptions
    }

    /// The events of `--input`, none without it.
    private func replayedEvents() throws -> [InputEvent] {
        guard let input else { return [] }
        do { return try SimulateCommand.readEvents(input) } catch {
            throw CommandFailure("play", error)
        }
    }

    /// Asks the terminal for graphics, color registers, cell pixels and synchronized output,
    /// chooses how frames are drawn, and sets curses' options to match.
    private func probeGraphics(_ capabilities: TerminalCapabilities,
                               into terminalOptions: inout CursesTerminal.Options) -> (GraphicsChoice, TerminalReplies) {
        let requested = GraphicsProtocol.choice(graphics)!
        let replies = TerminalProbe.ask(graphics: GraphicsProtocol.asksTerminal(requested: requested, capabilities: capabilities),
                                        colorRegisters: GraphicsProtocol.asksColorRegisters(requested: requested, capabilities: capabilities))
        let graphicsChoice = requested.map { GraphicsChoice($0, because: "--graphics \($0)") }
            ?? GraphicsChoice.automatic(replies: replies, capabilities: capabilities)
        terminalOptions.graphics = graphicsChoice.mode
        terminalOptions.cellPixels = replies.cellPixels
        terminalOptions.synchronizedOutput = replies.synchronizedOutput
        terminalOptions.colorRegisters = replies.colorRegisters
        return (graphicsChoice, replies)
    }

    /// Seconds since this call, on the monotonic clock.
    private static func monotonicClock() -> () -> Double {
        let start = ContinuousClock.now
        return {
            let d = ContinuousClock.now - start
            return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
        }
    }

    /// If the program ever crashes, the terminal must come back at once. The crash handler
    /// restores its modes first, but Swift's backtracer, which runs after, waits 30 s for a key
    /// when it sees a terminal, and even told not to wait it takes 10–12 s to symbolicate a debug
    /// build (measured under tmux), all the while holding the shell. It reads SWIFT_BACKTRACE
    /// only when the process starts, so when that is unset the playground starts itself again
    /// with SWIFT_BACKTRACE=enable=no: a crash then prints Swift's one-line reason and the shell
    /// is back within a tenth of a second. Whoever wants the backtrace sets SWIFT_BACKTRACE.
    static func makeCrashesQuick() {
        guard getenv("SWIFT_BACKTRACE") == nil else { return }
        setenv("SWIFT_BACKTRACE", "enable=no", 1)
        let arguments = CommandLine.arguments.map { strdup($0) } + [nil]
        execv("/proc/self/exe", arguments)
        // execv returned: it failed; carry on in this process (the backtracer stays interactive).
        for p in arguments { free(p) }
    }

    /// A process inherits its parent's blocked-signal mask; launched from a program that blocks
    /// signals (a test runner, some supervisors), SIGTERM would never arrive and SIGWINCH would
    /// never tell ncurses about a resize. Unblock the signals the playground relies on.
    static func unblockTerminalSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH] { sigaddset(&set, signal) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }

    /// Fails unless TERM can move the cursor and both standard streams are terminals.
    static func requireUsableTerminal(_ environment: [String: String]) throws {
        if let problem = unusableTerminalType(environment["TERM"]) {
            throw CommandFailure("nudge play: \(problem)")
        }
        do {
            try CursesTerminal.requireTerminal()
        } catch {
            throw CommandFailure("\(error)")
        }
    }

    /// Runs the playground on the terminal until it ends; a write error of the recording is
    /// shown in the status line at once and on standard error at the end; a signal or Ctrl-C
    /// ends the process with its status.
    static func play(_ files: [SceneFile], options: PlaygroundApp.Options, terminalOptions: CursesTerminal.Options,
                     recording: RecordingFile?, replay: [InputEvent]) throws {
        unblockTerminalSignals()
        CursesTerminal.installSignalHandlers()
        let terminal = CursesTerminal(options: terminalOptions)
        let app = PlaygroundApp(
            terminal: terminal, scenes: files,
            options: options,
            clock: monotonicClock(),
            sleep: { seconds in if seconds > 0 { usleep(UInt32(min(seconds, 1) * 1_000_000)) } },
            suspend: { terminal.suspend() },
            record: recording.map { file in { line in file.write(line) } },
            replay: replay)
        recording?.onFailure = { [unowned app] message in app.showMessage(message) }
        let exit: PlaygroundApp.Exit
        do {
            exit = try app.run()
        } catch {
            terminal.end()
            throw CommandFailure("\(error)")
        }
        terminal.end()
        if let failure = recording?.failure { CommandFailure("nudge play: \(failure)").present() }
        if terminal.lastSignal != 0 { throw ExitCode(128 + terminal.lastSignal) }
        if exit == .interrupted { throw ExitCode(130) }
    }
}
