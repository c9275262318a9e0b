// Removing one item of a group while the scene plays (a rule's `remove`): the rest stay one body
// with the remaining shapes, its mass the sum of theirs and its inertia Σ(I + m d²) about their
// new center of mass, and each remaining item goes on at the velocity the rigid body gave it
// (v + ω × r). The numbers are the geometry's: a ball of diameter 20 weighs 20·20/10⁴ = 0.04
// and turns with m r²/2 = 2; the 40×6 bar weighs 0.024 and turns with m (w² + h²)/12 = 3.272.
import Foundation
import Geometry
import Testing
@testable import Dynamics
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Removing an item of a group: the rest is one body with the sums of what is left")
struct GroupRemovalTests {
    static func dumbbell(rules: String = "", motion: String = "") -> String {
        """
        size: [640, 368]
        items:
          - {id: left, shape: ellipse, size: [20, 20], center: [170, 200]\(motion)}
          - {id: bar, size: [40, 6], center: [200, 200]}
          - {id: right, shape: ellipse, size: [20, 20], center: [230, 200]}
        groups:
          - {id: dumbbell, items: [left, bar, right]}
        behaviors:
          - {type: dynamicItem, items: [bar], density: 1}
        \(rules)
        """
    }

    static func inertia(_ animator: DynamicAnimator, _ item: DynamicItem) -> Double {
        animator.body(for: item).map { animator.world.body($0).inertia } ?? 0
    }

    @Test("a rule removes the right ball: the ball and bar left weigh 0.064, center of mass at x 181.25, inertia 18.772")
    func ruleRemovesOneBall() throws {
        let s = try Fixture.session(Self.dumbbell(rules: """
            rules:
              - on: {event: after, seconds: 0.1}
                do: [{action: remove, item: right}]
            """), size: Size(640, 368))
        for _ in 0..<6 { s.step() }
        let scene = s.scene
        #expect(scene.item(withID: "right") == nil)
        let left = try #require(scene.item(withID: "left")), bar = try #require(scene.item(withID: "bar"))
        let group = try #require(scene.group(of: left))
        #expect(group.items.count == 2 && group.items.contains { $0 === bar })
        let ball = 20.0 * 20 / 10_000, rod = 40.0 * 6 / 10_000
        #expect(abs(scene.animator.mass(for: group) - (ball + rod)) < 1e-12)
        // Center of mass: (0.04·170 + 0.024·200) / 0.064 = 181.25.
        #expect(abs(group.center.x - 181.25) < 1e-9 && abs(group.center.y - 200) < 1e-9)
        // Disc m r²/2 + m d² at d = 11.25; bar m (w² + h²)/12 + m d² at d = 18.75.
        let expected = ball * 100 / 2 + ball * 11.25 * 11.25 + rod * (1600 + 36) / 12 + rod * 18.75 * 18.75
        #expect(abs(expected - 18.772) < 1e-9)
        #expect(abs(Self.inertia(scene.animator, group) - expected) < 1e-9)
        #expect(scene.sceneDescription.groups.map(\.items) == [["left", "bar"]])
        // Still one body: a further step keeps the ball 30 pt from the bar.
        s.step()
        #expect(abs(left.center.distance(to: bar.center) - 30) < 1e-9)
    }

    @Test("a moving, turning dumbbell loses its right ball: the left ball and the bar keep their velocities v + ω × r")
    func velocitiesCarryOver() throws {
        let s = try Fixture.session(Self.dumbbell(motion: ", velocity: [40, -20], angularVelocity: 2"), size: Size(640, 368))
        for _ in 0..<3 { s.step() }
        let scene = s.scene
        let left = try #require(scene.item(withID: "left")), bar = try #require(scene.item(withID: "bar"))
        let before = [scene.linearVelocity(of: left), scene.linearVelocity(of: bar)]
        let spin = scene.angularVelocity(of: left)
        #expect(abs(spin - 2) < 1e-9)
        s.removeItem(try #require(scene.item(withID: "right")))
        let after = [scene.linearVelocity(of: left), scene.linearVelocity(of: bar)]
        for (a, b) in zip(after, before) { #expect((a - b).length < 1e-9, "\(a) vs \(b)") }
        #expect(abs(scene.angularVelocity(of: left) - 2) < 1e-9)
        #expect(abs(scene.animator.mass(for: try #require(scene.group(of: left))) - 0.064) < 1e-12)
    }

    @Test("removing two of the three leaves the bar a lone item of mass 0.024 and inertia 3.272")
    func oneLeftIsALoneItem() throws {
        let s = try Fixture.session(Self.dumbbell(), size: Size(640, 368))
        s.removeItem(try #require(s.scene.item(withID: "right")))
        s.removeItem(try #require(s.scene.item(withID: "left")))
        s.scene.animator.commitChanges()
        let bar = try #require(s.scene.item(withID: "bar"))
        #expect(s.scene.group(of: bar) == nil)
        #expect(s.scene.sceneDescription.groups.isEmpty)
        #expect(abs(s.scene.animator.mass(for: bar) - 0.024) < 1e-12)
        #expect(abs(Self.inertia(s.scene.animator, bar) - 0.024 * 1636 / 12) < 1e-9)
    }
}
