// An animation's phase in a scene file: `elapsed` and `from` read, write back to the same value,
// and are refused where they would mean nothing (docs/scene-format.md, "Animations saved while
// running").
import Foundation
import Geometry
import SceneTestSupport
import Testing
@testable import SceneFormat

@Suite("Animations saved while running: the scene format")
struct AnimationPhaseFormatTests {
    static let items = """
        name: T
        items:
          - {id: a, size: [10, 10], center: [100, 100]}
        animations:

        """

    @Test("elapsed and from read, and write back to the same description")
    func roundTrip() throws {
        let yaml = Self.items + """
              - {item: a, duration: 2, curve: spring, dampingRatio: 0.4, repeat: 1.5, autoreverse: true,
                 to: {center: ['90%', 300], alpha: 0}, elapsed: 2.75, from: {center: [100.25, 99.5], alpha: 0.875}}
              - {item: a, delay: 1, duration: 1, to: {scale: 2}}
            """
        let scene = try #require(Fixture.scene(yaml))
        let running = scene.animations[0]
        #expect(running.elapsed == 2.75 && running.delay == 0)
        #expect(running.from == AnimationDescription.Target(center: Position(Point(100.25, 99.5)), alpha: 0.875))
        #expect(running.repeatCount == 1.5 && running.autoreverses && running.curve == .spring)
        #expect(scene.animations[1].elapsed == nil && scene.animations[1].from == nil)
        let again = try SceneParser().parse(yaml: try scene.yaml(), file: "again.yaml")
        #expect(again.animations == scene.animations)
    }

    @Test("from without elapsed, delay with elapsed, a from value to does not animate, a negative elapsed: each an error")
    func refused() {
        let cases: [(String, String)] = [
            ("{item: a, to: {alpha: 0}, from: {alpha: 1}}", "'from' applies only with 'elapsed'"),
            ("{item: a, delay: 1, to: {alpha: 0}, elapsed: 0.5}", "'delay' and 'elapsed' exclude each other"),
            ("{item: a, to: {alpha: 0}, elapsed: 0.5, from: {scale: 2}}", "'scale' in 'from' but not in 'to'"),
            ("{item: a, to: {alpha: 0}, elapsed: -1}", "animations[0].elapsed"),
            ("{item: a, to: {alpha: 0}, elapsed: 0.5, from: {alpha: 3}}", "animations[0].from.alpha"),
        ]
        for (entry, message) in cases {
            let errors = Fixture.errors(Self.items + "  - " + entry + "\n")
            #expect(errors.count == 1, "\(entry): \(errors)")
            #expect(errors.contains { "\($0)".contains(message) }, "\(entry): \(errors)")
        }
    }
}
