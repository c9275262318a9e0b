// A scene saved at any moment goes on as the live session goes on. Every seed scene is played
// through a SceneSession (gestures, animations, behaviors, with a click where the scene answers
// one), saved at several steps as `w` saves it (SceneSession.currentDescription, the YAML text,
// read back by the parser), played as a new session, and both run 60 steps more: every item's
// center, angle, alpha and scale is compared with the live one's.
//
// The bounds: the pendulum, the cradle and the gestures scene go on with the same bytes. Scenes
// that only animations move continue to within 1e-9 (the saved time since an animation's start
// is the live one to the last bit, but the new session adds its own steps to it, 1/60 at a
// time, where the live one subtracted the delay from its total: the two sums may differ in the
// last bit, about 1e-16 s, which moves a 500 pt path by about 1e-13 pt). Scenes whose items
// press on walls, on each other or on a snap continue within a small distance instead, since
// the solver's warm start (the impulses of the previous step, which it starts from) and the
// order of its contact pairs are not part of the scene format: the new session solves its first
// steps from zero. The test prints the largest deviation of each, and holds each to the bound
// its kind allows (`bounds`).
import Foundation
import Geometry
import SceneFormat
import Scenes
import Testing
@testable import Playground

@Suite("A scene saved at any moment continues the live session")
struct MidAnimationSaveTests {
    static let area = Rect(origin: .zero, size: Size(640, 368))
    static let scenes = KeyBindingTests.root.appendingPathComponent("scenes")

    static func session(_ file: String) throws -> SceneSession {
        let description = try SceneParser().load(contentsOf: scenes.appendingPathComponent(file).path)
        return SceneSession(scene: SceneBuilder().build(description, referenceBounds: area))
    }

    /// Saves `live` as `w` does, reads the text back and plays it as a new session.
    static func reloaded(_ live: SceneSession) throws -> (SceneSession, String) {
        let text = try live.currentDescription().yaml()
        let saved = try SceneParser().parse(yaml: text, file: "saved.yaml", imageFolder: scenes.path)
        return (SceneSession(scene: SceneBuilder().build(saved, referenceBounds: area)), text)
    }

    /// The largest difference between the two sessions' items: centers and sizes in points,
    /// angles in radians, alpha and scale as numbers.
    static func deviation(_ a: SceneSession, _ b: SceneSession) -> Double {
        guard a.scene.items.map(\.id) == b.scene.items.map(\.id) else { return .infinity }
        var worst = 0.0
        for (x, y) in zip(a.scene.items, b.scene.items) {
            worst = max(worst, x.center.distance(to: y.center), abs(x.angle - y.angle), abs(x.alpha - y.alpha),
                        abs(x.scale - y.scale), abs(x.size.width - y.size.width), abs(x.size.height - y.size.height))
        }
        return worst
    }

    /// Where each seed scene is clicked before the save (scenes that answer a click), at step 10.
    static let clicks: [String: Point] = ["000-push.yaml": Point(500, 100), "001-snap.yaml": Point(150, 280),
                                          "007-sandbox.yaml": Point(200, 60)]

    /// How far each seed scene may drift from the live one in 60 steps (see the header), and why.
    static let bounds: [String: Double] = [
        // Nothing the format leaves out: the same bytes.
        "002-pendulum.yaml": 0, "003-cradle.yaml": 0, "004-gestures.yaml": 0,
        // Animations only: the last bit of the time sums.
        "005-crossing-images.yaml": 1e-9, "006-scaling.yaml": 1e-9,
        // The push's square against a wall and the tap's snap: the solver's warm start of that one
        // contact or spring (measured 1.1e-7 and 1.9e-4 pt).
        "000-push.yaml": 1e-3, "001-snap.yaml": 1e-3,
        // A pile of six items and a dropped ball: every resting contact starts without its warm
        // start, so the pile settles by 0.05 pt in the first step, and contacts made later are
        // solved in another order (the engine's pair table is built afresh): measured 0.23 pt for
        // the save at step 30, while the items land, and 0.06 pt for the pile at rest at 200. At
        // step 90 the dropped ball (elasticity 0.7) is between bounces: its next impact, at
        // 1.68 s, is solved in the other order and leaves it 5·10⁻⁶ pt off the live one, and its
        // bounces against the pile grow that to 1.0 pt by the 60th step.
        "007-sandbox.yaml": 1.5,
    ]

    @Test("every seed scene, saved at steps 30, 90 and 200, continues for 60 steps as the live one",
          arguments: ["000-push.yaml", "001-snap.yaml", "002-pendulum.yaml", "003-cradle.yaml", "004-gestures.yaml",
                      "005-crossing-images.yaml", "006-scaling.yaml", "007-sandbox.yaml"])
    func seedScenes(file: String) throws {
        let bound = try #require(Self.bounds[file])
        for at in [30, 90, 200] {
            let live = try Self.session(file)
            live.run(steps: 10)
            if let p = Self.clicks[file] { live.click(p, at: live.time) }
            live.run(steps: at - 10)
            let (saved, text) = try Self.reloaded(live)
            var worst = 0.0
            for _ in 0..<60 {
                live.step()
                saved.step()
                worst = max(worst, Self.deviation(live, saved))
                if bound == 0 {
                    // The same bytes: the headless line of both, but for the step number.
                    #expect(live.stateLine().drop { $0 != "[" } == saved.stateLine().drop { $0 != "[" }, "\(file) at step \(at)")
                }
            }
            print("\(file) saved at step \(at): largest deviation over 60 steps \(worst)")
            #expect(worst <= bound, "\(file) at step \(at): \(worst) > \(bound)\n\(text)")
        }
    }

    @Test("Crossing Images saved at 1 s: after one more second the smiley is where the live one is (it was 10 pt off)")
    func crossingImagesAtOneSecond() throws {
        let live = try Self.session("005-crossing-images.yaml")
        live.run(steps: 60)
        let (saved, text) = try Self.reloaded(live)
        #expect(text.contains("elapsed: 1\n") && text.contains("from: {center: [64, 55.199999999999996], alpha: 1}"), "\(text)")
        live.run(steps: 60)
        saved.run(steps: 60)
        let a = try #require(live.scene.item(withID: "smiley")), b = try #require(saved.scene.item(withID: "smiley"))
        #expect(a.center.distance(to: b.center) < 1e-9 && abs(a.alpha - b.alpha) < 1e-12, "live \(a.center), saved \(b.center)")
    }

    @Test("docs/scene-format.md's example is what a save of Crossing Images at 1.5 s writes")
    func docsExample() throws {
        let live = try Self.session("005-crossing-images.yaml")
        live.run(steps: 90)
        let text = try live.currentDescription().yaml()
        let written = try #require(text.range(of: "animations:\n")).lowerBound
        let page = try String(contentsOf: KeyBindingTests.root.appendingPathComponent("docs/scene-format.md"), encoding: .utf8)
        let section = try #require(page.range(of: "### Animations saved while running"))
        let block = try #require(page[section.upperBound...].firstMatch(of: #/```yaml\n((?s).*?)```/#))
        #expect(String(block.output.1) == String(text[written...]), "\(text)")
    }

    /// Two animations on one item, the second taking alpha over from the first, a repeating
    /// autoreversing spring, on an item gravity also drives (the dynamics own its center).
    static let animated = """
        name: A
        items:
          - {id: a, size: [40, 40], center: [100, 100]}
          - {id: b, shape: ellipse, size: [30, 30], center: [300, 50]}
        behaviors:
          - {type: gravity, items: [b]}
          - {type: collision, items: [b], boundaries: reference}
        animations:
          - {item: a, duration: 0.7, curve: spring, dampingRatio: 0.35, velocity: 3, repeat: 2.5, autoreverse: true,
             to: {center: [500, 300], alpha: 0.1, angle: 3, size: [80, 20]}}
          - {item: a, delay: 1.2, duration: 1, curve: easeIn, to: {alpha: 1, scale: 2}}
          - {item: b, duration: 0.9, curve: linear, repeat: 3, autoreverse: true, to: {scale: 0.5, center: [10, 10]}}
        """

    @Test("a repeating, autoreversing spring, a takeover and an animation under dynamics, saved at many moments, go on within 1e-9",
          arguments: [5, 30, 50, 80, 100, 150, 200, 260])
    func animations(at: Int) throws {
        let description = try SceneParser().parse(yaml: Self.animated, file: "a.yaml")
        let live = SceneSession(scene: SceneBuilder().build(description, referenceBounds: Self.area))
        live.run(steps: at)
        let (saved, text) = try Self.reloaded(live)
        var worst = 0.0
        for _ in 0..<120 {
            live.step()
            saved.step()
            worst = max(worst, Self.deviation(live, saved))
        }
        #expect(worst < 1e-9, "saved at step \(at): \(worst)\n\(text)")
        #expect(live.animations.count == saved.animations.count)
    }
}

extension MidAnimationSaveTests {
    @Test("a repeating spring saved at any step before a leg ends is where the live one is at that end, going back or starting over",
          arguments: [false, true])
    func legBoundary(autoreverses: Bool) throws {
        let yaml = """
            name: R
            items:
              - {id: a, size: [40, 40], center: [100, 100]}
            animations:
              - {item: a, duration: 0.7, curve: spring, dampingRatio: 0.5, repeat: 3, autoreverse: \(autoreverses), to: {center: [500, 300]}}
            """
        let description = try SceneParser().parse(yaml: yaml, file: "r.yaml")
        // Steps 42 and 84 are 0.7 and 1.4 s, where a leg ends: the spring is snapped to its end
        // there, (500, 300) on the way out; a new cycle starts at (100, 100).
        let ends = autoreverses ? [42: Point(500, 300), 84: Point(100, 100)] : [42: Point(100, 100), 84: Point(100, 100)]
        for at in 1...83 {
            let live = SceneSession(scene: SceneBuilder().build(description, referenceBounds: Self.area))
            live.run(steps: at)
            let (saved, _) = try Self.reloaded(live)
            for boundary in [42, 84] where boundary > at {
                live.run(steps: boundary - live.stepCount)
                saved.run(steps: boundary - at - saved.stepCount)
                #expect(live.scene.items[0].center == ends[boundary])
                #expect(saved.scene.items[0].center.distance(to: live.scene.items[0].center) < 1e-9,
                        "saved at \(at), step \(boundary): \(saved.scene.items[0].center)")
            }
        }
    }
}

extension MidAnimationSaveTests {
    static let instantaneous = """
        name: I
        items:
          - {id: s, size: [40, 40], center: [320, 184]}
          - {id: t, shape: ellipse, size: [30, 30], center: [100, 100]}
        behaviors:
          - {type: push, id: p, items: [s], mode: instantaneous, magnitude: 0}
          - {type: attachment, item: t, anchor: [100, 60], frequency: 1.5, damping: 0.2}
          - {type: gravity, items: [t]}
        gestures:
          - {recognizer: tap, action: pushToward, item: s, push: p}
        """

    @Test("an instantaneous push saved before and after it fires, beside a swinging spring, goes on with the same bytes",
          arguments: [0, 1, 30])
    func instantaneousPush(stepsAfterTap: Int) throws {
        let description = try SceneParser().parse(yaml: Self.instantaneous, file: "i.yaml")
        let live = SceneSession(scene: SceneBuilder().build(description, referenceBounds: Self.area))
        live.run(steps: 12)
        live.click(Point(500, 100), at: live.time)
        live.run(steps: stepsAfterTap)
        let (saved, text) = try Self.reloaded(live)
        // The tap aims and arms the push; the next step fires it, and it turns itself off.
        #expect(text.contains("active: false") == (stepsAfterTap > 0), "\(text)")
        for _ in 0..<60 {
            live.step()
            saved.step()
            #expect(live.stateLine().drop { $0 != "[" } == saved.stateLine().drop { $0 != "[" }, "\(text)")
        }
        #expect(live.scene.items[0].center.x > 320, "the push moved the square toward the tap")
    }
}

extension MidAnimationSaveTests {
    @Test("W over Crossing Images at 1.5 s keeps the file's comments and writes the running animation with its phase")
    func saveOver() throws {
        let folder = try Fixture.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try String(contentsOf: Self.scenes.appendingPathComponent("005-crossing-images.yaml"), encoding: .utf8)
        let file = folder.appendingPathComponent("crossing.yaml")
        try original.write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("images"),
                                                   withDestinationURL: Self.scenes.appendingPathComponent("images"))
        let live = try Self.session("005-crossing-images.yaml")
        live.run(steps: 90)
        let outcome = SceneSaving().overwrite(SceneFile(path: file.path), with: live)
        #expect(outcome.message == "Saved over crossing.yaml.")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("# Only animations move these items"), "the header comment was lost:\n\(text)")
        let saved = try SceneParser().parse(yaml: text, file: file.path, imageFolder: folder.path)
        #expect(saved.animations == live.currentDescription().animations, "\(text)")
        #expect(saved.animations.first?.elapsed == 1.5)
    }
}
