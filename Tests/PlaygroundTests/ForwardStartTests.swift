// A trip forward starts from the nearest checkpoint before its target when that lies well ahead
// of the session on screen, rather than running every step in between: a jump from step 10 to
// step 390 of a 400-step history runs 6 steps from the checkpoint of step 384, not 380, and
// arrives at the same bits as a re-simulation from step 0. A short step forward still runs the
// session on screen on.
import Foundation
import Testing
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Trips forward start from the nearest checkpoint")
struct ForwardStartTests {
    @Test("from step 10: a trip to 390 restores step 384's checkpoint and lands on re-simulation's bits; a trip to 20 runs the session itself")
    func forwardFromCheckpoint() throws {
        let description = try SceneParser().parse(yaml: SettleTests.swinging, file: "swinging.yaml", imageFolder: nil)
        let history = SessionHistory(sceneDescription: description, referenceBounds: CheckpointTests.bounds)
        CheckpointTests.playLive(history, steps: 400)
        let current = history.start(toReach: 10)
        history.advance(current, to: 10)
        #expect(history.start(toReach: 20, from: current) === current)
        let far = history.start(toReach: 390, from: current)
        #expect(far !== current)
        #expect(far.stepCount == 384, "started from step \(far.stepCount)")
        history.advance(far, to: 390)
        let full = history.makeSession()
        history.advance(full, to: 390)
        #expect(far.stateLine() == full.stateLine())
        #expect(CheckpointTests.bits(far) == CheckpointTests.bits(full))
        // Behind the target, the latest checkpoint before it, as ever.
        #expect(history.start(toReach: 5, from: current).stepCount <= 5)
    }
}
