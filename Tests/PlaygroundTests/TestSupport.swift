// Helpers for the Playground tests: scenes from inline YAML, a scripted terminal on a fake
// clock, and pointer scripts. Expected numbers come from the scenes' own values and physics.
import Foundation
import Geometry
import Gestures
import Testing
import TerminalUI
@testable import Playground
@testable import SceneFormat
@testable import Scenes

enum Fixture {
    /// A live scene from YAML, at `size` points.
    static func scene(_ yaml: String, size: Size = Size(640, 384)) throws -> Scene {
        let description = try SceneParser().parse(yaml: yaml, file: "test.yaml")
        return SceneBuilder().build(description, referenceBounds: description.referenceBounds(available: size))
    }

    static func session(_ yaml: String, size: Size = Size(640, 384)) throws -> SceneSession {
        SceneSession(scene: try scene(yaml, size: size))
    }

    static let push = BuiltInScenes.push

    /// A folder holding `files` (name → YAML), removed by the caller.
    static func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-pg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return url
    }

    static func sceneFiles(in folder: URL) throws -> [SceneFile] {
        try SceneLibrary.expand(paths: [folder.path])
    }
}

extension SceneSession {
    /// A left click (press and release 50 ms apart) at `p`, starting at `time`.
    func click(_ p: Point, at time: Double) {
        handle(.down(p, time: time))
        handle(.up(p, time: time + 0.05))
    }

    /// A press at `from`, `steps` moves along `path(f)` for f in (0, 1], a release at the end.
    func drag(from: Point, start: Double, duration: Double, steps: Int = 20, button: PointerButton = .left,
              modifiers: PointerModifiers = [], release: Bool = true, path: (Double) -> Point) {
        handle(.down(from, time: start, button: button, modifiers: modifiers))
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            handle(.move(path(f), time: start + duration * f, button: button, modifiers: modifiers))
        }
        if release { handle(.up(path(1), time: start + duration, button: button, modifiers: modifiers)) }
    }

    func run(steps: Int) { for _ in 0..<steps { step() } }
}

/// A terminal for app tests: a fake clock that moves only when the app waits or draws, events
/// delivered at scripted times, and the status line of every frame.
final class ScriptedTerminal: TerminalDriver {
    private(set) var size: TerminalSize
    let colorMode = ColorMode.palette256
    let screen: InMemoryTerminal
    /// Seconds on the fake clock.
    private(set) var now = 0.0
    /// Events and the clock time they arrive at, earliest first.
    private var script: [(time: Double, event: TerminalEvent)]
    /// Clock time each draw costs, used in turn.
    var frameCosts: [Double] = [0]
    private(set) var statusLines: [String] = []
    private(set) var frameTimes: [Double] = []
    private(set) var timeouts: [Double] = []
    private(set) var began = 0, ended = 0
    /// The text of every frame.
    private(set) var gridTexts: [String] = []
    /// Every frame's grid.
    private(set) var grids: [CellGrid] = []
    /// Called with each event as it is delivered, before the app sees it.
    var onDeliver: ((TerminalEvent) -> Void)?
    /// A slow terminal: clock time each frame takes to reach it, during which it takes no other.
    var transferTime = 0.0
    private var busyUntil = 0.0
    var isReadyForFrame: Bool { now >= busyUntil }

    init(columns: Int = 80, rows: Int = 24, script: [(Double, TerminalEvent)]) {
        size = TerminalSize(columns: columns, rows: rows)
        screen = InMemoryTerminal(columns: columns, rows: rows)
        self.script = script.map { (time: $0.0, event: $0.1) }.sorted { $0.time < $1.time }
        lastScriptedTime = self.script.last?.time ?? 0
    }

    func begin() throws { began += 1 }
    /// Bells rung.
    private(set) var bells = 0
    func bell() { bells += 1 }
    func end() { ended += 1 }

    func draw(_ grid: CellGrid) {
        screen.draw(grid)
        statusLines.append(statusText(grid))
        gridTexts.append(grid.text)
        grids.append(grid)
        frameTimes.append(now)
        busyUntil = now + transferTime
        now += frameCosts[(frameTimes.count - 1) % frameCosts.count]
    }

    /// Moves the fake clock on (a step that costs time).
    func advance(by seconds: Double) { now += seconds }

    func nextEvent(timeout: Double) -> TerminalEvent? {
        timeouts.append(timeout)
        if let first = script.first, first.time <= now + timeout {
            script.removeFirst()
            now = max(now, first.time)
            if case let .resize(columns, rows) = first.event { size = TerminalSize(columns: columns, rows: rows) }
            onDeliver?(first.event)
            return first.event
        }
        now += timeout
        if script.isEmpty && now > lastScriptedTime + Self.overtime {
            // The script is over and the app still runs (a key it was expected to act on did
            // not end it): end the run as Ctrl-C would, so the test fails instead of spinning.
            lastScriptedTime = .infinity
            return .key(.ctrlC)
        }
        return nil
    }

    /// Fake seconds past the last scripted event after which the run is ended.
    static let overtime = 600.0
    private var lastScriptedTime = 0.0

    /// The app wired to this terminal's clock.
    func app(_ scenes: [SceneFile], record: ((String) -> Void)? = nil, observer: PlaygroundObserver? = nil) -> PlaygroundApp {
        PlaygroundApp(terminal: self, scenes: scenes, clock: { [unowned self] in self.now },
                      sleep: { [unowned self] in self.now += $0 }, record: record, observer: observer)
    }
}

func key(_ c: Character) -> TerminalEvent { .key(.character(c)) }

func mouse(_ kind: MouseEvent.Kind, _ column: Int, _ row: Int, button: MouseEvent.Button = .left) -> TerminalEvent {
    .mouse(MouseEvent(kind: kind, button: button, column: column, row: row))
}

/// Hears the steps an app takes, the way a user's app takes them: steps it runs one by one, and
/// stretches at rest it skips, reported here step by step with the session as it rests.
final class StepWatcher: PlaygroundObserver {
    /// Each step the app ran, with the app and the session just after it.
    var ran: (PlaygroundApp, SceneSession) -> Void = { _, _ in }
    /// Each step, run or skipped at rest, with its number; for a skipped step the session is
    /// the resting one, already at the last step of the skip.
    var each: (PlaygroundApp, SceneSession, Int) -> Void = { _, _, _ in }

    func playgroundApp(_ app: PlaygroundApp, didStep session: SceneSession) {
        ran(app, session)
        each(app, session, session.stepCount)
    }

    func playgroundApp(_ app: PlaygroundApp, didSkipIdleStepsOf session: SceneSession, from: Int) {
        for step in (from + 1)...session.stepCount { each(app, session, step) }
    }
}

/// The status line of a frame: its bottom row, and the rows above it that a long message wrapped
/// onto (those on the status bar's color), joined as one line.
func statusText(_ grid: CellGrid) -> String {
    guard grid.rows > 0 else { return "" }
    var first = grid.rows - 1
    while first > 0, grid.columns > 0, grid[0, first - 1].background == Color.darkGray,
          grid[0, first - 1].background == grid[0, grid.rows - 1].background { first -= 1 }
    return ([grid.text(row: first)] + (first + 1..<grid.rows).map { String(grid.text(row: $0).dropFirst()) }).joined(separator: " ")
}
