// Checkpoints of scenes with rules: the playable examples in docs/examples, each played with its
// winning recording (the basket's built with edit mode's tools), go through the same states and
// print the same rule lines, bit for bit, when a trip starts from a checkpoint as when the
// session runs straight from step 0. Before the rule runner had a checkpoint, a scene with
// rules took none (every trip started at step 0), so the `from` checks fail on that code.
import Foundation
import Geometry
import Testing
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Checkpoints of scenes with rules: a trip from a checkpoint runs on exactly as the straight run")
struct RuleCheckpointTests {
    /// What a run printed at each step: the state line and the rules' lines of that step.
    typealias Printed = [(state: String, lines: [String])]

    static func example(_ name: String) -> URL {
        KeyBindingTests.root.appendingPathComponent("docs/examples/\(name)")
    }

    /// The example's history with its winning recording delivered as the app delivers it: pointer
    /// events outside edit mode to the session, edit mode's edits as edits. Returns the history
    /// and the step the scene ended at.
    static func recorded(_ name: String) throws -> (SessionHistory, Int) {
        let description = try SceneParser().load(contentsOf: example("\(name).yaml").path)
        let history = SessionHistory(sceneDescription: description,
                                     referenceBounds: description.referenceBounds(available: Size(640, 368)))
        let text = try String(contentsOf: example("\(name)-win.jsonl"), encoding: .utf8)
        let events = InputEvent.timeline(try InputEvent.parse(text, file: "\(name)-win.jsonl"))
        let live = history.makeSession()
        let input = ReplayInput()
        input.editMode.didApply = { edit in history.record(.edit(edit), at: live.stepCount) }
        var next = 0
        while !live.hasEnded && live.stepCount < 1200 {
            while next < events.count, SceneSession.stepIndex(forEventTime: events[next].time) <= live.stepCount {
                if case .pointer(let p) = events[next], !input.editMode.isOn { history.record(.pointer(p), at: live.stepCount) }
                input.deliver(events[next], to: live)
                next += 1
            }
            live.step()
        }
        #expect(live.rules?.ending?.result == "won", "\(name): the recording wins")
        return (history, live.rules?.endingStep ?? live.stepCount)
    }

    /// Steps `session` one at a time to `end`, taking what it prints at each step.
    static func run(_ history: SessionHistory, _ session: SceneSession, to end: Int) -> Printed {
        var printed: Printed = []
        while session.stepCount < end {
            history.advance(session, to: session.stepCount + 1)
            printed.append((session.stateLine(), session.rules?.takeLines() ?? []))
        }
        return printed
    }

    @Test("basket, dominoes and bowling with their winning input: from checkpoints at a quarter, half, three quarters and just before the end, every state line and rule line to the result is the straight run's",
          arguments: ["basket", "dominoes", "bowling"])
    func restoredRunsMatchTheStraightRun(name: String) throws {
        let (history, endStep) = try Self.recorded(name)
        let end = endStep + 10
        let straightSession = history.makeSession()
        let straight = Self.run(history, straightSession, to: end)
        #expect(history.checkpointCount > 0, "\(name): the straight run took checkpoints")
        for k in [endStep / 4, endStep / 2, 3 * endStep / 4, endStep - 3] {
            let restored = history.start(toReach: k)
            let from = restored.stepCount
            // A checkpoint within 8 steps of k, not step 0.
            #expect(from > 0 && from <= k && k - from < 8, "\(name): step \(k) started from \(from)")
            history.advance(restored, to: k)
            _ = restored.rules?.takeLines()
            #expect(restored.stateLine() == straight[k - 1].state, "\(name): step \(k), restored from \(from)")
            let after = Self.run(history, restored, to: end)
            #expect(after.map(\.state) == straight[k...].map(\.state), "\(name): the states after step \(k)")
            #expect(after.map(\.lines) == straight[k...].map(\.lines), "\(name): the rule lines after step \(k)")
            #expect(restored.rules?.resultLine == straightSession.rules?.resultLine)
            #expect(restored.rules?.statusText == straightSession.rules?.statusText)
            #expect(restored.messages == straightSession.messages)
        }
    }

    /// Rules that take gravity out and put it back (so it steps after the collision behavior),
    /// push, count the balls that leave and cross a speed, once per ball.
    static let moving = """
        size: [640, 368]
        items:
          - {id: a, shape: ellipse, size: [30, 30], center: [100, 100], velocity: [300, 0]}
          - {id: b, shape: ellipse, size: [30, 30], center: [300, 60], velocity: [-200, 50]}
          - {id: c, size: [40, 40], center: [500, 120], velocity: [0, -100]}
        behaviors:
          - {type: gravity, id: fall, items: [a, b, c]}
          - {type: collision, id: walls, items: [a, b, c], boundaries: reference}
          - {type: dynamicItem, items: [a, b, c], elasticity: 0.8}
        rules:
          - on: {event: after, seconds: 0.5}
            do: [{action: removeBehavior, behavior: fall}]
          - on: {event: after, seconds: 1}
            do: [{action: addBehavior, behavior: fall}, {action: push, item: a, direction: [0, -2]}]
          - oncePerItem: true
            on: {event: threshold, value: speed, above: 400}
            do: [{action: counter, counter: fast}]
          - on: {event: contactBegan, boundary: reference}
            do: [{action: counter, counter: bounces}]
          - on: {event: every, seconds: 0.75}
            do: [{action: removeBehavior, behavior: walls}, {action: addBehavior, behavior: walls}]
        """

    @Test("behaviors a rule took out and put back come back in the animator's order: from checkpoints after 1 s, 300 steps on match the straight run")
    func behaviorsMovedByRules() throws {
        let description = try SceneParser().parse(yaml: Self.moving, file: "moving.yaml")
        let history = SessionHistory(sceneDescription: description, referenceBounds: Rect(origin: .zero, size: Size(640, 368)))
        let straightSession = history.makeSession()
        let straight = Self.run(history, straightSession, to: 400)
        #expect(straight.flatMap(\.lines).contains { $0.contains("\"counter\":\"bounces\"") }, "the balls bounced")
        // The rules moved behaviors: the animator's order is not the file's any more.
        let scene = straightSession.scene
        let order = scene.animator.behaviors.compactMap { b in scene.fileBehaviors.firstIndex { $0 === b } }
        #expect(Set(order) == [0, 1, 2] && order != [0, 1, 2], "\(order)")
        for k in [70, 131, 200, 333] {
            let restored = history.start(toReach: k)
            let from = restored.stepCount
            #expect(from > 60 && k - from < 8, "step \(k) started from \(from)")
            history.advance(restored, to: k)
            _ = restored.rules?.takeLines()
            let after = Self.run(history, restored, to: 400)
            #expect(after.map(\.state) == straight[k...].map(\.state), "the states after step \(k)")
            #expect(after.map(\.lines) == straight[k...].map(\.lines), "the rule lines after step \(k)")
            #expect(restored.rules?.statusText == straightSession.rules?.statusText)
        }
    }
}
