// Kinematic items, the sleeping switch and items that start asleep, from scene files.
//
// An anchored item with a `velocity` or `angularVelocity` is kinematic: it moves at exactly that
// velocity, whatever hits it (nothing pushes it: it has no mass to push), and what rests on it or
// is held by it moves with it. The numbers come from rigid-body kinematics: a box carried by a
// platform by friction (μ = 1, so static friction can give up to g = 1,000 pt/s²) ends at the
// platform's speed; a point r from the centre of a body turning at ω moves at ω·r.
import Foundation
import Geometry
import Testing
@testable import Dynamics
@testable import SceneFormat
@testable import Scenes

@Suite("kinematic items, sleeping and items that start asleep")
struct KinematicSceneTests {
    static let bounds = Rect(x: 0, y: 0, width: 640, height: 368)

    static func scene(_ yaml: String) throws -> Scenes.Scene {
        let description = try SceneParser().parse(yaml: yaml, file: "kinematic.yaml")
        let scene = SceneBuilder().build(description, referenceBounds: bounds)
        scene.animator.pausesAtRest = false
        return scene
    }

    @Test("a platform anchored at 100 pt/s carries a box resting on it at 100 pt/s, by friction")
    func platformCarriesBox() throws {
        let scene = try Self.scene("""
            name: Platform
            items:
              - {id: platform, size: [300, 20], center: [200, 300], velocity: [100, 0]}
              - {id: box, size: [20, 20], center: [200, 280]}
            behaviors:
              - {type: gravity, items: [box]}
              - {type: collision, items: [platform, box], boundaries: none}
              - {type: dynamicItem, items: [platform], anchored: true, friction: 1}
              - {type: dynamicItem, items: [box], friction: 1}
            """)
        let platform = try #require(scene.item(withID: "platform")), box = try #require(scene.item(withID: "box"))
        for _ in 0..<60 { scene.animator.step() }
        let v = scene.linearVelocity(of: box)
        #expect(abs(v.x - 100) < 1, "the box moves at \(v) after 1 s")
        #expect(abs(v.y) < 1)
        // Still on the platform, just above it.
        #expect(abs(box.center.y - 280) < 1.5)
        #expect(abs(box.center.x - platform.center.x) < 20, "box \(box.center.x), platform \(platform.center.x)")
    }

    @Test("a rotor anchored at 2 rad/s turns a box welded to it 80 pt from its centre at 160 pt/s")
    func rotorTurnsHeldBox() throws {
        let scene = try Self.scene("""
            name: Rotor
            items:
              - {id: rotor, size: [200, 20], center: [320, 184], angularVelocity: 2}
              - {id: box, size: [20, 20], center: [400, 184]}
            behaviors:
              - {type: dynamicItem, items: [rotor], anchored: true}
              - {type: dynamicItem, items: [box]}
              - {type: attachment, kind: fixed, item: box, to: rotor, anchor: [400, 184]}
            """)
        let rotor = try #require(scene.item(withID: "rotor")), box = try #require(scene.item(withID: "box"))
        for _ in 0..<30 { scene.animator.step() }
        let speed = scene.linearVelocity(of: box).length
        #expect(abs(speed - 160) < 160 * 0.02, "the box moves at \(speed) pt/s")
        #expect(abs(scene.angularVelocity(of: box) - 2) < 0.04)
        // Still 80 pt from the rotor's centre, which has not moved.
        #expect(abs(box.center.distance(to: rotor.center) - 80) < 1)
        #expect(rotor.center.distance(to: Point(320, 184)) < 1e-9)
    }

    @Test("nothing pushes a kinematic item: hit head-on by a heavy box, it keeps exactly its velocity")
    func kinematicIsNotPushed() throws {
        let scene = try Self.scene("""
            name: Ram
            items:
              - {id: wall, size: [20, 200], center: [200, 184], velocity: [50, 0], angularVelocity: 0}
              - {id: ram, size: [60, 60], center: [400, 184], velocity: [-600, 0]}
            behaviors:
              - {type: collision, items: [wall, ram], boundaries: none}
              - {type: dynamicItem, items: [wall], anchored: true}
              - {type: dynamicItem, items: [ram], density: 100}
            """)
        let wall = try #require(scene.item(withID: "wall")), ram = try #require(scene.item(withID: "ram"))
        var touched = false
        for step in 1...60 {
            scene.animator.step()
            if ram.center.x - wall.center.x < 41 { touched = true }
            #expect(scene.linearVelocity(of: wall) == Vector(50, 0), "step \(step)")
            #expect(scene.angularVelocity(of: wall) == 0)
        }
        #expect(touched, "the ram reached the wall")
        // It went where its velocity took it: 50 pt in 1 s (to the engine's single-precision poses).
        #expect(abs(wall.center.x - 250) < 1e-3, "the wall is at \(wall.center.x)")
        // The ram bounced back (it moves right now, pushed by the wall, not the other way round).
        #expect(scene.linearVelocity(of: ram).x >= 50 - 1)
    }

    static let restingBoxes = """
        items:
          - {id: a, size: [40, 40], center: [300, 348]ASLEEP}
          - {id: b, size: [40, 40], center: [340, 348]ASLEEP}
          - {id: c, size: [40, 40], center: [320, 308]ASLEEP}
        behaviors:
          - {type: gravity}
          - {type: collision, boundaries: reference}
          - {type: dynamicItem, friction: 0.5}
        """

    @Test("boxes resting on the floor with asleep: true sleep after the first step; without it they are awake then")
    func startsAsleep() throws {
        let asleep = try Self.scene("name: Asleep\n" + Self.restingBoxes.replacingOccurrences(of: "ASLEEP", with: ", asleep: true"))
        let awake = try Self.scene("name: Awake\n" + Self.restingBoxes.replacingOccurrences(of: "ASLEEP", with: ""))
        asleep.animator.step()
        awake.animator.step()
        for id in ["a", "b", "c"] {
            #expect(asleep.animator.isSleeping(try #require(asleep.item(withID: id))), "\(id) sleeps")
            #expect(!awake.animator.isSleeping(try #require(awake.item(withID: id))), "\(id) is awake")
        }
        // Asleep, they stay exactly where they were put.
        #expect(asleep.item(withID: "c")?.center == Point(320, 308))
    }

    @Test("sleeping: false keeps resting boxes awake for 3 s (even asleep: true ones); by default they sleep")
    func sleepingSwitch() throws {
        let off = try Self.scene("name: Awake\nsleeping: false\n"
                                 + Self.restingBoxes.replacingOccurrences(of: "ASLEEP", with: ", asleep: true"))
        let on = try Self.scene("name: Default\n" + Self.restingBoxes.replacingOccurrences(of: "ASLEEP", with: ""))
        #expect(!off.sceneDescription.sleeping && on.sceneDescription.sleeping)
        for _ in 0..<180 { off.animator.step(); on.animator.step() }
        for id in ["a", "b", "c"] {
            #expect(!off.animator.isSleeping(try #require(off.item(withID: id))), "\(id) is awake")
            #expect(on.animator.isSleeping(try #require(on.item(withID: id))), "\(id) sleeps")
        }
    }

    @Test("sleeping and asleep survive writing a scene and reading it back")
    func roundTrip() throws {
        let text = "name: Round\nsleeping: false\n" + Self.restingBoxes.replacingOccurrences(of: "ASLEEP", with: ", asleep: true")
        let description = try SceneParser().parse(yaml: text, file: "r.yaml")
        let again = try SceneParser().parse(yaml: try SceneWriter().text(for: description), file: "r.yaml")
        #expect(again.sleeping == false)
        #expect(again.items.filter(\.asleep).count == 3)
    }

    @Test("bad values are positioned errors", arguments: [
        ("sleeping: maybe\nitems: []", 2, "sleeping"),
        ("items:\n  - {id: a, asleep: 3}", 3, "asleep"),
    ])
    func badValues(yaml: String, line: Int, key: String) throws {
        do {
            _ = try SceneParser().parse(yaml: "name: Bad\n" + yaml, file: "bad.yaml")
            Issue.record("accepted \(yaml)")
        } catch let errors as SceneErrors {
            #expect(errors.errors.contains { $0.line == line && $0.keyPath.hasSuffix(key) }, "\(errors)")
        }
    }
}
