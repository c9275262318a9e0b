// Checkpoints go on being taken after a rule put a behavior of its own in the animator: a `snap`
// (in the animator from its step on) and an instantaneous `push` (for the step after). A trip to
// a step after the snap starts from a checkpoint within 8 steps of it, not from before the snap,
// and runs on through the same states and rule lines as the straight run, bit for bit.
import Foundation
@testable import Dynamics
import Geometry
import Testing
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Checkpoints with a rule's snap and push in the animator")
struct RuleSnapCheckpointTests {
    /// Balls bouncing under gravity; at 0.5 s a rule snaps `b` to the middle, and every 0.4 s
    /// one pushes `a` up.
    static let snapping = """
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
            do: [{action: snap, item: b, to: [320, 200], damping: 0.3}]
          - on: {event: every, seconds: 0.4}
            do: [{action: push, item: a, direction: [0, -1]}]
          - on: {event: contactBegan, boundary: reference}
            do: [{action: counter, counter: bounces}]
        """

    @Test("after a rule's snap (step 30) and among its pushes: steps 70, 131, 200 and 333 start from a checkpoint within 8 steps and run to step 400 as the straight run does")
    func snapAndPushCheckpoint() throws {
        let description = try SceneParser().parse(yaml: Self.snapping, file: "snapping.yaml")
        let history = SessionHistory(sceneDescription: description, referenceBounds: Rect(origin: .zero, size: Size(640, 368)))
        let straightSession = history.makeSession()
        let straight = RuleCheckpointTests.run(history, straightSession, to: 400)
        let scene = straightSession.scene
        #expect(scene.animator.behaviors.contains { $0 is SnapBehavior }, "the rule's snap is in the animator")
        // b was pulled to the snap's point.
        let b = try #require(scene.item(withID: "b"))
        #expect(b.center.distance(to: Point(320, 200)) < 20, "b at \(b.center)")
        #expect(history.checkpointSteps.contains { $0 > 40 }, "no checkpoint after the snap: \(history.checkpointSteps)")
        for k in [70, 131, 200, 333] {
            let restored = history.start(toReach: k)
            let from = restored.stepCount
            #expect(from > 30 && k - from < 8, "step \(k) started from \(from)")
            history.advance(restored, to: k)
            _ = restored.rules?.takeLines()
            let after = RuleCheckpointTests.run(history, restored, to: 400)
            #expect(after.map(\.state) == straight[k...].map(\.state), "the states after step \(k)")
            #expect(after.map(\.lines) == straight[k...].map(\.lines), "the rule lines after step \(k)")
            #expect(CheckpointTests.bits(restored) == CheckpointTests.bits(straightSession))
        }
    }
}
