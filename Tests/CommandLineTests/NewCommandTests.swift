// `nudge new FILE`, run for real: it writes a starter scene that `nudge check` accepts and that
// plays (its items fall and the walls hold them), and it refuses a file that exists, leaving it
// as it was.
import Foundation
import Geometry
import Testing
@testable import SceneFormat
@testable import Scenes

@Suite("nudge new")
struct NewCommandTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-new-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("writes a starter scene that nudge check accepts, with a comment that explains the keys")
    func writes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try CommandLineTests.run(["new", "mine.yaml"], in: folder)
        #expect(made.status == 0 && made.errors.isEmpty, "\(made.errors)")
        #expect(made.output == "Wrote mine.yaml; play it with: nudge play mine.yaml\n")
        let checked = try CommandLineTests.run(["check", "mine.yaml"], in: folder)
        #expect(checked.status == 0 && checked.output == "mine.yaml: ok\n", "\(checked.output)\(checked.errors)")

        let text = try String(contentsOf: folder.appendingPathComponent("mine.yaml"), encoding: .utf8)
        #expect(text.hasPrefix("# "))
        for words in ["nudge play", "edit mode", "w writes", "space pauses"] {
            #expect(text.contains(words), "the comment should mention \(words)")
        }
        // Named after its file; a ball and a box under gravity, inside walls.
        let scene = try SceneParser().load(contentsOf: folder.appendingPathComponent("mine.yaml").path)
        #expect(scene.name == "mine" && scene.items.map(\.id) == ["ball", "box"])
        #expect(Set(scene.behaviors.map(\.type)) == ["gravity", "collision", "dynamicItem"])
    }

    @Test("the starter scene plays: after 3 s its items rest on the floor, inside the screen")
    func plays() throws {
        let description = try SceneParser().parse(yaml: StarterScene.yaml, file: "new.yaml")
        let bounds = Rect(origin: .zero, size: Size(640, 368))
        let scene = SceneBuilder().build(description, referenceBounds: bounds)
        for _ in 0..<180 { scene.animator.step() }
        for item in scene.items {
            // Resting on the floor (y = 368): the bottom within a point of it, whatever the tilt.
            let halfHeight = item.shape == .ellipse ? item.size.height / 2
                : (abs(cos(item.angle)) * item.size.height + abs(sin(item.angle)) * item.size.width) / 2
            #expect(abs(item.center.y + halfHeight - 368) < 1, "\(item.id) at \(item.center), angle \(item.angle)")
            #expect(item.center.x > 0 && item.center.x < 640)
        }
    }

    @Test("refuses a file that exists: exit 1, a message naming it, the file untouched")
    func refusesExisting() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let existing = folder.appendingPathComponent("taken.yaml")
        try "mine\n".write(to: existing, atomically: true, encoding: .utf8)
        let result = try CommandLineTests.run(["new", "taken.yaml"], in: folder)
        #expect(result.status == 1 && result.output.isEmpty)
        #expect(result.errors == "nudge new: taken.yaml already exists; choose another name (nothing was written)\n")
        #expect(try String(contentsOf: existing, encoding: .utf8) == "mine\n")
    }
}
