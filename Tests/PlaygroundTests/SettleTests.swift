// The settle: paused on a recorded frame (a rebuild that does not fit the exact-travel budget),
// the time controller rebuilds the step's exact state a slice at a time, and when it arrives
// at the step still shown, that state replaces the frame. It must be the state a re-simulation
// from step 0 reaches, bit for bit (CheckpointTests' comparison), it must run in slices (the
// stopwatch here advances 20 ms a reading, so each 12 ms slice runs one step), a press that moves
// the frame on must retarget it, and a resume after it must find nothing left to rebuild.
import Foundation
import Geometry
import Testing
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Settling on a recorded frame")
struct SettleTests {
    /// A bob swinging on a rod, a crate and a ball bouncing off the walls, and a label sliding
    /// for 20 s (so the scene never rests and every step runs).
    static let swinging = """
        name: Swinging
        summary: A bob swings; a crate and a ball bounce.
        items:
          - {id: bob, shape: ellipse, size: [40, 40], center: [300, 120], color: red}
          - {id: crate, size: [50, 50], center: [480, 80], angle: 0.4, color: orange}
          - {id: ball, shape: ellipse, size: [30, 30], center: [200, 60], color: cyan}
          - {id: sign, shape: label, text: "HI", center: [100, 40], color: yellow}
        behaviors:
          - {type: gravity, id: gravity, items: [bob, crate, ball]}
          - {type: collision, id: walls, items: [bob, crate, ball], boundaries: reference}
          - {type: attachment, item: bob, anchor: [150, 30]}
          - {type: dynamicItem, id: bouncy, items: [crate, ball], elasticity: 0.8}
        animations:
          - {item: sign, duration: 20, curve: linear, to: {center: [500, 40]}}
        """

    /// A controller over `swinging`, run live to step 300 and paused, whose stopwatch advances
    /// 20 ms a reading; trips never count as cheap.
    static func paused() throws -> (TimeController, SceneSession, SessionHistory) {
        let description = try SceneParser().parse(yaml: swinging, file: "swinging.yaml", imageFolder: nil)
        let history = SessionHistory(sceneDescription: description, referenceBounds: CheckpointTests.bounds)
        var reading = 0.0
        let time = TimeController(maximumStepsPerTurn: 10_000, stepBudget: 1_000,
                                  stopwatch: { reading += 0.020; return reading })
        time.start(history, at: 0)
        let live = history.makeSession()
        time.run(live, now: 5)
        time.pause(at: 5)
        time.exactTravelBudget = 0
        return (time, live, history)
    }

    /// Runs the settle to its end; returns the session it put on screen and the slices it took.
    static func settle(_ time: TimeController, onScreen s: SceneSession) -> (SceneSession?, Int) {
        var slices = 0
        while time.needsSettle, slices < 10_000 {
            slices += 1
            if let exact = time.continueSettle(onScreen: s) { return (exact, slices) }
        }
        return (nil, slices)
    }

    @Test("55 steps back from step 300 shows step 245's recorded frame; the settle, a step a slice, puts step 245 on screen with the bits of a re-simulation from step 0, and a resume then has nothing to rebuild")
    func settlesToTheExactState() throws {
        let (time, live, history) = try Self.paused()
        #expect(live.stepCount == 300)
        #expect(time.travel(by: -55, from: live) == nil)
        #expect(!time.isTravelling)
        #expect(time.shownFrame?.step == 245)
        #expect(time.showsRecordedFrame)
        let (settled, slices) = Self.settle(time, onScreen: live)
        let exact = try #require(settled)
        // The restore from the checkpoint of step 240 (every 8 steps), then one step a slice.
        #expect(history.checkpointSteps.contains(240))
        #expect(slices == 1 + 5, "the settle ran in \(slices) slices")
        #expect(exact !== live && exact.stepCount == 245)
        #expect(time.shownFrame == nil && !time.needsSettle && !time.showsRecordedFrame)
        let full = history.makeSession()
        history.advance(full, to: 245)
        #expect(exact.stateLine() == full.stateLine())
        #expect(CheckpointTests.bits(exact) == CheckpointTests.bits(full))
        #expect(exact.messages == full.messages)
        // Nothing is left for a resume to rebuild, and play goes on from step 245.
        #expect(time.settle(onScreen: exact) == nil)
        time.resume(exact, at: 10)
        time.run(exact, now: 10.5)
        #expect(exact.stepCount == 275)
    }

    @Test("presses during a settle: a step back to where it has got keeps it, one further back starts it over, a step forward retargets it; it lands on the last frame shown, exact")
    func pressesRetarget() throws {
        let (time, live, history) = try Self.paused()
        #expect(time.travel(by: -55, from: live) == nil)          // 245
        for _ in 0..<3 { _ = time.continueSettle(onScreen: live) } // restored at 240, run to 242
        #expect(time.travel(by: -3, from: live) == nil)           // 242: kept, and there
        #expect(time.shownFrame?.step == 242)
        let atTheFrame = try #require(time.continueSettle(onScreen: live))
        #expect(atTheFrame.stepCount == 242)
        #expect(time.shownFrame == nil)
        // From the exact 242 on screen: 5 back (the settle restored at 232 and run to 236),
        // 2 back past it (it starts over), then 4 forward (it goes on).
        #expect(time.travel(by: -5, from: atTheFrame) == nil)     // 237
        for _ in 0..<5 { _ = time.continueSettle(onScreen: atTheFrame) }
        #expect(time.travel(by: -2, from: atTheFrame) == nil)     // 235
        #expect(time.travel(by: 4, from: atTheFrame) == nil)      // 239
        #expect(time.shownFrame?.step == 239)
        let exact = try #require(Self.settle(time, onScreen: atTheFrame).0)
        #expect(exact.stepCount == 239)
        let full = history.makeSession()
        history.advance(full, to: 239)
        #expect(CheckpointTests.bits(exact) == CheckpointTests.bits(full))
        #expect(exact.stateLine() == full.stateLine())
    }

    @Test("a resume before the settle has arrived goes on from where the settle got, to the same exact state")
    func resumeMidSettle() throws {
        let (time, live, history) = try Self.paused()
        #expect(time.travel(by: -55, from: live) == nil)
        _ = time.continueSettle(onScreen: live)
        _ = time.continueSettle(onScreen: live)
        let exact = try #require(time.settle(onScreen: live))
        #expect(exact.stepCount == 245)
        #expect(time.shownFrame == nil && !time.needsSettle)
        let full = history.makeSession()
        history.advance(full, to: 245)
        #expect(CheckpointTests.bits(exact) == CheckpointTests.bits(full))
    }
}
