// What the inspector changes is in a recording: a `--record` of the app on a scripted clock that
// selects the ball, opens the inspector, raises its resistance three steps, undoes one, closes
// the panel with Esc, draws a box and lets the scene run, replays headless (`nudge simulate
// --input`, SessionReplay, and `nudge play --input` on a scripted screen) to the live session's
// state byte for byte. Before, the arrows were
// only keys: the replayed ball kept resistance 0 and fell faster, and the Esc that closed the
// panel left edit mode in the replay, so the box was never drawn.
import Foundation
import Geometry
import Testing
import TerminalUI
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Inspector changes in recordings")
struct InspectorRecordingTests {
    @Test("select, i, three steps of resistance, u, Esc, draw a box, run: the replay ends where the live session did")
    func tuneReplays() throws {
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": PlaygroundAppTests.dropScene])
        defer { try? FileManager.default.removeItem(at: folder) }
        var script: [(Double, TerminalEvent)] = [(0.1, key(" ")), (0.2, key("e")), (0.25, key("v")),
                                                 (0.3, mouse(.press, 40, 2)), (0.32, mouse(.release, 40, 2)), (0.4, key("i"))]
        script += [(0.45, .key(.down)), (0.5, .key(.down)), (0.55, .key(.down)),
                   (0.6, .key(.right)), (0.65, .key(.right)), (0.7, .key(.right)), (0.75, key("u")), (0.8, .key(.escape))]
        script += [(0.85, key("b")), (0.9, mouse(.press, 10, 3)), (0.92, mouse(.drag, 14, 5)), (0.95, mouse(.release, 18, 7)),
                   (1.0, key("e")), (1.1, key(" ")), (3.0, key("q")), (3.1, key("q"))]
        let terminal = ScriptedTerminal(script: script)
        terminal.frameCosts = [0.004, 0.013, 0.0021]
        var recorded: [String] = []
        let app = terminal.app(scenes, record: { recorded.append($0) })
        #expect(try app.run() == .quit)
        let live = try #require(app.session)
        // Three steps of 0.1 from 0, one undone: the live ball's resistance is 0.2, and a box was drawn.
        #expect(live.scene.material(.resistance, of: "ball")?.value == 0.2)
        #expect(live.scene.item(withID: "box-1") != nil, "the box was not drawn")
        let tunes = recorded.filter { $0.contains("\"type\":\"tune\"") }
        #expect(tunes.count == 3, "recorded:\n\(recorded.joined(separator: "\n"))")
        #expect(tunes.last?.hasSuffix("\"type\":\"tune\",\"item\":\"ball\",\"property\":\"resistance\",\"value\":0.3}") == true)

        let events = try InputEvent.parse(recorded.joined(separator: "\n"), file: "recorded.jsonl")
        let session = SceneSession(scene: SceneBuilder().build(try scenes[0].load(),
                                                               referenceBounds: Rect(x: 0, y: 0, width: 640, height: 368)))
        var replayed: [String] = []
        SessionReplay.run(session, events: events, steps: live.stepCount, every: 1) { replayed.append($0) }
        #expect(session.scene.material(.resistance, of: "ball")?.value == 0.2)
        #expect(session.scene.item(withID: "box-1") != nil, "the replay did not draw the box")
        let liveLine = HeadlessSimulation(scene: live.scene).stateLine(step: live.stepCount)
        #expect(replayed.last == liveLine, "recorded:\n\(recorded.joined(separator: "\n"))")

        // play --input: the same recording replayed on screen passes through the same state.
        let screen = ScriptedTerminal(script: [(4, key("q")), (4.1, key("q"))])
        screen.frameCosts = [0.007, 0.0031]
        let watcher = StepWatcher()
        var onScreen: [Int: String] = [:]
        watcher.each = { _, s, step in onScreen[step] = HeadlessSimulation(scene: s.scene).stateLine(step: step) }
        let replaying = PlaygroundApp(terminal: screen, scenes: scenes, clock: { screen.now },
                                      sleep: { screen.advance(by: $0) }, replay: events, observer: watcher)
        _ = try replaying.run()
        #expect(onScreen[live.stepCount] == liveLine)
    }

    @Test("tune lines read back to the change they were written from, and bad ones name the problem")
    func tuneLines() throws {
        let lines = [#"{"t":1.5,"type":"tune","item":"ball","property":"density","value":5}"#,
                     #"{"t":2,"type":"tune","joint":3,"property":"motorSpeed","value":3.5}"#,
                     #"{"t":2.5,"type":"tune","item":"ball","property":"color","value":"orange"}"#]
        let events = try InputEvent.parse(lines.joined(separator: "\n"), file: "f.jsonl")
        #expect(events.map(\.jsonLine) == lines)
        guard case .tune(let first) = events[0] else { Issue.record("not a tune: \(events[0])"); return }
        #expect(first.target == .item(id: "ball") && first.property == .material(.density))
        #expect(first.value == .number(TunedValue(explicit: 5)))
        for (line, message) in [(#"{"t":1,"type":"tune","property":"density","value":5}"#, "either \"item\""),
                                (#"{"t":1,"type":"tune","item":"a","property":"length","value":5}"#, "\"property\": expected one of density"),
                                (#"{"t":1,"type":"tune","item":"a","property":"color","value":"plaid"}"#, "a color name"),
                                (#"{"t":1,"type":"tune","item":"a","property":"friction","value":"x"}"#, "a finite number")] {
            #expect(throws: InputFileError.self) { try InputEvent.parse(line, file: "f.jsonl") }
            do { _ = try InputEvent.parse(line, file: "f.jsonl") } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
        // A resume drops a tune recorded after its step, as it drops pointer events.
        let kept = InputEvent.timeline(events + [.resume(time: 1.75)])
        #expect(kept.count == 1)
    }
}
