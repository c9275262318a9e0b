// SceneFileMerge: a scene written anew, laid over its file's text, keeps the file's comments, key
// order and style where the scene did not change, and takes the new text where it did.
import Foundation
import Geometry
import Testing
@testable import SceneFormat

@Suite("Scene file merge")
struct SceneFileMergeTests {
    static let starter = StarterScene.yaml + "\n"

    @Test("the starter scene written again and merged over its file is the file, byte for byte")
    func unchangedKeepsTheFile() throws {
        let scene = try SceneParser().parse(yaml: Self.starter, file: "starter.yaml")
        let written = try scene.yaml()
        #expect(!written.contains("#"))   // the writer alone drops every comment
        let merged = SceneFileMerge.merge(original: Self.starter, written: written, stem: "starter")
        #expect(merged == Self.starter)
    }

    @Test("a moved ball and a new box: the change is in the text, every comment and the other lines stay")
    func changeKeepsComments() throws {
        var scene = try SceneParser().parse(yaml: Self.starter, file: "starter.yaml")
        scene.items[0].center = Position(Point(120, 340))
        scene.items.append(ItemDescription(id: "box-1", size: Size(40, 30), center: Position(Point(300, 200))))
        let merged = SceneFileMerge.merge(original: Self.starter, written: try scene.yaml(), stem: "starter")
        let oldComments = Self.starter.split(separator: "\n").filter { $0.contains("#") }
        let newComments = merged.split(separator: "\n").filter { $0.contains("#") }
        #expect(newComments == oldComments)
        // The box's own line and every behavior and gesture line are as the file had them.
        for line in Self.starter.split(separator: "\n") where line.contains("id: box,") || line.contains("type:") {
            #expect(merged.contains(line), "lost: \(line)")
        }
        let again = try SceneParser().parse(yaml: merged, file: "starter.yaml")
        #expect(again == scene)
        #expect(!merged.split(separator: "\n").contains { $0.hasPrefix("name:") }, "\(merged)")   // still called after its file
    }

    @Test("a key the file lacks is added after the others; a removed one is left out")
    func keysAddedAndRemoved() throws {
        var scene = try SceneParser().parse(yaml: Self.starter, file: "starter.yaml")
        scene.gestures = []
        scene.name = "Renamed"
        let merged = SceneFileMerge.merge(original: Self.starter, written: try scene.yaml(), stem: "starter")
        #expect(!merged.contains("gestures:"))
        #expect(merged.hasSuffix("name: \"Renamed\"\n") || merged.hasSuffix("name: Renamed\n"))
        #expect(merged.hasPrefix("# A new Nudge scene"))
        #expect(try SceneParser().parse(yaml: merged, file: "starter.yaml") == scene)
    }
}
