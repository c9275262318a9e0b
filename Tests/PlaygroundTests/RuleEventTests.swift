// Rules at work: each event kind fires at the step physics, geometry or the clock fixes.
//
// A ball dropped from rest falls h = g·t²/2 under gravity g (magnitude 1 = 1000 pt/s²), so it
// covers h = 200 pt in t = √(2h/g) = 0.632 s, in step ⌈60·t⌉ = 38; the engine's semi-implicit
// Euler steps cover g·Δt²·n(n+1)/2 after n steps (195.3 pt after 37, 205.8 after 38), so a
// center crossing is exactly step 38, and a contact, which the engine may begin within its
// contact margin before the shapes touch, is step 38 within one. A speed of 490 pt/s is passed
// when g·n·Δt > 490: n = 30. Timers and animations fire at whole steps of their seconds, the
// animator pauses after half a second (30 steps) without motion, UIKit's rest rule.
import Foundation
import Geometry
import Testing
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Rule events fire at the step physics and the clock fix")
struct RuleEventTests {
    /// A 400×400 scene: ball (20 pt) at `ballY`, gravity on it, a floor segment at y = 300.
    static func dropScene(ballY: Double, floor: Bool = true, extraItems: String = "", rules: String) -> String {
        """
        size: [400, 400]
        items:
          - {id: ball, shape: ellipse, size: [20, 20], center: [200, \(ballY)]}
        \(extraItems)
        behaviors:
          - {type: gravity, items: [ball]}
        \(floor ? "  - {type: collision, segments: {floor: [[0, 300], [400, 300]]}}" : "")
        rules:
        \(rules)
        """
    }

    /// The lines the rules wrote over `steps` steps, parsed.
    /// `input[k]` runs before step k + 1 (when `stepCount` is k).
    static func lines(_ yaml: String, steps: Int, input: [Int: (SceneSession) -> Void] = [:]) throws -> [[String: Any]] {
        let session = try Fixture.session(yaml)
        let rules = try #require(session.rules)
        var lines: [[String: Any]] = []
        for _ in 0..<steps {
            input[session.stepCount]?(session)
            session.step()
            for line in rules.takeLines() {
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                lines.append(try #require(object, "not a JSON object: \(line)"))
            }
        }
        return lines
    }

    /// The steps at which event `name` fired.
    static func steps(of name: String, in lines: [[String: Any]]) -> [Int] {
        lines.filter { $0["event"] as? String == name }.compactMap { $0["step"] as? Int }
    }

    static let dropStep = Int((60 * (2 * 200 / 1000.0).squareRoot()).rounded(.up))

    @Test("contactBegan with a boundary: the ball's bottom falls 200 pt onto the floor, step ⌈60·√(2h/g)⌉ = 38 within one")
    func contactWithBoundary() throws {
        #expect(Self.dropStep == 38)
        let lines = try Self.lines(Self.dropScene(ballY: 90, rules: """
              - on: {event: contactBegan, item: ball, boundary: floor}
                do: [{action: counter, counter: bounces}]
            """), steps: 45)
        let steps = Self.steps(of: "contactBegan", in: lines)
        #expect(steps.count == 1 && abs(steps[0] - Self.dropStep) <= 1, "\(steps)")
        #expect(lines.first { $0["action"] as? String == "counter" }?["value"] as? Int == 1)
        #expect(lines.first?["with"] as? String == "floor")
    }

    @Test("contactBegan between two items: the ball falls 200 pt onto an anchored box, step 38 within one")
    func contactBetweenItems() throws {
        let lines = try Self.lines(Self.dropScene(ballY: 90, floor: false, extraItems: """
              - {id: box, size: [200, 20], center: [200, 310]}
            """, rules: """
              - on: {event: contactBegan, item: ball, with: box}
                do: [{action: setColor, color: red}]
            """).replacingOccurrences(of: "behaviors:\n", with: """
            behaviors:
              - {type: collision}
              - {type: dynamicItem, items: [box], anchored: true}

            """), steps: 45)
        let steps = Self.steps(of: "contactBegan", in: lines)
        #expect(steps.count == 1 && abs(steps[0] - Self.dropStep) <= 1, "\(steps)")
    }

    @Test("leftPlayArea: the center falls 200 pt out of the 400 pt bounds at exactly step 38")
    func leftPlayArea() throws {
        let lines = try Self.lines(Self.dropScene(ballY: 200, floor: false, rules: """
              - on: {event: leftPlayArea}
                do: [{action: end, result: lost, message: fell}]
            """), steps: 60)
        #expect(Self.steps(of: "leftPlayArea", in: lines) == [38])
    }

    @Test("threshold: y above 300 from 100 at step 38; speed above 490 pt/s at step 30 (g·n·Δt > 490)")
    func thresholds() throws {
        let lines = try Self.lines(Self.dropScene(ballY: 100, floor: false, rules: """
              - on: {event: threshold, item: ball, value: y, above: 300}
                do: [{action: bell}]
              - on: {event: threshold, item: ball, value: speed, above: 490}
                do: [{action: bell}]
            """), steps: 45)
        #expect(lines.filter { $0["event"] != nil }.map { $0["step"] as? Int } == [30, 38])
    }

    @Test("threshold tilt: a box spun counterclockwise at 3 rad/s has |angle| = 3·n/60 > 0.5 first at step 11; angle above 0.5 never fires")
    func tilt() throws {
        let lines = try Self.lines("""
            size: [400, 400]
            items:
              - {id: box, size: [40, 40], center: [200, 200], angularVelocity: -3}
            behaviors:
              - {type: dynamicItem, items: [box]}
            rules:
              - on: {event: threshold, item: box, value: tilt, above: 0.5}
                do: [{action: bell}]
              - on: {event: threshold, item: box, value: angle, above: 0.5}
                do: [{action: bell}]
            """, steps: 20)
        #expect(lines.filter { $0["event"] != nil }.map { [$0["rule"] as? Int, $0["step"] as? Int] } == [[1, 11]])
    }

    @Test("after 0.5 s fires at step 30 once; every 0.25 s at steps 15, 30, 45")
    func timers() throws {
        let lines = try Self.lines(Self.dropScene(ballY: 100, rules: """
              - on: {event: after, seconds: 0.5}
                do: [{action: message, text: half}]
              - on: {event: every, seconds: 0.25}
                do: [{action: counter, counter: ticks}]
            """), steps: 50)
        #expect(Self.steps(of: "after", in: lines) == [30])
        #expect(Self.steps(of: "every", in: lines) == [15, 30, 45])
        #expect(lines.last?["value"] as? Int == 3)
    }

    @Test("animationCompleted: a 0.5 s animation ends at step 30")
    func animationCompleted() throws {
        let yaml = Self.dropScene(ballY: 100, rules: """
              - on: {event: animationCompleted, item: ball}
                do: [{action: setAlpha, alpha: 0.5}]
            """) + "\nanimations:\n  - {item: ball, duration: 0.5, to: {alpha: 0.2}}\n"
        #expect(Self.steps(of: "animationCompleted", in: try Self.lines(yaml, steps: 40)) == [30])
    }

    @Test("rest after half a second without motion (step 30); a push at 1 s resumes it at the next boundary (61)")
    func restAndResume() throws {
        let lines = try Self.lines("""
            size: [400, 400]
            items:
              - {id: ball, shape: ellipse, size: [20, 20], center: [200, 100]}
            behaviors:
              - {type: collision, boundaries: reference}
            rules:
              - on: {event: rest}
                once: true
                do: [{action: message, text: resting}]
              - on: {event: after, seconds: 1}
                do: [{action: push, item: ball, direction: [1, 0]}]
              - on: {event: resume}
                do: [{action: bell}]
            """, steps: 70)
        #expect(Self.steps(of: "rest", in: lines) == [30])
        #expect(Self.steps(of: "resume", in: lines) == [61])
    }

    @Test("oncePerItem: two balls bouncing (elasticity 1, period 2·√(2h/g) = 1.23 s) cross y = 250 downward at 0.55, 1.78 and 3.01 s; without oncePerItem the rule fires 3 times for each, with it once")
    func oncePerItem() throws {
        let lines = try Self.lines("""
            size: [400, 400]
            items:
              - {id: p, shape: ellipse, size: [20, 20], center: [100, 100]}
              - {id: q, shape: ellipse, size: [20, 20], center: [300, 100]}
            behaviors:
              - {type: gravity}
              - {type: collision, segments: {floor: [[0, 300], [400, 300]]}}
              - {type: dynamicItem, elasticity: 1}
            rules:
              - on: {event: threshold, items: [p, q], value: y, above: 250}
                do: [{action: counter, counter: all}]
              - on: {event: threshold, items: [p, q], value: y, above: 250}
                oncePerItem: true
                do: [{action: counter, counter: each}]
            """, steps: 200)
        let fired = { (rule: Int) in lines.filter { $0["rule"] as? Int == rule && $0["event"] != nil }.compactMap { $0["item"] as? String } }
        #expect(fired(2) == ["p", "q"])
        // Down through y = 250 at √(2·150/g), then once every bounce period 2·√(2·190/g): 0.55, 1.78, 3.01 s.
        let first = (2 * 150 / 1000.0).squareRoot(), period = 2 * (2 * 190 / 1000.0).squareRoot()
        let crossings = (0..<10).filter { first + Double($0) * period < 200.0 / 60 }.count
        #expect(crossings == 3)
        #expect(fired(1) == Array(repeating: ["p", "q"], count: crossings).flatMap { $0 }, "\(fired(1))")
    }

    @Test("contactEnded: a ball resting on the floor, sent up at 300 pt/s after step 30, is 5 pt clear a step later: ended at step 31 within one (the contact margin)")
    func contactEnded() throws {
        let lines = try Self.lines("""
            size: [400, 400]
            items:
              - {id: ball, shape: ellipse, size: [20, 20], center: [200, 290]}
            behaviors:
              - {type: collision, segments: {floor: [[0, 300], [400, 300]]}}
              - {type: dynamicItem, items: [ball]}
            rules:
              - on: {event: after, seconds: 0.5}
                do: [{action: setVelocity, item: ball, velocity: [0, -300]}]
              - on: {event: contactEnded, item: ball, boundary: floor}
                do: [{action: bell}]
            """, steps: 40)
        let ended = Self.steps(of: "contactEnded", in: lines)
        #expect(ended.count == 1 && abs(ended[0] - 31) <= 1, "\(ended)")
    }

    @Test("longPress: held from 0.1 s, it begins after UIKit's 0.5 s minimum, at 0.6 s: step 36")
    func longPress() throws {
        let lines = try Self.lines(Self.dropScene(ballY: 100, floor: false, rules: """
              - on: {event: longPress}
                do: [{action: message, text: held}]
            """), steps: 40, input: [6: { $0.handle(.down(Point(50, 50), time: 0.1)) }])
        #expect(Self.steps(of: "longPress", in: lines) == [36])
    }

    @Test("pan: a press and a move of 30 pt (past the 10 pt a pan needs) begins it; it fires at the next boundary")
    func pan() throws {
        let lines = try Self.lines(Self.dropScene(ballY: 100, floor: false, rules: """
              - on: {event: pan}
                do: [{action: message, text: dragged}]
            """), steps: 12, input: [
                3: { $0.handle(.down(Point(50, 50), time: 3 / 60)) },
                5: { $0.handle(.move(Point(80, 50), time: 5 / 60)) },
            ])
        #expect(Self.steps(of: "pan", in: lines) == [6])
    }

    @Test("tap on an item: fires at the step boundary after the tap, at the tap's point; a tap elsewhere does not")
    func tapOnItem() throws {
        let lines = try Self.lines(Self.dropScene(ballY: 100, floor: false, rules: """
              - on: {event: tap, item: ball}
                do: [{action: remove}]
            """), steps: 12, input: [
                2: { $0.click(Point(50, 50), at: 2 / 60) },
                9: { $0.click($0.scene.item(withID: "ball")?.center ?? .zero, at: 9 / 60) },
            ])
        let taps = lines.filter { $0["event"] as? String == "tap" }
        #expect(taps.count == 1)
        #expect(taps.first?["step"] as? Int == 10)
        #expect(taps.first?["x"] as? Int == 200 && taps.first?["item"] as? String == "ball", "\(taps)")
    }
}
