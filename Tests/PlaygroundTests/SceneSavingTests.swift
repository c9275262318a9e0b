// `w` writes the scene as it now is beside its file: NAME.saved.yaml, then NAME.saved-2.yaml,
// never over an existing file, and the status line names the file or says why not.
import Foundation
import Geometry
import Testing
import TerminalUI
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Saving a scene (w)")
struct SceneSavingTests {
    static let moving = """
        name: Moving
        items:
          - {id: a, size: [20, 20], center: [100, 100]}
        behaviors:
          - {type: dynamicItem, velocity: [60, 0]}
        """

    static let bounds = Rect(origin: .zero, size: Size(640, 384))

    @Test("file names: NAME.saved.yaml, then NAME.saved-N.yaml; a saved scene's own suffix is not repeated")
    func names() {
        #expect(SceneSaving.fileName(forScene: "scenes/003-cradle.yaml", attempt: 1) == "003-cradle.saved.yaml")
        #expect(SceneSaving.fileName(forScene: "scenes/003-cradle.yaml", attempt: 2) == "003-cradle.saved-2.yaml")
        #expect(SceneSaving.fileName(forScene: "a.yml", attempt: 3) == "a.saved-3.yaml")
        #expect(SceneSaving.fileName(forScene: "x/003-cradle.saved.yaml", attempt: 2) == "003-cradle.saved-2.yaml")
        #expect(SceneSaving.fileName(forScene: "003-cradle.saved-7.yaml", attempt: 1) == "003-cradle.saved.yaml")
        #expect(SceneSaving.fileName(forScene: "my.savedgame.yaml", attempt: 1) == "my.savedgame.saved.yaml")
    }

    @Test("two saves give .saved.yaml then .saved-2.yaml; an existing file is skipped and left as it was")
    func twoSavesAndAnExistingFile() throws {
        let folder = try Fixture.folder(["m.yaml": Self.moving, "m.saved-2.yaml": "keep me\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = SceneFile(path: folder.appendingPathComponent("m.yaml").path)
        let session = SceneSession(scene: SceneBuilder().build(try file.load(), referenceBounds: Self.bounds))
        session.run(steps: 30)
        let first = SceneSaving().save(session, from: file)
        #expect(first.message == "Saved m.saved.yaml.")
        session.run(steps: 30)
        let second = SceneSaving().save(session, from: file)
        #expect(second.message == "Saved m.saved-3.yaml.")
        #expect(try String(contentsOf: folder.appendingPathComponent("m.saved-2.yaml"), encoding: .utf8) == "keep me\n")
        // Each file is the scene as it was at its save: the item 30 and 60 steps at 60 pt/s along.
        for (name, x) in [("m.saved.yaml", 130.0), ("m.saved-3.yaml", 160.0)] {
            let saved = try SceneParser().load(contentsOf: folder.appendingPathComponent(name).path)
            guard case .points(let savedX) = saved.items[0].center.x else { Issue.record("center in points"); continue }
            #expect(abs(savedX - x) < 1e-9 && saved.items[0].velocity == Vector(60, 0), "\(name)")
        }
    }

    @Test("a folder that cannot be written: nothing is written and the status line says why")
    func readOnlyFolder() throws {
        guard getuid() != 0 else { return }  // root writes anywhere: there is no read-only folder to test
        let folder = try Fixture.folder(["m.yaml": Self.moving])
        defer {
            chmod(folder.path, 0o755)
            try? FileManager.default.removeItem(at: folder)
        }
        let file = SceneFile(path: folder.appendingPathComponent("m.yaml").path)
        let session = SceneSession(scene: SceneBuilder().build(try file.load(), referenceBounds: Self.bounds))
        chmod(folder.path, 0o555)
        let outcome = SceneSaving().save(session, from: file)
        #expect(outcome == .failed(message: "Cannot save in \(folder.path): Permission denied."))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["m.yaml"])
    }

    @Test("w in the app saves beside the scene, names the file in the status line and tells didSave")
    func keyInApp() throws {
        let folder = try Fixture.folder(["m.yaml": Self.moving])
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenes = try Fixture.sceneFiles(in: folder)
        let terminal = ScriptedTerminal(script: [(0.5, key("w")), (0.6, key("w")), (1.0, key("q"))])
        let app = terminal.app(scenes)
        var saves: [SceneSaving.Outcome] = []
        app.didSave = { saves.append($0) }
        _ = try app.run()
        #expect(saves.map(\.message) == ["Saved m.saved.yaml.", "Saved m.saved-2.yaml."])
        #expect(terminal.statusLines.contains { $0.contains("Saved m.saved.yaml.") })
        #expect(terminal.statusLines.contains { $0.contains("Saved m.saved-2.yaml.") })
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["m.saved-2.yaml", "m.saved.yaml", "m.yaml"])
    }

    @Test("the built-in scene has no file: it is saved in the current folder, and the message says so")
    func builtIn() throws {
        let folder = try Fixture.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = SceneFile.builtInPush
        let session = SceneSession(scene: SceneBuilder().build(try file.load(), referenceBounds: Self.bounds))
        let text = try session.scene.currentDescription().yaml()
        let outcome = SceneSaving().write(text, folder: folder.path, scene: file.path,
                                          note: " in the current folder (the built-in scene has no file)")
        #expect(outcome.message == "Saved 000-push.saved.yaml in the current folder (the built-in scene has no file).")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("000-push.saved.yaml").path))
    }
}


@Suite("Saving the sandbox after dropping balls with real taps")
struct SandboxSaveTests {
    @Test("two balls dropped by clicks, saved while they fall: the saved scene keeps them and goes on within 1 pt")
    func sandbox() throws {
        let file = KeyBindingTests.root.appendingPathComponent("scenes/007-sandbox.yaml").path
        let bounds = Rect(origin: .zero, size: Size(640, 368))
        let live = SceneSession(scene: SceneBuilder().build(try SceneParser().load(contentsOf: file), referenceBounds: bounds))
        live.run(steps: 120)
        live.click(Point(150, 60), at: live.time)
        live.run(steps: 10)
        live.click(Point(500, 60), at: live.time)
        live.run(steps: 10)
        #expect(live.scene.items.suffix(2).map(\.id) == ["drop-1", "drop-2"])
        let text = try live.scene.currentDescription(time: live.time).yaml()
        let saved = try SceneParser().parse(yaml: text, file: "sandbox.saved.yaml", imageFolder: nil)
        let rebuilt = SceneSession(scene: SceneBuilder().build(saved, referenceBounds: bounds))
        live.run(steps: 60)
        rebuilt.run(steps: 60)
        #expect(rebuilt.scene.items.map(\.id) == live.scene.items.map(\.id))
        for (a, b) in zip(live.scene.items, rebuilt.scene.items) {
            #expect(a.center.distance(to: b.center) <= 1, "\(a.id): live \(a.center), saved \(b.center)")
        }
    }
}
