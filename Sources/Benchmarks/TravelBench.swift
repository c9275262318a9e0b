// TravelBench: how long a step through time takes in a long session of a big scene, and what its
// history holds.
//
// It plays the 1,000-item crowd (RenderBench.crowdScene) with a noise field that keeps it
// stirring, so the engine's state changes at every step of the session and no two checkpoints
// share arrays, for a number of steps (10 simulated minutes by default), recording each step's
// frame and offering a checkpoint after each step as the app does. Then, from random places,
// it times what the playground's keys do while paused: a jump to a random step, single steps
// back (`,`) and single steps forward (`.`): each shows the step's recorded frame (the frame
// looked up and unpacked, and the scene drawn with it on a 200 × 60 canvas); then resuming
// there, which rebuilds the exact state (a trip from the latest checkpoint before the step,
// whose session is kept as the one on screen, the one it replaced kept to restore into, as the
// app does); the trip's start is made in pieces as a settle makes it, and the whole restore and
// its longest piece (what a settle's slice can wait on) are timed too. Memory is the history's count of its frames' and checkpoints' bytes (most of them
// packed as they age) and the process's resident set before playing and after, and its peak
// (which counts the packing's scratch and the allocator's slack).
import Dynamics
import Foundation
import Geometry
import Playground
import SceneFormat
import TerminalUI

public enum TravelBench {
    /// The crowd, stirred.
    public static func sceneText(count: Int) -> String {
        RenderBench.crowdScene(count: count)
            + "  - {type: field, kind: noise, strength: 0.3, smoothness: 0.8, animationSpeed: 0.5}\n"
    }

    public struct Result {
        public var playSeconds = 0.0
        public var checkpointBytes = 0
        public var frameBytes = 0
        public var totalBytes = 0
        /// Steps whose frame was missing (travel fell back to re-simulating).
        public var missingFrames = 0
        public var checkpointCount = 0
        public var packedCount = 0
        /// The longest stretch of steps between checkpoints (or after the last one).
        public var widestGap = 0
        public var residentBefore = 0
        public var residentAfter = 0
        public var residentPeak = 0
        /// Milliseconds of showing each step's frame, by kind of key, and of resuming.
        public var jumps: [Double] = []
        public var stepsBack: [Double] = []
        public var stepsForward: [Double] = []
        public var resumes: [Double] = []
        /// Milliseconds of each resume's start (the restore, SessionHistory.startInPieces) whole,
        /// and of its longest piece: what a settle's slice waits on at most.
        public var restores: [Double] = []
        public var restorePieces: [Double] = []
    }

    /// Plays `steps` steps of a crowd of `count` items, then makes `places` jumps, each followed
    /// by `stepsAtEach` steps back and as many forward, then a resume. `now` reads seconds from a
    /// monotonic clock.
    public static func run(count: Int, steps: Int, places: Int, stepsAtEach: Int, seed: UInt64,
                           now: () -> Double, progress: (String) -> Void = { _ in }) throws -> Result {
        let description = try SceneParser().parse(yaml: sceneText(count: count), file: "crowd.yaml", imageFolder: nil)
        let history = SessionHistory(sceneDescription: description, referenceBounds: Rect(origin: .zero, size: Size(960, 540)))
        var result = Result()
        result.residentBefore = residentBytes()
        var shown = history.makeSession()
        let start = now()
        while shown.stepCount < steps {
            history.recordFrame(of: shown)
            shown.step()
            history.offerCheckpoint(of: shown)
            if shown.stepCount % 600 == 0 { progress("played \(shown.stepCount / 60) s of \(steps / 60) s") }
        }
        history.recordFrame(of: shown)
        result.playSeconds = now() - start
        result.residentAfter = residentBytes()
        noteMemory(of: history, in: &result, steps: steps)
        var random = SplitMix64(seed: seed)
        let renderer = SceneRenderer()
        var canvas = Canvas(columns: 200, rows: 60, cellSize: .default, glyphs: .half, background: renderer.background)
        var step = shown.stepCount
        func show(_ target: Int) -> Double {
            let t0 = now()
            if let frame = history.frame(at: target), frame.fits(shown.scene) {
                renderer.redraw(shown.scene, on: &canvas, shown: frame)
            } else {
                result.missingFrames += 1
            }
            step = target
            return (now() - t0) * 1000
        }
        for place in 0..<places {
            progress("travelling: place \(place + 1) of \(places)")
            result.jumps.append(show(1 + Int(random.next() % UInt64(steps - 1))))
            for _ in 0..<stepsAtEach where step > 0 { result.stepsBack.append(show(step - 1)) }
            for _ in 0..<stepsAtEach where step < steps { result.stepsForward.append(show(step + 1)) }
            let t0 = now()
            let start = history.startInPieces(toReach: step, from: shown)
            var longest = 0.0
            while !start.isDone {
                let p0 = now()
                start.runNext()
                longest = max(longest, (now() - p0) * 1000)
            }
            let trip = start.result() ?? history.start(toReach: step, from: shown)
            result.restores.append((now() - t0) * 1000)
            result.restorePieces.append(longest)
            history.advance(trip, to: step)
            result.resumes.append((now() - t0) * 1000)
            if trip !== shown { history.recycle(shown) }
            shown = trip
        }
        result.residentPeak = peakResidentBytes()
        return result
    }

    private static func noteMemory(of history: SessionHistory, in result: inout Result, steps: Int) {
        result.checkpointBytes = history.checkpointBytes
        result.frameBytes = history.frameBytes
        result.totalBytes = history.totalBytes
        result.checkpointCount = history.checkpointCount
        result.packedCount = history.packedCheckpointCount
        let marks = history.checkpointSteps + [steps]
        result.widestGap = zip([0] + marks, marks).map { $1 - $0 }.max() ?? steps
    }

    /// The process's largest resident set so far in bytes (Linux: VmHWM of /proc/self/status), 0 elsewhere.
    public static func peakResidentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kB = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kB * 1024
    }

    /// The process's resident set in bytes (Linux: /proc/self/statm), 0 elsewhere.
    public static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
