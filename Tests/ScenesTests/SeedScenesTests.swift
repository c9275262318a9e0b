// The shipped scenes: all eight seed situations, in the order the README lists them, each valid, each with a
// name and a one-line summary, and each holding the seed's numbers. The cradle, lifted by one
// ball, sends exactly one ball out the far end (the cradle's test, on the shipped file).
import Foundation
import Geometry
import SceneTestSupport
import Testing
@testable import Dynamics
@testable import SceneFormat
@testable import Scenes

@Suite("Seed scenes")
struct SeedScenesTests {
    static let expectedFiles = [
        "000-push.yaml", "001-snap.yaml", "002-pendulum.yaml", "003-cradle.yaml",
        "004-gestures.yaml", "005-crossing-images.yaml", "006-scaling.yaml", "007-sandbox.yaml",
    ]
    static var folder: String { Fixture.packageRoot.appendingPathComponent("scenes").path }
    static let terminal = Rect(x: 0, y: 0, width: 640, height: 368)  // 80×24 minus the status line
    /// UIColor.green: red 0, green 1, blue 0.
    static let uiKitGreen = SceneColor(red: 0, green: 255, blue: 0)

    static func load(_ name: String) throws -> SceneDescription {
        try SceneParser().load(contentsOf: folder + "/" + name)
    }

    static func build(_ name: String) throws -> Scene {
        SceneBuilder().build(try load(name), referenceBounds: terminal)
    }

    @Test("the library lists the eight seed scenes in order, and every one validates with a name and a one-line summary")
    func library() throws {
        let library = SceneLibrary(source: .directory(Self.folder))
        let files = try library.files()
        #expect(files.map { URL(fileURLWithPath: $0.path).lastPathComponent } == Self.expectedFiles)
        for file in files {
            let scene = try file.load()
            #expect(!scene.name.isEmpty)
            #expect(!scene.summary.isEmpty && !scene.summary.contains("\n"), "\(file.path): summary")
        }
    }

    @Test("push: a green 80×80 square in the middle, walls, tap pushes toward the tap with distance / 200")
    func push() throws {
        let scene = try Self.build("000-push.yaml")
        let square = try #require(scene.item(withID: "square"))
        #expect(square.size == Size(80, 80) && square.center == Point(320, 184) && square.color == Self.uiKitGreen)
        let walls = scene.animator.behaviors.compactMap { $0 as? CollisionBehavior }
        #expect(walls.contains { $0.translatesReferenceBoundsIntoBoundary })
        let tap = try #require(scene.gestures.first)
        guard case .pushToward(let item, let push, let divisor) = tap.action else { Issue.record("not pushToward"); return }
        #expect(tap.recognizer == .tap && item == "square" && divisor == 200)
        #expect(scene.behavior(withID: push) is PushBehavior)
    }

    @Test("snap: the green square snaps to each click with damping 0.5")
    func snap() throws {
        let scene = try Self.build("001-snap.yaml")
        #expect(scene.item(withID: "square")?.color == Self.uiKitGreen)
        let tap = try #require(scene.gestures.first)
        #expect(tap.recognizer == .tap && tap.action == .snapTo(item: "square", damping: 0.5))
    }

    @Test("pendulum: the ball hangs 200 pt below its anchor on a rigid rod, under gravity; a drag on it pushes")
    func pendulum() throws {
        let scene = try Self.build("002-pendulum.yaml")
        let bob = try #require(scene.item(withID: "bob"))
        let rod = try #require(scene.animator.behaviors.compactMap { $0 as? AttachmentBehavior }.first)
        #expect(bob.center - rod.anchorPoint == Vector(0, 200))
        #expect(rod.length == 200 && rod.frequency == 0)
        #expect(scene.animator.behaviors.contains { $0 is GravityBehavior })
        let pan = try #require(scene.gestures.first)
        #expect(pan.recognizer == .pan && pan.action.name == .dragPush && pan.action.item == "bob" && pan.on == "bob")
        // Hanging straight down, it stays put.
        for _ in 0..<60 { scene.animator.step() }
        #expect(abs(bob.center.x - 320) < 1e-6 && abs(bob.center.y - 240) < 0.1)
    }

    @Test("cradle: five touching balls on rods from anchors one diameter apart; elastic, frictionless, no rotation")
    func cradleSetup() throws {
        let scene = try Self.build("003-cradle.yaml")
        let balls = (1...5).compactMap { scene.item(withID: "ball\($0)") }
        #expect(balls.count == 5)
        let rods = scene.animator.behaviors.compactMap { $0 as? AttachmentBehavior }
        #expect(rods.count == 5)
        for (i, ball) in balls.enumerated() {
            #expect(ball.size == Size(40, 40) && ball.shape == .ellipse)
            if i > 0 { #expect(ball.center.x - balls[i - 1].center.x == 40, "touching: one diameter apart") }
            #expect(rods[i].anchorPoint == Point(ball.center.x, ball.center.y - 200))
        }
        let properties = try #require(scene.animator.behaviors.compactMap { $0 as? DynamicItemBehavior }.first)
        #expect(properties.elasticity == 1 && properties.friction == 0 && properties.resistance == 0 && !properties.allowsRotation)
        let collision = try #require(scene.animator.behaviors.compactMap { $0 as? CollisionBehavior }.first)
        #expect(collision.collisionMode == .items)
        #expect(scene.gestures.first?.action == .grab)
    }

    @Test("cradle, first ball lifted 30°: the last ball swings out at least 29°, the middle three stay within 2°")
    func cradleOneOut() throws {
        let text = try String(contentsOfFile: Self.folder + "/003-cradle.yaml", encoding: .utf8)
        // Lift ball1 to 30° on its 200 pt rod from (240, 40), away from the row.
        let lift = 30.0 * Double.pi / 180
        let anchor = Point(240, 40), length = 200.0
        let lifted = Point(anchor.x - length * sin(lift), anchor.y + length * cos(lift))
        let original = "{id: ball1, shape: ellipse, size: [40, 40], center: [240, 240]"
        #expect(text.contains(original))
        let yaml = text.replacingOccurrences(of: original, with: "{id: ball1, shape: ellipse, size: [40, 40], center: [\(lifted.x), \(lifted.y)]")
        let scene = SceneBuilder().build(try SceneParser().parse(yaml: yaml, file: "cradle-lifted.yaml"), referenceBounds: Self.terminal)
        let balls = (1...5).compactMap { scene.item(withID: "ball\($0)") }
        let anchors = (0..<5).map { Point(240 + 40 * Double($0), 40) }
        #expect(abs(atan2(balls[0].center.x - anchors[0].x, balls[0].center.y - anchors[0].y) + lift) < 1e-9)

        func degrees(_ i: Int) -> Double {
            let d = balls[i].center - anchors[i]
            return atan2(d.x, d.y) * 180 / Double.pi  // positive: toward the far end
        }
        var lastPeak = 0.0, middleMax = 0.0
        // A 200 pt pendulum at 1000 pt/s² has a quarter period of about 0.7 s: the strike comes
        // at about 0.7 s and the last ball tops out at about 1.45 s. Watch 1.75 s.
        for _ in 0..<105 {
            scene.animator.step()
            lastPeak = max(lastPeak, degrees(4))
            for i in 1...3 { middleMax = max(middleMax, abs(degrees(i))) }
        }
        #expect(lastPeak >= 29, "the last ball reached only \(lastPeak)°")
        #expect(middleMax <= 2, "a middle ball swung \(middleMax)°")
        #expect(abs(degrees(0)) <= 2, "the lifted ball stops at the bottom, found \(degrees(0))°")
    }

    @Test("gestures: one swipe per direction with the message 'Swiped {direction}.', and a rotating Hello, World! label")
    func gestures() throws {
        let scene = try Self.build("004-gestures.yaml")
        let swipes = scene.gestures.filter { $0.recognizer == .swipe }
        #expect(Set(swipes.flatMap { $0.directions ?? [] }) == [.left, .right, .up, .down])
        for swipe in swipes {
            #expect(swipe.directions?.count == 1 && swipe.action == .message(text: "Swiped {direction}."))
        }
        let label = try #require(scene.item(withID: "label"))
        #expect(label.shape == .label && label.text == "Hello, World!")
        let rotation = try #require(scene.gestures.first { $0.recognizer == .rotation })
        #expect(rotation.action == .rotate(item: "label"))
    }

    @Test("crossing images: 100×100 in opposite corners, each to the other's corner over 3 s fading out, the second 2 s later, then removed")
    func crossingImages() throws {
        let description = try Self.load("005-crossing-images.yaml")
        let scene = SceneBuilder().build(description, referenceBounds: Self.terminal)
        #expect(scene.items.count == 2)
        let (a, b) = (scene.items[0], scene.items[1])
        for item in [a, b] {
            #expect(item.shape == .image && item.size == Size(100, 100) && item.bitmap != nil)
            // Fully inside the canvas of an 80×24 terminal.
            #expect(item.center.x - 50 >= 0 && item.center.x + 50 <= 640 && item.center.y - 50 >= 0 && item.center.y + 50 <= 368)
        }
        #expect(a.center.x < 320 && a.center.y < 184 && b.center.x > 320 && b.center.y > 184, "top left and bottom right")
        let animations = description.animations
        #expect(animations.count == 2)
        for (animation, (item, other)) in zip(animations, [(a, b), (b, a)]) {
            #expect(animation.item == item.id)
            #expect(animation.to.center?.resolve(in: Self.terminal) == other.center)
            #expect(animation.to.alpha == 0 && animation.duration == 3 && animation.curve == .easeInOut && animation.then == .remove)
        }
        #expect(animations[0].delay == 0 && animations[1].delay == 2)
    }

    @Test("scaling: an image grows to twice its size over 5 s about its center")
    func scaling() throws {
        let description = try Self.load("006-scaling.yaml")
        let picture = try #require(description.items.first)
        #expect(picture.shape == .image && picture.bitmap != nil)
        let animation = try #require(description.animations.first)
        #expect(animation.item == picture.id && animation.to.scale == 2 && animation.duration == 5)
        #expect(animation.to.center == nil && animation.to.size == nil, "only the scale changes: it grows about its center")
        // At scale 2 it still fits an 80×24 terminal's canvas.
        #expect(picture.size.width * 2 <= 640 && picture.size.height * 2 <= 368)
    }

    @Test("sandbox: gravity, walls, mixed shapes; a tap spawns a ball that joins gravity and walls; a pan grabs")
    func sandbox() throws {
        let scene = try Self.build("007-sandbox.yaml")
        let shapes = Set(scene.items.map(\.shape))
        #expect(shapes.isSuperset(of: [.rectangle, .ellipse, .polygon, .label]))
        #expect(scene.behavior(withID: "gravity") is GravityBehavior)
        let walls = try #require(scene.behavior(withID: "walls") as? CollisionBehavior)
        #expect(walls.translatesReferenceBoundsIntoBoundary)
        let spawn = try #require(scene.gestures.first { $0.action.name == .spawn })
        guard case .spawn(_, let behaviors) = spawn.action else { Issue.record("not spawn"); return }
        #expect(spawn.recognizer == .tap)
        #expect(Set(behaviors ?? []).isSuperset(of: ["gravity", "walls"]))
        #expect(scene.gestures.contains { $0.recognizer == .pan && $0.action == .grab })
        // Everything falls and comes to rest inside the screen.
        for _ in 0..<600 { scene.animator.step() }
        for item in scene.items {
            #expect(item.center.y > 184 && item.center.y < 368 && item.center.x > 0 && item.center.x < 640, "\(item.id) at \(item.center)")
        }
    }
}
