// End to end: time keys held down in the real `nudge play` under tmux, as a terminal's key
// repeat sends them (one press every 30 ms). Sixty bouncing balls play for about 8 s and are
// paused; then ← is held for 4 presses (4 s back), `.` for 30 (half a second forward), `,` for
// 45 (three quarters of a second back) and → for 2 (2 s forward). While each is held the pane is
// read between presses; every frame read twice the same with its step on the status line is
// noted. Each hold must land on its step (every press counted) within 3 s of the last press, and
// show steps on the way, not only the last (the screen keeps up while the keys come). A frame
// shown while the status line's time ends in "≈" is the step's recorded frame (to within a cell
// at an edge); once the keys stop, the exact state must replace it (the "≈" goes) within 10 s.
// Then a second, fresh run of the scene, paused at once and stepped forward with → and `.`,
// must show exactly the same frame at every step kept that was shown exact: the settled
// landings and the steps rebuilt at once on the way.
// Skipped (with a printed reason) only when tmux is not installed.
import Foundation
import Testing

@Suite("holding time keys down in nudge play, in tmux", TmuxSession.requirement, .serialized)
struct HeldScrubEndToEndTests {
    /// The step on the status line and the scene above it, from one read of the pane that a
    /// second read right after shows unchanged (so no frame is read half drawn); nil otherwise.
    /// `exact` is false while the time ends in "≈" (a recorded frame, not yet settled).
    static func frame(_ s: TmuxSession) throws -> (step: Int, scene: String, exact: Bool)? {
        let first = try s.text(), second = try s.text()
        guard first == second else { return nil }
        let rows = first.split(separator: "\n", omittingEmptySubsequences: false)
        let bottom = rows.suffix(2).joined(separator: " ")
        guard let range = bottom.range(of: "paused │ "),
              let seconds = Double(bottom[range.upperBound...].prefix { $0 != " " }) else { return nil }
        let exact = !bottom[range.upperBound...].hasPrefix(String(format: "%.2f s ≈", seconds))
        return (Int((seconds * 60).rounded()), rows.dropLast(2).joined(separator: "\n"), exact)
    }

    /// Sends `key` `count` times, 30 ms apart, keeping the exact frames read in between; then
    /// waits for the step `target`, and for its exact frame. Returns the steps seen and the
    /// seconds from the last press to landing and to the exact frame.
    static func hold(_ key: String, _ count: Int, landingOn target: Int, in s: TmuxSession,
                     into frames: inout [Int: String]) throws -> (stepsSeen: Set<Int>, landing: Double?, exact: Double?) {
        var seen = Set<Int>()
        for _ in 0..<count {
            let t0 = Date()
            try s.send(keys: key)
            if let f = try frame(s) {
                if f.exact { frames[f.step] = f.scene }
                seen.insert(f.step)
            }
            let left = 0.03 - Date().timeIntervalSince(t0)
            if left > 0 { usleep(UInt32(left * 1_000_000)) }
        }
        let released = Date()
        var landed: Double?, exact: Double?
        while Date().timeIntervalSince(released) < 13, exact == nil {
            if let f = try frame(s), f.step == target {
                if landed == nil { landed = Date().timeIntervalSince(released) }
                if f.exact {
                    exact = Date().timeIntervalSince(released)
                    frames[f.step] = f.scene
                }
            }
            usleep(10_000)
        }
        return (seen, landed, exact)
    }

    @Test("← ×4, '.' ×30, ',' ×45, → ×2 held (every 30 ms): each lands on its step within 3 s, shows steps on the way, settles to its exact frame, and every exact frame shown (no ≈ in the status line) is a fresh run's frame at that step")
    func heldKeys() throws {
        let play = try PlaygroundSession("held", files: ["balls.yaml": TimeScrubEndToEndTests.balls]) {
            ["play", $0.file("balls.yaml").path]
        }
        defer { play.stop() }
        let s = play.tmux
        #expect(try s.waitUntil { try s.statusLine().contains("Balls 1/1") }, "\((try? s.text()) ?? "")")
        usleep(8_000_000)
        try s.send(keys: "Space")
        #expect(try s.waitUntil { try Self.frame(s) != nil })
        let paused = try #require(try Self.frame(s)).step
        try #require(paused > 300, "the scene ran only \(paused) steps in 8 s")

        var frames: [Int: String] = [:]
        var step = paused
        for (key, count, delta) in [("Left", 4, -60), (".", 30, 1), (",", 45, -1), ("Right", 2, 60)] {
            step += count * delta
            let (seen, landing, exact) = try Self.hold(key, count, landingOn: step, in: s, into: &frames)
            let wayDone = seen.subtracting([step])
            print("held \(key) ×\(count): landed on step \(step) \(landing.map { "\(Int($0 * 1000)) ms" } ?? "never") after the last press, exact \(exact.map { "\(Int($0 * 1000)) ms" } ?? "never"); steps seen on the way: \(wayDone.sorted())")
            let landed = try #require(landing, "held \(key) ×\(count) never showed step \(step): \((try? s.statusLine()) ?? "")")
            #expect(landed < 3, "held \(key) ×\(count): landed \(landed) s after the last press")
            #expect(exact != nil, "held \(key) ×\(count): step \(step) never settled to its exact frame: \((try? s.statusLine()) ?? "")")
            if count > 4 { #expect(wayDone.count >= 2, "held \(key) ×\(count): the screen showed only \(seen.sorted())") }
        }

        // A fresh run, paused at once, stepped forward through every step kept.
        let fresh = try play.again()
        #expect(try fresh.waitUntil { try fresh.statusLine().contains("Balls 1/1") })
        try fresh.send(keys: "Space")
        #expect(try fresh.waitUntil { try Self.frame(fresh) != nil })
        var at = try #require(try Self.frame(fresh)).step
        let kept = frames.keys.filter { $0 >= at }.sorted()
        try #require(kept.count >= 4, "only \(kept.count) exact frames kept past the fresh run's step \(at)")
        for target in kept {
            if (target - at) / 60 > 0 { try fresh.tmux(["send-keys", "-t", "t"] + Array(repeating: "Right", count: (target - at) / 60)) }
            if (target - at) % 60 > 0 { try fresh.send(keys: Array(repeating: ".", count: (target - at) % 60).joined()) }
            var shown: (step: Int, scene: String, exact: Bool)?
            _ = try fresh.waitUntil(seconds: 30) {
                shown = try Self.frame(fresh)
                return shown?.step == target && shown?.exact == true
            }
            #expect(shown?.step == target && shown?.exact == true, "the fresh run did not reach step \(target) exact")
            #expect(shown?.scene == frames[target], "step \(target) while scrubbing:\n\(frames[target]!)\n--- a fresh run at that step:\n\(shown?.scene ?? "")")
            at = target
        }
        print("held keys: \(kept.count) frames compared with a fresh run")
        try s.send(keys: "q")
        try fresh.send(keys: "q")
    }
}
