// `nudge bench`: the benchmarks, one subcommand each with only its own options: `engine` (the
// default, so `nudge bench --scene rain` times the engine), `render` and `scaling`. What they
// share is here: the clock they read and the progress line they write.
import ArgumentParser
import Foundation

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time the engine, the drawing, or the engine against its peers as bodies grow (use a release build: swift run -c release nudge bench).",
        discussion: """
        nudge bench [engine] times the engine on standard scenes, nudge bench render times drawing, \
        nudge bench scaling steps pyramids and rains of 100 to 20,000 bodies beside the peer programs. \
        See nudge bench SUBCOMMAND --help.
        """,
        subcommands: [BenchEngineCommand.self, BenchRenderCommand.self, BenchScalingCommand.self, BenchAuditCommand.self,
                       BenchTravelCommand.self],
        defaultSubcommand: BenchEngineCommand.self)

    /// Nanoseconds since the first call, from the monotonic clock.
    /// Nanoseconds of processor time this process has used (CLOCK_PROCESS_CPUTIME_ID).
    static func processorNanoseconds() -> () -> UInt64 {
        return {
            var t = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
            return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
        }
    }

    static func monotonicNanoseconds() -> () -> UInt64 {
        let clock = ContinuousClock()
        let origin = clock.now
        return {
            let d = clock.now - origin
            return UInt64(d.components.seconds) * 1_000_000_000 + UInt64(d.components.attoseconds / 1_000_000_000)
        }
    }

    /// In a debug build, says on standard error that the figures mean nothing, and how to get a release build.
    static func warnIfDebugBuild(_ command: String) {
        #if DEBUG
        FileHandle.standardError.write(Data("nudge bench: this is a debug build; figures are not meaningful. Use: swift run -c release nudge \(command)\n".utf8))
        #endif
    }
}

/// `--steps N`, checked the same way by every benchmark.
func checkSteps(_ steps: Int?) throws {
    if let steps, steps < 1 { throw ValidationError("--steps must be at least 1 (got \(steps))") }
}

/// The line on standard error that says what a benchmark is doing, rewritten in place; only on a
/// terminal, so that logs and pipes get nothing of it.
struct ProgressLine {
    let isTTY: Bool

    init(isTTY: Bool = isatty(STDERR_FILENO) == 1) { self.isTTY = isTTY }

    func show(_ line: String) {
        if isTTY { FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8)) }
    }

    func clear() { show("") }
}
