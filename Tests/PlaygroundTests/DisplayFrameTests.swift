// Recorded frames for time travel: the store gives back every frame within its quantization
// (1/32 pt, 1/2048 rad), through packed blocks, drops and held steps; the frame recorded at a
// step is what re-simulating that step from a checkpoint shows, within 0.05 pt and 0.001 rad,
// for seed scenes and a 1,000-body crowd; a 10-minute crowd's frames leave the checkpoints most
// of the 256 MB; and the time controller shows a frame without touching the session on screen,
// rebuilding its exact state only when asked to settle.
import Foundation
import Geometry
import Testing
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Recorded frames: time travel shows a step at once, as re-simulating it would")
struct DisplayFrameTests {
    /// A frame of `n` items with values drawn from `random` (some not finite), as at step `t`.
    static func frame(items n: Int, t: Int, random: inout SystemRandomNumberGenerator, layout: Int = 7) -> DisplayFrame {
        let poses = (0..<n).map { i in
            ItemPose(center: Point(Double(i) * 10 + Double(t) * 1.37 + .random(in: -0.5...0.5, using: &random),
                                   500 - 0.5 * 0.27 * Double(t * t) + .random(in: -3...3, using: &random)),
                     angle: i == 3 && t % 5 == 0 ? .nan : .random(in: -.pi ... .pi, using: &random),
                     alpha: .random(in: 0...1, using: &random), scale: .random(in: 0.5...2, using: &random),
                     color: SceneColor(red: UInt8(i % 256), green: UInt8(t % 256), blue: 200),
                     size: Size(.random(in: 1...80, using: &random), 10))
        }
        let ends = [(Point(Double(t), -4.5), Point(1e12, 3))]
        return DisplayFrame(items: poses, jointEnds: ends, snapPoints: [Point(Double(t) / 3, 7)],
                            scoreboard: t % 50 < 25 ? "score \(t / 50)" : nil, layout: layout)
    }

    static func expectClose(_ a: DisplayFrame, _ b: DisplayFrame, length: Double, angle: Double, _ note: String) {
        #expect(a.items.count == b.items.count, "\(note)")
        for (p, q) in zip(a.items, b.items) {
            let dx = abs(p.center.x - q.center.x), dy = abs(p.center.y - q.center.y)
            #expect(dx <= length && dy <= length, "\(note): center \(p.center) against \(q.center)")
            let turn = remainder(p.angle - q.angle, 2 * .pi)
            #expect(abs(turn) <= angle || (p.angle.isNaN && q.angle.isNaN), "\(note): angle \(p.angle) against \(q.angle)")
            #expect(abs(p.alpha - q.alpha) <= 1.0 / 8192 && abs(p.scale - q.scale) <= 1.0 / 8192, "\(note)")
            #expect(p.color == q.color, "\(note)")
            #expect(abs(p.size.width - q.size.width) <= length && abs(p.size.height - q.size.height) <= length, "\(note)")
        }
        for (p, q) in zip(a.jointEnds, b.jointEnds) {
            // A value beyond the grid's range (1e12 pt) comes back not finite (checked apart).
            for (u, v) in [(p.0, q.0), (p.1, q.1)] where max(abs(v.x), abs(v.y)) < 1e8 {
                #expect(abs(u.x - v.x) <= length && abs(u.y - v.y) <= length, "\(note): joint end \(u) against \(v)")
            }
        }
        #expect(a.jointEnds.count == b.jointEnds.count && a.snapPoints.count == b.snapPoints.count, "\(note)")
        #expect(a.scoreboard == b.scoreboard, "\(note)")
    }

    @Test("frames come back within a half grid step (1/32 pt, 1/2048 rad, 1/8192 of alpha and scale), colors and texts exact, not-finite values not finite, through packed blocks, a drop and a held stretch")
    func roundTrip() throws {
        var random = SystemRandomNumberGenerator()
        let store = DisplayFrameStore()
        var recorded: [Int: DisplayFrame] = [:]
        for t in 0..<200 {
            let f = Self.frame(items: 12, t: t, random: &random)
            store.record(f, at: t)
            recorded[t] = f
        }
        // A frame already held is not recorded again.
        store.record(Self.frame(items: 12, t: 5, random: &random), at: 5)
        store.drop(from: 150)                    // inside the third block: it opens again
        #expect(store.lastStep == 149)
        #expect(store.frame(at: 150) == nil)
        store.record(recorded[150]!, at: 150)
        store.hold(from: 150, through: 179)      // a scene at rest skipped to step 180
        let other = Self.frame(items: 3, t: 180, random: &random, layout: 9)   // items were added
        store.record(other, at: 180)
        for t in 0...180 {
            let f = try #require(store.frame(at: t), "step \(t)")
            let expected = t > 150 && t < 180 ? recorded[150]! : t == 180 ? other : recorded[t]!
            Self.expectClose(f, expected, length: 1.0 / 32, angle: 1.0 / 2048, "step \(t)")
            #expect(f.layout == expected.layout)
            #expect(!f.jointEnds[0].1.isFinite, "a value beyond the grid's range came back finite")
        }
        #expect(store.frame(at: 181) == nil)
        #expect(store.frame(at: -1) == nil)
    }

    /// Plays `steps` steps of a session of `history` as the app does: each step's frame recorded
    /// before the next step runs, a checkpoint offered after it.
    static func playLive(_ history: SessionHistory, steps: Int) -> SceneSession {
        let s = history.makeSession()
        history.advance(s, to: steps)
        history.recordFrame(of: s)
        return s
    }

    /// The frame recorded at each of `steps` against the frame a session re-simulated to that
    /// step from the latest checkpoint shows: within 0.05 pt and 0.001 rad.
    static func compareWithResimulation(_ history: SessionHistory, at steps: [Int], _ name: String) throws {
        for k in steps {
            let recorded = try #require(history.frame(at: k), "\(name): no frame at step \(k)")
            let exact = history.start(toReach: k)
            history.advance(exact, to: k)
            let shown = DisplayFrame(exact.scene, scoreboard: exact.scoreboardText)
            #expect(recorded.fits(exact.scene), "\(name): step \(k)")
            expectClose(recorded, shown, length: 0.05, angle: 0.001, "\(name): step \(k)")
        }
    }

    @Test("each seed scene: the frames recorded at steps 1, 37, 200, 311 and 399 are what re-simulating those steps shows, within 0.05 pt and 0.001 rad",
          arguments: ["000-push", "001-snap", "002-pendulum", "003-cradle", "004-gestures", "005-crossing-images",
                      "006-scaling", "007-sandbox"])
    func seedScenes(name: String) throws {
        let file = KeyBindingTests.root.appendingPathComponent("scenes/\(name).yaml").path
        let history = SessionHistory(sceneDescription: try SceneParser().load(contentsOf: file), referenceBounds: CheckpointTests.bounds)
        _ = Self.playLive(history, steps: 400)
        try Self.compareWithResimulation(history, at: [1, 37, 200, 311, 399], name)
    }

    @Test("a 1,000-body crowd: the frames at steps 30 and 64 are what re-simulating them shows; its frames take so few bytes a step that 10 minutes (36,000 steps) hold under 96 MB, leaving the checkpoints over 160 of the 256 MB")
    func crowd() throws {
        let history = SessionHistory(sceneDescription: try CheckpointTests.crowd(), referenceBounds: CheckpointTests.crowdBounds)
        _ = Self.playLive(history, steps: 64)
        try Self.compareWithResimulation(history, at: [30, 64], "crowd")
        // The crowd fell from where it stood, so the comparisons compare frames that differ.
        let early = try #require(history.frame(at: 0)), late = try #require(history.frame(at: 64))
        #expect(zip(early.items, late.items).filter { $0.center.distance(to: $1.center) > 2 }.count > 500)
        // A full block of 64 steps is packed; its bytes per step, over 36,000 steps.
        let store = history.frames
        let packed = store.packedBytes
        #expect(store.packedFrames == 64)
        let tenMinutes = Double(packed) / Double(store.packedFrames) * 36_000
        print("crowd frames: \(packed / store.packedFrames) bytes a step packed; 36,000 steps: \(Int(tenMinutes / 1_048_576)) MB")
        #expect(tenMinutes < 96 * 1_048_576)
        #expect(history.budget - history.frameBytes <= history.checkpoints.budget)
    }

    @Test("paused, steps through time whose re-simulation is dearer than its budget show the recorded frame: the session on screen stays at its step, and settling rebuilds the exact state of the frame's step")
    func controllerShowsFrames() throws {
        let (time, live) = try TimeControllerTests.make(start: 0)
        time.exactTravelBudget = 0
        time.run(live, now: 1)
        time.pause(at: 1)
        #expect(time.travel(by: -30, from: live) == nil)
        #expect(!time.isTravelling)
        let shown = try #require(time.shownFrame)
        #expect(shown.step == 30 && live.stepCount == 60)
        let box = try #require(live.scene.items.firstIndex { $0.id == "a" })
        // The box slides 56 pt a second from x = 40.
        #expect(abs(shown.frame.items[box].center.x - (40 + 56 * 30.0 / 60)) <= 1.0 / 32)
        #expect(time.travel(by: 1, from: live) == nil)
        #expect(time.shownFrame?.step == 31)
        let exact = try #require(time.settle(onScreen: live))
        #expect(exact.stepCount == 31 && time.shownFrame == nil)
        #expect(abs(TimeControllerTests.x(exact) - (40 + 56 * 31.0 / 60)) < 1e-9)
        // Forward again: the frames recorded after step 31 are still there.
        #expect(time.travel(by: 29, from: exact) == nil)
        #expect(time.shownFrame?.step == 60 && !time.isTravelling)
        // Back to the step the session on screen is at: the session shows itself.
        #expect(time.travel(by: -29, from: exact) == nil)
        #expect(time.shownFrame == nil && exact.stepCount == 31)
    }

    @Test("paused, a step whose re-simulation is cheap rebuilds the exact state at once, as without frames")
    func cheapStepsRebuild() throws {
        let (time, live) = try TimeControllerTests.make(start: 0)
        time.run(live, now: 1)
        time.pause(at: 1)
        #expect(time.travel(by: -30, from: live) == nil)
        let back = try #require(time.continueTravel(onScreen: live))
        #expect(back.stepCount == 30 && time.shownFrame == nil)
    }
}
