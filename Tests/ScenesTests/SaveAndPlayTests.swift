// Saving a moving scene and playing the saved file goes on where the live scene goes: a scene is
// stepped into motion, written with `currentDescription()` and SceneWriter, read back by the
// parser `nudge check` runs, built, and then both the live scene and the rebuilt one step one
// second more; every item of the rebuilt scene is within 1 pt of the live one's.
import Foundation
import Geometry
import SceneTestSupport
import Testing
@testable import Dynamics
@testable import SceneFormat
@testable import Scenes

@Suite("Save, then play: a saved scene continues the live one")
struct SaveAndPlayTests {
    /// An 80×24 terminal's play area.
    static let bounds = Rect(origin: .zero, size: Size(640, 368))

    static func seed(_ name: String) throws -> SceneDescription {
        try SceneParser().load(contentsOf: Fixture.packageRoot.appendingPathComponent("scenes/\(name)").path)
    }

    /// Saves `live` at `time`, reads the text back, builds it, steps both `steps` more and
    /// checks every item. Returns the saved description.
    @discardableResult
    static func expectContinues(_ live: Scene, time: Double, steps: Int = 60, tolerance: Double = 1,
                                sourceLocation: SourceLocation = #_sourceLocation) throws -> SceneDescription {
        let text = try live.currentDescription(time: time).yaml()
        let saved = try SceneParser().parse(yaml: text, file: "saved.yaml",
                                            imageFolder: Fixture.packageRoot.appendingPathComponent("scenes").path)
        let rebuilt = SceneBuilder().build(saved, referenceBounds: live.referenceBounds)
        #expect(rebuilt.items.map(\.id) == live.items.map(\.id), sourceLocation: sourceLocation)
        for _ in 0..<steps {
            live.animator.step()
            rebuilt.animator.step()
        }
        var worst = 0.0
        for (a, b) in zip(live.items, rebuilt.items) {
            let distance = a.center.distance(to: b.center)
            worst = max(worst, distance)
            #expect(distance <= tolerance, "\(a.id): live \(a.center), rebuilt \(b.center)\n\(text)", sourceLocation: sourceLocation)
        }
        return saved
    }

    static func step(_ scene: Scene, _ n: Int) { for _ in 0..<n { scene.animator.step() } }

    /// Pulls `item` out along the arc of its rod from `anchor` to `angle` from straight down.
    static func pull(_ item: SceneItem, in scene: Scene, from anchor: Point, to angle: Double) {
        let length = item.center.distance(to: anchor)
        item.center = Point(anchor.x - length * sin(angle), anchor.y + length * cos(angle))
        scene.animator.updateItem(usingCurrentState: item)
    }

    @Test("the pendulum, let go at 60° and saved mid-swing, swings on within 1 pt")
    func pendulum() throws {
        let live = SceneBuilder().build(try Self.seed("002-pendulum.yaml"), referenceBounds: Self.bounds)
        let bob = try #require(live.item(withID: "bob"))
        Self.step(live, 1)
        Self.pull(bob, in: live, from: Point(320, 40), to: .pi / 3)
        Self.step(live, 20)
        // Mid-swing: moving, and slower than at the bottom, √(2gL(1 − cos 60°)) = √(2·1000·200·0.5) ≈ 447 pt/s.
        let speed = live.linearVelocity(of: bob).length
        #expect(speed > 100 && speed < 447.3, "mid-swing speed \(speed) pt/s")
        let saved = try Self.expectContinues(live, time: 21 / 60)
        // The rod keeps its 200 pt, written out: left out, it would be the distance at the save.
        let rod = try #require(saved.behaviors.compactMap { $0.as(BehaviorDescription.Attachment.self) }.first)
        #expect(abs((rod.length ?? 0) - 200) < 0.5)
        #expect(abs(saved.items[1].velocity.length - speed) < 1e-9)
        // The file had no size; the saved one keeps the bounds its points were measured in.
        #expect(saved.size == Size(640, 368))
    }

    @Test("the cradle, saved while the lifted ball falls and again after it struck the row, continues within 1 pt",
          arguments: [10, 40])
    func cradle(stepsAfterRelease: Int) throws {
        let live = SceneBuilder().build(try Self.seed("003-cradle.yaml"), referenceBounds: Self.bounds)
        let ball1 = try #require(live.item(withID: "ball1"))
        Self.step(live, 1)
        Self.pull(ball1, in: live, from: Point(240, 40), to: .pi / 4)
        Self.step(live, stepsAfterRelease)
        try Self.expectContinues(live, time: Double(stepsAfterRelease + 1) / 60)
    }

    @Test("the sandbox, with dropped balls falling onto the pile, continues within 1 pt")
    func sandbox() throws {
        let description = try Self.seed("007-sandbox.yaml")
        let live = SceneBuilder().build(description, referenceBounds: Self.bounds)
        Self.step(live, 180)
        // Two balls dropped as the tap gesture drops them: the template, joining its behaviors.
        guard case .spawn(var template, let ids?) = description.gestures[0].action else {
            Issue.record("the sandbox's first gesture spawns"); return
        }
        for (n, x) in [(1, 200.0), (2, 450.0)] {
            template.id = "drop-\(n)"
            template.center = Position(Point(x, 40))
            live.addItem(SceneItem(template, in: Self.bounds), joining: ids.compactMap(live.behavior(withID:)))
        }
        Self.step(live, 10)
        let saved = try Self.expectContinues(live, time: 190 / 60)
        #expect(saved.items.suffix(2).map(\.id) == ["drop-1", "drop-2"])
        // The dropped balls joined `bouncy`, whose items the file lists: the saved list has them.
        let bouncy = try #require(saved.behaviors.first { $0.id == "bouncy" }?.as(BehaviorDescription.DynamicItemProperties.self))
        #expect(bouncy.items == ["ball", "pebble", "drop-1", "drop-2"])
        #expect(saved.behaviors.first { $0.id == "gravity" }?.listsEveryItem == true)
    }

    @Test("the push scene after a tap: the push's live direction is saved, and the square goes on within 1 pt")
    func push() throws {
        let live = SceneBuilder().build(try Self.seed("000-push.yaml"), referenceBounds: Self.bounds)
        let push = try #require(live.behavior(withID: "tap-push") as? PushBehavior)
        push.setAngle(0.5, magnitude: 0.8)
        Self.step(live, 30)
        let saved = try Self.expectContinues(live, time: 0.5)
        let written = try #require(saved.behaviors[1].as(BehaviorDescription.Push.self))
        #expect(abs((written.direction ?? .zero).length - 0.8) < 1e-12)
    }

    @Test("pin and sliding ranges, a motor and a spring keep their limits when saved part-way")
    func joints() throws {
        let description = try #require(Fixture.scene("""
            items:
              - {id: bar, size: [120, 12], center: [200, 100]}
              - {id: slider, size: [30, 30], center: [400, 100]}
              - {id: wheel, shape: ellipse, size: [60, 60], center: [300, 250]}
              - {id: weight, size: [20, 20], center: [300, 330]}
              - {id: tip, size: [10, 10], center: [250, 100]}
            behaviors:
              - {type: gravity}
              - {type: attachment, kind: pin, item: bar, anchor: [150, 100], range: [-0.3, 0.6]}
              - {type: attachment, kind: sliding, item: slider, anchor: [400, 100], axis: [1, 1], range: [-10, 80]}
              - {type: attachment, kind: pin, item: wheel, anchor: [300, 250], motorSpeed: 3, motorTorque: 1000000}
              - {type: attachment, item: weight, to: wheel, offset: [0, -10], toOffset: [0, 20], frequency: 2, damping: 0.1}
              - {type: attachment, kind: fixed, item: tip, to: bar, anchor: [250, 100]}
            """))
        let live = SceneBuilder().build(description, referenceBounds: Self.bounds)
        Self.step(live, 25)
        let bar = try #require(live.item(withID: "bar")), slider = try #require(live.item(withID: "slider"))
        #expect(bar.angle > 0.2, "the bar swings down toward its 0.6 rad stop: \(bar.angle)")
        #expect(slider.center.y > 130, "the slider slides down its axis: \(slider.center)")
        try Self.expectContinues(live, time: 25 / 60)
        // After the second, both rest on their stops as the live ones do.
        #expect(abs(bar.angle - 0.6) < 0.02 && abs((slider.center - Point(400, 100)).length - 80) < 1)
    }

    @Test("a pin's angular spring saved mid-swing keeps its rest angle: the pendulum swings on within 1 pt")
    func angularSpring() throws {
        // A bar pinned at its left end, its spring pulling it 0.4 rad back from where it starts
        // while gravity pulls it down: saved at 20 steps its rest angle is counted from there.
        let description = try #require(Fixture.scene("""
            items:
              - {id: bar, size: [120, 12], center: [200, 100]}
            behaviors:
              - {type: gravity}
              - {type: attachment, kind: pin, item: bar, anchor: [150, 100], angularFrequency: 1.5, angularDamping: 0.1, restAngle: -0.4}
            """))
        let live = SceneBuilder().build(description, referenceBounds: Self.bounds)
        Self.step(live, 20)
        let turned = try #require(live.item(withID: "bar")).angle
        #expect(abs(turned) > 0.05, "the bar has turned: \(turned)")
        let saved = try Self.expectContinues(live, time: 20 / 60)
        let pin = try #require(saved.behaviors.compactMap { $0.as(BehaviorDescription.Attachment.self) }.first)
        #expect(pin.angularFrequency == 1.5 && pin.angularDamping == 0.1)
        #expect(abs((pin.restAngle ?? 0) - (-0.4 - turned)) < 1e-6, "rest angle \(pin.restAngle ?? 0) after turning \(turned)")
    }

    @Test("an item's velocity is set after a dynamicItem's start velocity, replacing it")
    func velocityReplacesStartVelocity() throws {
        let description = try #require(Fixture.scene("""
            items:
              - {id: a, size: [10, 10], center: [100, 100], velocity: [30, -40], angularVelocity: 2}
              - {id: b, size: [10, 10], center: [200, 100]}
              - {id: still, size: [10, 10], center: [300, 100], velocity: [50, 0]}
            behaviors:
              - {type: dynamicItem, items: [a, b], velocity: [500, 0], angularVelocity: 7}
            """))
        let scene = SceneBuilder().build(description, referenceBounds: Self.bounds)
        let a = try #require(scene.item(withID: "a")), b = try #require(scene.item(withID: "b"))
        let still = try #require(scene.item(withID: "still"))
        #expect(scene.linearVelocity(of: a) == Vector(30, -40) && scene.angularVelocity(of: a) == 2)
        #expect(scene.linearVelocity(of: b) == Vector(500, 0) && scene.angularVelocity(of: b) == 7)
        scene.animator.step()
        // No force acts: one step moves `a` by its velocity × 1/60 s; `still` has no behavior and stays.
        #expect(abs(a.center.x - (100 + 30.0 / 60)) < 1e-6 && abs(a.center.y - (100 - 40.0 / 60)) < 1e-6, "\(a.center)")
        #expect(still.center == Point(300, 100))
    }

    @Test("animations: ended ones are left out, waiting ones keep the rest of their delay, one in flight keeps its time left")
    func animations() throws {
        let description = try Self.seed("005-crossing-images.yaml")
        let live = SceneBuilder().build(description, referenceBounds: Self.bounds)
        let at1 = live.currentDescription(time: 1)
        #expect(at1.animations.map(\.item) == ["smiley", "star"])
        #expect(abs(at1.animations[0].duration - 2) < 1e-12 && at1.animations[0].delay == 0 && at1.animations[0].then == .remove)
        #expect(abs(at1.animations[1].delay - 1) < 1e-12 && at1.animations[1].duration == 3)
        let at4 = live.currentDescription(time: 4)
        #expect(at4.animations.map(\.item) == ["star"])
        #expect(live.currentDescription(time: 5).animations.isEmpty)
    }

    @Test("a removed item leaves the items, the behaviors made for it and the gestures that name it")
    func removed() throws {
        let description = try #require(Fixture.scene("""
            items:
              - {id: a, size: [10, 10]}
              - {id: b, size: [10, 10], center: [10, 10]}
            behaviors:
              - {type: push, id: p, items: [a]}
              - {type: gravity, items: [a, b]}
              - {type: attachment, item: a, to: b}
            gestures:
              - {recognizer: tap, action: pushToward, item: a, push: p}
              - {recognizer: pan, action: grab}
            animations:
              - {item: a, duration: 10, to: {alpha: 0}}
            """))
        let live = SceneBuilder().build(description, referenceBounds: Self.bounds)
        live.removeItem(try #require(live.item(withID: "a")))
        let saved = live.currentDescription(time: 1)
        #expect(saved.items.map(\.id) == ["b"])
        #expect(saved.behaviors.map(\.type) == ["gravity"])
        #expect(saved.behaviors.first?.as(BehaviorDescription.Gravity.self)?.items == ["b"])
        #expect(saved.gestures.map(\.action) == [.grab] && saved.animations.isEmpty)
        #expect(throws: Never.self) { try SceneParser().parse(yaml: try saved.yaml(), file: "saved.yaml") }
    }
}
