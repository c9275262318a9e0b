// ScalingTests: `nudge bench scaling` through the library. The sizes are the required ones (100 to
// 20,000 bodies; pyramids of triangular counts), the CSV keeps the columns
// benchmarks/results/scaling.csv has always had, the plot's log axes put values where log10
// says, and a run measures Nudge in process and the peers through PeerProgram, leaving out the
// ones that time out. No timings are asserted: the clock is a stand-in that advances 1 ms a call.
import Foundation
import Testing
@testable import Benchmarks

@Suite("Scaling run")
struct ScalingTests {
    // MARK: sizes

    @Test("The sizes span 100 to 20,000 bodies in both families, growing")
    func sizesSpanTheRequiredRange() {
        let sizes = ScalingRun.sizes
        for family in ["pyramid", "rain"] {
            let counts = sizes.filter { $0.family == family }.map(\.bodies)
            #expect(counts.count >= 5, "\(family): \(counts)")
            #expect(counts == counts.sorted() && Set(counts).count == counts.count, "\(family) grows: \(counts)")
            #expect(counts.last! >= 20_000 && counts.last! <= 20_100, "\(family) reaches 20,000: \(counts)")
            #expect(counts.first! >= 100, "\(family) starts at 100 or more: \(counts)")
        }
        // Somewhere the run starts within the first hundreds (the required "100").
        #expect(sizes.map(\.bodies).min()! < 200)
        #expect(Set(sizes.map(\.family)) == ["pyramid", "rain"])
    }

    @Test("Pyramid sizes are triangular numbers and every size is a scene Nudge knows")
    func pyramidSizesAreTriangular() throws {
        for size in ScalingRun.sizes {
            let scene = try #require(EngineScenes.scene(named: size.scene), "no scene \(size.scene)")
            #expect(scene.name == size.scene)
            if size.family == "pyramid" {
                // N = b(b+1)/2 for a whole base b.
                let b = Int((Double(8 * size.bodies + 1).squareRoot() - 1) / 2)
                #expect(b * (b + 1) / 2 == size.bodies, "\(size.bodies) boxes is not a triangle")
                #expect(size.scene == "pyramid-\(size.bodies)")
            } else {
                #expect(size.scene == (size.bodies == 2000 ? "rain" : "rain-\(size.bodies)"))
            }
        }
        // The peers.py list this replaces: bases 14…200 and rains of 500…20,000.
        #expect(ScalingRun.sizes.filter { $0.family == "pyramid" }.map(\.bodies)
                == [105, 210, 465, 820, 2080, 5050, 10011, 20100])
        #expect(ScalingRun.sizes.filter { $0.family == "rain" }.map(\.bodies) == [500, 1000, 2000, 5000, 10000, 20000])
    }

    // MARK: CSV

    static let columns = "family,scene,engine,steps,bodies,contacts,medianMs,minMs,maxMs,stands,note"

    static func row(_ family: String, _ scene: String, _ engine: ScalingEngine, bodies: Int, ms: Double,
                    stands: Bool? = nil) -> ScalingRow {
        ScalingRow(family: family, scene: scene, engine: engine, steps: 600, bodies: bodies, contacts: 3 * bodies,
                   medianMs: ms, minMs: ms / 2, maxMs: ms * 2, stands: stands)
    }

    @Test("The CSV has today's header and one line per row given, left-out rows with a note only")
    func csvColumnsAndRows() {
        let rows = [
            Self.row("pyramid", "pyramid-105", .nudge, bodies: 105, ms: 0.25, stands: true),
            Self.row("pyramid", "pyramid-105", .box2d, bodies: 105, ms: 0.5, stands: false),
            Self.row("rain", "rain-500", .nudge, bodies: 500, ms: 1.5),
            ScalingRow(size: .rain(count: 500), engine: .box2d, leftOut: "box2d on rain-500 did not finish in 150 s"),
        ]
        let lines = ScalingCSV.text(rows: rows).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == Substring(Self.columns))
        #expect(lines.count == 1 + rows.count + 1, "header, 4 rows, and the final newline")
        #expect(lines.last == "")
        #expect(lines[1] == "pyramid,pyramid-105,nudge,600,105,315,0.25,0.125,0.5,true,")
        #expect(lines[2] == "pyramid,pyramid-105,box2d,600,105,315,0.5,0.25,1.0,false,")
        #expect(lines[3] == "rain,rain-500,nudge,600,500,1500,1.5,0.75,3.0,,")
        #expect(lines[4] == "rain,rain-500,box2d,,,,,,,,box2d on rain-500 did not finish in 150 s")
        for line in lines.dropLast() {
            #expect(line.split(separator: ",", omittingEmptySubsequences: false).count == 11, "\(line)")
        }
    }

    @Test("A note with a comma or a quote is quoted, so the line keeps 11 columns")
    func csvQuotesNotes() {
        let row = ScalingRow(size: .pyramid(base: 14), engine: .chipmunk, leftOut: #"stopped, said "no""#)
        let line = ScalingCSV.text(rows: [row]).split(separator: "\n")[1]
        #expect(line.hasSuffix(#","stopped, said ""no""""#))
    }

    // MARK: plot

    @Test("Log axes: whole decades around the values, 1,000 halfway between 100 and 10,000")
    func logAxis() throws {
        let bodies = try #require(LogAxis(covering: [100, 10_000]))
        #expect(bodies.lower == 100 && bodies.upper == 10_000)
        #expect(bodies.fraction(of: 100) == 0 && bodies.fraction(of: 10_000) == 1)
        #expect(abs(bodies.fraction(of: 1000) - 0.5) < 1e-12)
        // log10(2) of the way: 200 between 100 and 1,000 on a one-decade axis.
        let one = try #require(LogAxis(covering: [100, 1000]))
        #expect(abs(one.fraction(of: 200) - log10(2.0)) < 1e-12)
        // The scaling list's own range rounds out to 100…100,000; 0.1 stays on its decade.
        let wide = try #require(LogAxis(covering: [105, 20_100]))
        #expect(wide.lower == 100 && wide.upper == 100_000)
        #expect(wide.decades == [100, 1000, 10_000, 100_000])
        let small = try #require(LogAxis(covering: [0.1, 0.35]))
        #expect(abs(small.lower - 0.1) < 1e-15 && abs(small.upper - 1) < 1e-15)
        #expect(LogAxis(covering: [0, -1]) == nil)
    }

    @Test("The plot puts 100 and 10,000 bodies at the panel edges and 1,000 in the middle; ms likewise")
    func plotPositions() throws {
        let rows = [
            Self.row("pyramid", "pyramid-a", .nudge, bodies: 100, ms: 0.1),
            Self.row("pyramid", "pyramid-b", .nudge, bodies: 1000, ms: 1),
            Self.row("pyramid", "pyramid-c", .nudge, bodies: 10_000, ms: 10),
            Self.row("rain", "rain-a", .chipmunk, bodies: 1000, ms: 1),
        ]
        let plot = try #require(ScalingPlot(rows: rows, engines: [.nudge, .chipmunk], notes: ["Box2D 2.4.1 not measured <here> & there."]))
        let (left, top, w, h, gap) = (ScalingPlot.left, ScalingPlot.top, ScalingPlot.panelWidth, ScalingPlot.panelHeight, ScalingPlot.gap)
        #expect(plot.xPosition(bodies: 100, panel: 0) == left)
        #expect(plot.xPosition(bodies: 10_000, panel: 0) == left + w)
        #expect(abs(plot.xPosition(bodies: 1000, panel: 0) - (left + w / 2)) < 1e-9)
        #expect(abs(plot.xPosition(bodies: 1000, panel: 1) - (left + w + gap + w / 2)) < 1e-9)
        #expect(abs(plot.yPosition(ms: 10) - top) < 1e-9)          // the slowest at the top edge
        #expect(abs(plot.yPosition(ms: 0.1) - (top + h)) < 1e-9)   // the fastest at the bottom edge
        #expect(abs(plot.yPosition(ms: 1) - (top + h / 2)) < 1e-9)

        // In the SVG: Nudge's pyramid line runs corner to corner through the centre (90,360 → 470,60
        // with the layout's numbers), Chipmunk's rain is a single dot at the centre of panel 2.
        let svg = plot.svg
        func coordinate(_ v: Double) -> String { String(format: "%.1f", v) }
        let expected = [(left, top + h), (left + w / 2, top + h / 2), (left + w, top)]
            .map { "\(coordinate($0.0)),\(coordinate($0.1))" }.joined(separator: " ")
        #expect(svg.contains("<polyline points=\"\(expected)\" fill=\"none\" stroke=\"#d62728\""))
        #expect(svg.contains("<circle cx=\"\(coordinate(left + w + gap + w / 2))\" cy=\"\(coordinate(top + h / 2))\" r=\"3\" fill=\"#2ca02c\"/>"))
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.contains(">Nudge</text>") && svg.contains(">Chipmunk 7</text>"))
        #expect(!svg.contains(">Box2D 2.4.1</text>"), "no legend entry for an engine not run")
        #expect(svg.contains("Box2D 2.4.1 not measured &lt;here&gt; &amp; there."))
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 2, "one line per engine per panel with points")
        // Axis labels: the decades 100, 1000, 10,000 bodies and 0.1, 1, 10 ms.
        for label in [">100<", ">1000<", ">10,000<", ">0.1<", ">1<", ">10<"] { #expect(svg.contains(label), "\(label)") }
    }

    @Test("Left-out rows draw nothing; nothing measured, no plot")
    func plotOfNothing() {
        #expect(ScalingPlot(rows: [ScalingRow(size: .rain(count: 500), engine: .box2d, leftOut: "slow")]) == nil)
        #expect(ScalingPlot(rows: []) == nil)
    }

    // MARK: run

    /// A clock that moves 1 ms every time it is read: each step of BenchRunner reads it twice, so
    /// every step takes exactly 1 ms.
    final class SteppingClock {
        var nanoseconds: UInt64 = 0
        func now() -> UInt64 { nanoseconds += 1_000_000; return nanoseconds }
    }

    /// A peer that reports fixed figures for the scene it is asked, or throws, and remembers its calls.
    final class StandInPeer: PeerProgram {
        var calls: [(scene: String, steps: Int?)] = []
        let failure: (String) -> PeerRunError?
        init(failure: @escaping (String) -> PeerRunError? = { _ in nil }) { self.failure = failure }
        func run(scene: String, steps: Int?) throws -> BenchResult {
            calls.append((scene, steps))
            if let error = failure(scene) { throw error }
            return BenchResult(scene: scene, kind: "engine", steps: steps ?? 600, bodies: 7, contacts: 8, joints: 0,
                               medianMs: 2.5, minMs: 2, maxMs: 3, stands: nil)
        }
    }

    @Test("A run measures Nudge in process and each peer at Nudge's step count; time-outs are left out, errors fail")
    func runWithStandIns() throws {
        let clock = SteppingClock()
        let box2d = StandInPeer(failure: { $0.hasPrefix("rain") ? .timedOut("box2d on \($0) did not finish in 150 s") : nil })
        let chipmunk = StandInPeer(failure: { $0.hasPrefix("rain") ? .failed("chipmunk on \($0) exited with 1: boom") : nil })
        var progress: [String] = []
        var updates: [Int] = []
        // The smallest size of each family, two steps: a few milliseconds even in a debug build.
        let sizes = [ScalingRun.sizes.first { $0.family == "pyramid" }!, ScalingRun.sizes.first { $0.family == "rain" }!]
        let run = ScalingRun(runner: BenchRunner(now: clock.now), peers: [(.box2d, box2d), (.chipmunk, chipmunk)],
                             steps: 2, progress: { progress.append($0) })
        let report = run.run(sizes: sizes, update: { updates.append($0.rows.count) })

        #expect(report.engines == [.nudge, .box2d, .chipmunk])
        #expect(report.sizes == sizes)
        // Nudge on both sizes, both peers on the pyramid, Box2D's timed-out rain; Chipmunk's failed rain has no row.
        #expect(report.rows.map { "\($0.scene)/\($0.engine.rawValue)" }
                == ["pyramid-105/nudge", "pyramid-105/box2d", "pyramid-105/chipmunk", "rain-500/nudge", "rain-500/box2d"])
        for nudge in report.rows where nudge.engine == .nudge {
            #expect(nudge.steps == 2)
            #expect(nudge.bodies == sizes.first { $0.scene == nudge.scene }!.bodies)
            #expect(nudge.medianMs == 1 && nudge.minMs == 1 && nudge.maxMs == 1, "1 ms a step by the stand-in clock")
        }
        #expect(report.rows[1].medianMs == 2.5 && report.rows[1].bodies == 7)
        let leftOut = report.rows[4]
        #expect(leftOut.medianMs == nil && leftOut.bodies == nil && leftOut.note == "box2d on rain-500 did not finish in 150 s")
        // The peers ran the scene asked, with the step count Nudge used.
        #expect(box2d.calls.map(\.scene) == ["pyramid-105", "rain-500"] && box2d.calls.allSatisfy { $0.steps == 2 })
        #expect(chipmunk.calls.count == 2)
        #expect(report.failures == ["chipmunk on rain-500 exited with 1: boom"])
        #expect(report.notes == ["Left out: box2d on rain-500 did not finish in 150 s (2 steps)."])
        #expect(updates == [3, 5], "the report after each size")
        #expect(progress.contains("nudge: pyramid-105") && progress.contains("box2d: rain-500, 2 steps"))

        let table = report.table(timeout: 150).split(separator: "\n").map(String.init)
        #expect(table[0] == "| scene | bodies | Nudge ms/step | Box2D 2.4.1 | Chipmunk 7 |")
        #expect(table.count == 2 + sizes.count)
        #expect(table[2] == "| pyramid-105 | 105 | 1.000 | 2.500 | 2.500 |")
        #expect(table[3] == "| rain-500 | 500 | 1.000 | > 150 s | failed |")
    }

    @Test("Without peers only Nudge runs, and the notes say which engines were not measured")
    func runWithoutPeers() {
        let clock = SteppingClock()
        let size = ScalingRun.sizes.first { $0.family == "rain" }!
        let report = ScalingRun(runner: BenchRunner(now: clock.now), steps: 1).run(sizes: [size])
        #expect(report.engines == [.nudge])
        #expect(report.rows.count == 1 && report.rows[0].engine == .nudge && report.rows[0].bodies == size.bodies)
        #expect(report.notes == ["Box2D 2.4.1 not measured (no --box2d program given).",
                                 "Chipmunk 7 not measured (no --chipmunk program given)."])
        #expect(report.failures.isEmpty)
        let csv = ScalingCSV.text(rows: report.rows).split(separator: "\n")
        #expect(csv.count == 2 && csv[1].hasPrefix("rain,rain-500,nudge,1,500,"))
    }
}
