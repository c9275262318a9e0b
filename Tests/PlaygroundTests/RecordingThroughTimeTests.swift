// A recording made with time travel replays the session that was seen: a throw, a trip back to
// the start that drops it, a box drawn there in edit mode, and a new throw after resuming. The
// recording (`--record`) replayed headless (`nudge simulate --input`, SessionReplay) ends in the
// live session's state, byte for byte; without the resume line the dropped throw would replay
// and the box and the new throw would not.
import Foundation
import Geometry
import Gestures
import Testing
import TerminalUI
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Recording through time")
struct RecordingThroughTimeTests {
    static func grab(from start: (Int, Int), at time: Double, by offset: Int) -> [(Double, TerminalEvent)] {
        var script: [(Double, TerminalEvent)] = [(time, mouse(.press, start.0, start.1))]
        for i in 1...8 { script.append((time + 0.023 * Double(i), mouse(.drag, start.0 + offset * i, start.1 - i))) }
        script.append((time + 0.25, mouse(.release, start.0 + offset * 8, start.1 - 8)))
        return script
    }

    @Test("throw, pause, Left back to 0 s, draw a box, resume, throw again: the replay ends where the live session did")
    func rewindEditAndNewInput() throws {
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": PlaygroundAppTests.dropScene])
        defer { try? FileManager.default.removeItem(at: folder) }
        var script = Self.grab(from: (20, 19), at: 0.5, by: 2)
        script += [(1.2, key(" ")), (1.3, .key(.left)), (1.6, key("e")), (1.65, key("b")),
                   (1.7, mouse(.press, 50, 3)), (1.72, mouse(.drag, 54, 5)), (1.75, mouse(.release, 58, 7)),
                   (1.8, key("e")), (1.9, key(" "))]
        script += Self.grab(from: (40, 19), at: 2.6, by: -2)
        script += [(3.6, key("q")), (3.7, key("q"))]
        let terminal = ScriptedTerminal(script: script)
        terminal.frameCosts = [0.004, 0.013, 0.0021]
        var recorded: [String] = []
        let app = terminal.app(scenes, record: { recorded.append($0) })
        #expect(try app.run() == .quit)
        let live = try #require(app.session)
        let liveLine = HeadlessSimulation(scene: live.scene).stateLine(step: live.stepCount)
        #expect(live.scene.item(withID: "box-1") != nil, "the box was not drawn")
        #expect(recorded.contains { $0.contains("\"type\":\"resume\"") })

        let events = try InputEvent.parse(recorded.joined(separator: "\n"), file: "recorded.jsonl")
        let session = SceneSession(scene: SceneBuilder().build(try scenes[0].load(),
                                                               referenceBounds: Rect(x: 0, y: 0, width: 640, height: 368)))
        var replayed: [String] = []
        SessionReplay.run(session, events: events, steps: live.stepCount, every: 1) { replayed.append($0) }
        #expect(replayed.last == liveLine, "recorded:\n\(recorded.joined(separator: "\n"))")
    }

    @Test("timeline: a resume drops the pointer events after its step and moves the keys back to it")
    func timeline() {
        let down = PointerEvent(.down, at: Point(1, 2), time: 0.5)
        let early = PointerEvent(.down, at: Point(3, 4), time: 0.1)
        let events: [InputEvent] = [.pointer(early), .pointer(down), .key("e", time: 1), .resume(time: 0.25),
                                    .pointer(PointerEvent(.up, at: Point(5, 6), time: 0.3))]
        let kept = InputEvent.timeline(events)
        #expect(kept == [.pointer(early), .key("e", time: 0.25), .pointer(PointerEvent(.up, at: Point(5, 6), time: 0.3))])
    }
}
