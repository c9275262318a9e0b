// PlaygroundApp on a scripted terminal with a fake clock: the fixed 60 Hz step, the catch-up
// cap, scene keys, pause, broken scene files, idling, resize, and the record → replay contract.
import Dynamics
import Foundation
import Geometry
import Testing
import TerminalUI
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Playground app")
struct PlaygroundAppTests {
    /// Never at rest for its first 10 s: a long animation on an item no behavior drives.
    static let moving = """
        name: Moving
        summary: Slides for ten seconds.
        items:
          - {id: a, size: [40, 40], center: [40, 40], color: red}
        animations:
          - {item: a, duration: 10, curve: linear, to: {center: [600, 40]}}
        """

    static func files(_ yaml: [String: String]) throws -> (URL, [SceneFile]) {
        let folder = try Fixture.folder(yaml)
        return (folder, try Fixture.sceneFiles(in: folder))
    }

    @Test("the fixed step runs exactly 60 steps per simulated second whatever the frame timing")
    func sixtyStepsPerSecond() throws {
        let (folder, scenes) = try Self.files(["a.yaml": Self.moving])
        defer { try? FileManager.default.removeItem(at: folder) }
        for costs in [[0.0], [0.003, 0.011, 0.0007, 0.029], [0.016, 0.017], [0.001]] {
            let terminal = ScriptedTerminal(script: [(1.0, key("q"))])
            terminal.frameCosts = costs
            let watcher = StepWatcher()
            let app = terminal.app(scenes, observer: watcher)
            var steps = 0
            watcher.each = { _, _, _ in steps += 1 }
            // The app reads q when it is next free: at 1 s, or after a frame that was being drawn
            // then. By that time ⌊60·t⌋ steps are due, no more and no fewer.
            var readAt = 0.0
            terminal.onDeliver = { _ in readAt = terminal.now }
            #expect(try app.run() == .quit)
            #expect(readAt >= 1.0 && readAt < 1.0 + costs.max()! + 1e-9)
            #expect(steps == Int((60 * readAt + 1e-9).rounded(.down)), "frame costs \(costs): \(steps) steps by \(readAt) s")
        }
    }

    @Test("catch-up is capped: after a 0.5 s stall at most 5 steps run before the next frame")
    func catchUpCapped() throws {
        let (folder, scenes) = try Self.files(["a.yaml": Self.moving])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = ScriptedTerminal(script: [(2.0, key("q"))])
        terminal.frameCosts = [0.001, 0.001, 0.5] + Array(repeating: 0.001, count: 200)
        let watcher = StepWatcher()
        let app = terminal.app(scenes, observer: watcher)
        var stepsPerFrame: [Int] = [0]
        var lastFrames = 0
        watcher.ran = { _, _ in
            if terminal.frameTimes.count != lastFrames { lastFrames = terminal.frameTimes.count; stepsPerFrame.append(0) }
            stepsPerFrame[stepsPerFrame.count - 1] += 1
        }
        _ = try app.run()
        #expect(stepsPerFrame.max() == 5)
        // The stall's surplus (0.5 s = 30 steps, less the 5 that ran) is dropped, not made up later.
        let total = stepsPerFrame.reduce(0, +)
        #expect(total < 120 - 20, "\(total) steps in 2 s with a dropped stall")
    }

    static let three = [
        "1-push.yaml": BuiltInScenes.push,
        "2-moving.yaml": moving,
        "3-third.yaml": "name: Third\nitems:\n  - {id: x, size: [10, 10]}\n",
    ]

    @Test("rules in the app: two bells ring once each at 0.25 s, the counter shows, and nextScene at 0.5 s goes on to the next scene")
    func rulesInTheApp() throws {
        let (folder, scenes) = try Self.files([
            "a.yaml": """
                name: Rings
                items: []
                rules:
                  - on: {event: after, seconds: 0.25}
                    do: [{action: bell}, {action: bell}, {action: counter, counter: rung, by: 2}]
                  - on: {event: after, seconds: 0.5}
                    do: [{action: nextScene}]
                """,
            "b.yaml": "name: Second\nitems: []\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = ScriptedTerminal(script: [(1.0, key("q"))])
        _ = try terminal.app(scenes).run()
        #expect(terminal.bells == 2)
        #expect(terminal.statusLines.contains { $0.contains(" Rings 1/2 ") && $0.contains("│ rung 2 │") })
        #expect(terminal.statusLines.last?.contains(" Second 2/2 ") == true, "\(terminal.statusLines.last ?? "")")
    }

    @Test("the status line shows the scene's name and place; n / p / Tab / 1-9 switch scenes")
    func switching() throws {
        let (folder, scenes) = try Self.files(Self.three)
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = ScriptedTerminal(script: [
            (0.1, key("n")), (0.2, key("p")), (0.3, key("3")), (0.4, key("n")), (0.5, .key(.tab)),
            (0.6, .key(.backTab)), (0.7, key("9")), (0.8, key("q")),
        ])
        let app = terminal.app(scenes)
        _ = try app.run()
        let places = terminal.statusLines.compactMap { line -> String? in
            for (name, place) in [("Push", "1/3"), ("Moving", "2/3"), ("Third", "3/3")] where line.contains(" \(name) \(place) ") {
                return name
            }
            return nil
        }
        var order: [String] = []
        for p in places where order.last != p { order.append(p) }
        // 9 is past the last scene: nothing happens.
        #expect(order == ["Push", "Moving", "Push", "Third", "Push", "Moving", "Push"])
        #expect(terminal.statusLines.first?.hasPrefix(" Push 1/3 │") == true)
    }

    @Test("space pauses (no steps, 'paused' in the status line) and resumes; '.' steps once while paused")
    func pause() throws {
        let (folder, scenes) = try Self.files(["a.yaml": Self.moving])
        defer { try? FileManager.default.removeItem(at: folder) }
        var stepsAt: [String: Int] = [:]
        var steps = 0
        let terminal = ScriptedTerminal(script: [
            (0.5, key(" ")), (1.5, key(".")), (1.6, key(".")), (2.0, key(" ")), (2.5, key("q")),
        ])
        let watcher = StepWatcher()
        let app = terminal.app(scenes, observer: watcher)
        watcher.each = { _, _, _ in steps += 1 }
        _ = try app.run()
        stepsAt["end"] = steps
        #expect(terminal.statusLines.contains { $0.contains("│ paused │") })
        // 0.5 s running + 2 single steps + 0.5 s running = 30 + 2 + 30.
        #expect(steps == 62)
    }

    @Test("a scene file that fails to load shows file:line:column in the status line and the app keeps running")
    func brokenScene() throws {
        let (folder, scenes) = try Self.files([
            "1-push.yaml": BuiltInScenes.push,
            "2-broken.yaml": "name: Broken\nitems:\n  - {id: a, size: [10, oops]}\n",  // line 3 below
            "3-third.yaml": "name: Third\nitems:\n  - {id: x, size: [10, 10]}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = ScriptedTerminal(script: [(0.1, key("n")), (0.5, key("n")), (0.9, key("q"))])
        let watcher = StepWatcher()
        let app = terminal.app(scenes, observer: watcher)
        var namesWhenBroken: [String] = []
        watcher.each = { app, s, _ in if app.loadError != nil { namesWhenBroken.append(s.scene.sceneDescription.name) } }
        #expect(try app.run() == .quit)
        let broken = terminal.statusLines.first { $0.contains("error:") }
        // Line 3 of the file above, at the column where `oops` starts (1-based).
        let line3 = "  - {id: a, size: [10, oops]}"
        let column = line3.distance(from: line3.startIndex, to: line3.range(of: "oops")!.lowerBound) + 1
        #expect(broken?.contains("2-broken.yaml:3:\(column)") == true, "\(broken ?? "no error line")")
        #expect(broken?.contains("2/3") == true)
        #expect(Set(namesWhenBroken) == ["Push"])   // the previous scene kept playing
        #expect(terminal.statusLines.last?.contains(" Third 3/3 ") == true)
    }

    @Test("idle: with everything at rest the app blocks in nextEvent with the long timeout and draws nothing new")
    func idles() throws {
        let (folder, scenes) = try Self.files(["a.yaml": BuiltInScenes.push])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = ScriptedTerminal(script: [(10, key("q"))])
        let app = terminal.app(scenes)
        _ = try app.run()
        // The square rests after half a second of no motion (the animator pauses); from then on
        // the app only wakes to look at the scene file for edits (live reload, every 0.25 s):
        // it blocks for the whole interval each time and draws no new frames.
        #expect(terminal.statusLines.contains { $0.contains("resting") })
        let idleWaits = terminal.timeouts.filter { $0 >= 0.25 }
        #expect(idleWaits.count >= 30, "\(idleWaits.count) long waits in 10 s")
        #expect(terminal.frameTimes.filter { $0 > 1.5 }.count <= 1, "frames drawn while idle: \(terminal.frameTimes.filter { $0 > 1.5 })")
        #expect(terminal.timeouts.count < 100, "\(terminal.timeouts.count) waits in 10 s")
    }

    @Test("an observer changes nothing: the same waits, frames and screens with one as without, and it hears of every step, skipped or run")
    func observerDoesNotSteer() throws {
        let (folder, scenes) = try Self.files(["a.yaml": BuiltInScenes.push])
        defer { try? FileManager.default.removeItem(at: folder) }
        // At rest, a click at 3 s (the square moves), at rest again, q at 10 s.
        let script: [(Double, TerminalEvent)] = [(3.0, mouse(.press, 64, 11)), (3.05, mouse(.release, 64, 11)), (10, key("q"))]
        let plain = ScriptedTerminal(script: script)
        _ = try plain.app(scenes).run()
        let watched = ScriptedTerminal(script: script)
        let watcher = StepWatcher()
        var heard: [Int] = [], ran = 0
        watcher.each = { _, _, step in heard.append(step) }
        watcher.ran = { _, _ in ran += 1 }
        _ = try watched.app(scenes, observer: watcher).run()
        #expect(watched.timeouts == plain.timeouts)
        #expect(watched.frameTimes == plain.frameTimes)
        #expect(watched.gridTexts == plain.gridTexts)
        // Every step from 1 to the last due when q is read (⌊60 · 10⌋), once each, in order,
        // most of them skipped at rest.
        #expect(heard == Array(1...600))
        #expect(ran > 0 && ran < 300, "\(ran) of 600 steps run")
    }

    @Test("idle without live reload blocks in 1 s waits")
    func idlesWithoutReload() throws {
        let (folder, scenes) = try Self.files(["a.yaml": BuiltInScenes.push])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = ScriptedTerminal(script: [(10, key("q"))])
        var options = PlaygroundApp.Options()
        options.reloadInterval = nil
        let app = PlaygroundApp(terminal: terminal, scenes: scenes, options: options, clock: { terminal.now })
        _ = try app.run()
        #expect(terminal.timeouts.filter { $0 >= 1.0 }.count >= 8)
        #expect(terminal.timeouts.count < 60, "\(terminal.timeouts.count) waits in 10 s")
    }

    @Test("resize: the walls follow the terminal, 12×5 says 'too small', and it recovers")
    func resize() throws {
        let (folder, scenes) = try Self.files(["a.yaml": BuiltInScenes.push])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = ScriptedTerminal(script: [
            (0.1, .resize(columns: 60, rows: 20)), (0.2, key("b")),
            (0.3, .resize(columns: 12, rows: 5)), (0.4, key("b")),
            (0.5, .resize(columns: 80, rows: 24)), (0.6, key("b")), (0.7, key("q")),
        ])
        let app = terminal.app(scenes)
        var bounds: [Rect] = []
        terminal.onDeliver = { event in
            if event == key("b") { bounds.append(app.session!.scene.animator.referenceBounds) }
        }
        _ = try app.run()
        // Every row but the status line, 8×16 pt cells: 60×19 cells = 480×304 pt; 80×23 = 640×368.
        // While too small the last good bounds stay.
        #expect(bounds == [Rect(x: 0, y: 0, width: 480, height: 304), Rect(x: 0, y: 0, width: 480, height: 304),
                           Rect(x: 0, y: 0, width: 640, height: 368)])
        #expect(terminal.gridTexts.contains { $0.contains("too small") })
        #expect(terminal.gridTexts.last?.contains("too small") == false)
        let square = try #require(app.session?.scene.item(withID: "square"))
        #expect(square.center == Point(320, 184))   // placed in the 640×368 area at start, kept through the resizes
    }

    @Test("q quits, Ctrl-C interrupts, and the terminal is given back either way")
    func quitting() throws {
        let (folder, scenes) = try Self.files(["a.yaml": BuiltInScenes.push])
        defer { try? FileManager.default.removeItem(at: folder) }
        for (event, exit) in [(key("q"), PlaygroundApp.Exit.quit), (.key(.ctrlC), .interrupted)] {
            let terminal = ScriptedTerminal(script: [(0.2, event)])
            #expect(try terminal.app(scenes).run() == exit)
            #expect(terminal.began == 1 && terminal.ended == 1)
        }
    }

    @Test("a click on the terminal reaches the scene at the cell's center: the push aims from the square at it")
    func clickPushes() throws {
        let (folder, scenes) = try Self.files(["a.yaml": BuiltInScenes.push])
        defer { try? FileManager.default.removeItem(at: folder) }
        // 80×24 → a 640×368 world; the square starts at (320, 184). Cell (64, 11)'s center is (516, 184).
        let terminal = ScriptedTerminal(script: [
            (0.10, mouse(.press, 64, 11)), (0.15, mouse(.release, 64, 11)), (0.5, key("q")),
        ])
        let app = terminal.app(scenes)
        _ = try app.run()
        let push = try #require(app.session?.scene.behavior(withID: "tap-push") as? PushBehavior)
        #expect(abs(push.angle) < 1e-12)
        #expect(abs(push.magnitude - (516.0 - 320) / 200) < 1e-12)
    }

    /// A box, a ball and a triangle under gravity with grab: the scene the recording drives.
    static let dropScene = """
# Drop: a box, a ball and a triangle fall under gravity, bounce on the floor and settle.
name: Drop
summary: Things fall and bounce. Drag one to pick it up and throw it.
items:
  - id: box
    size: [80, 80]
    center: ["25%", 60]
    angle: 0.3                # tilted, so it lands on a corner and tumbles
    color: orange
  - id: ball
    shape: ellipse
    size: [64, 64]
    center: ["50%", 40]
    color: cyan
  - id: triangle
    shape: polygon
    vertices: [[0, -40], [40, 30], [-40, 30]]   # convex, around its center
    center: ["75%", 80]
    color: magenta
behaviors:
  - type: gravity             # magnitude 1 = 1000 pt/s², downward (UIKit's default)
  - type: collision           # items omitted: every item; the screen's edges are walls
    boundaries: reference
  - type: dynamicItem
    items: [ball]
    elasticity: 0.7           # the ball keeps bouncing a while
  - type: dynamicItem
    items: [box, triangle]
    elasticity: 0.3
    friction: 0.5
gestures:
  - recognizer: pan
    action: grab
"""

    @Test("--record then replay reproduces the live session's JSON Lines exactly")
    func recordReplay() throws {
        let (folder, scenes) = try Self.files(["a.yaml": Self.dropScene])
        defer { try? FileManager.default.removeItem(at: folder) }
        // A grab-and-throw of the box with irregular frame times, a wait, a click, then q.
        var script: [(Double, TerminalEvent)] = [(0.70, mouse(.press, 20, 19))]
        for i in 1...12 { script.append((0.70 + 0.023 * Double(i), mouse(.drag, 20 + 2 * i, 19 - i))) }
        script.append((1.05, mouse(.release, 44, 7)))
        script += [(1.8, mouse(.press, 40, 10)), (1.83, mouse(.release, 40, 10)), (2.5, key("q"))]
        let terminal = ScriptedTerminal(script: script)
        terminal.frameCosts = [0.004, 0.013, 0.0021, 0.019]
        var recorded: [String] = []
        // The live app rests when nothing moves and skips those steps as it would for a user;
        // a skipped step's state is the resting scene's, labelled with that step.
        let watcher = StepWatcher()
        let app = terminal.app(scenes, record: { recorded.append($0) }, observer: watcher)
        var live: [String] = []
        watcher.each = { _, s, step in live.append(HeadlessSimulation(scene: s.scene).stateLine(step: step)) }
        _ = try app.run()
        #expect(recorded.count == 17)   // press, 12 drags, release, press, release, q
        #expect(live.count == 150)       // 2.5 s
        let events = try InputEvent.parse(recorded.joined(separator: "\n"), file: "recorded.jsonl")
        let description = try scenes[0].load()
        let session = SceneSession(scene: SceneBuilder().build(description, referenceBounds: Rect(x: 0, y: 0, width: 640, height: 368)))
        var replayed: [String] = []
        SessionReplay.run(session, events: events, steps: live.count, every: 1) { replayed.append($0) }
        #expect(Array(replayed.dropFirst()) == live)
        // And the grab did something: the box was lifted (moving up faster than 100 pt/s) at some step.
        let lifted = live.contains { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let items = object["items"] as? [[String: Any]],
                  let box = items.first(where: { $0["id"] as? String == "box" }),
                  let vy = box["vy"] as? Double else { return false }
            return vy < -100
        }
        #expect(lifted)

        // play --input: the same recording replayed on screen (no mouse at all, other frame
        // times) goes through the same states step by step.
        let screen = ScriptedTerminal(script: [(2.5, key("q"))])
        screen.frameCosts = [0.007, 0.0031]
        let onScreenWatcher = StepWatcher()
        let replaying = PlaygroundApp(terminal: screen, scenes: scenes, clock: { screen.now },
                                      sleep: { screen.advance(by: $0) }, replay: events, observer: onScreenWatcher)
        var onScreen: [String] = []
        onScreenWatcher.each = { _, s, step in onScreen.append(HeadlessSimulation(scene: s.scene).stateLine(step: step)) }
        _ = try replaying.run()
        #expect(onScreen.count == 150)
        #expect(onScreen == live)
    }

    @Test("a message leaves the status line after messageDuration (5 s) while paused, with nothing else to redraw")
    func messageExpiresWhilePaused() throws {
        // Paused at step 0, `,` says there is nothing before; 6 s later, just before q, the
        // status line shows the summary again.
        let (folder, scenes) = try Self.files(["a.yaml": Self.moving])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = ScriptedTerminal(script: [(0, key(" ")), (0.1, key(",")), (6.1, key("q"))])
        let app = terminal.app(scenes)
        var lastBeforeQuit: String?
        terminal.onDeliver = { event in if event == key("q") { lastBeforeQuit = terminal.statusLines.last } }
        #expect(try app.run() == .quit)
        #expect(terminal.statusLines.contains { $0.contains("At step 0: nothing before.") })
        let line = try #require(lastBeforeQuit)
        #expect(!line.contains("At step 0"), "the message is still shown after 6 s: \(line)")
        #expect(line.contains("│ paused │"))
    }
}
