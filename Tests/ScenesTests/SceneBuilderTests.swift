// A validated description becomes a live scene: items placed in the reference bounds, an
// animator holding the behaviors the file lists, configured as written.
import Dynamics
import Foundation
import Geometry
import SceneTestSupport
import Testing
@testable import SceneFormat
@testable import Scenes

@Suite("Building live scenes")
struct SceneBuilderTests {
    static let bounds = Rect(x: 0, y: 0, width: 640, height: 384)

    static func build(_ yaml: String, bounds: Rect = bounds) throws -> Scene {
        let description = try #require(Fixture.scene(yaml))
        return SceneBuilder().build(description, referenceBounds: bounds)
    }

    @Test("the contract's Push scene: one square at the middle, a collision and a push named tap-push")
    func pushScene() throws {
        let scene = try Self.build("""
            items:
              - {id: square, size: [80, 80], center: ["50%", "50%"], color: green}
            behaviors:
              - {type: collision, items: [square], mode: everything, boundaries: reference}
              - {type: push, id: tap-push, items: [square], mode: continuous}
            """)
        #expect(scene.items.map(\.id) == ["square"])
        let square = scene.items[0]
        #expect(square.center == Point(320, 192))  // 50% of 640 × 384
        #expect(square.bounds == Rect(x: 0, y: 0, width: 80, height: 80))
        #expect(scene.animator.behaviors.count == 2)
        let collision = try #require(scene.animator.behaviors[0] as? CollisionBehavior)
        #expect(collision.translatesReferenceBoundsIntoBoundary)
        #expect(collision.collisionMode == .everything)
        #expect(collision.items.count == 1 && collision.items[0] === square)
        let push = try #require(scene.behavior(withID: "tap-push") as? PushBehavior)
        #expect(push === scene.animator.behaviors[1])
        #expect(push.mode == .continuous && push.magnitude == 0 && push.active)
    }

    @Test("shapes map to collision bounds: ellipse, polygon path, rectangle for labels")
    func collisionShapes() throws {
        let scene = try Self.build("""
            items:
              - {id: ball, shape: ellipse, size: [40, 40]}
              - {id: tri, shape: polygon, vertices: [[0, -20], [20, 10], [-20, 10]]}
              - {id: hi, shape: label, text: hi, angle: 0.5}
            """)
        #expect(scene.items[0].collisionBoundsType == .ellipse)
        #expect(scene.items[1].collisionBoundsType == .path)
        #expect(scene.items[1].collisionBoundingPath?.count == 3)
        #expect(scene.items[2].collisionBoundsType == .rectangle)
        #expect(scene.items[2].bounds.size == Size(16, 16))
        #expect(abs(scene.items[2].transform.rotationAngle - 0.5) < 1e-12)
        #expect(scene.animator.behaviors.isEmpty)
    }

    @Test("behavior values reach the behavior objects; positions resolve against the bounds")
    func behaviorConfiguration() throws {
        let scene = try Self.build("""
            items:
              - {id: a, size: [100, 100], center: [100, 100]}
              - {id: b, size: [50, 50], center: [300, 100]}
            behaviors:
              - {type: gravity, id: g, magnitude: 0.5, angle: 0}
              - {type: snap, id: s, item: a, point: ["25%", "50%"], damping: 0.2}
              - {type: attachment, id: rope, item: b, anchor: ["50%", 0], length: 120, frequency: 2, damping: 0.7}
              - {type: attachment, id: pin, kind: pin, item: a, to: b, anchor: [200, 100], frictionTorque: 3, range: [-1, 1]}
              - {type: dynamicItem, id: d, items: [b], elasticity: 0.9, density: 2, allowsRotation: false}
              - {type: field, id: f, kind: radialGravity, strength: 3, region: {radius: 100}}
              - {type: collision, id: c, boundaries: reference, insets: [10, 0, 0, 0], segments: {floor: [[0, "50%"], ["100%", "50%"]]}}
            """)
        let gravity = try #require(scene.behavior(withID: "g") as? GravityBehavior)
        #expect(abs(gravity.gravityDirection.x - 0.5) < 1e-12 && abs(gravity.gravityDirection.y) < 1e-12)
        #expect(gravity.items.count == 2)  // items left out: every item
        let snap = try #require(scene.behavior(withID: "s") as? SnapBehavior)
        #expect(snap.snapPoint == Point(160, 192) && snap.damping == 0.2)
        let rope = try #require(scene.behavior(withID: "rope") as? AttachmentBehavior)
        #expect(rope.kind == .distance && rope.anchorPoint == Point(320, 0))
        #expect(rope.length == 120 && rope.frequency == 2 && rope.damping == 0.7)
        let pin = try #require(scene.behavior(withID: "pin") as? AttachmentBehavior)
        #expect(pin.kind == .pin && pin.items.count == 2 && pin.frictionTorque == 3 && pin.attachmentRange == -1...1)
        let item = try #require(scene.behavior(withID: "d") as? DynamicItemBehavior)
        #expect(item.elasticity == 0.9 && item.density == 2 && !item.allowsRotation)
        let field = try #require(scene.behavior(withID: "f") as? FieldBehavior)
        #expect(field.kind == .radialGravity && field.strength == 3 && field.region == .circle(radius: 100))
        #expect(field.position == Point(320, 192))  // no position: the middle of the bounds
        let collision = try #require(scene.behavior(withID: "c") as? CollisionBehavior)
        #expect(collision.referenceBoundsInsets == EdgeInsets(top: 10, left: 0, bottom: 0, right: 0))
        #expect(collision.boundary(withIdentifier: "floor") == [Point(0, 192), Point(640, 192)])
        #expect(scene.animator.behaviors.count == 7)
    }

    @Test("push angle and magnitude combine into pushDirection; gravity keeps its default for the one left out")
    func angleAndMagnitude() throws {
        let scene = try Self.build("""
            items:
              - {id: a, size: [10, 10]}
            behaviors:
              - {type: push, id: p, angle: 1.5707963267948966, magnitude: 2}
              - {type: gravity, id: g, magnitude: 0.25}
              - {type: gravity, id: h, angle: 0}
            """)
        let push = try #require(scene.behavior(withID: "p") as? PushBehavior)
        #expect(abs(push.pushDirection.x) < 1e-12 && abs(push.pushDirection.y - 2) < 1e-12)
        let g = try #require(scene.behavior(withID: "g") as? GravityBehavior)
        #expect(abs(g.gravityDirection.x) < 1e-12 && abs(g.gravityDirection.y - 0.25) < 1e-12)  // still down
        let h = try #require(scene.behavior(withID: "h") as? GravityBehavior)
        #expect(abs(h.gravityDirection.x - 1) < 1e-12 && abs(h.gravityDirection.y) < 1e-12)  // magnitude 1, to the right
    }

    @Test("a scene's own size becomes its reference bounds, whatever the host offers")
    func sceneSizeWins() throws {
        let description = try #require(Fixture.scene("""
            size: [200, 100]
            items:
              - {id: a, size: [10, 10], center: ["50%", "50%"]}
            """))
        let bounds = description.referenceBounds(available: Size(640, 384))
        #expect(bounds == Rect(x: 0, y: 0, width: 200, height: 100))
        let scene = SceneBuilder().build(description, referenceBounds: bounds)
        #expect(scene.items[0].center == Point(100, 50))
        #expect(scene.animator.referenceBounds == bounds)
    }

    @Test("gravity magnitude 1 from a scene file accelerates at 1000 pt/s² (UIKit's unit)")
    func gravityFromFile() throws {
        let scene = try Self.build("""
            items:
              - {id: a, size: [20, 20], center: [320, 20]}
            behaviors:
              - {type: gravity}
            """)
        for _ in 0..<30 { scene.animator.step() }
        let v = scene.animator.linearVelocity(for: scene.items[0])
        #expect(abs(v.y - 500) < 10)  // 1000 pt/s² × 0.5 s, ±2%
        #expect(abs(v.x) < 1e-9)
    }

    @Test("an initial velocity from dynamicItem is added once (pt/s)")
    func initialVelocity() throws {
        let scene = try Self.build("""
            items:
              - {id: a, size: [20, 20], center: [100, 100]}
            behaviors:
              - {type: dynamicItem, velocity: [120, 0]}
            """)
        scene.animator.step()
        #expect(abs(scene.linearVelocity(of: scene.items[0]).x - 120) < 1e-6)
    }
}

@Suite("Boundaries in percent follow the reference bounds")
struct PercentBoundaryTests {
    @Test("a ball on a floor at 50% lands on the new 50% line after the bounds grow")
    func floorMovesWithBounds() throws {
        // Gravity 1 = 1000 pt/s². The floor is a segment at half the height; a 40 pt ball rests
        // on it with its center a radius above the line.
        let scene = try SceneBuilderTests.build("""
            items:
              - {id: ball, shape: ellipse, size: [40, 40], center: ["50%", 100]}
            behaviors:
              - {type: gravity, items: [ball]}
              - {type: collision, items: [ball], mode: everything, segments: {floor: [[0, "50%"], ["100%", "50%"]]}}
            """)
        let ball = try #require(scene.item(withID: "ball"))
        for _ in 0..<180 { scene.animator.step() }
        #expect(abs(ball.center.y - (192 - 20)) < 1)  // 50% of 384, less the radius
        // The window doubles in height: the floor moves to 384, and the ball falls onto it.
        scene.referenceBounds = Rect(x: 0, y: 0, width: 640, height: 768)
        for _ in 0..<180 { scene.animator.step() }
        #expect(abs(ball.center.y - (384 - 20)) < 1)
        // Nothing pushed it sideways: it fell straight down.
        #expect(ball.center.x == 320)
    }
}
