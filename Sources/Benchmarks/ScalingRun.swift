// ScalingRun: how the cost of a step grows with the body count (`nudge bench scaling`). Steps
// pyramids and rains of growing size on Nudge, in process with BenchRunner (so time comes from
// the clock the runner was given), and on the peers through PeerProgram, a seam the executable
// fills with PeerProcess and the tests with stand-ins. Each size runs Nudge first, then every peer
// with the step count Nudge used, so all engines time the same simulated interval. A peer that
// runs out of time is left out with a note (a row with no figures), not counted as a failure;
// any other error is a failure. The rows feed ScalingCSV, ScalingPlot and the summary table.
import Foundation

/// One engine of the comparison.
public enum ScalingEngine: String, Sendable, CaseIterable, Codable {
    case nudge, box2d, chipmunk

    /// The name readers see (the README table's column titles).
    public var displayName: String {
        switch self {
        case .nudge: "Nudge"
        case .box2d: "Box2D 2.4.1"
        case .chipmunk: "Chipmunk 7"
        }
    }
}

/// One scene size of the scaling run.
public struct ScalingSize: Sendable, Equatable {
    /// "pyramid" or "rain": the plot's panel.
    public let family: String
    /// The scene name every engine knows ("pyramid-N", "rain-N", "rain" for 2,000 shapes).
    public let scene: String
    /// Bodies the scene starts with.
    public let bodies: Int

    public init(family: String, scene: String, bodies: Int) {
        self.family = family; self.scene = scene; self.bodies = bodies
    }

    /// A pyramid of base b: b(b+1)/2 boxes.
    public static func pyramid(base: Int) -> ScalingSize {
        let count = base * (base + 1) / 2
        return ScalingSize(family: "pyramid", scene: "pyramid-\(count)", bodies: count)
    }

    /// A rain of `count` shapes (named "rain" at 2,000, as EngineScenes names it).
    public static func rain(count: Int) -> ScalingSize {
        ScalingSize(family: "rain", scene: count == 2000 ? "rain" : "rain-\(count)", bodies: count)
    }
}

/// One line of the scaling CSV: an engine's figures on one size, or, when it was left out, only
/// the names and a note saying why.
public struct ScalingRow: Sendable, Equatable {
    public let family: String
    public let scene: String
    public let engine: ScalingEngine
    public let steps: Int?
    public let bodies: Int?
    public let contacts: Int?
    public let medianMs: Double?
    public let minMs: Double?
    public let maxMs: Double?
    public let stands: Bool?
    public let note: String

    public init(family: String, scene: String, engine: ScalingEngine, steps: Int?, bodies: Int?, contacts: Int?,
                medianMs: Double?, minMs: Double?, maxMs: Double?, stands: Bool?, note: String = "") {
        self.family = family; self.scene = scene; self.engine = engine; self.steps = steps; self.bodies = bodies
        self.contacts = contacts; self.medianMs = medianMs; self.minMs = minMs; self.maxMs = maxMs
        self.stands = stands; self.note = note
    }

    /// A measured row.
    public init(size: ScalingSize, engine: ScalingEngine, result: BenchResult) {
        self.init(family: size.family, scene: size.scene, engine: engine, steps: result.steps, bodies: result.bodies,
                  contacts: result.contacts, medianMs: result.medianMs, minMs: result.minMs, maxMs: result.maxMs,
                  stands: result.stands)
    }

    /// A row for a run that was left out.
    public init(size: ScalingSize, engine: ScalingEngine, leftOut note: String) {
        self.init(family: size.family, scene: size.scene, engine: engine, steps: nil, bodies: nil, contacts: nil,
                  medianMs: nil, minMs: nil, maxMs: nil, stands: nil, note: note)
    }
}

/// A peer engine program: runs one scene and reports `nudge bench --json`'s figures.
public protocol PeerProgram {
    /// Runs `scene` for `steps` steps (nil: the scene's own count). Throws PeerRunError.
    func run(scene: String, steps: Int?) throws -> BenchResult
}

/// Why a peer produced no figures.
public enum PeerRunError: Error, Equatable, CustomStringConvertible {
    /// It outlasted its time limit and was stopped: left out of the plot, not a failure.
    case timedOut(String)
    /// It could not start, exited with an error, or printed something other than one result.
    case failed(String)

    public var description: String {
        switch self {
        case .timedOut(let why), .failed(let why): why
        }
    }
}

/// What a scaling run measured.
public struct ScalingReport: Sendable {
    /// The engines that were run, Nudge first.
    public let engines: [ScalingEngine]
    /// The sizes, in the order run.
    public let sizes: [ScalingSize]
    /// One row per (size, engine) that produced figures or was left out; failed runs have none.
    public let rows: [ScalingRow]
    /// Lines for the plot: engines not run, runs left out.
    public let notes: [String]
    /// Runs that failed (exit status, bad output); the command exits non-zero when there are any.
    public let failures: [String]

    /// A Markdown table of median ms per step: one line per size, one column per engine run.
    /// A cell reads "failed" when the engine gave nothing and "> T s" when it was left out.
    public func table(timeout: Double?) -> String {
        var lines = ["| scene | bodies | " + engines.map { $0 == .nudge ? "Nudge ms/step" : $0.displayName }.joined(separator: " | ") + " |",
                     "|---|---:|" + String(repeating: "---:|", count: engines.count)]
        for size in sizes {
            let got = rows.filter { $0.scene == size.scene }
            let bodies = got.compactMap(\.bodies).first.map(String.init) ?? "?"
            let cells = engines.map { engine -> String in
                guard let row = got.first(where: { $0.engine == engine }) else { return "failed" }
                if let ms = row.medianMs { return String(format: "%.3f", ms) }
                return timeout.map { String(format: "> %g s", $0) } ?? "left out"
            }
            lines.append("| \(size.scene) | \(bodies) | " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }
}

public struct ScalingRun {
    /// Pyramid bases whose triangle numbers span 100…20,000 boxes:
    /// 105, 210, 465, 820, 2,080, 5,050, 10,011 and 20,100 boxes.
    public static let pyramidBases = [14, 20, 30, 40, 64, 100, 141, 200]
    /// Rains over the same range.
    public static let rainCounts = [500, 1000, 2000, 5000, 10000, 20000]

    /// Every size of the scaling run: the pyramids, then the rains, each growing.
    public static var sizes: [ScalingSize] {
        pyramidBases.map(ScalingSize.pyramid(base:)) + rainCounts.map(ScalingSize.rain(count:))
    }

    public let runner: BenchRunner
    /// The peers to run beside Nudge, in column order.
    public let peers: [(engine: ScalingEngine, program: any PeerProgram)]
    /// Steps per size (nil: each scene's own, 600 for the pyramids and the rains).
    public let steps: Int?
    /// Called with a short line before each run.
    public let progress: (String) -> Void

    public init(runner: BenchRunner, peers: [(engine: ScalingEngine, program: any PeerProgram)] = [],
                steps: Int? = nil, progress: @escaping (String) -> Void = { _ in }) {
        precondition(steps.map { $0 > 0 } ?? true, "a scaling run needs at least one step")
        precondition(!peers.contains { $0.engine == .nudge }, "Nudge runs in process, not as a peer")
        self.runner = runner; self.peers = peers; self.steps = steps; self.progress = progress
    }

    /// Runs every size (by default the whole list) on Nudge and the peers. `update` gets the report
    /// so far after each size (the command rewrites its CSV there, so a stopped run keeps its rows).
    public func run(sizes: [ScalingSize] = ScalingRun.sizes, update: (ScalingReport) -> Void = { _ in }) -> ScalingReport {
        var rows: [ScalingRow] = []
        var leftOut: [String] = []
        var failures: [String] = []
        func report(through count: Int) -> ScalingReport {
            let stepsNote = steps.map { $0 == 1 ? "1 step" : "\($0) steps" } ?? "each scene’s own steps"
            var notes = ScalingEngine.allCases.filter { engine in engine != .nudge && !peers.contains { $0.engine == engine } }
                .map { "\($0.displayName) not measured (no --\($0.rawValue) program given)." }
            notes += leftOut.map { "Left out: \($0) (\(stepsNote))." }
            return ScalingReport(engines: [.nudge] + peers.map(\.engine), sizes: Array(sizes.prefix(count)), rows: rows,
                                 notes: notes, failures: failures)
        }
        for (index, size) in sizes.enumerated() {
            defer { update(report(through: index + 1)) }
            guard let scene = EngineScenes.scene(named: size.scene) else {
                failures.append("nudge has no scene \(size.scene)")
                continue
            }
            progress("nudge: \(size.scene)")
            let nudge = runner.run(scene, steps: steps)
            rows.append(ScalingRow(size: size, engine: .nudge, result: nudge))
            for peer in peers {
                progress("\(peer.engine.rawValue): \(size.scene), \(nudge.steps) steps")
                do {
                    // The peers run as many steps as Nudge did, whatever each program's default.
                    let result = try peer.program.run(scene: size.scene, steps: nudge.steps)
                    if result.scene != size.scene {
                        throw PeerRunError.failed("\(peer.engine.rawValue) ran scene '\(result.scene)', asked for '\(size.scene)'")
                    }
                    rows.append(ScalingRow(size: size, engine: peer.engine, result: result))
                } catch PeerRunError.timedOut(let why) {
                    rows.append(ScalingRow(size: size, engine: peer.engine, leftOut: why))
                    leftOut.append(why)
                } catch {
                    failures.append("\(error)")
                }
            }
        }
        return report(through: sizes.count)
    }
}
