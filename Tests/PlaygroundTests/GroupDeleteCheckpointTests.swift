// Checkpoints go on being taken after edit mode deletes an item of a group while the scene plays
// on. Edit mode's delete (Scene.removingItem) takes the whole group: the group entry first, so
// its items move on alone, then every item; a rebuilt session makes the same edit at its step
// and the checkpoint puts the moving state back. A trip to a step after the delete starts from a
// checkpoint within 8 steps of it, not from the last one before the delete, and runs on through
// the same states as the straight run, bit for bit.
import Foundation
@testable import Dynamics
import Geometry
import Testing
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Checkpoints after an edit deletes an item of a group")
struct GroupDeleteCheckpointTests {
    /// A spinning dumbbell and a box falling onto a floor; edit mode's delete of the dumbbell's
    /// right ball at step 40 takes the dumbbell.
    static let dumbbells = """
        size: [640, 368]
        items:
          - {id: left, shape: ellipse, size: [20, 20], center: [170, 100], velocity: [60, -20], angularVelocity: 2}
          - {id: bar, size: [40, 6], center: [200, 100]}
          - {id: right, shape: ellipse, size: [20, 20], center: [230, 100]}
          - {id: box, size: [40, 40], center: [400, 80], velocity: [-80, 0]}
        groups:
          - {id: dumbbell, items: [left, bar, right]}
        behaviors:
          - {type: gravity, items: [left, bar, right, box]}
          - {type: collision, items: [left, bar, right, box], boundaries: reference}
          - {type: dynamicItem, items: [bar, box], elasticity: 0.6}
        """

    static func straightRun(deleteAt: Int, through end: Int) throws -> (SessionHistory, SceneSession, [String]) {
        let description = try SceneParser().parse(yaml: dumbbells, file: "dumbbells.yaml")
        let history = SessionHistory(sceneDescription: description, referenceBounds: Rect(origin: .zero, size: Size(640, 368)))
        let session = history.makeSession()
        var states: [String] = []
        while session.stepCount < end {
            if session.stepCount == deleteAt {
                let edit = try session.scene.removingItem("right").get()
                #expect(session.apply(edit) != nil, "the delete applies")
                history.record(.edit(edit), at: session.stepCount)
                session.scene.animator.commitChanges()
            }
            history.advance(session, to: session.stepCount + 1)
            states.append(session.stateLine())
        }
        return (history, session, states)
    }

    @Test("after edit mode deletes the dumbbell's right ball (and so the dumbbell) at step 40: steps 60, 97, 150 and 233 start from a checkpoint within 8 steps and run to step 300 as the straight run does")
    func deleteKeepsCheckpoints() throws {
        let (history, straightSession, straight) = try Self.straightRun(deleteAt: 40, through: 300)
        #expect(["left", "bar", "right"].allSatisfy { straightSession.scene.item(withID: $0) == nil })
        #expect(straightSession.scene.groups.isEmpty && straightSession.scene.items.map(\.id) == ["box"])
        #expect(history.checkpointSteps.contains { $0 > 48 }, "no checkpoint after the delete: \(history.checkpointSteps)")
        for k in [60, 97, 150, 233] {
            let restored = history.start(toReach: k)
            let from = restored.stepCount
            #expect(from > 40 && k - from < 8, "step \(k) started from \(from)")
            history.advance(restored, to: k)
            var after: [String] = []
            while restored.stepCount < 300 {
                history.advance(restored, to: restored.stepCount + 1)
                after.append(restored.stateLine())
            }
            #expect(after == Array(straight[k...]), "the states after step \(k)")
            #expect(CheckpointTests.bits(restored) == CheckpointTests.bits(straightSession))
        }
    }
}
