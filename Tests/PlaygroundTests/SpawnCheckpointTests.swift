// Checkpoints after play changed the structure: items a tap spawned (a Sandbox played with
// many clicks), items rules added on a timer, and a group made again when a rule removed one of
// its items. A trip from a checkpoint taken after those goes through the same states, bit for
// bit, as the straight run, and starts near its target. Before checkpoints held these changes,
// every checkpoint after the first spawn failed to restore and the trips started from the last
// one before it (the `from` checks fail on that code).
import Foundation
import Geometry
import Testing
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Checkpoints after spawns, rules' adds and regroups: trips start near their target and match the straight run")
struct SpawnCheckpointTests {
    /// Rules add a box every 0.25 s and remove an item of the dumbbell at 1 s (the rest becomes
    /// a new group); a tap's `do:` adds a ball where it lands.
    static let ruled = """
        name: Rain
        summary: Boxes rain.
        items:
          - {id: seed, size: [20, 20], center: [320, 40], color: orange}
          - {id: left, shape: ellipse, size: [20, 20], center: [170, 200]}
          - {id: bar, size: [40, 6], center: [200, 200]}
          - {id: right, shape: ellipse, size: [20, 20], center: [230, 200]}
        groups:
          - {id: dumbbell, items: [left, bar, right]}
        behaviors:
          - {type: gravity, id: gravity}
          - {type: collision, id: walls, boundaries: reference}
        gestures:
          - recognizer: tap
            do: [{action: add, template: seed}]
        rules:
          - on: {event: every, seconds: 0.25}
            do: [{action: add, template: seed, at: [300, 60]}]
          - on: {event: after, seconds: 1}
            do: [{action: remove, item: right}]
        """

    /// Taps at `x` every 9 steps from step 10 to 300: one down and up each.
    static func taps(_ s: SceneSession) -> [SessionHistory.Event] {
        let k = s.stepCount
        guard k >= 10, k <= 300, (k - 10) % 9 == 0 else { return [] }
        let p = Point(Double(60 + (k * 37) % 520), 80)
        return [.pointer(.down(p, time: s.time)), .pointer(.up(p, time: s.time + 0.01))]
    }

    static func check(_ history: SessionHistory, at targets: [Int]) {
        for k in targets {
            let from = CheckpointTests.compare(history, at: k, then: 90)
            #expect(from > 0 && from <= k && k - from < 8, "step \(k) started from \(from)")
        }
    }

    @Test("the Sandbox clicked 33 times (a ball each): steps 100, 217 and 330 from a checkpoint, then 90 steps on, print the same bytes and raw numbers as from step 0, starting under 8 steps before")
    func sandboxTaps() throws {
        let file = KeyBindingTests.root.appendingPathComponent("scenes/007-sandbox.yaml").path
        let history = SessionHistory(sceneDescription: try SceneParser().load(contentsOf: file), referenceBounds: CheckpointTests.bounds)
        CheckpointTests.playLive(history, steps: 420, events: Self.taps)
        let end = history.makeSession()
        history.advance(end, to: 330)
        let base = try SceneParser().load(contentsOf: file).items.count
        #expect(end.scene.items.count - base >= 30, "\(end.scene.items.count - base) balls spawned")
        Self.check(history, at: [100, 217, 330])
    }

    @Test("rules adding a box every 0.25 s, a regrouped dumbbell and taps that add: steps 50, 133, 250 and 330 from a checkpoint, then 90 steps on, match step 0's run, starting under 8 steps before")
    func rulesAddAndRegroup() throws {
        let description = try SceneParser().parse(yaml: Self.ruled, file: "rain.yaml", imageFolder: nil)
        let history = SessionHistory(sceneDescription: description, referenceBounds: CheckpointTests.bounds)
        CheckpointTests.playLive(history, steps: 420, events: Self.taps)
        let end = history.makeSession()
        history.advance(end, to: 250)
        #expect(end.scene.item(withID: "right") == nil)
        #expect(end.scene.groups.first?.items.count == 2, "the dumbbell's rest is a group")
        #expect(end.scene.items.count >= 4 + 16 + 20, "\(end.scene.items.count) items")
        Self.check(history, at: [50, 133, 250, 330])
    }
}
