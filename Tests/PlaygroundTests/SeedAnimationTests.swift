// The seed 003 scenes, headless: the shipped crossing-images and scaling scenes follow UIKit's
// easeInOut (progress 0.1292 / 0.5 / 0.8708 at a quarter, half and three quarters of the time),
// the crossing images are removed at 3 s and 5 s, and the scaled picture is twice its size at 5 s.
import Foundation
import Geometry
import Testing
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Seed scenes: animations, headless")
struct SeedAnimationTests {
    static let bounds = Rect(x: 0, y: 0, width: 640, height: 384)

    static func session(_ file: String) throws -> SceneSession {
        let description = try SceneFile(path: SceneSessionTests.scenesFolder + "/" + file).load()
        return SceneSession(scene: SceneBuilder().build(description, referenceBounds: bounds))
    }

    static func run(_ session: SceneSession, toStep step: Int) {
        while session.stepCount < step { session.step() }
    }

    @Test func crossingImagesFollowEaseInOutAndAreRemovedAtThreeAndFiveSeconds() throws {
        let s = try Self.session("005-crossing-images.yaml")
        let start = Point(64, 57.6), end = Point(576, 326.4)      // 10%/15% and 90%/85% of 640×384
        let smiley = try #require(s.scene.item(withID: "smiley"))
        let star = try #require(s.scene.item(withID: "star"))
        #expect(smiley.bitmap != nil && star.bitmap != nil)
        // The smiley: 0 → 3 s; the star waits for its 2 s delay (checked at 1.98 s, in time order).
        for (step, progress) in [(45, 0.1292), (90, 0.5), (119, -1), (135, 0.8708)] {
            Self.run(s, toStep: step)
            if progress < 0 {
                #expect(star.center.distance(to: end) < 1e-9 && star.alpha == 1, "star at \(star.center), alpha \(star.alpha)")
                continue
            }
            let expected = start + (end - start) * progress
            #expect(smiley.center.distance(to: expected) < 0.001 * end.distance(to: start) + 1e-9,
                    "at \(Double(step) / 60) s: \(smiley.center) vs \(expected)")
            #expect(abs(smiley.alpha - (1 - progress)) < 0.001)
        }
        // Still there just before 3 s, gone at 3 s.
        Self.run(s, toStep: 179)
        #expect(s.scene.item(withID: "smiley") != nil)
        Self.run(s, toStep: 180)
        #expect(s.scene.item(withID: "smiley") == nil)
        #expect(!s.stateLine().contains("\"smiley\""))
        // The star: 2 → 5 s, halfway at 3.5 s.
        Self.run(s, toStep: 210)
        #expect(star.center.distance(to: Point(320, 192)) < 0.5)
        Self.run(s, toStep: 299)
        #expect(s.scene.item(withID: "star") != nil)
        Self.run(s, toStep: 300)
        #expect(s.scene.item(withID: "star") == nil)
        #expect(s.scene.items.isEmpty)
    }

    @Test func scalingDoublesThePictureAboutItsCenterOverFiveSeconds() throws {
        let s = try Self.session("006-scaling.yaml")
        let picture = try #require(s.scene.item(withID: "picture"))
        let center = picture.center
        Self.run(s, toStep: 150)                       // 2.5 s: easeInOut(0.5) = 0.5
        #expect(abs(picture.scale - 1.5) < 0.001)
        Self.run(s, toStep: 300)                       // 5 s
        #expect(abs(picture.scale - 2) < 1e-9)
        #expect(picture.center == center)
        Self.run(s, toStep: 360)                       // and it stays at twice its size
        #expect(abs(picture.scale - 2) < 1e-9)
    }
}
