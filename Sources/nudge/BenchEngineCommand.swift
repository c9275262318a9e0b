// `nudge bench engine` (and plain `nudge bench`): the engine on standard scenes, median/min/max
// ms per step, in one run; the table or JSON Lines that benchmarks/peers.py reads beside the peers.
import ArgumentParser
import Benchmarks
import Foundation

struct BenchEngineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engine",
        abstract: "Time the engine on standard scenes (the default bench).",
        discussion: """
        Scenes: \(EngineScenes.all.map(\.name).joined(separator: ", ")).
        Prints median, min and max milliseconds per 1/60 s step, the bodies and contact pairs at the end, \
        and for the pyramids whether they still stand (no box moved a quarter of its size).
        """)

    @Option(name: .customLong("scene"), help: "Run only these scenes (repeatable); pyramid-N and rain-N pick other sizes.")
    var scenes: [String] = []

    @Option(help: "Steps per scene (default: each scene's own, 600 = 10 s for most).")
    var steps: Int?

    @Flag(help: "Print JSON Lines, one result per scene, instead of a table.")
    var json = false

    @Flag(help: "Run the twins of Box2D v3's ten benchmark scenes (v3's names; with --scene, only those twins).")
    var twins = false

    @Option(help: "Threads the engine may share a large step with (1 or 2; the results are the same bytes).")
    var workers: Int = 1

    @Flag(help: "List the scenes and exit.")
    var list = false

    @Flag(help: "Let bodies at rest sleep, as the playground does (the engine scenes run with sleeping off, like the peers).")
    var sleeping = false

    func validate() throws {
        try checkSteps(steps)
        guard (1...2).contains(workers) else { throw ValidationError("--workers must be 1 or 2, got \(workers)") }
        for name in scenes where lookUp(name) == nil {
            throw ValidationError("unknown scene '\(name)'; known: \(EngineScenes.all.map(\.name).joined(separator: ", ")), "
                                  + "or pyramid-N (N = b(b+1)/2) and rain-N for other sizes")
        }
    }

    /// A scene named on the command line: among the twins first with --twins.
    func lookUp(_ name: String) -> BenchScene? {
        if twins { return EngineScenes.twins.first { $0.name == name } }
        return EngineScenes.scene(named: name)
    }

    func run() throws {
        let all = EngineScenes.all
        if list {
            for s in all { print("\(s.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(s.summary)") }
            print("Twins of Box2D v3's benchmark scenes (--twins):")
            for s in EngineScenes.twins { print("\(s.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(s.summary)") }
            return
        }
        BenchCommand.warnIfDebugBuild("bench")
        let progress = ProgressLine()
        let selected = scenes.isEmpty ? (twins ? EngineScenes.twins : all) : scenes.compactMap(lookUp)
        let runner = BenchRunner(now: BenchCommand.monotonicNanoseconds(), progress: progress.show)
        if !json {
            print("scene           bodies  contacts  joints  steps   median ms    min ms    max ms  stands")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for scene in selected {
            let r = runner.run(scene, steps: steps, sleeping: sleeping, workers: workers)
            progress.clear()
            if json {
                print(String(decoding: try encoder.encode(r), as: UTF8.self))
            } else {
                var stands = r.stands.map { $0 ? "yes" : String(format: "NO (%.0f pt)", r.maximumDrift ?? 0) } ?? "-"
                if let kept = r.kept, let of = r.keptOf { stands = "\(kept) of \(of) kept" }
                print(r.scene.padding(toLength: 14, withPad: " ", startingAt: 0)
                      + String(format: " %7d %9d %7d %6d %11.3f %9.3f %9.3f  ", r.bodies, r.contacts, r.joints, r.steps,
                               r.medianMs, r.minMs, r.maxMs) + stands)
            }
        }
    }
}
