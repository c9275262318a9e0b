// `nudge bench travel` (not listed in help): steps through the history of a long session of a
// big scene and prints the worst and median milliseconds of showing a step's recorded frame by
// each kind of key, of resuming there (the exact state rebuilt), and what the history's frames
// and checkpoints hold (TravelBench). Use a release build. `--processor-time` reads the process's
// processor clock: the bench runs on one thread, so on a machine busy with other work that is
// about what a quiet machine's wall clock shows, where the wall clock counts the waiting too.
import ArgumentParser
import Benchmarks
import Foundation

struct BenchTravelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "travel",
        abstract: "Time steps back and forward through a long session of a 1,000-item crowd.",
        shouldDisplay: false)

    @Option(help: "Items in the crowd (default 1000).")
    var items = 1000

    @Option(help: "Steps played before travelling (default 36000: 10 simulated minutes).")
    var steps = 36000

    @Option(help: "Random places jumped to (default 40).")
    var places = 40

    @Option(help: "Steps back, then forward, at each place (default 20).")
    var stepsAtEach = 20

    @Option(help: "Seed of the random places (default 1).")
    var seed: UInt64 = 1

    @Flag(help: "Time with the process's processor clock instead of the wall clock: on a busy machine it reads about what a quiet one's wall clock would.")
    var processorTime = false

    func validate() throws {
        try checkSteps(steps)
        if steps < 2 { throw ValidationError("--steps must be at least 2 (got \(steps))") }
        if items < 1 || items > 20_000 { throw ValidationError("--items must be 1 to 20000 (got \(items))") }
        if places < 0 || stepsAtEach < 0 { throw ValidationError("--places and --steps-at-each must not be negative") }
    }

    func run() throws {
        BenchCommand.warnIfDebugBuild("bench travel")
        let clock = processorTime ? BenchCommand.processorNanoseconds() : BenchCommand.monotonicNanoseconds()
        let progress = ProgressLine()
        let r = try TravelBench.run(count: items, steps: steps, places: places, stepsAtEach: stepsAtEach, seed: seed,
                                    now: { Double(clock()) / 1e9 }, progress: progress.show)
        progress.clear()
        let mb = { (bytes: Int) in String(format: "%.1f MB", Double(bytes) / 1_048_576) }
        print("crowd of \(items), \(steps) steps (\(steps / 60) s) played in \(String(format: "%.1f", r.playSeconds)) s")
        let stepMs = r.playSeconds * 1000 / Double(steps)
        print(String(format: "a step takes %.2f ms: %d steps fit in 50 ms", stepMs, Int(50 / max(stepMs, 1e-9))))
        print("frames: \(mb(r.frameBytes)) (\(String(format: "%.0f", Double(r.frameBytes) / Double(steps + 1))) bytes a step); frames and checkpoints: \(mb(r.totalBytes))")
        if r.missingFrames > 0 { print("steps without a frame: \(r.missingFrames)") }
        print("checkpoints: \(r.checkpointCount) (\(r.packedCount) packed), holding at most \(mb(r.checkpointBytes)) (each counted alone); widest gap \(r.widestGap) steps")
        print("resident set: \(mb(r.residentBefore)) before playing, \(mb(r.residentAfter)) after (+\(mb(r.residentAfter - r.residentBefore))), peak \(mb(r.residentPeak))")
        print("what            count   median ms      90% ms   worst ms" + (processorTime ? "   (processor time)" : ""))
        for (name, times) in [("jump anywhere", r.jumps), ("step back", r.stepsBack), ("step forward", r.stepsForward),
                              ("resume there", r.resumes), ("restore whole", r.restores),
                              ("restore piece", r.restorePieces)] {
            let sorted = times.sorted()
            let at = { (q: Double) in sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))] }
            print(name.padding(toLength: 14, withPad: " ", startingAt: 0)
                  + String(format: "%7d %11.2f %11.2f %10.2f", sorted.count, at(0.5), at(0.9), sorted.last ?? 0))
        }
    }
}
