// PeerProcess: a peer engine program (benchmarks/peers/build/box2d_bench, chipmunk_bench) run as
// a child process, `PATH --scene NAME [--steps N]`, which prints one JSON line with
// `nudge bench --json`'s fields. Its output goes to temporary files rather than pipes, so a
// chatty child can never block on a full pipe while we wait for it. When it outlasts the time
// limit it is killed and reported as timed out (the scaling run leaves it out of the plot);
// a bad exit status, no JSON line or more than one, a field missing, or another scene than the
// one asked for is a failure, each with the engine, the scene and what went wrong.
import Foundation

public struct PeerProcess: PeerProgram {
    /// The engine's short name in messages ("box2d").
    public let name: String
    public let executable: URL
    /// Seconds one run may take before it is stopped.
    public let timeout: Double

    public init(name: String, executable: URL, timeout: Double) {
        precondition(timeout > 0, "a peer's time limit must be positive")
        self.name = name; self.executable = executable; self.timeout = timeout
    }

    public func run(scene: String, steps: Int?) throws -> BenchResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--scene", scene] + (steps.map { ["--steps", String($0)] } ?? [])
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("nudge-peer-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outURL = folder.appendingPathComponent("stdout"), errURL = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        defer { try? out.close(); try? err.close() }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            throw PeerRunError.failed("\(name) on \(scene) could not start \(executable.path): \(error.localizedDescription)")
        }
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
            throw PeerRunError.timedOut("\(name) on \(scene) did not finish in \(String(format: "%g", timeout)) s")
        }
        let stdout = String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self)
        let stderr = String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
        if process.terminationReason == .uncaughtSignal || process.terminationStatus != 0 {
            let how = process.terminationReason == .uncaughtSignal ? "was killed by signal" : "exited with"
            throw PeerRunError.failed("\(name) on \(scene) \(how) \(process.terminationStatus): "
                                      + String(stderr.trimmingCharacters(in: .whitespacesAndNewlines).suffix(500)))
        }
        return try Self.result(from: stdout, name: name, scene: scene)
    }

    /// The one result line of a peer's output, checked.
    public static func result(from output: String, name: String, scene: String) throws -> BenchResult {
        let lines = output.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("{") }
        guard lines.count == 1 else {
            throw PeerRunError.failed("\(name) on \(scene) printed \(lines.count) JSON lines, expected 1")
        }
        let result: BenchResult
        do {
            result = try JSONDecoder().decode(BenchResult.self, from: Data(lines[0].utf8))
        } catch {
            throw PeerRunError.failed("\(name) on \(scene) printed a result that does not read (\(error)): \(lines[0].prefix(200))")
        }
        guard result.scene == scene else {
            throw PeerRunError.failed("\(name) ran scene '\(result.scene)', asked for '\(scene)'")
        }
        return result
    }
}
