// The time controller on its own, driven by the times a test passes in: steps due at 60 Hz from
// the scene's start, pause, speed, the per-turn cap and budget, trips through history. The
// scene slides one box 560 pt in 10 s (an animation), so the box's x at step n is 40 + 56·n/60.
import Foundation
import Geometry
import Testing
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Time controller")
struct TimeControllerTests {
    /// A controller and a session of the sliding box, started at `start` seconds.
    static func make(start: Double = 10, maximumSteps: Int = 1000, stepBudget: Double = 1,
                     stopwatch: @escaping () -> Double = { 0 }) throws -> (TimeController, SceneSession) {
        let description = try SceneParser().parse(yaml: PlaygroundAppTests.moving, file: "moving.yaml")
        let history = SessionHistory(sceneDescription: description, referenceBounds: Rect(x: 0, y: 0, width: 640, height: 368))
        let time = TimeController(maximumStepsPerTurn: maximumSteps, stepBudget: stepBudget, stopwatch: stopwatch)
        time.start(history, at: start)
        return (time, history.makeSession())
    }

    static func x(_ s: SceneSession) -> Double { s.scene.item(withID: "a")!.center.x }

    @Test("steps are due at 60 per second of the clock passed in, counted from the start, not summed per turn")
    func stepsDueFromTheStart() throws {
        let (time, s) = try Self.make()
        time.run(s, now: 10.25)
        #expect(s.stepCount == 15)
        for k in 1...30 { time.run(s, now: 10.25 + Double(k) * 0.0123) }   // turns of uneven length
        time.run(s, now: 11)
        #expect(s.stepCount == 60)
        #expect(abs(Self.x(s) - 96) < 1e-9)   // 40 + 56 · 60/60
    }

    @Test("paused, no step runs however the clock moves; resumed, the clock takes up where it stopped")
    func pauseHoldsTheClock() throws {
        let (time, s) = try Self.make()
        time.run(s, now: 11)
        time.pause(at: 11)
        time.run(s, now: 13)
        #expect(s.stepCount == 60)
        time.resume(s, at: 13)
        time.run(s, now: 13.5)
        #expect(s.stepCount == 90)   // 1.5 s of play: the 2 s paused do not count
    }

    @Test("speeds: ] doubles to 2× at most, [ halves to 1/8× at least; 2 s at 1/2× run 60 steps")
    func speeds() throws {
        let (time, s) = try Self.make(start: 0)
        #expect(time.changeSpeed(faster: false, at: 0) == nil)
        #expect(time.speed == 0.5)
        time.run(s, now: 2)
        #expect(s.stepCount == 60)
        #expect(time.changeSpeed(faster: true, at: 2) == nil)
        #expect(time.changeSpeed(faster: true, at: 2) == nil)
        #expect(time.speed == 2)
        #expect(time.changeSpeed(faster: true, at: 2) == "2× is the fastest speed.")
        time.run(s, now: 2.5)
        #expect(s.stepCount == 120)   // 60 more: half a second at 2×, and no jump at the change
        for _ in 0..<4 { _ = time.changeSpeed(faster: false, at: 2.5) }
        #expect(time.speed == 0.125)
        #expect(time.changeSpeed(faster: false, at: 2.5) == "0.125× is the slowest speed.")
    }

    @Test("a turn runs at most its cap of steps; the time it could not catch up on is dropped, and said as slow motion")
    func capDropsTime() throws {
        let (time, s) = try Self.make(start: 0, maximumSteps: 5)
        time.run(s, now: 1)
        #expect(s.stepCount == 5)
        // 55 of the 60 steps due were dropped: 1 − 55/60 simulated seconds in that wall second.
        #expect(abs((time.slowMotionRate ?? -1) - 5.0 / 60) < 1e-12)
        time.run(s, now: 1 + 1.0 / 60)
        #expect(s.stepCount == 6)   // the clock goes on from where it dropped, no burst
        time.forgetDroppedTime(before: 2.01)
        #expect(time.slowMotionRate == nil)
    }

    @Test("the step budget is measured on the stopwatch: at 15 ms a reading and a 20 ms budget, two steps a turn")
    func budgetOnTheStopwatch() throws {
        var reading = 0.0
        let (time, s) = try Self.make(start: 0, stepBudget: 0.020, stopwatch: { reading += 0.015; return reading })
        time.run(s, now: 1)
        #expect(s.stepCount == 2)
    }

    @Test("paused at step 60, one step back shows step 59 as it was live, forward returns to 60; the limits say why")
    func history() throws {
        let (time, live) = try Self.make(start: 0)
        #expect(time.travel(by: -1, from: live) == "Pause (space) to step in time.")
        time.run(live, now: 1)
        time.pause(at: 1)
        #expect(time.travel(by: -1, from: live) == nil)
        let back = try #require(time.continueTravel(onScreen: live))
        #expect(back !== live)
        #expect(back.stepCount == 59)
        #expect(abs(Self.x(back) - (40 + 56 * 59.0 / 60)) < 1e-9)
        #expect(time.travel(by: 1, from: back) == nil)
        let forward = try #require(time.continueTravel(onScreen: back))
        #expect(forward === back)
        #expect(forward.stepCount == 60)
        #expect(abs(Self.x(forward) - 96) < 1e-9)
        #expect(time.travel(by: -60, from: forward) == nil)
        let start = try #require(time.continueTravel(onScreen: forward))
        #expect(start.stepCount == 0)
        #expect(time.travel(by: -1, from: start) == "At step 0: nothing before.")
    }

    @Test("after a trip the clock stands at the step on screen: resumed, steps go on from there")
    func resumeAfterTravel() throws {
        let (time, live) = try Self.make(start: 0)
        time.run(live, now: 1)
        time.pause(at: 1)
        _ = time.travel(by: -30, from: live)
        let back = try #require(time.continueTravel(onScreen: live))
        time.resume(back, at: 5)
        time.run(back, now: 5.5)
        #expect(back.stepCount == 60)   // 30 + half a second
    }

    @Test("an event's time is the steps run plus the fraction of the step under way, below the next step")
    func eventTime() throws {
        let (time, s) = try Self.make(start: 0)
        time.run(s, now: 0.5)
        #expect(abs(time.eventTime(of: s, at: 0.5 + 1.0 / 120) - 30.5 / 60) < 1e-9)
        #expect(time.eventTime(of: s, at: 0.6) < 31.0 / 60)   // steps not yet run do not count
    }
}
