// Rules through the real binary: `nudge simulate` prints each event and action as a JSON line at
// its step and ends a won or lost scene with the result line; `--input` replays a tap that fires
// a rule at the step the input's time fixes; `nudge check` names a misspelt event with the
// nearest one at its line and column. The expected lines are the format docs/headless-output.md
// defines, with steps the clock and physics fix.
import Foundation
import SceneTestSupport
import Testing

@Suite("Rules through nudge simulate and nudge check")
struct RulesCommandLineTests {
    static let timers = """
        name: Timers
        size: [400, 400]
        items:
          - {id: ball, shape: ellipse, size: [20, 20], center: [200, 100]}
        rules:
          - on: {event: every, seconds: 0.5}
            do: [{action: counter, counter: ticks}]
          - id: timeout
            on: {event: after, seconds: 2}
            do:
              - {action: end, result: lost, message: "Out of time"}
              - {action: bell}
        """

    static func simulate(_ yaml: String, _ arguments: [String] = []) throws -> [String] {
        let file = try CommandLineTests.temporaryScene(yaml)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try CommandLineTests.run(["simulate", file.path] + arguments)
        #expect(result.status == 0, "\(result.errors)")
        return result.output.split(separator: "\n").map(String.init)
    }

    @Test("a counter every 0.5 s (steps 30, 60, 90, 120) and a loss at 2 s (step 120): the event, action and result lines, then nothing")
    func counterAndLoss() throws {
        let lines = try Self.simulate(Self.timers, ["--every", "1000"])
        let ruleLines = lines.filter { !$0.contains("\"items\"") }
        #expect(ruleLines == [
            #"{"step":30,"rule":1,"event":"every"}"#,
            #"{"step":30,"rule":1,"action":"counter","counter":"ticks","value":1}"#,
            #"{"step":60,"rule":1,"event":"every"}"#,
            #"{"step":60,"rule":1,"action":"counter","counter":"ticks","value":2}"#,
            #"{"step":90,"rule":1,"event":"every"}"#,
            #"{"step":90,"rule":1,"action":"counter","counter":"ticks","value":3}"#,
            #"{"step":120,"rule":1,"event":"every"}"#,
            #"{"step":120,"rule":1,"action":"counter","counter":"ticks","value":4}"#,
            #"{"step":120,"rule":2,"id":"timeout","event":"after"}"#,
            #"{"step":120,"rule":2,"id":"timeout","action":"end","result":"lost","message":"Out of time"}"#,
            #"{"step":120,"result":"lost","message":"Out of time"}"#,
        ])
        // Step 0, then (with --every 1000) only the step the scene ended at, then the result.
        #expect(lines.filter { $0.contains("\"items\"") }.map { $0.prefix(12) } == [#"{"step":0,"t"#, #"{"step":120,"#])
        #expect(lines.last == #"{"step":120,"result":"lost","message":"Out of time"}"#)
    }

    @Test("won: a ball falls 200 pt into the basket (step ⌈60·√(2h/g)⌉ = 38 within one); the counter, the win, the last line")
    func ballIntoBasket() throws {
        let lines = try Self.simulate("""
            size: [400, 400]
            items:
              - {id: ball, shape: ellipse, size: [20, 20], center: [200, 90]}
            behaviors:
              - {type: gravity}
              - {type: collision, segments: {basket: [[150, 300], [250, 300]]}}
            rules:
              - on: {event: contactBegan, item: ball, boundary: basket}
                once: true
                do:
                  - {action: counter, counter: score}
                  - {action: end, result: won, message: "In!"}
            """)
        let result = try #require(lines.last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.utf8)) as? [String: Any])
        let step = try #require(object["step"] as? Int)
        #expect(abs(step - Int((60 * (2 * 200 / 1000.0).squareRoot()).rounded(.up))) <= 1, "\(result)")
        #expect(result == #"{"step":\#(step),"result":"won","message":"In!"}"#)
        #expect(lines.contains(#"{"step":\#(step),"rule":1,"action":"counter","counter":"score","value":1}"#))
        #expect(lines.count == step + 1 + 4, "steps 0…\(step), the event, two actions and the result")
    }

    @Test("--input: a tap on the ball at 0.25–0.3 s fires the rule before step ⌊0.3·60⌋ + 1 = 19, and replays the same bytes")
    func replayedTap() throws {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-rules-\(UUID().uuidString).jsonl")
        try """
            {"t":0.25,"type":"down","x":200,"y":100,"button":1}
            {"t":0.3,"type":"up","x":200,"y":100,"button":1}

            """.write(to: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: input) }
        let lines = try Self.simulate(Self.timers.replacingOccurrences(of: "seconds: 0.5", with: "seconds: 5") + """

              - on: {event: tap, item: ball}
                do: [{action: setColor, color: red}]
            """, ["--input", input.path, "--steps", "30"])
        #expect(lines.filter { !$0.contains("\"items\"") } == [
            #"{"step":19,"rule":3,"event":"tap","item":"ball","x":200,"y":100}"#,
            ##"{"step":19,"rule":3,"action":"setColor","item":"ball","color":"#ff0000"}"##,
        ])
        #expect(try Self.simulate(Self.timers.replacingOccurrences(of: "seconds: 0.5", with: "seconds: 5") + """

              - on: {event: tap, item: ball}
                do: [{action: setColor, color: red}]
            """, ["--input", input.path, "--steps", "30"]) == lines)
    }

    @Test("a gesture entry with do: runs the rule actions at the boundary after its tap (step 19), its lines labelled by the gesture's place")
    func gestureDo() throws {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-gesture-do-\(UUID().uuidString).jsonl")
        try """
            {"t":0.25,"type":"down","x":200,"y":100,"button":1}
            {"t":0.3,"type":"up","x":200,"y":100,"button":1}

            """.write(to: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: input) }
        let lines = try Self.simulate("""
            size: [400, 400]
            items:
              - {id: ball, shape: ellipse, size: [20, 20], center: [200, 100]}
            gestures:
              - recognizer: tap
                on: ball
                do:
                  - {action: counter, counter: taps}
                  - {action: setAlpha, alpha: 0.5}
            """, ["--input", input.path, "--steps", "20"])
        #expect(lines.filter { !$0.contains("\"items\"") } == [
            #"{"step":19,"gesture":1,"event":"tap","item":"ball","x":200,"y":100}"#,
            #"{"step":19,"gesture":1,"action":"counter","counter":"taps","value":1}"#,
            #"{"step":19,"gesture":1,"action":"setAlpha","item":"ball","alpha":0.5}"#,
        ])
        #expect(lines.last?.contains(#""alpha":0.5"#) == true)
    }

    @Test("dominoes that count: each of the six tips past 1 rad once, in order down the row; the count reaching 6 wins at that same step, its message filled in")
    func dominoes() throws {
        let lines = try Self.simulate("""
            name: Dominoes
            size: [640, 368]
            items:
              - {id: d1, size: [10, 60], center: [100, 298]}
              - {id: d2, size: [10, 60], center: [140, 298]}
              - {id: d3, size: [10, 60], center: [180, 298]}
              - {id: d4, size: [10, 60], center: [220, 298]}
              - {id: d5, size: [10, 60], center: [260, 298]}
              - {id: d6, size: [10, 60], center: [300, 298]}
            behaviors:
              - {type: gravity}
              - {type: collision, segments: {floor: [[0, 328], [640, 328]]}}
              - {type: dynamicItem, friction: 0.6}
            rules:
              - on: {event: after, seconds: 0.1}
                do: [{action: setVelocity, item: d1, velocity: [0, 0], angularVelocity: 6}]
              - on: {event: threshold, items: [d1, d2, d3, d4, d5, d6], value: angle, above: 1}
                oncePerItem: true
                do: [{action: counter, counter: fallen}]
              - on: {event: counterReached, counter: fallen, value: 6}
                do: [{action: end, result: won, message: "All {fallen} down"}]
              - on: {event: after, seconds: 8}
                do: [{action: end, result: lost, message: "{fallen} fell"}]
            """)
        let counted = lines.filter { $0.contains(#""action":"counter""#) }
        let items = lines.filter { $0.contains(#""event":"threshold""#) }.compactMap { $0.firstMatch(of: /"item":"(d\d)"/).map { String($0.1) } }
        #expect(items == ["d1", "d2", "d3", "d4", "d5", "d6"], "\(lines.filter { !$0.contains("\"items\"") })")
        #expect(counted.last?.hasSuffix(#""value":6}"#) == true)
        let step = try #require(counted.last?.firstMatch(of: /"step":(\d+)/).map { String($0.1) })
        #expect(lines.last == #"{"step":\#(step),"result":"won","message":"All 6 down"}"#)
    }

    @Test("check: a misspelt event named with the nearest, at its line and column")
    func checkNamesTheEvent() throws {
        let yaml = Self.timers.replacingOccurrences(of: "event: every", with: "event: evry")
        let file = try CommandLineTests.temporaryScene(yaml)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try CommandLineTests.run(["check", file.path])
        let (line, column) = Fixture.locate("evry", in: yaml)
        #expect(result.status == 1)
        #expect(result.output == "\(file.path):\(line):\(column): rules[0].on.event: unknown event 'evry'; did you mean 'every'?\n")
    }

    @Test("scenes without rules print what they printed before: no rule lines in a seed scene's output")
    func seedScenesUnchanged() throws {
        let result = try CommandLineTests.run(["simulate", "scenes/004-gestures.yaml", "--steps", "60"])
        #expect(result.output.split(separator: "\n").allSatisfy { $0.hasPrefix(#"{"step":"#) && $0.contains(#""items""#) })
    }
}
