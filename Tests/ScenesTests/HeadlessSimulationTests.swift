// The headless JSON Lines contract: exact text for the example, numbers that
// round-trip, step 0 then every K steps, identical output for identical runs.
import Foundation
import Geometry
import SceneTestSupport
import Testing
@testable import SceneFormat
@testable import Scenes

@Suite("Headless JSON Lines")
struct HeadlessSimulationTests {
    static func pushScene() throws -> Scene {
        let description = try SceneFile.builtInPush.load()
        return SceneBuilder().build(description, referenceBounds: Rect(x: 0, y: 0, width: 640, height: 384))
    }

    @Test("step 0 of the Push scene is the contract's example line, byte for byte")
    func contractExample() throws {
        let line = HeadlessSimulation(scene: try Self.pushScene()).stateLine(step: 0)
        #expect(line == #"{"step":0,"time":0,"items":[{"id":"square","x":320,"y":192,"angle":0,"vx":0,"vy":0,"omega":0}]}"#)
    }

    @Test("numbers: integral values without .0, others shortest round-trip, non-finite as null")
    func numbers() {
        #expect(HeadlessSimulation.number(320) == "320")
        #expect(HeadlessSimulation.number(-0.0) == "0")
        #expect(HeadlessSimulation.number(-12) == "-12")
        #expect(HeadlessSimulation.number(0.1) == "0.1")
        #expect(HeadlessSimulation.number(.nan) == "null")
        for value in [1.0 / 3, 1.0 / 60, 123456.789e-20, -2.5e300, 0.30000000000000004] {
            #expect(Double(HeadlessSimulation.number(value)) == value)
        }
    }

    @Test("step 0, then every K-th step and the last, with time = step / 60")
    func cadence() throws {
        var lines: [String] = []
        HeadlessSimulation(scene: try Self.pushScene()).run(steps: 10, every: 4) { lines.append($0) }
        #expect(lines.count == 4)  // steps 0, 4, 8 and the last, 10
        #expect(lines[1].hasPrefix(#"{"step":4,"time":\#(4.0 / 60),"#))
        #expect(lines[2].hasPrefix(#"{"step":8,"time":\#(8.0 / 60),"#))
        #expect(lines[3].hasPrefix(#"{"step":10,"time":\#(10.0 / 60),"#))
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "not JSON: \(line)")
        }
    }

    @Test("the same scene run twice prints identical bytes")
    func deterministic() throws {
        let yaml = try String(contentsOf: Fixture.packageRoot.appendingPathComponent("scenes/007-sandbox.yaml"), encoding: .utf8)
        func run() throws -> [String] {
            let description = try SceneParser().parse(yaml: yaml, file: "sandbox.yaml")
            let scene = SceneBuilder().build(description, referenceBounds: Rect(x: 0, y: 0, width: 640, height: 384))
            var lines: [String] = []
            HeadlessSimulation(scene: scene).run(steps: 240, every: 1) { lines.append($0) }
            return lines
        }
        let first = try run(), second = try run()
        #expect(first.count == 241)
        #expect(first == second)
    }

    @Test("ids are JSON-escaped")
    func escaping() {
        #expect(HeadlessSimulation.string("a\"b\\c\n\u{1}") == #""a\"b\\c\n\u0001""#)
    }
}
