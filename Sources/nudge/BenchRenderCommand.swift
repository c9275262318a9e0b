// `nudge bench render`: drawing, not stepping. The scenes found (see --scenes) and a 1,000-item
// scene drawn into an in-memory 120×40 terminal, in each pixel protocol and each glyph set, in
// ms and bytes per frame.
import ArgumentParser
import Benchmarks
import Foundation
import SceneFormat
import TerminalUI

struct BenchRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Time drawing: every scene found and a 1,000-item scene, at 120×40, in ms and bytes per frame.",
        discussion: """
        Each scene is drawn as sixel and kitty pictures (10×20 px cells) and in each glyph set.
        """)

    @Option(name: .customLong("scene"), help: "Draw only these scenes (repeatable): a scene's name, or render:NAME.")
    var scenes: [String] = []

    @Option(help: "Frames per scene and glyph set (default 300).")
    var steps: Int?

    @Flag(help: "Print JSON Lines, one result per scene and glyph set, instead of a table.")
    var json = false

    @Option(help: ArgumentHelp("The glyph sets to draw with, comma-separated (default: all, and the pixel protocols).", valueName: "sets"))
    var glyphs: String?

    @OptionGroup var location: SceneLocationOptions

    func validate() throws {
        try checkSteps(steps)
        _ = try glyphSets()
    }

    func run() throws {
        BenchCommand.warnIfDebugBuild("bench render")
        let now = BenchCommand.monotonicNanoseconds()
        let progress = ProgressLine()
        let files = try location.library().files()
        var list = RenderBench.scenes(files: files)
        if !scenes.isEmpty {
            let all = list
            list = list.filter { scenes.contains($0.name) || scenes.contains(String($0.name.dropFirst("render:".count))) }
            let unknown = scenes.filter { name in !list.contains { $0.name == name || $0.name == "render:" + name } }
            if !unknown.isEmpty {
                throw CommandFailure("nudge bench render: no scene named \(unknown.map { "'\($0.escapingControlCharacters)'" }.joined(separator: ", ")); "
                                     + "the scenes are: \(all.map(\.name).joined(separator: ", "))")
            }
        }
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
