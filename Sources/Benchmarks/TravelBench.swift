// TravelBench: how long a step through time takes in a long session of a big scene, and what its
// history's checkpoints hold.
//
// It plays the 1,000-item crowd (RenderBench.crowdScene) with a noise field that keeps it
// stirring, so the engine's state changes at every step of the session and no two checkpoints
// share arrays, for a number of steps (10 simulated minutes by default), offering a checkpoint
// after each step as the app does. Then, from random places, it times what the playground's keys
// do while paused: a jump to a random step (a trip from the latest checkpoint before it: what
// the first press costs where checkpoints are sparse), single steps back (`,`: from the latest
// checkpoint, which the trips before left near) and single steps forward (`.`: the session on
// screen runs one step). The session a trip replaced is kept to restore into, as the app does.
// Memory is the history's count of its checkpoints' bytes (most of them packed as they age) and
// the process's resident set before playing and after, and its peak (which counts the packing's
// scratch and the allocator's slack).
import Foundation
import Geometry
import Playground
import SceneFormat

public enum TravelBench {
    /// The crowd, stirred.
    public static func sceneText(count: Int) -> String {
        RenderBench.crowdScene(count: count)
            + "  - {type: field, kind: noise, strength: 0.3, smoothness: 0.8, animationSpeed: 0.5}\n"
    }

    public struct Result {
        public var playSeconds = 0.0
        public var checkpointBytes = 0
        public var checkpointCount = 0
        public var packedCount = 0
        /// The longest stretch of steps between checkpoints (or after the last one).
        public var widestGap = 0
        public var residentBefore = 0
        public var residentAfter = 0
        public var residentPeak = 0
        /// Milliseconds of each trip, by kind.
        public var jumps: [Double] = []
        public var stepsBack: [Double] = []
        public var stepsForward: [Double] = []
    }

    /// Plays `steps` steps of a crowd of `count` items, then makes `places` jumps, each followed
    /// by `stepsAtEach` steps back and as many forward. `now` reads seconds from a monotonic clock.
    public static func run(count: Int, steps: Int, places: Int, stepsAtEach: Int, seed: UInt64,
                           now: () -> Double, progress: (String) -> Void = { _ in }) throws -> Result {
        let description = try SceneParser().parse(yaml: sceneText(count: count), file: "crowd.yaml", imageFolder: nil)
        let history = SessionHistory(sceneDescription: description, referenceBounds: Rect(origin: .zero, size: Size(960, 540)))
        var result = Result()
        result.residentBefore = residentBytes()
        var shown = history.makeSession()
        let start = now()
        while shown.stepCount < steps {
            shown.step()
            history.offerCheckpoint(of: shown)
            if shown.stepCount % 600 == 0 { progress("played \(shown.stepCount / 60) s of \(steps / 60) s") }
        }
        result.playSeconds = now() - start
        result.residentAfter = residentBytes()
        result.checkpointBytes = history.checkpointBytes
        result.checkpointCount = history.checkpointCount
        result.packedCount = history.packedCheckpointCount
        let marks = history.checkpointSteps + [steps]
        result.widestGap = zip([0] + marks, marks).map { $1 - $0 }.max() ?? steps
        var random = SplitMix64(seed: seed)
        func travel(to target: Int) -> Double {
            let t0 = now()
            let trip = history.start(toReach: target)
            history.advance(trip, to: target)
            let ms = (now() - t0) * 1000
            if trip !== shown { history.recycle(shown) }
            shown = trip
            return ms
        }
        for place in 0..<places {
            progress("travelling: place \(place + 1) of \(places)")
            result.jumps.append(travel(to: 1 + Int(random.next() % UInt64(steps - 1))))
            for _ in 0..<stepsAtEach where shown.stepCount > 0 { result.stepsBack.append(travel(to: shown.stepCount - 1)) }
            for _ in 0..<stepsAtEach {
                let t0 = now()
                history.advance(shown, to: shown.stepCount + 1)
                result.stepsForward.append((now() - t0) * 1000)
            }
        }
        result.residentPeak = peakResidentBytes()
        return result
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
