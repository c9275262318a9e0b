// PlaygroundApp on a scripted terminal: what reaches the screen and when. Click latency, the
// 60-frame cap, slow motion under overload, the help overlay and messages, slow loads, wide
// characters in the status line, and a recording replayed into a resting scene.
import Dynamics
import Foundation
import Geometry
import Testing
import TerminalUI
@testable import Playground
@testable import SceneFormat
@testable import Scenes

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

@Suite("Playground app: a slow terminal")
struct PlaygroundSlowTerminalTests {
    @Test("a terminal that takes 0.5 s per frame gets 2 frames a second, the scene still runs 60 steps a second, and the status line says the terminal is slow, not slow motion")
    func slowTerminalDropsFramesNotTime() throws {
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": PlaygroundAppTests.moving])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = ScriptedTerminal(script: [(3.0, key("q"))])
        terminal.transferTime = 0.5
        let watcher = StepWatcher()
        let app = terminal.app(scenes, observer: watcher)
        var steps = 0
        watcher.ran = { _, _ in steps += 1 }
        _ = try app.run()
        // Steps are due by the clock: 180 in 3 s, whatever the terminal does.
        #expect(abs(steps - 180) <= 2, "\(steps) steps in 3 s")
        // A frame every 0.5 s (the first at 0): 6 or 7 in 3 s, never one while the last is on its way.
        let times = terminal.frameTimes
        #expect(times.count >= 6 && times.count <= 7, "\(times.count) frames: \(times)")
        for (a, b) in zip(times, times.dropFirst()) { #expect(b - a >= 0.5 - 1e-9, "frames at \(a) and \(b)") }
        #expect(!terminal.statusLines.contains { $0.contains("slow motion") })
        let said = try #require(terminal.statusLines.last { $0.contains("terminal slow: ") }, "\(terminal.statusLines.last ?? "")")
        // Asked for a frame every 1/60 s, shown 2 a second: about 58 dropped over the last second.
        let count = try #require(said.range(of: "terminal slow: ").flatMap { Int(said[$0.upperBound...].prefix { $0.isNumber }) })
        #expect(count >= 50 && count <= 60, "\(said)")
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
        // The first q only closes the box; the second quits.
        let terminal = ScriptedTerminal(columns: 60, rows: 24, script: [(0.5, key("?")), (1.0, key("q")), (1.1, key("q"))])
        let app = terminal.app(scenes)
        _ = try app.run()
        #expect(app.loadErrorDetails.count == 2)
        let screen = try #require(terminal.gridTexts.last { $0.contains("Mouse in this scene") })
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
