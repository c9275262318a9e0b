// `nudge bench`: engine (and later render) benchmarks, median/min/max ms per step, in one run.
import ArgumentParser
import Benchmarks
import Foundation
import Scenes
import TerminalUI

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time the engine on standard scenes (use a release build: swift run -c release nudge bench).",
        discussion: """
        Scenes: \(EngineScenes.all.map(\.name).joined(separator: ", ")).
        Prints median, min and max milliseconds per 1/60 s step, the bodies and contact pairs at the end, \
        and for the pyramids whether they still stand (no box moved a quarter of its size). \
        With --render: the scenes found (see --scenes) and a 1,000-item scene drawn into an in-memory \
        120×40 terminal, in ms and bytes per frame. \
        With --scaling: pyramids of 105 to 20,100 boxes and rains of 500 to 20,000 shapes on Nudge and, \
        given --box2d and --chipmunk, on the peer programs (benchmarks/peers/), written to \
        DIR/scaling.csv and DIR/scaling.svg (ms/step against bodies, log-log).
        """)

    @Option(name: .customLong("scene"), help: "Run only these scenes (repeatable); pyramid-N and rain-N pick other sizes.")
    var scenes: [String] = []

    @Option(help: "Steps per scene (default: each scene's own, 600 = 10 s for most).")
    var steps: Int?

    @Flag(help: "Print JSON Lines, one result per scene, instead of a table.")
    var json = false

    @Flag(help: "List the scenes and exit.")
    var list = false

    @Flag(help: "Benchmark drawing instead: every scene found and a 1,000-item scene, at 120×40.")
    var render = false

    @Option(help: ArgumentHelp("With --render: the glyph sets to draw with, comma-separated (default: all).", valueName: "sets"))
    var glyphs: String?

    @Flag(help: "Let bodies at rest sleep, as the playground does (the engine scenes run with sleeping off, like the peers).")
    var sleeping = false

    @Flag(help: "Step pyramids and rains of 100 to 20,000 bodies; write a CSV and an SVG plot of ms/step against bodies.")
    var scaling = false

    @Option(help: ArgumentHelp("With --scaling: the folder for scaling.csv and scaling.svg (default: benchmarks/results).",
                               valueName: "dir"))
    var output: String?

    @Option(help: ArgumentHelp("With --scaling: seconds a peer may take on one size before it is stopped and left out (default: 150).",
                               valueName: "seconds"))
    var timeout: Double?

    @Option(help: ArgumentHelp("With --scaling: the Box2D peer program (benchmarks/peers/build/box2d_bench).", valueName: "path"))
    var box2d: String?

    @Option(help: ArgumentHelp("With --scaling: the Chipmunk peer program (benchmarks/peers/build/chipmunk_bench).", valueName: "path"))
    var chipmunk: String?

    @OptionGroup var location: SceneLocationOptions

    func validate() throws {
        if let steps, steps < 1 { throw ValidationError("--steps must be at least 1 (got \(steps))") }
        if let timeout, !(timeout > 0) || !timeout.isFinite {
            throw ValidationError("--timeout must be positive (got \(String(format: "%g", timeout)))")
        }
        if scaling {
            try validateScaling()
            return
        }
        for (given, flag) in [(output != nil, "--output"), (timeout != nil, "--timeout"), (box2d != nil, "--box2d"),
                              (chipmunk != nil, "--chipmunk")] where given {
            throw ValidationError("\(flag) goes with --scaling")
        }
        if render {
            if sleeping { throw ValidationError("--sleeping goes with the engine scenes, not --render") }
            _ = try glyphSets()
            return
        }
        if glyphs != nil { throw ValidationError("--glyphs goes with --render") }
        for name in scenes where EngineScenes.scene(named: name) == nil {
            throw ValidationError("unknown scene '\(name)'; known: \(EngineScenes.all.map(\.name).joined(separator: ", ")), "
                                  + "or pyramid-N (N = b(b+1)/2) and rain-N for other sizes")
        }
    }

    func run() throws {
        let all = EngineScenes.all
        if list {
            for s in all { print("\(s.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(s.summary)") }
            return
        }
        #if DEBUG
        FileHandle.standardError.write(Data("nudge bench: this is a debug build; figures are not meaningful. Use: swift run -c release nudge bench\n".utf8))
        #endif
        let clock = ContinuousClock()
        let origin = clock.now
        let progress = ProgressLine(isTTY: isatty(STDERR_FILENO) == 1)
        let now: () -> UInt64 = {
            let d = clock.now - origin
            return UInt64(d.components.seconds) * 1_000_000_000 + UInt64(d.components.attoseconds / 1_000_000_000)
        }
        if render {
            try runRender(now: now, progress: progress)
            return
        }
        if scaling {
            try runScaling(now: now, progress: progress)
            return
        }
        let selected = scenes.isEmpty ? all : scenes.compactMap(EngineScenes.scene(named:))
        let runner = BenchRunner(now: now, progress: progress.show)
        if !json {
            print("scene           bodies  contacts  joints  steps   median ms    min ms    max ms  stands")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for scene in selected {
            let r = runner.run(scene, steps: steps, sleeping: sleeping)
            progress.clear()
            if json {
                print(String(decoding: try encoder.encode(r), as: UTF8.self))
            } else {
                let stands = r.stands.map { $0 ? "yes" : String(format: "NO (%.0f pt)", r.maximumDrift ?? 0) } ?? "-"
                print(r.scene.padding(toLength: 14, withPad: " ", startingAt: 0)
                      + String(format: " %7d %9d %7d %6d %11.3f %9.3f %9.3f  ", r.bodies, r.contacts, r.joints, r.steps,
                               r.medianMs, r.minMs, r.maxMs) + stands)
            }
        }
    }

    private func runRender(now: @escaping () -> UInt64, progress: ProgressLine) throws {
        let files = try location.library().files()
        var list = RenderBench.scenes(files: files)
        if !scenes.isEmpty { list = list.filter { scenes.contains($0.name) || scenes.contains(String($0.name.dropFirst("render:".count))) } }
        if !json {
            print("scene                   glyphs     items   median ms    min ms    max ms   bytes/frame")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Each scene in each pixel protocol, then in each glyph set.
        let variants: [(label: String, graphics: GraphicsProtocol, glyphs: GlyphSet)] =
            pixelProtocols.map { ($0.rawValue, $0, GlyphSet.half) } + (try glyphSets()).map { ($0.rawValue, GraphicsProtocol.cells, $0) }
        for entry in list {
            let description = try entry.load()
            for variant in variants {
                progress.show("\(entry.name) \(variant.label)")
                let r = RenderBench.run(name: entry.name + "/" + variant.label, description: description,
                                        frames: steps ?? 300, glyphs: variant.glyphs, graphics: variant.graphics, now: now)
                progress.clear()
                if json {
                    print(String(decoding: try encoder.encode(r), as: UTF8.self))
                } else {
                    print(entry.name.padding(toLength: 22, withPad: " ", startingAt: 0) + " "
                          + variant.label.padding(toLength: 9, withPad: " ", startingAt: 0)
                          + String(format: " %6d %11.3f %9.3f %9.3f %13.0f", r.bodies, r.medianMs, r.minMs, r.maxMs, r.bytesPerFrame ?? 0))
                }
            }
        }
    }

    /// The pixel protocols timed beside the glyph sets: both unless --glyphs narrows the run.
    private var pixelProtocols: [GraphicsProtocol] { glyphs == nil ? [.sixel, .kitty] : [] }

    /// The glyph sets `--glyphs` names (all of them when it is not given).
    private func glyphSets() throws -> [GlyphSet] {
        guard let glyphs else { return GlyphSet.allCases }
        do {
            return try glyphs.split(separator: ",").map { try GlyphSet(parsing: String($0)) }
        } catch {
            throw ValidationError("--glyphs: \(error)")
        }
    }
}

/// The line on standard error that says what a benchmark is doing, rewritten in place; only on a
/// terminal, so that logs and pipes get nothing of it.
struct ProgressLine {
    let isTTY: Bool

    func show(_ line: String) {
        if isTTY { FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8)) }
    }

    func clear() { show("") }
}
