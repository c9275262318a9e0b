// PlaygroundApp on a scripted terminal with a fake clock: the fixed 60 Hz step, the catch-up
// cap, scene keys, pause, broken scene files, idling, resize, and the record → replay contract.
import Dynamics
import Foundation
import Geometry
import Testing
import TerminalUI
@testable import Playground
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
}

/// Live reload: saving the scene reloads it within half a second; a broken edit shows
/// its file:line:column and keeps the last good scene running; fixing it reloads.
@Suite("Live reload")
struct LiveReloadTests {
    /// File stamps the test controls: every `touch` is a new modification.
    final class Stamps: FileStatusProvider {
        var version: [String: Int64] = [:]
        func stamp(of path: String) -> FileStamp? {
            FileManager.default.fileExists(atPath: path) ? FileStamp(modified: version[path] ?? 0, size: 0, inode: 1) : nil
        }
        func touch(_ path: String) { version[path, default: 0] += 1 }
    }

    static func scene(x: Int) -> String {
        """
        name: Reloadable
        summary: Edit me.
        items:
          - {id: square, size: [80, 80], center: [\(x), 100], color: green}
        behaviors:
          - {type: gravity, magnitude: 0.01}
        """
    }

    @Test func editsReloadWithinHalfASecondAndBrokenEditsAreReportedAndSurvived() throws {
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": Self.scene(x: 100)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = scenes[0].path
        let stamps = Stamps()
        let noop = TerminalEvent.key(.character("z"))
        // Edits land at 1.0 s (good), 2.0 s (broken), 3.0 s (fixed); q at 4.0 s.
        let terminal = ScriptedTerminal(script: [(1.0, noop), (2.0, noop), (3.0, noop), (4.0, key("q"))])
        var deliveries = 0
        terminal.onDeliver = { _ in
            deliveries += 1
            let text: String
            switch deliveries {
            case 1: text = Self.scene(x: 300)
            case 2: text = Self.scene(x: 300).replacingOccurrences(of: "size: [80, 80]", with: "size: [80, -80]")
            case 3: text = Self.scene(x: 500)
            default: return
            }
            try? text.write(toFile: path, atomically: true, encoding: .utf8)
            stamps.touch(path)
        }
        var seen: [(time: Double, x: Double, error: String?)] = []
        let watcher = StepWatcher()
        let app = PlaygroundApp(terminal: terminal, scenes: scenes, clock: { terminal.now }, files: stamps, observer: watcher)
        watcher.each = { app, session, _ in
            let x = session.scene.item(withID: "square")?.center.x ?? .nan
            seen.append((terminal.now, x, app.loadError))
        }
        _ = try app.run()
        func first(_ condition: ((time: Double, x: Double, error: String?)) -> Bool) -> Double? {
            seen.first(where: condition)?.time
        }
        // The good edit shows within 0.5 s.
        let moved = try #require(first { $0.x == 300 })
        #expect(moved >= 1.0 && moved <= 1.5, "reloaded at \(moved)")
        // And says so in the status line (docs/playground.md promises "Reloaded").
        let said = zip(terminal.frameTimes, terminal.statusLines).filter { $0.1.contains("Reloaded a.yaml.") }.map(\.0)
        #expect(said.contains { $0 >= 1.0 && $0 <= 1.5 }, "no \"Reloaded a.yaml.\" after the good edit")
        // The broken edit: the error names the file, line 4 and the size's column, and the
        // scene keeps stepping at x = 300.
        let broken = try #require(seen.first { $0.error != nil })
        #expect(broken.time >= 2.0 && broken.time <= 2.5)
        #expect(broken.error?.contains("a.yaml:4:") == true, "\(broken.error ?? "")")
        #expect(broken.x == 300)
        #expect(seen.contains { $0.time > 2.6 && $0.time < 3.0 && $0.x == 300 && $0.error != nil })
        // Fixed: reloads and the error clears.
        let fixed = try #require(first { $0.x == 500 })
        #expect(fixed >= 3.0 && fixed <= 3.5)
        #expect(seen.last?.error == nil)
        #expect(terminal.statusLines.contains { $0.contains("error") && $0.contains("a.yaml:4:") })
    }
}

/// Every kind of broken edit is reported in the status line and survived: the last good scene
/// keeps playing, and restoring the file reloads it.
@Suite("Live reload: broken edits")
struct BrokenEditTests {
    enum Edit: String, CaseIterable, CustomTestStringConvertible {
        case yamlSyntax, unknownKey, wrongType, outOfRange, unknownItem, missingImage, corruptImage, emptyFile, deletedFile
        var testDescription: String { rawValue }

        /// The broken text (nil: delete the file) and what the status line must name.
        func apply(to path: String, folder: String) -> (text: String?, expect: String) {
            let good = LiveReloadTests.scene(x: 300)
            switch self {
            case .yamlSyntax: return (good + "\n  - {id: [oops\n", "a.yaml:")
            case .unknownKey: return (good.replacingOccurrences(of: "color: green", with: "colour: green"), "colour")
            case .wrongType: return (good.replacingOccurrences(of: "size: [80, 80]", with: "size: big"), "a.yaml:4:")
            case .outOfRange: return (good.replacingOccurrences(of: "magnitude: 0.01", with: "magnitude: .nan"), "a.yaml:6:")
            case .unknownItem: return (good + "\n  - {type: snap, item: ghost, point: [1, 1]}\n", "ghost")
            case .missingImage:
                return (good.replacingOccurrences(of: "behaviors:", with: "  - {id: pic, shape: image, image: nowhere.png, size: [10, 10]}\nbehaviors:"), "nowhere.png")
            case .corruptImage:
                try? Data("not a png".utf8).write(to: URL(fileURLWithPath: folder + "/bad.png"))
                return (good.replacingOccurrences(of: "behaviors:", with: "  - {id: pic, shape: image, image: bad.png, size: [10, 10]}\nbehaviors:"), "bad.png")
            case .emptyFile: return ("", "a.yaml")
            case .deletedFile: return (nil, "a.yaml")
            }
        }
    }

    @Test(arguments: Edit.allCases)
    func brokenEditIsReportedAndSurvived(edit: Edit) throws {
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": LiveReloadTests.scene(x: 300)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = scenes[0].path
        let stamps = LiveReloadTests.Stamps()
        let noop = TerminalEvent.key(.character("z"))
        let terminal = ScriptedTerminal(script: [(1.0, noop), (2.0, noop), (3.0, key("q"))])
        var deliveries = 0
        var expectation = ""
        terminal.onDeliver = { _ in
            deliveries += 1
            if deliveries == 1 {
                let (text, expect) = edit.apply(to: path, folder: folder.path)
                expectation = expect
                if let text { try? text.write(toFile: path, atomically: true, encoding: .utf8) } else { try? FileManager.default.removeItem(atPath: path) }
            } else if deliveries == 2 {
                try? LiveReloadTests.scene(x: 500).write(toFile: path, atomically: true, encoding: .utf8)
            } else { return }
            stamps.touch(path)
        }
        var seen: [(time: Double, x: Double, error: String?)] = []
        let watcher = StepWatcher()
        let app = PlaygroundApp(terminal: terminal, scenes: scenes, clock: { terminal.now }, files: stamps, observer: watcher)
        watcher.each = { app, session, _ in
            seen.append((terminal.now, session.scene.item(withID: "square")?.center.x ?? .nan, app.loadError))
        }
        _ = try app.run()
        // Reported within half a second, naming what is wrong; the good scene kept stepping.
        let broken = try #require(seen.first { $0.error != nil }, "no error shown for \(edit)")
        #expect(broken.time >= 1.0 && broken.time <= 1.5)
        #expect(broken.error?.contains(expectation) == true, "\(edit): \(broken.error ?? "")")
        #expect(seen.filter { $0.time > 1.6 && $0.time < 2.0 }.allSatisfy { $0.x == 300 && $0.error != nil })
        #expect(seen.contains { $0.time > 1.6 && $0.time < 2.0 })
        // Restored: reloads, error gone.
        let fixed = try #require(seen.first { $0.x == 500 })
        #expect(fixed.time >= 2.0 && fixed.time <= 2.5)
        #expect(seen.last?.error == nil)
    }
}

/// A click shows on screen within two frames.
@Suite("Click latency")
struct ClickLatencyTests {
    /// Mean column of the cells whose background is the snap square's green, above the status row.
    static func squareColumn(_ grid: CellGrid) -> Double? {
        let green = Color(red: 0, green: 255, blue: 0).degraded(to: .palette256)
        var sum = 0.0, count = 0.0
        for row in 0..<(grid.rows - 1) {
            for column in 0..<grid.columns where grid[column, row].background.degraded(to: .palette256) == green {
                sum += Double(column); count += 1
            }
        }
        return count > 0 ? sum / count : nil
    }

    @Test func aClickMovesTheSquareWithinTwoFrames() throws {
        let yaml = try String(contentsOfFile: SceneSessionTests.scenesFolder + "/001-snap.yaml", encoding: .utf8)
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": yaml])
        defer { try? FileManager.default.removeItem(at: folder) }
        // The square rests in the middle (column ≈ 39.5); click 30 columns to its right at 1 s.
        let terminal = ScriptedTerminal(script: [(1.0, mouse(.press, 70, 11)), (1.01, mouse(.release, 70, 11)), (1.5, key("q"))])
        let app = terminal.app(scenes)
        _ = try app.run()
        let before = try #require(Array(zip(terminal.frameTimes, terminal.grids)).last { $0.0 < 1.0 }?.1)
        let start = try #require(Self.squareColumn(before))
        // A click is a press and a release; it is a tap once released (at 1.01 s). Within two
        // frame periods (2/60 s) of that, a frame must show the square moved toward the click.
        let release = 1.01
        let window = zip(terminal.frameTimes, terminal.grids).filter { $0.0 >= release && $0.0 <= release + 2.0 / 60 + 1e-9 }
        #expect(!window.isEmpty)
        let moved = window.contains { Self.squareColumn($0.1).map { $0 > start + 0.5 } ?? false }
        #expect(moved, "the square did not move on screen within two frames of the click")
    }
}

@Suite("Playground app: frames and the status line")
struct PlaygroundFrameTests {
    @Test("a flood of pointer motion draws at most 60 frames in any second, and the status line never shows more than 60 fps")
    func framesAreCappedAtSixty() throws {
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": PlaygroundAppTests.moving])
        defer { try? FileManager.default.removeItem(at: folder) }
        // 2,000 drags in two seconds, one every millisecond, with the button held.
        var script: [(Double, TerminalEvent)] = [(0.1, mouse(.press, 5, 2))]
        for k in 0..<2000 { script.append((0.1 + Double(k) * 0.001, mouse(.drag, 5 + k % 30, 2))) }
        script.append((2.5, key("q")))
        let terminal = ScriptedTerminal(script: script)
        _ = try terminal.app(scenes).run()
        let times = terminal.frameTimes
        for (i, t) in times.enumerated() {
            let inSecond = times[i...].prefix { $0 < t + 1 }.count
            #expect(inSecond <= 60, "\(inSecond) frames in the second from \(t)")
        }
        #expect(times.count >= 100)   // and the cap is not a stall: about 60 a second for 2.5 s
        let rates = terminal.statusLines.compactMap { line -> Int? in
            guard let r = line.range(of: " fps") else { return nil }
            return Int(line[..<r.lowerBound].split(separator: " ").last ?? "")
        }
        #expect(!rates.isEmpty && rates.allSatisfy { $0 <= 60 })
        #expect(rates.contains { $0 >= 55 })
    }

    @Test("a status line longer than the terminal is cut to its width and ends in …")
    func longStatusEndsInEllipsis() throws {
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": PlaygroundAppTests.moving])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = ScriptedTerminal(columns: 40, rows: 12, script: [(0.5, key("q"))])
        _ = try terminal.app(scenes).run()
        let last = try #require(terminal.statusLines.last)
        #expect(last.unicodeScalars.count == 40)
        #expect(last.hasSuffix("…"))
        #expect(PlaygroundApp.fitted("short", width: 40) == "short")
        #expect(PlaygroundApp.fitted("abcdef", width: 4) == "abc…")
    }
}

@Suite("Playground app: overload")
struct PlaygroundOverloadTests {
    @Test("when each step costs 30 ms, frames keep coming at 30 a second or more and the scene runs in slow motion, said in the status line")
    func slowStepsSlowTheSceneNotTheFrames() throws {
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": PlaygroundAppTests.moving])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = ScriptedTerminal(script: [(3.0, key("q"))])
        terminal.frameCosts = [0.002]
        // Each step the app runs costs 30 ms of the fake clock.
        let watcher = StepWatcher()
        let app = terminal.app(scenes, observer: watcher)
        var steps = 0
        watcher.ran = { _, _ in steps += 1; terminal.advance(by: 0.030) }
        _ = try app.run()
        // From 1 s on (after the first second settles), every second holds at least 30 frames.
        let times = terminal.frameTimes
        for start in stride(from: 1.0, through: 1.9, by: 0.1) {
            let inSecond = times.filter { $0 >= start && $0 < start + 1 }.count
            #expect(inSecond >= 30, "\(inSecond) frames in the second from \(start)")
        }
        // One 30 ms step per 32 ms frame: simulated time runs at about 1/60 s per 32 ms, 0.52×.
        #expect(steps >= 80 && steps <= 100, "\(steps) steps in 3 s")
        let slow = terminal.statusLines.last { $0.contains("slow motion") }
        let said = try #require(slow, "the status line never said slow motion")
        let figure = try #require(said.range(of: "slow motion ").flatMap { Double(said[$0.upperBound...].prefix(4)) })
        #expect(abs(figure - 0.52) < 0.08, "\(said)")
    }
}

@Suite("Playground app: help and messages")
struct PlaygroundHelpTests {
    @Test("? over a scene that failed to load shows every error in full: file:line:column, key path and message, wrapped, with the count")
    func helpShowsLoadErrorsInFull() throws {
        let broken = """
            name: Broken
            items:
              - {id: a, size: [80, -80], center: [100, 100], color: green}
              - {id: b, size: [40, 40], center: [100, 100], color: chartreuse-ish-not-a-color}
            """
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": broken])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = ScriptedTerminal(columns: 60, rows: 24, script: [(0.5, key("?")), (1.0, key("q"))])
        let app = terminal.app(scenes)
        _ = try app.run()
        #expect(app.loadErrorDetails.count == 2)
        let screen = try #require(terminal.gridTexts.last)
        #expect(screen.contains("This scene did not load (2 errors):"))
        // Each error's position and key path appear, and its message is not cut off: joined
        // back from the wrapped lines, the full text of each error is on screen.
        let joined = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        for detail in app.loadErrorDetails {
            #expect(detail.contains("a.yaml:3:") || detail.contains("a.yaml:4:"))
            let words = detail.split(separator: " ").map(String.init)
            #expect(words.allSatisfy { joined.contains($0) }, "not all of \"\(detail)\" is shown")
        }
    }

    @Test("pressing 9 with one scene says there is no scene 9")
    func missingSceneNumberIsSaid() throws {
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": PlaygroundAppTests.moving])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = ScriptedTerminal(columns: 100, rows: 24, script: [(0.5, key("9")), (0.7, key("q"))])
        _ = try terminal.app(scenes).run()
        #expect(terminal.statusLines.contains { $0.contains("There is no scene 9: there is 1.") })
    }
}

@Suite("Playground app: slow loads")
struct PlaygroundSlowLoadTests {
    @Test("a scene that takes longer than the patience to read shows progress in the status line, and q quits while it reads")
    func slowLoadShowsProgressAndQuits() throws {
        // 3,000 items take well over the 1 ms of patience given here to read.
        let yaml = "name: Big\nitems:\n" + (0..<3000).map { "  - {id: i\($0), size: [4, 4], center: [\($0 % 600), \($0 / 600 * 8)]}" }
            .joined(separator: "\n") + "\n"
        let (folder, scenes) = try PlaygroundAppTests.files(["big.yaml": yaml])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = ScriptedTerminal(script: [(0.0, key("q"))])
        var options = PlaygroundApp.Options()
        options.loadPatience = 0.001
        let app = PlaygroundApp(terminal: terminal, scenes: scenes, options: options, clock: { terminal.now })
        #expect(try app.run() == .quit)
        #expect(terminal.statusLines.contains { $0.contains("Loading big.yaml…") && $0.contains("q quits") })
        #expect(app.session == nil)
        #expect(terminal.began == 1 && terminal.ended == 1)
    }

    @Test("with the default patience the same scene loads as if at once and plays")
    func patientLoadPlays() throws {
        let yaml = "name: Small\nitems:\n  - {id: a, size: [40, 40], center: [100, 100], color: red}\n"
        let (folder, scenes) = try PlaygroundAppTests.files(["small.yaml": yaml])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = ScriptedTerminal(script: [(0.5, key("q"))])
        let app = terminal.app(scenes)
        _ = try app.run()
        #expect(app.session != nil)
        #expect(!terminal.statusLines.contains { $0.contains("Loading") })
    }
}

@Suite("Playground app: wide characters")
struct PlaygroundWideTextTests {
    @Test("a scene named in CJK keeps every status field whole: the line is as wide as the terminal, in columns")
    func cjkSceneName() throws {
        let yaml = PlaygroundAppTests.moving.replacingOccurrences(of: "name: Moving", with: "name: 物理の遊び場")
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": yaml])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = ScriptedTerminal(columns: 60, rows: 12, script: [(0.5, key("q"))])
        _ = try terminal.app(scenes).run()
        let grid = try #require(terminal.grids.last)
        let row = grid.rows - 1
        // Every cell of the status row is either one character's cell or its continuation, and
        // the text read back has the fields in order.
        let text = grid.text(row: row)
        #expect(text.terminalColumns == 60)
        #expect(text.hasPrefix(" 物理の遊び場 1/1 │ running │ "))
        #expect(grid[1, row].character == "物" && grid[2, row].character == Cell.continuation)
    }
}

@Suite("Playground app: replaying into a resting scene")
struct PlaygroundRestingReplayTests {
    @Test("a recording replayed into a scene at rest arrives on time: a 45° right-drag turns the label by π/4 and a swipe says so on screen")
    func restingSceneReplay() throws {
        let yaml = try String(contentsOfFile: SceneSessionTests.scenesFolder + "/004-gestures.yaml", encoding: .utf8)
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": yaml])
        defer { try? FileManager.default.removeItem(at: folder) }
        // The pointer sweeps 0°…45° around the label's center (320, 184) at radius 92 with the
        // right button and Ctrl, from 0.5 s; then a left swipe 120 pt leftwards in 84 ms at 0.9 s.
        var lines: [String] = []
        for (k, degrees) in stride(from: 0.0, through: 45, by: 5).enumerated() {
            let a = degrees * .pi / 180
            let type = k == 0 ? "down" : "move"
            lines.append(#"{"t": \#(0.5 + 0.012 * Double(k)), "type": "\#(type)", "x": \#(320 + 92 * cos(a)), "y": \#(184 + 92 * sin(a)), "button": 3, "modifiers": ["control"]}"#)
        }
        let end = 45.0 * .pi / 180
        lines.append(#"{"t": 0.62, "type": "up", "x": \#(320 + 92 * cos(end)), "y": \#(184 + 92 * sin(end)), "button": 3, "modifiers": ["control"]}"#)
        for k in 0...7 { lines.append(#"{"t": \#(0.9 + 0.012 * Double(k)), "type": "\#(k == 0 ? "down" : "move")", "x": \#(564 - 16 * k), "y": 56}"#) }
        lines.append(#"{"t": 0.99, "type": "up", "x": 452, "y": 56}"#)
        let events = try InputEvent.parse(lines.joined(separator: "\n"), file: "r.jsonl")
        let terminal = ScriptedTerminal(script: [(1.5, key("q"))])
        let watcher = StepWatcher()
        var onScreen: [String] = [], ran = 0
        watcher.each = { _, s, step in onScreen.append(HeadlessSimulation(scene: s.scene).stateLine(step: step)) }
        watcher.ran = { _, _ in ran += 1 }
        let app = PlaygroundApp(terminal: terminal, scenes: scenes, clock: { terminal.now }, sleep: { terminal.advance(by: $0) },
                                replay: events, observer: watcher)
        _ = try app.run()
        let label = try #require(app.session?.scene.item(withID: "label"))
        #expect(abs(label.angle - .pi / 4) < 0.01, "label angle \(label.angle)")
        #expect(terminal.statusLines.last?.contains("Swiped Left.") == true, "\(terminal.statusLines.last ?? "")")
        // The app rested between the gestures and skipped those steps, as it does for a user;
        // step for step it still went through the states a headless replay steps through.
        #expect(onScreen.count == 90)   // 1.5 s
        #expect(ran < 60, "\(ran) of \(onScreen.count) steps run: the scene never rested")
        let headless = SceneSession(scene: SceneBuilder().build(try scenes[0].load(), referenceBounds: Rect(x: 0, y: 0, width: 640, height: 368)))
        var replayed: [String] = []
        SessionReplay.run(headless, events: events, steps: onScreen.count, every: 1) { replayed.append($0) }
        #expect(Array(replayed.dropFirst()) == onScreen)
    }
}
