// Image items: PNG files read relative to the scene file, decoded once at load, attached to the
// items, sizing size-less items at 1 pt per pixel, and every kind of bad file reported at the
// item's `image` key with the path and the reason. Pictures come from scenes/images/, whose
// pixel sizes the tests read straight from the PNG header bytes, not from the decoder.
import Foundation
import Geometry
import SceneTestSupport
import Testing
@testable import SceneFormat
@testable import Scenes

@Suite("Image items")
struct SceneImageTests {
    static var imagesFolder: URL { Fixture.packageRoot.appendingPathComponent("scenes/images") }

    /// Width and height from a PNG's IHDR chunk (bytes 16..<24, big-endian).
    static func headerSize(of url: URL) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](try Data(contentsOf: url))
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    /// A fresh folder holding a copy of scenes/images/star.png as `star.png`; removed by the caller.
    static func folderWithStar() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("pics"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: imagesFolder.appendingPathComponent("star.png"),
                                         to: folder.appendingPathComponent("pics/star.png"))
        return folder
    }

    /// Writes `yaml` as `scene.yaml` in `folder` and loads it; returns the errors (empty if valid).
    static func loadErrors(_ yaml: String, in folder: URL) throws -> [SceneError] {
        let path = folder.appendingPathComponent("scene.yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try SceneParser().load(contentsOf: path)
            return []
        } catch let errors as SceneErrors {
            return errors.errors
        }
    }

    @Test("the crossing-images and scaling scenes load with a bitmap of the PNG's pixel size on each image item")
    func seedScenesCarryBitmaps() throws {
        let expected: [String: String] = ["smiley": "smiley.png", "star": "star.png", "picture": "gradient.png"]
        for name in ["005-crossing-images.yaml", "006-scaling.yaml"] {
            let path = Fixture.packageRoot.appendingPathComponent("scenes/\(name)").path
            let description = try SceneParser().load(contentsOf: path)
            let scene = SceneBuilder().build(description, referenceBounds: Rect(x: 0, y: 0, width: 640, height: 368))
            let images = scene.items.filter { $0.shape == .image }
            #expect(!images.isEmpty)
            for item in images {
                let file = try #require(expected[item.id], "unexpected image item \(item.id)")
                let (width, height) = try Self.headerSize(of: Self.imagesFolder.appendingPathComponent(file))
                let bitmap = try #require(item.bitmap, "\(name): \(item.id) has no bitmap")
                #expect(bitmap.width == width && bitmap.height == height)
                #expect(bitmap.pixels.count == width * height)
                #expect(item.size == Size(100, 100), "the seed's 100×100 pt, whatever the picture's pixels")
            }
        }
    }

    @Test("an image item without size is 1 pt per pixel; the same file on two items decodes alike")
    func defaultSizeFromPixels() throws {
        let folder = try Self.folderWithStar()
        defer { try? FileManager.default.removeItem(at: folder) }
        let yaml = """
            items:
              - {id: a, shape: image, image: pics/star.png}
              - {id: b, shape: image, image: pics/star.png, size: [10, 20]}
            """
        try yaml.write(to: folder.appendingPathComponent("scene.yaml"), atomically: true, encoding: .utf8)
        let description = try SceneParser().load(contentsOf: folder.appendingPathComponent("scene.yaml").path)
        let (width, height) = try Self.headerSize(of: folder.appendingPathComponent("pics/star.png"))
        #expect(description.items[0].size == Size(Double(width), Double(height)))
        #expect(description.items[1].size == Size(10, 20))
        #expect(description.items[0].bitmap != nil && description.items[0].bitmap == description.items[1].bitmap)
        #expect(description.items[0].image == "pics/star.png", "the file name stays as written")
    }

    @Test("an absolute image path is used as is")
    func absolutePath() throws {
        let folder = try Self.folderWithStar()
        defer { try? FileManager.default.removeItem(at: folder) }
        let absolute = folder.appendingPathComponent("pics/star.png").path
        #expect(try Self.loadErrors("items:\n  - {id: a, shape: image, image: \"\(absolute)\", size: [10, 10]}\n", in: folder).isEmpty)
    }

    @Test("a spawn template's image is decoded too")
    func templateImage() throws {
        let folder = try Self.folderWithStar()
        defer { try? FileManager.default.removeItem(at: folder) }
        let yaml = """
            items: []
            gestures:
              - recognizer: tap
                action: spawn
                template: {shape: image, image: pics/star.png}
            """
        try yaml.write(to: folder.appendingPathComponent("scene.yaml"), atomically: true, encoding: .utf8)
        let description = try SceneParser().load(contentsOf: folder.appendingPathComponent("scene.yaml").path)
        let (width, _) = try Self.headerSize(of: folder.appendingPathComponent("pics/star.png"))
        guard case .spawn(let template, _)? = description.gestures.first?.action else { Issue.record("not spawn"); return }
        #expect(template.bitmap?.width == width)
    }

    /// One error at the `image` key of the item, naming the file and containing `reason`.
    func expectImageError(_ contents: [UInt8]?, reason: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = try Self.folderWithStar()
        defer { try? FileManager.default.removeItem(at: folder) }
        if let contents {
            try Data(contents).write(to: folder.appendingPathComponent("pics/broken.png"))
        }
        let yaml = """
            name: Broken
            items:
              - id: fine
                size: [10, 10]
              - id: pic
                shape: image
                image: pics/broken.png
                size: [100, 100]
            """
        let errors = try Self.loadErrors(yaml, in: folder)
        #expect(errors.count == 1, "\(errors)", sourceLocation: sourceLocation)
        guard let error = errors.first else { return }
        let (line, column) = Fixture.locate("image: pics", in: yaml)
        #expect(error.file == folder.appendingPathComponent("scene.yaml").path, sourceLocation: sourceLocation)
        #expect(error.line == line && error.column == column, "\(error)", sourceLocation: sourceLocation)
        #expect(error.keyPath == "items[1].image", sourceLocation: sourceLocation)
        #expect(error.message.contains("pics/broken.png"), "\(error.message)", sourceLocation: sourceLocation)
        #expect(error.message.contains(reason), "'\(error.message)' should say '\(reason)'", sourceLocation: sourceLocation)
    }

    @Test("a missing image is an error at its image key: file:line:column, the path, 'no such file'")
    func missing() throws {
        try expectImageError(nil, reason: "no such file")
    }

    @Test("a file that is not a PNG is an error at its image key")
    func notPNG() throws {
        try expectImageError(Array("just some text\n".utf8), reason: "not a PNG")
    }

    @Test("an empty file is an error at its image key")
    func empty() throws {
        try expectImageError([], reason: "empty")
    }

    @Test("a truncated PNG is an error at its image key")
    func truncated() throws {
        let star = [UInt8](try Data(contentsOf: Self.imagesFolder.appendingPathComponent("star.png")))
        try expectImageError(Array(star.prefix(star.count / 2)), reason: "corrupt")
    }

    @Test("a broken image item without size reports only the image, not a missing size")
    func brokenWithoutSize() throws {
        let folder = try Self.folderWithStar()
        defer { try? FileManager.default.removeItem(at: folder) }
        let errors = try Self.loadErrors("items:\n  - {id: pic, shape: image, image: nope.png}\n", in: folder)
        #expect(errors.count == 1)
        #expect(errors.first?.keyPath == "items[0].image")
    }

    @Test("parsing text alone reads no image: the item keeps its file name, has no bitmap, and needs a size")
    func textOnly() {
        let scene = Fixture.scene("items:\n  - {id: pic, shape: image, image: nowhere.png, size: [20, 20]}\n")
        #expect(scene?.items.first?.image == "nowhere.png")
        #expect(scene?.items.first?.bitmap == nil)
        let errors = Fixture.errors("items:\n  - {id: pic, shape: image, image: nowhere.png}\n")
        #expect(errors.count == 1 && errors.first?.message.contains("size") == true)
    }

    @Test("image paths resolve against the scene file's folder as written")
    func resolving() {
        #expect(SceneParser.folder(of: "scenes/a.yaml") == "scenes")
        #expect(SceneParser.folder(of: "a.yaml") == ".")
        #expect(SceneParser.folder(of: "/a.yaml") == "/")
        #expect(SceneParser.resolve(image: "images/x.png", in: "scenes") == "scenes/images/x.png")
        #expect(SceneParser.resolve(image: "x.png", in: ".") == "x.png")
        #expect(SceneParser.resolve(image: "/abs/x.png", in: "scenes") == "/abs/x.png")
    }
}
