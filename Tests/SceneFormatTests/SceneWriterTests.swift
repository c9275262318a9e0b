// A scene written by SceneWriter parses back to an equal description: every seed scene, and
// hand-made scenes that use every key of items, gestures, animations and the scene itself. The
// parser that reads the text back is the one `nudge check` runs, so a written scene is valid.
import Foundation
import Geometry
import SceneTestSupport
import Testing
@testable import SceneFormat

@Suite("Scene writer: parse, write, parse")
struct SceneWriterTests {
    /// parse → write → parse gives an equal description, and writing that again gives the same text.
    static func expectRoundTrip(_ scene: SceneDescription, imageFolder: String? = nil,
                                sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = try scene.yaml()
        let again = try SceneParser().parse(yaml: text, file: "written.yaml", imageFolder: imageFolder)
        #expect(again == scene, "written as:\n\(text)", sourceLocation: sourceLocation)
        #expect(try again.yaml() == text, sourceLocation: sourceLocation)
    }

    static func roundTrip(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let scene = try #require(Fixture.scene(yaml, sourceLocation: sourceLocation), sourceLocation: sourceLocation)
        try expectRoundTrip(scene, sourceLocation: sourceLocation)
    }

    static var seedFiles: [String] {
        let folder = Fixture.packageRoot.appendingPathComponent("scenes").path
        return ((try? SceneLibrary.sceneFiles(inDirectory: folder)) ?? []).sorted()
    }

    @Test("every seed scene round-trips, images read from the scene's folder")
    func seedScenes() throws {
        #expect(Self.seedFiles.count == 8)
        for file in Self.seedFiles {
            let scene = try SceneParser().load(contentsOf: file)
            try Self.expectRoundTrip(scene, imageFolder: SceneParser.folder(of: file))
        }
    }

    @Test("items: every shape and every key, colors by name and by hex, labels without a size")
    func items() throws {
        try Self.roundTrip("""
            name: "Items: every key"
            summary: "Quotes \\" and a tab\\t and ünïcode ×"
            size: [800, 600.5]
            items:
              - {id: box, size: [80, 40], center: ["50%", 12.25], angle: -0.5, color: orange, alpha: 0.25, scale: 1.5,
                 velocity: [120, -3.5], angularVelocity: 2}
              - {id: ball, shape: ellipse, size: [40, 40], center: [1e-3, "-10%"], color: "#123abc"}
              - {id: tri, shape: polygon, vertices: [[0, -40], [40, 30], [-40, 30]], center: [100, 100]}
              - {id: sign, shape: label, text: "two\\nlines", color: lightGray}
              - {id: "007", shape: label, text: "yes", size: [30, 20], angle: 3.141592653589793}
              - {id: pic, shape: image, image: images/star.png, size: [100, 100], alpha: 0}
            """)
    }

    @Test("gestures: every recognizer and every action, with and without their optional keys")
    func gestures() throws {
        try Self.roundTrip("""
            name: Gestures
            items:
              - {id: a, size: [10, 10]}
              - {id: b, size: [10, 10]}
            behaviors:
              - {type: push, id: p, items: [a]}
              - {type: gravity, id: g}
            gestures:
              - {recognizer: tap, action: pushToward, item: a, push: p}
              - {recognizer: tap, taps: 3, action: pushToward, item: a, push: p, divisor: 50}
              - {recognizer: doubleTap, action: snapTo, item: b}
              - {recognizer: doubleTap, taps: 2, action: snapTo, item: b, damping: 0.1}
              - {recognizer: pan, on: a, action: dragPush}
              - {recognizer: pan, on: a, action: dragPush, item: b, divisor: 2.5}
              - {recognizer: pan, action: dragPush, item: b}
              - {recognizer: swipe, directions: [left, up], action: message, text: "Swiped {direction}."}
              - {recognizer: swipe, action: message, text: "no"}
              - {recognizer: rotation, on: b, action: rotate}
              - {recognizer: rotation, action: rotate, item: a}
              - {recognizer: pinch, on: a, action: scale, item: b}
              - {recognizer: longPress, action: grab}
              - {recognizer: pan, action: grab}
              - {recognizer: tap, action: spawn, template: {id: drop, shape: ellipse, size: [32, 32], color: green, alpha: 0.5, scale: 2}}
              - {recognizer: longPress, on: b, action: spawn, template: {shape: label, text: hi}, behaviors: [g, p]}
              - {recognizer: tap, action: message, text: "tapped", on: b}
            """)
    }

    @Test("animations: every curve and every key")
    func animations() throws {
        try Self.roundTrip("""
            name: Animations
            items:
              - {id: a, size: [10, 10]}
            animations:
              - {item: a, to: {alpha: 0}}
              - {item: a, delay: 2, duration: 3, curve: linear, to: {center: ["90%", 85], size: [20, 30], alpha: 0.5, scale: 2, angle: -1}, then: remove}
              - {item: a, duration: 0, curve: easeIn, repeat: 1.5, autoreverse: true, to: {scale: 0.5}, then: none}
              - {item: a, duration: -1, curve: easeOut, to: {angle: 6}}
              - {item: a, curve: spring, dampingRatio: 0.3, velocity: -2, to: {center: [1, 2]}}
              - {item: a, curve: spring, to: {size: [5, 5]}}
            """)
    }

    @Test("every behavior kind inside a whole scene, and a scene with nothing but its items")
    func behaviorsAndMinimal() throws {
        try Self.roundTrip("""
            items: []
            """)
        try Self.roundTrip("""
            name: Behaviors
            items:
              - {id: a, size: [10, 10]}
              - {id: b, size: [20, 10], center: [30, 30]}
            behaviors:
              - {type: collision, id: walls, boundaries: reference, insets: [1, 2, 3, 4], segments: {floor: [[0, "95%"], ["100%", 380]]}}
              - {type: push, items: [a], mode: instantaneous, angle: 1, magnitude: 2, active: false, offset: [1, 0]}
              - {type: gravity, direction: [0, -1]}
              - {type: snap, item: a, point: ["25%", 75], damping: 0.2}
              - {type: attachment, kind: pin, item: a, to: b, anchor: [10, 10], motorSpeed: 1, motorTorque: 5, range: [-1, 1]}
              - {type: dynamicItem, items: [a, b], density: 2, velocity: [1, 2], angularVelocity: 1, anchored: false}
              - {type: field, kind: vortex, region: {radius: 50}}
            """)
    }

    @Test("the written text is the parser's: a comment on top, no default values, and a text that checks")
    func writtenText() throws {
        let scene = try #require(Fixture.scene("""
            name: Small
            items:
              - {id: a, size: [10, 10], color: "#00ff00"}
            """))
        let text = try scene.yaml(comment: "A scene.\n\nPlay it: nudge play small.yaml")
        #expect(text == """
            # A scene.
            #
            # Play it: nudge play small.yaml
            name: "Small"
            items:
            - id: "a"
              size: [10, 10]
              center: ["50%", "50%"]
              color: "green"

            """)
        #expect(try SceneParser().parse(yaml: text, file: "small.yaml") == scene)
    }
}

@Suite("Item velocities in the scene format")
struct ItemVelocityFormatTests {
    @Test("velocity and angularVelocity read as written; left out, they are zero")
    func read() throws {
        let scene = try #require(Fixture.scene("""
            items:
              - {id: a, size: [10, 10], velocity: [300, -20.5], angularVelocity: -3}
              - {id: b, size: [10, 10]}
            """))
        #expect(scene.items[0].velocity == Vector(300, -20.5) && scene.items[0].angularVelocity == -3)
        #expect(scene.items[1].velocity == .zero && scene.items[1].angularVelocity == 0)
    }

    @Test("non-finite, out-of-range and ill-shaped velocities are errors at their key", arguments: [
        ("velocity: [.inf, 0]", ".inf", "items[0].velocity[0]", "finite"),
        ("velocity: [0, 2e6]", "2e6", "items[0].velocity[1]", "between -1000000 and 1000000"),
        ("velocity: 5", "5", "items[0].velocity", "a pair of numbers"),
        ("angularVelocity: .nan", ".nan", "items[0].angularVelocity", "finite"),
        ("angularVelocity: -1e7", "-1e7", "items[0].angularVelocity", "between -1000000 and 1000000"),
    ])
    func invalid(_ key: String, _ at: String, _ keyPath: String, _ words: String) {
        expectSingleError("items:\n  - {id: a, size: [10, 10], \(key)}\n", at: at, keyPath: keyPath, containing: [words])
    }

    @Test("a gesture's template takes no velocity: the gesture places it")
    func notInTemplates() {
        let yaml = "items: []\ngestures:\n  - {recognizer: tap, action: spawn, template: {size: [4, 4], velocity: [1, 0]}}\n"
        expectSingleError(yaml, at: "velocity", keyPath: "gestures[0].template.velocity", containing: ["unknown key 'velocity'"])
    }
}
