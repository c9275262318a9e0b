// Time in the playground, on a scripted terminal with a fake clock: the speed (`[` `]`, 1/8× to
// 2×, still 60 steps per simulated second), stepping back and forward through history while
// paused, and what going back does to the future. Exactness is checked on what a user sees and
// on what `nudge simulate` would print: the drawn CellGrid and the session's state line.
import Foundation
import Geometry
import Testing
import TerminalUI
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Time: speed and history")
struct TimeTests {
    /// Bodies that fall, bounce and tumble, a label that fades for 3 s (an animation), and a tap
    /// that drops a new ball (a spawned item).
    static let drops = """
        name: Drops
        summary: Click to drop a ball.
        items:
          - {id: ball, shape: ellipse, size: [48, 48], center: [200, 60], color: cyan}
          - {id: crate, size: [64, 64], center: [420, 80], angle: 0.3, color: orange}
          - {id: sign, shape: label, text: "HELLO", center: [100, 40], color: yellow}
        behaviors:
          - {type: gravity, id: gravity, items: [ball, crate]}
          - {type: collision, id: walls, items: [ball, crate], boundaries: reference}
          - {type: dynamicItem, id: bouncy, items: [ball], elasticity: 0.7}
        gestures:
          - recognizer: tap
            action: spawn
            template: {id: drop, shape: ellipse, size: [32, 32], color: green}
            behaviors: [gravity, walls, bouncy]
        animations:
          - {item: sign, duration: 3, curve: easeInOut, to: {alpha: 0.2, center: [500, 40]}}
        """

    /// A bob hanging at rest under its anchor (the scene rests, so the app skips its steps)
    /// until a drag grabs it and lets it swing.
    static let swing = """
        name: Swing
        summary: Drag the bob.
        items:
          - {id: bob, shape: ellipse, size: [48, 48], center: [320, 200], color: red}
        behaviors:
          - {type: gravity, items: [bob]}
          - {type: attachment, item: bob, anchor: [320, 40]}
        gestures:
          - {recognizer: pan, action: grab}
        """

    /// Never at rest for its first 10 s.
    static let moving = PlaygroundAppTests.moving

    static func files(_ yaml: String) throws -> (URL, [SceneFile]) {
        try PlaygroundAppTests.files(["a.yaml": yaml])
    }

    /// What the user sees and what the session is, at one moment.
    struct Moment: Equatable {
        var grid: CellGrid?
        var state: String?
    }

    /// Runs `script` and notes the screen and the session's state line just before each event
    /// listed in `noteBefore` (by its place in the script) is delivered.
    static func run(_ yaml: String, _ script: [(Double, TerminalEvent)], noteBefore: Set<Int>,
                    observer: StepWatcher? = nil) throws -> (app: PlaygroundApp, terminal: ScriptedTerminal, notes: [Int: Moment]) {
        let (folder, scenes) = try files(yaml)
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = ScriptedTerminal(script: script)
        let app = terminal.app(scenes, observer: observer)
        var delivered = 0
        var notes: [Int: Moment] = [:]
        terminal.onDeliver = { _ in
            if noteBefore.contains(delivered) {
                notes[delivered] = Moment(grid: terminal.screen.lastGrid, state: app.session?.stateLine())
            }
            delivered += 1
        }
        #expect(try app.run() == .quit)
        return (app, terminal, notes)
    }

    // MARK: Speed

    @Test("at ½× one wall second runs 30 steps (0.5 s of simulated time); at 1/8× two wall seconds run 15")
    func halfSpeed() throws {
        // 1 s at 1× (60 steps), then `[` and 1 s more at ½×: 60 + 30.
        let half = try Self.run(Self.moving, [(1.0, key("[")), (2.0, key("q"))], noteBefore: [])
        #expect(half.app.session?.stepCount == 90)
        #expect(half.app.session?.time == 1.5)
        #expect(half.terminal.statusLines.last?.contains("running at 0.5×") == true, "\(half.terminal.statusLines.last ?? "")")
        // Three halvings: 1/8×, 7.5 steps a wall second.
        let eighth = try Self.run(Self.moving, [(1.0, key("[")), (1.0, key("[")), (1.0, key("[")), (3.0, key("q"))], noteBefore: [])
        #expect(eighth.app.session?.stepCount == 60 + 15)
    }

    @Test("a new speed keeps the simulated time where it was: no step is lost or added at the change")
    func speedChangeDoesNotJump() throws {
        // 0.5 s at 1× (30 steps), 1 s at 2× (120), 0.5 s at 1× (30): 180 steps by 2.0 s.
        let run = try Self.run(Self.moving, [(0.5, key("]")), (1.5, key("[")), (2.0, key("q"))], noteBefore: [])
        #expect(run.app.session?.stepCount == 180)
    }

    @Test("the speed stays between 1/8× and 2×, the status line shows it when it is not 1× and says when a bound is reached")
    func speedBounds() throws {
        var script: [(Double, TerminalEvent)] = []
        for i in 0..<4 { script.append((0.1 + 0.1 * Double(i), key("["))) }      // ½, ¼, ⅛, ⅛
        for i in 0..<5 { script.append((0.6 + 0.1 * Double(i), key("]"))) }      // ¼, ½, 1, 2, 2
        script.append((1.2, key("q")))
        let run = try Self.run(Self.moving, script, noteBefore: [])
        let lines = run.terminal.statusLines
        for shown in ["running at 0.5×", "running at 0.25×", "running at 0.125×", "running at 2×"] {
            #expect(lines.contains { $0.contains(shown) }, "never showed \(shown)")
        }
        #expect(lines.contains { $0.contains("0.125× is the slowest speed.") })
        #expect(lines.contains { $0.contains("2× is the fastest speed.") })
        #expect(!lines.contains { $0.contains("0.0625×") || $0.contains("4×") })
        // At 1× the state field names no speed.
        #expect(lines.first?.contains("│ running │") == true, "\(lines.first ?? "")")
        // Simulated time: 0.1 s at 1×, 0.1 at ½, 0.1 at ¼, 0.3 at ⅛, 0.1 at ¼, 0.1 at ½, 0.1 at 1,
        // 0.3 at 2 = 0.1 + 0.05 + 0.025 + 0.0375 + 0.025 + 0.05 + 0.1 + 0.6 = 0.9875 s: 59.25 steps.
        #expect(run.app.session?.stepCount == 59)
    }

    // MARK: History

    @Test("30 steps forward then 30 back gives exactly the screen and the state there were, animation and spawned ball included")
    func thirtyForwardThirtyBack() throws {
        // A click spawns a ball at 0.3 s; pause at 1.0 s (step 60); 30 × `.`, 30 × `,`.
        var script: [(Double, TerminalEvent)] = [
            (0.30, mouse(.press, 30, 4)), (0.33, mouse(.release, 30, 4)), (1.0, key(" ")),
        ]
        for i in 0..<30 { script.append((1.1 + 0.05 * Double(i), key("."))) }
        for i in 0..<30 { script.append((2.7 + 0.05 * Double(i), key(","))) }
        script.append((4.3, key("q")))
        let before = 3, afterForward = 33, afterBack = 63
        let run = try Self.run(Self.drops, script, noteBefore: [before, afterForward, afterBack])
        let original = try #require(run.notes[before]), forward = try #require(run.notes[afterForward])
        let back = try #require(run.notes[afterBack])
        #expect(original.state?.hasPrefix("{\"step\":60,") == true, "\(original.state ?? "")")
        #expect(original.state?.contains("\"id\":\"drop-1\"") == true, "the click spawned no ball")
        #expect(forward.state?.hasPrefix("{\"step\":90,") == true)
        #expect(forward.grid != original.grid, "30 steps changed nothing on screen")
        #expect(back.state == original.state)
        #expect(back.grid == original.grid)
        #expect(back.grid?.text(row: 23).contains("│ paused │ 1.00 s │") == true, "\(back.grid?.text(row: 23) ?? "")")
    }

    @Test("Left goes back 60 steps to the state the live scene had then; Right comes back to the same screen")
    func secondBackAndForward() throws {
        // The bob rests (steps skipped) until a grab at 0.5 s swings it; pause at 2.0 s (step 120).
        var script: [(Double, TerminalEvent)] = [(0.5, mouse(.press, 40, 12))]
        for i in 1...10 { script.append((0.5 + 0.03 * Double(i), mouse(.drag, 40 + 2 * i, 12))) }
        script += [(0.85, mouse(.release, 60, 12)), (2.0, key(" ")), (2.1, .key(.left)), (2.2, .key(.right)), (2.3, key("q"))]
        let watcher = StepWatcher()
        var live: [Int: String] = [:]
        watcher.each = { _, s, step in
            if live[step] == nil { live[step] = HeadlessSimulation(scene: s.scene).stateLine(step: step) }
        }
        let left = script.count - 3, right = left + 1, quit = left + 2
        let run = try Self.run(Self.swing, script, noteBefore: [left, right, quit], observer: watcher)
        let original = try #require(run.notes[left]), wentBack = try #require(run.notes[right]), cameBack = try #require(run.notes[quit])
        #expect(original.state?.hasPrefix("{\"step\":120,") == true)
        #expect(wentBack.state == live[60], "one second back is not the scene the live app showed at step 60")
        #expect(wentBack.grid != original.grid)
        #expect(cameBack.state == original.state)
        #expect(cameBack.grid == original.grid)
        // The grab did swing the bob: the states at 60 and 120 differ in its x.
        #expect(live[60] != live[120])
    }

    @Test("going forward after going back replays the recorded click; resuming after going back drops it")
    func resumeDropsTheFuture() throws {
        // A click at 0.5 s spawns drop-1; pause at 1.0 s; back to 0, forward to 60 (replayed),
        // back to 0, resume and run 1 s: the click is not replayed.
        let script: [(Double, TerminalEvent)] = [
            (0.5, mouse(.press, 30, 4)), (0.53, mouse(.release, 30, 4)), (1.0, key(" ")),
            (1.1, .key(.left)), (1.2, .key(.right)), (1.3, .key(.left)), (1.4, key(" ")), (2.4, key("q")),
        ]
        let run = try Self.run(Self.drops, script, noteBefore: [4, 5, 6, 7])
        let drop = "\"id\":\"drop-1\""
        #expect(run.notes[4]?.state?.hasPrefix("{\"step\":0,") == true)
        #expect(run.notes[4]?.state?.contains(drop) == false)
        #expect(run.notes[5]?.state?.hasPrefix("{\"step\":60,") == true)
        #expect(run.notes[5]?.state?.contains(drop) == true, "going forward did not replay the click")
        let session = try #require(run.app.session)
        #expect(session.stepCount == 60)
        #expect(session.scene.item(withID: "drop-1") == nil, "the dropped future came back")
        #expect(run.app.history?.count == 0)
    }

    @Test("stepping back at step 0 does nothing and says so in the status line")
    func backAtTheStart() throws {
        let run = try Self.run(Self.moving, [(0, key(" ")), (0.1, key(",")), (0.2, .key(.left)), (0.3, key("q"))],
                               noteBefore: [2, 3])
        #expect(run.app.session?.stepCount == 0)
        #expect(run.notes[2]?.grid?.text(row: 23).contains("At step 0: nothing before.") == true)
        #expect(run.notes[3]?.state?.hasPrefix("{\"step\":0,") == true)
    }

    @Test("time keys while running change nothing and say how to use them")
    func timeKeysWhileRunning() throws {
        let run = try Self.run(Self.moving, [(0.5, key(",")), (1.0, key("q"))], noteBefore: [1])
        #expect(run.app.session?.stepCount == 60)
        #expect(run.notes[1]?.grid?.text(row: 23).contains("Pause (space) to step in time.") == true)
    }

    @Test("a long re-simulation runs in slices: the status line says 'rewinding… N %' meanwhile, and it arrives at the live state")
    func rewindingShowsProgress() throws {
        // A rule snaps a second item at 0.05 s. Just before Left, the history's checkpoints
        // are dropped (as thinning drops them far from the present): going back re-simulates
        // from step 0.
        let (folder, scenes) = try Self.files(Self.moving.replacingOccurrences(
            of: "animations:", with: "  - {id: b, size: [20, 20], center: [320, 200], color: green}\nanimations:")
            + "\nrules:\n  - {on: {event: after, seconds: 0.05}, do: [{action: snap, item: b, to: [400, 250]}]}\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Every reading of the clock costs 0.5 ms, so re-simulating 540 steps takes 0.27 s of
        // clock time: three slices of at most 0.1 s.
        let terminal = ScriptedTerminal(script: [(9.0, key(" ")), (9.1, .key(.left)), (10.0, key("q"))])
        let watcher = StepWatcher()
        var live: [Int: String] = [:]
        watcher.each = { _, s, step in
            if live[step] == nil { live[step] = HeadlessSimulation(scene: s.scene).stateLine(step: step) }
        }
        let app = PlaygroundApp(terminal: terminal, scenes: scenes,
                                clock: { terminal.advance(by: 0.0005); return terminal.now },
                                sleep: { terminal.advance(by: $0) }, observer: watcher)
        // Steps of this clock cost over 10 ms of re-simulation for 540 steps: the recorded frame
        // would be shown instead. Here the re-simulation itself is under test.
        app.time.exactTravelBudget = .infinity
        var delivered = 0
        terminal.onDeliver = { _ in
            if delivered == 1 { app.history?.checkpoints.drop(from: 1) }
            delivered += 1
        }
        _ = try app.run()
        let paused = try #require(live.keys.max())
        let session = try #require(app.session)
        #expect(session.stepCount == paused - 60)
        #expect(session.stateLine() == live[paused - 60])
        let progress = terminal.statusLines.filter { $0.contains("rewinding… ") }
        #expect(!progress.isEmpty, "no progress shown")
        #expect(progress.allSatisfy { $0.contains(" %") })
    }

    // MARK: SessionHistory

    @Test("an edit drops the recorded future, and a rebuilt session makes the edit again at its step")
    func editsDropTheFuture() throws {
        let description = try SceneParser().parse(yaml: Self.drops, file: "drops.yaml")
        let bounds = Rect(x: 0, y: 0, width: 640, height: 368)
        let history = SessionHistory(sceneDescription: description, referenceBounds: bounds)
        history.record(.pointer(.down(Point(240, 72), time: 20.0 / 60)), at: 20)
        history.record(.pointer(.up(Point(240, 72), time: 20.5 / 60)), at: 20)
        #expect(history.hasFuture(after: 10))
        // An edit at step 10 (the crate removed, by id): the taps after it did not happen.
        let removal = try SceneBuilder().build(description, referenceBounds: bounds).removingItem("crate").get()
        history.record(.edit(removal), at: 10)
        #expect(history.count == 1)
        #expect(!history.hasFuture(after: 10))
        let session = history.makeSession()
        history.advance(session, to: 9)
        #expect(session.scene.item(withID: "crate") != nil)
        history.advance(session, to: 30)
        #expect(session.stepCount == 30)
        #expect(session.scene.item(withID: "crate") == nil)
        #expect(session.scene.item(withID: "drop-1") == nil)
    }
}
