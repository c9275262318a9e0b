// The playable examples in docs/examples (a ball into a basket with at most three items drawn,
// dominoes that count as they fall, a bowling lane that scores pins), each played to a win
// through the real binary: `nudge simulate FILE --input FILE-win.jsonl`, the recording kept
// beside the scene, as `nudge play --record` writes one. What the tests check is what the
// physics and the rules fix, not what one run printed: the result line says won; every domino
// and every pin is counted exactly once (oncePerItem), and a chain of dominoes falls in order,
// left to right; standing dominoes and pins stay up when nobody plays; the tap lands at the step
// the input's time fixes (floor(t × 60) + 1); a ball left alone, or bowled too softly to reach
// the pins, loses; a fourth item drawn in the basket is refused. `nudge check` passes on each file.
import Foundation
import SceneTestSupport
import Testing

@Suite("the playable examples in docs/examples, played to a win")
struct PlayableExamplesTests {
    static let folder = Fixture.packageRoot.appendingPathComponent("docs/examples")

    /// The JSON objects `nudge simulate` prints for the example with the input (a recording's
    /// lines), running at most `steps` steps.
    static func play(_ name: String, input: String? = nil, steps: Int = 1200) throws -> [[String: Any]] {
        var arguments = ["simulate", folder.appendingPathComponent("\(name).yaml").path, "--steps", "\(steps)", "--every", "10000"]
        var recording: URL?
        if let input {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-example-\(UUID().uuidString).jsonl")
            try input.write(to: url, atomically: true, encoding: .utf8)
            arguments += ["--input", url.path]
            recording = url
        }
        defer { if let recording { try? FileManager.default.removeItem(at: recording) } }
        let result = try CommandLineTests.run(arguments)
        #expect(result.status == 0, "\(result.errors)")
        return try result.output.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    static func winning(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("\(name)-win.jsonl"), encoding: .utf8)
    }

    /// The result line's result and message, or nil when the scene never ended.
    static func result(_ lines: [[String: Any]]) -> (String, String)? {
        guard let last = lines.last, let result = last["result"] as? String else { return nil }
        return (result, last["message"] as? String ?? "")
    }

    /// The items of the event lines of the rule `id`, in the order they fired.
    static func events(_ lines: [[String: Any]], rule id: String) -> [String] {
        lines.filter { $0["id"] as? String == id && $0["event"] != nil }.compactMap { $0["item"] as? String }
    }

    /// The values a counter took, in order.
    static func values(_ lines: [[String: Any]], counter: String) -> [Double] {
        lines.filter { $0["action"] as? String == "counter" && $0["counter"] as? String == counter }
            .compactMap { ($0["value"] as? NSNumber)?.doubleValue }
    }

    @Test("nudge check passes on each example", arguments: ["basket", "dominoes", "bowling"])
    func checks(_ name: String) throws {
        let result = try CommandLineTests.run(["check", Self.folder.appendingPathComponent("\(name).yaml").path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.hasSuffix("\(name).yaml: ok\n"))
    }

    @Test("dominoes: a tap on the first (t 0.52 s: step 32) topples all six, left to right, each counted once; won")
    func dominoes() throws {
        let lines = try Self.play("dominoes", input: Self.winning("dominoes"))
        let tap = try #require(lines.first { $0["event"] as? String == "tap" })
        #expect(tap["step"] as? Int == Int((0.52 * 60).rounded(.down)) + 1)
        #expect(tap["item"] as? String == "d1")
        // A chain falls in order: each domino is tipped by the one before it.
        #expect(Self.events(lines, rule: "fallen") == ["d1", "d2", "d3", "d4", "d5", "d6"])
        #expect(Self.values(lines, counter: "down") == [1, 2, 3, 4, 5, 6])
        let result = try #require(Self.result(lines))
        #expect(result == ("won", "All 6 dominoes down!"))
    }

    @Test("dominoes: nobody taps, nothing falls (a standing domino is stable) in 10 s, and the scene goes on")
    func dominoesStand() throws {
        let lines = try Self.play("dominoes", steps: 600)
        #expect(Self.events(lines, rule: "fallen").isEmpty)
        #expect(Self.result(lines) == nil)
    }

    @Test("bowling: a 150 pt drag on the ball bowls a strike, every pin counted once and the ball once; won")
    func bowlingStrike() throws {
        let lines = try Self.play("bowling", input: Self.winning("bowling"))
        #expect(Set(Self.events(lines, rule: "pin")) == ["pin1", "pin2", "pin3", "pin4", "pin5", "pin6"])
        #expect(Self.events(lines, rule: "pin").count == 6)
        #expect(Self.values(lines, counter: "pins") == [1, 2, 3, 4, 5, 6])
        #expect(Self.values(lines, counter: "balls") == [1])
        let result = try #require(Self.result(lines))
        #expect(result == ("won", "Strike! 6 pins"))
    }

    @Test("bowling: a 40 pt drag rolls the ball too softly to reach the pins: no pin counted; lost with the score 0")
    func bowlingSoft() throws {
        var events = [#"{"t":0.5,"type":"down","x":70,"y":288}"#]
        for k in 1...4 { events.append(#"{"t":\#(0.5 + 0.02 * Double(k)),"type":"move","x":\#(70 + 10 * k),"y":288}"#) }
        events.append(#"{"t":0.6,"type":"up","x":110,"y":288}"#)
        let lines = try Self.play("bowling", input: events.joined(separator: "\n") + "\n")
        #expect(Self.events(lines, rule: "pin").isEmpty)
        let result = try #require(Self.result(lines))
        #expect(result == ("lost", "0 of 6 pins"))
        // The ball stopped short of the first pin (its center 352, the ball's radius 32).
        let last = try #require(lines.last { $0["items"] != nil }?["items"] as? [[String: Any]])
        let ball = try #require(last.first { $0["id"] as? String == "ball" })
        #expect(try #require(ball["x"] as? Double) < 352 - 32 - 4)
    }

    @Test("bowling: one ball a game: a second drag on the ball (at 1 s, before it has gone far) ends the game lost")
    func bowlingSecondBall() throws {
        let first = try Self.winning("bowling")
        let second = [#"{"t":1,"type":"down","x":150,"y":288}"#, #"{"t":1.02,"type":"move","x":170,"y":288}"#,
                      #"{"t":1.04,"type":"move","x":190,"y":288}"#, #"{"t":1.06,"type":"up","x":190,"y":288}"#]
        let lines = try Self.play("bowling", input: first + second.joined(separator: "\n") + "\n")
        #expect(Self.values(lines, counter: "balls") == [1, 2])
        let result = try #require(Self.result(lines))
        #expect(result.0 == "lost")
        #expect(result.1.hasPrefix("One ball a game"))
    }

    /// The items of the last state line, by id.
    static func lastItems(_ lines: [[String: Any]]) throws -> [String: [String: Any]] {
        let items = try #require(lines.last { $0["items"] != nil }?["items"] as? [[String: Any]])
        return Dictionary(items.map { ($0["id"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
    }

    @Test("basket: two planks drawn with edit mode's polygon tool and fixed with f carry the ball over the wall into the basket; won")
    func basket() throws {
        let lines = try Self.play("basket", input: Self.winning("basket"))
        let result = try #require(Self.result(lines))
        #expect(result == ("won", "In the basket!"))
        let items = try Self.lastItems(lines)
        // The planks are the recording's: each polygon's center is its four clicked corners'
        // mean, and fixed (f) it never moved.
        let planks = try [("polygon-1", 179.0, 137.0), ("polygon-2", 372.0, 250.0)].map { id, x, y in
            (try #require(items[id]), x, y)
        }
        for (plank, x, y) in planks {
            #expect(abs((plank["x"] as? Double ?? 0) - x) < 0.01 && abs((plank["y"] as? Double ?? 0) - y) < 0.01)
        }
        // The ball ends between the basket's rims (x 480 and 590, the ball's radius 16).
        let x = try #require(items["ball"]?["x"] as? Double)
        #expect(x > 480 + 16 - 1 && x < 590 - 16 + 1, "x \(x)")
    }

    @Test("basket: without planks the ball, off the ledge at 6 s, falls to the floor: lost")
    func basketAlone() throws {
        let lines = try Self.play("basket")
        let result = try #require(Self.result(lines))
        #expect(result == ("lost", "The ball hit the floor"))
        let step = try #require(lines.last?["step"] as? Int)
        #expect(step > 360, "not before the ball rolls, at 6 s (step 360)")
    }

    @Test("basket: addLimit 3: of four boxes drawn with edit mode's box tool the fourth is refused, and the scene goes on")
    func basketTooMany() throws {
        var events = [#"{"t":0.5,"type":"key","key":"e"}"#, #"{"t":0.5,"type":"key","key":"b"}"#]
        for (k, x) in [150, 250, 350, 450].enumerated() {
            events.append(#"{"t":\#(k + 1),"type":"down","x":\#(x),"y":150}"#)
            events.append(#"{"t":\#(Double(k + 1) + 0.05),"type":"up","x":\#(x + 40),"y":170}"#)
        }
        let lines = try Self.play("basket", input: events.joined(separator: "\n") + "\n", steps: 300)
        let items = try Self.lastItems(lines)
        #expect(items["box-1"] != nil && items["box-2"] != nil && items["box-3"] != nil)
        #expect(items["box-4"] == nil)
        #expect(items.count == 5, "the ball, the hint and three boxes")
        #expect(Self.result(lines) == nil)
    }

    @Test("basket: the status line counts the player's items: 3 of 3 left at 0.5 s, 1 of 3 once the recording drew two planks (8.3 s)")
    func basketStatusLine() throws {
        var last: [String] = []
        for at in ["0.5", "8.3"] {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-basket-\(UUID().uuidString).txt")
            defer { try? FileManager.default.removeItem(at: url) }
            let result = try CommandLineTests.run(["snapshot", Self.folder.appendingPathComponent("basket.yaml").path, "--at", at,
                                                   "--input", Self.folder.appendingPathComponent("basket-win.jsonl").path,
                                                   "--output", url.path])
            #expect(result.status == 0, "\(result.errors)")
            let text = try String(contentsOf: url, encoding: .utf8)
            last.append(String(text.split(separator: "\n").last ?? ""))
        }
        #expect(last[0].contains("│ 3 of 3 items left │"), "\(last[0])")
        #expect(last[1].contains("│ 1 of 3 items left │"), "\(last[1])")
    }
}
