// `nudge bench audit` (hidden): the energy audit (Benchmarks/EnergyAudit.swift) over many seeds,
// for the long runs a test cannot afford; a release build runs 100,000 seeds. Prints each failure
// with its seed, cause and the kinds its scene uses, then a count per cause.
import ArgumentParser
import Benchmarks
import Foundation

struct BenchAuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Check random scenes of every behavior kind for energy from nowhere, NaN and escapes.",
        shouldDisplay: false)

    @Option(help: "How many seeds.")
    var seeds: UInt64 = 1000

    @Option(help: "The first seed.")
    var from: UInt64 = 0

    @Option(help: "Steps per scene (600 = 10 s).")
    var steps: Int = 600

    @Option(help: "Leave out a kind (repeatable): \(EnergyAudit.Kind.allCases.map(\.rawValue).joined(separator: ", ")).")
    var without: [String] = []

    @Flag(help: "Print each failing scene's YAML.")
    var yaml = false

    func validate() throws {
        try checkSteps(steps)
        for name in without where EnergyAudit.Kind(rawValue: name) == nil {
            throw ValidationError("unknown kind '\(name)'")
        }
    }

    func run() throws {
        BenchCommand.warnIfDebugBuild("bench audit")
        let kinds = Set(EnergyAudit.Kind.allCases).subtracting(without.compactMap(EnergyAudit.Kind.init(rawValue:)))
        let progress = ProgressLine()
        let failures = EnergyAudit.audit(seeds: from..<(from + seeds), steps: steps, kinds: kinds) { seed in
            if seed % 100 == 0 { progress.show("seed \(seed)") }
        }
        progress.clear()
        var byCause: [String: Int] = [:]
        for (scene, outcome) in failures {
            byCause[outcome.cause ?? "?", default: 0] += 1
            let used = scene.kinds.map(\.rawValue).sorted().joined(separator: " ")
            print("seed \(scene.seed) [\(outcome.cause ?? "?")] \(outcome.failure ?? "") kinds: \(used)")
            if yaml { print(scene.yaml) }
        }
        print("\(failures.count) of \(seeds) seeds failed" + byCause.keys.sorted().map { ", \($0): \(byCause[$0]!)" }.joined())
    }
}
