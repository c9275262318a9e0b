// Where scenes come from: --scenes, ./scenes, the package root above the executable, the
// built-in scene; and the shipped example scenes all validate.
import Foundation
import SceneTestSupport
import Testing
@testable import SceneFormat

@Suite("Scene library")
struct SceneLibraryTests {
    /// A fresh empty folder under the system's temporary folder.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-scenes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("every scene in scenes/ validates")
    func exampleScenesValidate() throws {
        let folder = Fixture.packageRoot.appendingPathComponent("scenes").path
        let files = try SceneLibrary.sceneFiles(inDirectory: folder)
        #expect(files.count >= 3)
        for file in files {
            do { _ = try SceneParser().load(contentsOf: file) } catch { Issue.record("\(error)") }
        }
    }

    @Test("the built-in scene is scenes/000-push.yaml, word for word")
    func builtInMatchesFile() throws {
        let text = try String(contentsOf: Fixture.packageRoot.appendingPathComponent("scenes/000-push.yaml"), encoding: .utf8)
        #expect(BuiltInScenes.push + "\n" == text)
        let scene = try SceneFile.builtInPush.load()
        #expect(scene.name == "Push" && scene.items.first?.size.width == 80)
    }

    @Test("folders list their .yaml and .yml files in name order")
    func nameOrder() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["b.yaml", "a.yml", "c.txt", "010-x.yaml", ".hidden.yaml"] {
            try "items: []\n".write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let names = try SceneLibrary.sceneFiles(inDirectory: folder.path).map { URL(fileURLWithPath: $0).lastPathComponent }
        #expect(names == ["010-x.yaml", "a.yml", "b.yaml"])
    }

    @Test("search order: --scenes, then ./scenes, then the package above the executable, then built in")
    func searchOrder() throws {
        let root = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let package = root.appendingPathComponent("pkg"), work = root.appendingPathComponent("work")
        let binary = package.appendingPathComponent(".build/debug")
        try FileManager.default.createDirectory(at: binary, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: package.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        try "// manifest\n".write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: work.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        let executable = binary.appendingPathComponent("nudge").path
        let elsewhere = root.path

        let explicit = try SceneLibrary.locate(scenesOption: package.path, currentDirectory: work.path, executablePath: executable)
        #expect(explicit.source == .directory(package.path))
        let local = try SceneLibrary.locate(scenesOption: nil, currentDirectory: work.path, executablePath: executable)
        #expect(local.source == .directory(work.appendingPathComponent("scenes").path))
        let fromBinary = try SceneLibrary.locate(scenesOption: nil, currentDirectory: elsewhere, executablePath: executable)
        #expect(fromBinary.source == .directory(package.resolvingSymlinksInPath().appendingPathComponent("scenes").path))
        let builtIn = try SceneLibrary.locate(scenesOption: nil, currentDirectory: elsewhere, executablePath: "/nonexistent/bin/nudge")
        #expect(builtIn.source == .builtIn)
        #expect(try builtIn.files() == [SceneFile.builtInPush])
        #expect(throws: SceneLibraryError.self) {
            try SceneLibrary.locate(scenesOption: root.appendingPathComponent("missing").path, currentDirectory: elsewhere, executablePath: nil)
        }
    }

    @Test("a scene is found by path, file name, stem or scene name")
    func find() throws {
        let library = SceneLibrary(source: .directory(Fixture.packageRoot.appendingPathComponent("scenes").path))
        #expect(try library.find("001-snap.yaml").path.hasSuffix("scenes/001-snap.yaml"))
        #expect(try library.find("001-snap").path.hasSuffix("scenes/001-snap.yaml"))
        #expect(try library.find("snap").path.hasSuffix("scenes/001-snap.yaml"))
        #expect(throws: SceneLibraryError.self) { try library.find("no-such-scene") }
    }

    @Test("an unreadable path is a scene error naming the file")
    func missingFile() {
        #expect {
            try SceneParser().load(contentsOf: "/nonexistent/scene.yaml")
        } throws: { error in
            (error as? SceneErrors)?.errors.first?.description == "/nonexistent/scene.yaml: cannot read the file (missing or not readable)"
        }
    }
}
