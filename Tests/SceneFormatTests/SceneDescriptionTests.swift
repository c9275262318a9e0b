// Valid scene files read into the values the contract's scene format describes.
import Foundation
import Geometry
import SceneTestSupport
import Testing
@testable import SceneFormat

@Suite("Reading valid scenes")
struct SceneDescriptionTests {
    /// The contract's example with every commented key written out.
    static let everyKey = """
        name: Push
        summary: Click anywhere to push the square toward the click.
        size: [640, 384]
        items:
          - id: square
            shape: rectangle
            size: [80, 80]
            center: ["50%", "50%"]
            angle: 0
            color: green
          - id: label
            shape: label
            text: "Hello, World!"
            center: [100, 50]
            color: "#ff8000"
            alpha: 0.5
          - id: tri
            shape: polygon
            vertices: [[-20, 10], [20, 10], [0, -20]]
          - id: pic
            shape: image
            image: picture.png
            size: [100, 100]
          - id: ball
            shape: ellipse
            size: [40, 40]
            center: [300, "10%"]
        behaviors:
          - type: collision
            items: [square]
            mode: everything
            boundaries: reference
            insets: [1, 2, 3, 4]
            segments: {floor: [[0, 380], [640, 380]]}
            paths: {ramp: [[0, 300], ["50%", 350], [640, 300]]}
          - type: push
            id: tap-push
            items: [square]
            mode: continuous
            angle: 0
            magnitude: 0
          - {type: push, items: [ball], mode: instantaneous, direction: [1, -1], active: false, offset: [5, 0]}
          - {type: gravity, items: [ball], magnitude: 0.5, angle: 1.2}
          - {type: gravity, id: g2, direction: [0, 1]}
          - {type: snap, item: label, point: ["25%", "75%"], damping: 0.3}
          - {type: attachment, item: ball, anchor: [300, 0], offset: [0, -20], length: 150, frequency: 2, damping: 0.7}
          - {type: attachment, item: ball, to: square, toOffset: [10, 0]}
          - {type: attachment, kind: pin, item: ball, to: tri, anchor: [310, 40], frictionTorque: 0.5, range: [-1, 1]}
          - {type: attachment, kind: sliding, item: tri, anchor: [0, 0], axis: [1, 0]}
          - {type: attachment, kind: limit, item: tri, to: square}
          - {type: attachment, kind: fixed, item: pic, to: square, anchor: ["50%", "50%"]}
          - type: dynamicItem
            items: [square, ball]
            elasticity: 1
            friction: 0.4
            density: 2
            resistance: 0.1
            angularResistance: 0.2
            allowsRotation: false
            anchored: false
            charge: -1
            velocity: [100, 0]
            angularVelocity: 3
          - {type: field, kind: radialGravity, position: ["50%", "50%"], strength: 2, falloff: 1, minimumRadius: 10, region: {radius: 200}}
          - {type: field, kind: linearGravity, direction: [0, 1], region: {size: [100, 50]}}
          - {type: field, kind: noise, smoothness: 0.5, animationSpeed: 1, items: [ball]}
        gestures:
          - recognizer: tap
            action: pushToward
            item: square
            push: tap-push
            divisor: 200
          - {recognizer: tap, action: snapTo, item: square, damping: 0.5}
          - {recognizer: pan, on: ball, action: dragPush, divisor: 10}
          - {recognizer: swipe, directions: [left, up], action: message, text: "Swiped {direction}."}
          - {recognizer: rotation, on: label, action: rotate}
          - {recognizer: pinch, on: pic, action: scale}
          - {recognizer: pan, action: grab}
          - {recognizer: doubleTap, taps: 2, action: spawn, template: {shape: ellipse, size: [20, 20], color: orange}, behaviors: [g2]}
        animations:
          - item: square
            delay: 0
            duration: 3
            curve: easeInOut
            to: {center: [500, 300], alpha: 0, scale: 2, angle: 0}
            then: remove
          - {item: pic, curve: spring, dampingRatio: 0.5, velocity: 1, repeat: 1.5, autoreverse: true, to: {size: [200, 200]}}
        """

    @Test("the contract's example with every optional key is accepted")
    func everyKeyAccepted() throws {
        let scene = try #require(Fixture.scene(Self.everyKey))
        #expect(scene.name == "Push")
        #expect(scene.size == Size(640, 384))
        #expect(scene.items.map(\.id) == ["square", "label", "tri", "pic", "ball"])
        #expect(scene.behaviors.count == 16)
        #expect(scene.gestures.count == 8)
        #expect(scene.animations.count == 2)
    }

    @Test("values land in the description as written")
    func valuesAsWritten() throws {
        let scene = try #require(Fixture.scene(Self.everyKey))
        let square = scene.items[0]
        #expect(square.shape == .rectangle && square.size == Size(80, 80))
        #expect(square.center == Position(x: .percent(50), y: .percent(50)))
        #expect(square.color == SceneColor(red: 0, green: 255, blue: 0))
        #expect(scene.items[1].color == SceneColor(red: 255, green: 128, blue: 0))
        #expect(scene.items[1].alpha == 0.5)
        #expect(scene.items[3].image == "picture.png")
        #expect(scene.items[4].center == Position(x: .points(300), y: .percent(10)))
        let collision = try #require(scene.behaviors[0].as(BehaviorDescription.Collision.self))
        #expect(collision.boundaries == .reference && collision.mode == .everything)
        #expect(collision.insets == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(collision.segments == [.init(name: "floor", points: [Position(Point(0, 380)), Position(Point(640, 380))])])
        #expect(collision.paths.first?.points.count == 3)
        let push = try #require(scene.behaviors[2].as(BehaviorDescription.Push.self))
        #expect(push.mode == .instantaneous && push.direction == Vector(1, -1) && !push.active && push.offset == Vector(5, 0))
        let pin = try #require(scene.behaviors[8].as(BehaviorDescription.Attachment.self))
        #expect(pin.kind == .pin && pin.to == "tri" && pin.range == -1...1 && pin.frictionTorque == 0.5)
        let field = try #require(scene.behaviors[13].as(BehaviorDescription.Field.self))
        #expect(field.kind == .radialGravity && field.region == .circle(radius: 200) && field.minimumRadius == 10)
        #expect(scene.gestures[3].directions == [.left, .up])
        guard case .spawn(let template, let behaviors) = scene.gestures[7].action else { Issue.record("not spawn"); return }
        #expect(template.shape == .ellipse && behaviors == ["g2"])
        #expect(scene.animations[0].then == .remove && scene.animations[0].to.scale == 2)
        #expect(scene.animations[1].repeatCount == 1.5 && scene.animations[1].autoreverses)
    }

    @Test("UIKit's defaults fill what a file leaves out")
    func defaults() throws {
        let scene = try #require(Fixture.scene("""
            items:
              - {id: a, size: [10, 10]}
            behaviors:
              - {type: snap, item: a, point: [0, 0]}
              - {type: collision}
            animations:
              - {item: a, to: {alpha: 0}}
            """))
        #expect(scene.name == "test")  // the file's stem
        #expect(scene.items[0].shape == .rectangle && scene.items[0].alpha == 1 && scene.items[0].angle == 0)
        let snap = try #require(scene.behaviors[0].as(BehaviorDescription.Snap.self))
        #expect(snap.damping == 0.5)  // UIKit's documented default
        let collision = try #require(scene.behaviors[1].as(BehaviorDescription.Collision.self))
        #expect(collision.mode == .everything && collision.items == nil)
        #expect(scene.animations[0].duration == 0.2 && scene.animations[0].curve == .easeInOut && scene.animations[0].then == .none)
    }

    @Test("a label without a size is 8 pt per character wide and 16 pt tall")
    func labelSize() throws {
        let scene = try #require(Fixture.scene("""
            items:
              - {id: hello, shape: label, text: "Hello, World!"}
            """))
        #expect(scene.items[0].size == Size(13 * 8, 16))
    }

    @Test("percentages resolve against the reference bounds")
    func percentagesResolve() {
        let bounds = Rect(x: 0, y: 0, width: 640, height: 384)
        #expect(Position(x: .percent(50), y: .percent(50)).resolve(in: bounds) == Point(320, 192))
        #expect(Position(x: .percent(25), y: .points(10)).resolve(in: bounds) == Point(160, 10))
        #expect(Position(x: .percent(100), y: .percent(0)).resolve(in: Rect(x: 10, y: 20, width: 100, height: 50)) == Point(110, 20))
    }

    @Test("colors: names (case-insensitive, grey or gray) and #rrggbb")
    func colors() {
        #expect(SceneColor(parsing: "green") == SceneColor(red: 0, green: 255, blue: 0))
        #expect(SceneColor(parsing: "lightGrey") == SceneColor(parsing: "lightgray"))
        #expect(SceneColor(parsing: "#0a0B0c") == SceneColor(red: 10, green: 11, blue: 12))
        #expect(SceneColor(parsing: "#0a0B0g") == nil)
        #expect(SceneColor(parsing: "chartreuse-ish") == nil)
    }

    @Test("polygon vertices are normalized to one winding")
    func polygonWinding() throws {
        let scene = try #require(Fixture.scene("""
            items:
              - {id: t, shape: polygon, vertices: [[0, -20], [-20, 10], [20, 10]]}
            """))
        let v = try #require(scene.items[0].vertices)
        #expect(Polygon(v).signedArea > 0)
        #expect(scene.items[0].size == Size(40, 40))  // twice the farthest vertex on each axis
    }
}
