// `nudge bench scaling`: the wiring around Benchmarks.ScalingRun (checking the options, the
// real clock, the peer programs as child processes, the files, the progress line). The run, the
// CSV, the plot and the table are the library's; benchmarks/run-peers.sh --scaling builds the
// peers and a release nudge and calls this.
import ArgumentParser
import Benchmarks
import Foundation

struct BenchScalingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scaling",
        abstract: "Step pyramids and rains of 100 to 20,000 bodies; write a CSV and an SVG plot of ms/step against bodies.",
        discussion: """
        Pyramids of 105 to 20,100 boxes and rains of 500 to 20,000 shapes on Nudge and, given --box2d and \
        --chipmunk, on the peer programs (benchmarks/peers/), written to DIR/scaling.csv and DIR/scaling.svg \
        (ms/step against bodies, log-log).
        """)

    static let defaultOutput = "benchmarks/results"
    static let defaultPeerTimeout = 150.0

    @Option(help: "Steps per size (default: each scene's own).")
    var steps: Int?

    @Option(help: ArgumentHelp("The folder for scaling.csv and scaling.svg (default: benchmarks/results).", valueName: "dir"))
    var output: String?

    @Option(help: ArgumentHelp("Seconds a peer may take on one size before it is stopped and left out (default: 150).",
                               valueName: "seconds"))
    var timeout: Double?

    @Option(help: ArgumentHelp("The Box2D peer program (benchmarks/peers/build/box2d_bench).", valueName: "path"))
    var box2d: String?

    @Option(help: ArgumentHelp("The Chipmunk peer program (benchmarks/peers/build/chipmunk_bench).", valueName: "path"))
    var chipmunk: String?

    func validate() throws {
        try checkSteps(steps)
        if let timeout, !(timeout > 0) || !timeout.isFinite {
            throw ValidationError("--timeout must be positive (got \(String(format: "%g", timeout)))")
        }
        for (path, flag) in [(box2d, "--box2d"), (chipmunk, "--chipmunk")] {
            guard let path else { continue }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw ValidationError("\(flag): no file at \(path) (benchmarks/run-peers.sh builds the peers into benchmarks/peers/build/)")
            }
            guard !isFolder.boolValue, FileManager.default.isExecutableFile(atPath: path) else {
                throw ValidationError("\(flag): \(path) is not an executable program")
            }
        }
        var isFolder: ObjCBool = false
        if let output, FileManager.default.fileExists(atPath: output, isDirectory: &isFolder), !isFolder.boolValue {
            throw ValidationError("--output: \(output) is a file, not a folder")
        }
    }

    func run() throws {
        BenchCommand.warnIfDebugBuild("bench scaling")
        let now = BenchCommand.monotonicNanoseconds()
        let progress = ProgressLine()
        let folder = URL(fileURLWithPath: output ?? Self.defaultOutput)
        let limit = timeout ?? Self.defaultPeerTimeout
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ValidationError("--output: cannot create \(folder.path): \(error.localizedDescription)")
        }
        let csvURL = folder.appendingPathComponent("scaling.csv"), svgURL = folder.appendingPathComponent("scaling.svg")
        let stderr = FileHandle.standardError
        // A line that stays: it replaces the progress line on a terminal.
        func say(_ line: String) {
            progress.clear()
            stderr.write(Data("nudge bench: \(line)\n".utf8))
        }

        var peers: [(engine: ScalingEngine, program: any PeerProgram)] = []
        if let box2d { peers.append((.box2d, PeerProcess(name: "box2d", executable: URL(fileURLWithPath: box2d), timeout: limit))) }
        if let chipmunk {
            peers.append((.chipmunk, PeerProcess(name: "chipmunk", executable: URL(fileURLWithPath: chipmunk), timeout: limit)))
        }
        let runner = BenchRunner(now: now, progress: progress.show)
        let run = ScalingRun(runner: runner, peers: peers, steps: steps, progress: { line in
            if progress.isTTY { progress.show(line) } else { say(line) }
        })
        var debugNote: [String] = []
        #if DEBUG
        debugNote = ["Nudge: a debug build; its figures are not meaningful (use swift run -c release nudge bench scaling)."]
        #endif
        var reported = 0
        // Rewritten after every size: a run stopped halfway keeps what it measured.
        let report = run.run(update: { report in
            for note in report.notes.dropFirst(reported) where note.hasPrefix("Left out") { say(note) }
            reported = report.notes.count
            try? Data(ScalingCSV.text(rows: report.rows).utf8).write(to: csvURL, options: .atomic)
        })
        progress.clear()
        try Data(ScalingCSV.text(rows: report.rows).utf8).write(to: csvURL, options: .atomic)
        var written = [csvURL.path]
        if let plot = ScalingPlot(rows: report.rows, engines: report.engines, notes: debugNote + report.notes) {
            try Data(plot.svg.utf8).write(to: svgURL, options: .atomic)
            written.append(svgURL.path)
        }
        print(report.table(timeout: limit))
        print("")
        print("wrote " + written.joined(separator: " and "))
        if !report.failures.isEmpty {
            throw CommandFailure((["nudge bench: \(report.failures.count) run(s) failed:"] + report.failures.map { "  \($0)" })
                                    .joined(separator: "\n"))
        }
    }
}
