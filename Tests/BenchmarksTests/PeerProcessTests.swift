// PeerProcessTests: the peer programs run as child processes the way `nudge bench scaling` runs
// box2d_bench and chipmunk_bench, here with small shell scripts standing in for them: the
// arguments they get, the JSON line read back, a run past its time limit stopped and reported as
// timed out, and the failures (exit status, no result, another scene) named with their cause.
import Foundation
import Testing
@testable import Benchmarks

@Suite("Peer processes")
struct PeerProcessTests {
    /// Writes an executable shell script into a fresh folder and returns its URL; the caller
    /// removes the folder (`removeScript`).
    static func script(_ body: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-peer-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("peer")
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url
    }

    static func removeScript(_ url: URL) { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }

    @Test("A peer gets --scene and --steps and its JSON line is read back")
    func readsTheResult() throws {
        // Echoes its arguments into the result: scene from $2, steps from $4.
        let url = try Self.script(#"""
        echo "libchipmunk: debug checks on" >&2
        echo "warming up"
        echo "{\"scene\":\"$2\",\"kind\":\"engine\",\"engine\":\"fake\",\"steps\":$4,\"bodies\":105,\"contacts\":287,\"joints\":0,\"medianMs\":0.25,\"minMs\":0.2,\"maxMs\":0.5,\"stands\":true,\"maximumDrift\":1.5}"
        """#)
        defer { Self.removeScript(url) }
        let result = try PeerProcess(name: "fake", executable: url, timeout: 30).run(scene: "pyramid-105", steps: 3)
        #expect(result.scene == "pyramid-105" && result.steps == 3)
        #expect(result.bodies == 105 && result.contacts == 287 && result.joints == 0)
        #expect(result.medianMs == 0.25 && result.minMs == 0.2 && result.maxMs == 0.5)
        #expect(result.stands == true && result.maximumDrift == 1.5)
    }

    @Test("A peer that outlasts its time limit is stopped and reported as timed out")
    func stopsASlowPeer() throws {
        let url = try Self.script("exec sleep 60")
        defer { Self.removeScript(url) }
        #expect(throws: PeerRunError.timedOut("slow on rain-500 did not finish in 0.3 s")) {
            try PeerProcess(name: "slow", executable: url, timeout: 0.3).run(scene: "rain-500", steps: 2)
        }
    }

    @Test("A peer that exits with an error fails with its status and its last words")
    func reportsAnExitStatus() throws {
        let url = try Self.script("echo 'box2d_bench: unknown scene' >&2; exit 3")
        defer { Self.removeScript(url) }
        do {
            _ = try PeerProcess(name: "box2d", executable: url, timeout: 30).run(scene: "rain-7", steps: nil)
            Issue.record("no error")
        } catch let error as PeerRunError {
            guard case .failed(let why) = error else { Issue.record("not a failure: \(error)"); return }
            #expect(why == "box2d on rain-7 exited with 3: box2d_bench: unknown scene")
        }
    }

    @Test("A missing program fails with its path")
    func missingProgram() {
        do {
            _ = try PeerProcess(name: "box2d", executable: URL(fileURLWithPath: "/nonexistent/box2d_bench"), timeout: 5)
                .run(scene: "rain", steps: 1)
            Issue.record("no error")
        } catch {
            #expect("\(error)".contains("/nonexistent/box2d_bench"))
        }
    }

    @Test("Output with no result, two results, or another scene is a failure")
    func checksTheOutput() {
        let line = #"{"scene":"rain","kind":"engine","steps":1,"bodies":1,"contacts":0,"joints":0,"medianMs":1,"minMs":1,"maxMs":1}"#
        #expect(throws: PeerRunError.failed("p on rain printed 0 JSON lines, expected 1")) {
            try PeerProcess.result(from: "nothing\n", name: "p", scene: "rain")
        }
        #expect(throws: PeerRunError.failed("p on rain printed 2 JSON lines, expected 1")) {
            try PeerProcess.result(from: line + "\n" + line + "\n", name: "p", scene: "rain")
        }
        #expect(throws: PeerRunError.failed("p ran scene 'rain', asked for 'rain-500'")) {
            try PeerProcess.result(from: line, name: "p", scene: "rain-500")
        }
        #expect(throws: PeerRunError.self) {   // "bodies" missing
            try PeerProcess.result(from: #"{"scene":"rain","steps":1}"#, name: "p", scene: "rain")
        }
        #expect((try? PeerProcess.result(from: line, name: "p", scene: "rain"))?.medianMs == 1)
    }
}
