// Scene+Tuning and PropertyChange: a change reaches the animator and the description together,
// a change to one item's material leaves the items that share its entry alone, and the inverse
// change gives back the description exactly. Masses come from the format's rule (density ×
// w/100 × h/100), values from the seed scene files.
import Foundation
import Geometry
import SceneTestSupport
import Testing
@testable import Dynamics
@testable import SceneFormat
@testable import Scenes

@Suite("Scene tuning")
struct SceneTuningTests {
    static let bounds = Rect(x: 0, y: 0, width: 640, height: 368)

    static func seed(_ file: String) throws -> Scene {
        let url = Fixture.packageRoot.appendingPathComponent("scenes").appendingPathComponent(file)
        let description = try SceneParser().parse(yaml: try String(contentsOf: url, encoding: .utf8), file: file)
        return SceneBuilder().build(description, referenceBounds: bounds)
    }

    /// The friction the engine gives the item's shape.
    static func engineFriction(of id: String, in scene: Scene) throws -> Double {
        let item = try #require(scene.item(withID: id))
        scene.animator.commitIfNeeded()
        let record = try #require(scene.animator.record(for: item))
        return scene.animator.world.shape(record.shape).friction
    }

    @Test("the pendulum's bob: density 4 as the file says, mass 4 × 0.4 × 0.4; doubled in its own entry, the mass doubles")
    func densityOfOwnEntry() throws {
        let scene = try Self.seed("002-pendulum.yaml")
        let bob = try #require(scene.item(withID: "bob"))
        let original = scene.sceneDescription
        #expect(scene.material(.density, of: "bob") == TunedValue(4, written: 4))
        #expect(abs(scene.animator.mass(for: bob) - 0.64) < 1e-12)

        let change = PropertyChange(target: .item(id: "bob"), property: .material(.density),
                                    from: .number(TunedValue(4, written: 4)), to: .number(TunedValue(explicit: 8)))
        #expect(change.apply(to: scene))
        #expect(abs(scene.animator.mass(for: bob) - 1.28) < 1e-12)
        // The file's own entry for the bob (behaviors[2], items: [bob]) took it: no entry was added.
        #expect(scene.sceneDescription.behaviors.count == original.behaviors.count)
        #expect(scene.sceneDescription.behaviors[2].as(BehaviorDescription.DynamicItemProperties.self)?.density == 8)

        #expect(change.inverse.apply(to: scene))
        #expect(scene.sceneDescription == original)
        #expect(abs(scene.animator.mass(for: bob) - 0.64) < 1e-12)
    }

    @Test("the sandbox's ball shares 'bouncy' with the pebble: its friction goes to an entry of its own, the pebble keeps 0.2")
    func sharedEntryIsLeftAlone() throws {
        let scene = try Self.seed("007-sandbox.yaml")
        let original = scene.sceneDescription
        #expect(scene.material(.friction, of: "ball") == TunedValue(0.2, written: nil))
        #expect(try Self.engineFriction(of: "ball", in: scene) == 0.2)

        let change = PropertyChange(target: .item(id: "ball"), property: .material(.friction),
                                    from: .number(TunedValue(0.2, written: nil)), to: .number(TunedValue(explicit: 0.5)))
        #expect(change.apply(to: scene))
        // Appended: {type: dynamicItem, items: [ball], friction: 0.5}.
        var own = BehaviorDescription.DynamicItemProperties(items: ["ball"])
        own.friction = 0.5
        #expect(scene.sceneDescription.behaviors == original.behaviors + [BehaviorDescription(own)])
        #expect(scene.fileBehaviors.count == scene.sceneDescription.behaviors.count)
        // The animator takes each property from the last behavior that sets it.
        #expect(try Self.engineFriction(of: "ball", in: scene) == 0.5)
        #expect(try Self.engineFriction(of: "pebble", in: scene) == 0.2)
        #expect(scene.material(.elasticity, of: "ball")?.value == 0.7)
        #expect(scene.material(.friction, of: "pebble") == TunedValue(0.2, written: nil))

        // Built again from the description (what saving and playing the file does): the same.
        let rebuilt = SceneBuilder().build(scene.sceneDescription, referenceBounds: Self.bounds)
        #expect(try Self.engineFriction(of: "ball", in: rebuilt) == 0.5)
        #expect(try Self.engineFriction(of: "pebble", in: rebuilt) == 0.2)

        // A second change to the ball uses its new entry.
        #expect(scene.setMaterial(.friction, to: TunedValue(explicit: 0.55), of: "ball"))
        #expect(scene.sceneDescription.behaviors.count == original.behaviors.count + 1)
        #expect(scene.setMaterial(.friction, to: TunedValue(0.5, written: 0.5), of: "ball"))

        // Undone: the appended entry goes, the description is the file's again.
        #expect(change.inverse.apply(to: scene))
        #expect(scene.sceneDescription == original)
        #expect(scene.fileBehaviors.count == original.behaviors.count)
        #expect(try Self.engineFriction(of: "ball", in: scene) == 0.2)
    }

    @Test("values are clamped to the format's ranges; non-finite values and unmoved items change nothing")
    func boundsAndRefusals() throws {
        let scene = try Self.seed("002-pendulum.yaml")
        let original = scene.sceneDescription
        #expect(scene.setMaterial(.elasticity, to: TunedValue(explicit: 1.5), of: "bob"))
        #expect(scene.material(.elasticity, of: "bob") == TunedValue(1, written: 1))
        #expect(scene.setMaterial(.density, to: TunedValue(explicit: 0), of: "bob"))
        #expect(scene.material(.density, of: "bob") == TunedValue(0.001, written: 0.001))
        #expect(scene.setJointValue(.damping, to: TunedValue(explicit: -2), ofBehaviorAt: 1))
        #expect(scene.jointValue(.damping, ofBehaviorAt: 1) == TunedValue(0, written: 0))

        let before = scene.sceneDescription
        #expect(!scene.setMaterial(.friction, to: TunedValue(explicit: .nan), of: "bob"))
        #expect(!scene.setMaterial(.friction, to: TunedValue(explicit: .infinity), of: "bob"))
        // The pivot is a marker no behavior moves: a dynamicItem entry would make it a body.
        #expect(scene.material(.density, of: "pivot") == nil)
        #expect(!scene.setMaterial(.density, to: TunedValue(explicit: 2), of: "pivot"))
        #expect(!scene.setMaterial(.density, to: TunedValue(explicit: 2), of: "nobody"))
        // A gravity behavior is not a joint; a rod has no motor.
        #expect(scene.jointValue(.length, ofBehaviorAt: 0) == nil)
        #expect(scene.jointValue(.motorSpeed, ofBehaviorAt: 1) == nil)
        #expect(!scene.setJointValue(.length, to: TunedValue(explicit: 10), ofBehaviorAt: 99))
        #expect(scene.sceneDescription == before)
        #expect(scene.sceneDescription.items == original.items)
    }

    @Test("the pendulum's rod: length 200 pt at creation (not written); set to 150 the bob hangs 150 pt below the anchor; undone, 200 and unwritten")
    func jointLength() throws {
        let scene = try Self.seed("002-pendulum.yaml")
        let original = scene.sceneDescription
        let bob = try #require(scene.item(withID: "bob"))
        let anchor = Point(320, 40)
        let old = try #require(scene.jointValue(.length, ofBehaviorAt: 1))
        #expect(abs(old.value - 200) < 1e-9 && old.written == nil)

        let change = PropertyChange(target: .joint(index: 1), property: .joint(.length), from: .number(old),
                                    to: .number(TunedValue(explicit: 150)))
        #expect(change.apply(to: scene))
        #expect(scene.sceneDescription.behaviors[1].as(BehaviorDescription.Attachment.self)?.length == 150)
        for _ in 0..<120 { scene.animator.step() }
        #expect(abs(bob.center.distance(to: anchor) - 150) < 0.5, "bob at \(bob.center)")

        #expect(change.inverse.apply(to: scene))
        #expect(scene.sceneDescription == original)
        for _ in 0..<120 { scene.animator.step() }
        #expect(abs(bob.center.distance(to: anchor) - 200) < 0.5, "bob at \(bob.center)")
    }

    @Test("a pin's motor follows the format's rules: a speed needs a torque, a torque is refused beside frictionTorque")
    func motorRules() throws {
        let yaml = """
            items:
              - {id: wheel, shape: ellipse, size: [100, 100], center: [200, 200]}
              - {id: gate, size: [100, 20], center: [400, 200]}
            behaviors:
              - {type: attachment, kind: pin, item: wheel, anchor: [200, 200]}
              - {type: attachment, kind: pin, item: gate, anchor: [360, 200], frictionTorque: 50}
            """
        let scene = SceneBuilder().build(try SceneParser().parse(yaml: yaml, file: "t.yaml"), referenceBounds: Self.bounds)
        let wheel = try #require(scene.item(withID: "wheel"))
        #expect(!scene.setJointValue(.motorSpeed, to: TunedValue(explicit: 2), ofBehaviorAt: 0))
        #expect(!scene.setJointValue(.motorTorque, to: TunedValue(explicit: 100_000), ofBehaviorAt: 1))
        #expect(scene.setJointValue(.motorTorque, to: TunedValue(explicit: 100_000), ofBehaviorAt: 0))
        #expect(scene.setJointValue(.motorSpeed, to: TunedValue(explicit: 2), ofBehaviorAt: 0))
        let entry = try #require(scene.attachmentDescription(at: 0))
        #expect(entry.motorSpeed == 2 && entry.motorTorque == 100_000)
        // Inertia ½·m·r² = ½ · 1 · 50² = 1250: 100,000 reaches 2 rad/s within a step.
        for _ in 0..<30 { scene.animator.step() }
        #expect(abs(scene.angularVelocity(of: wheel) - 2) < 1e-6)
    }
}
