// Every registered behavior kind, whatever it is, through the life of a scene: written into a
// file, parsed, built, played, saved and loaded again, and one of its items deleted both ways
// (the editor's delete and a removal at run time). The kinds come from the registry
// (`BehaviorKinds.all`), each with the example entry it gives itself, so a new kind is tested
// here the moment it is registered: a kind with no runtime half, one whose item the editor could
// delete from under it, one whose live behavior keeps acting on a removed item, or one whose
// saved file fails to load fails here.
import Foundation
import Geometry
import Testing
@testable import SceneFormat
@testable import Scenes

@Suite("Every registered behavior kind builds, saves, reloads and lets go of a deleted item")
struct EveryBehaviorKindTests {
    static let bounds = Rect(origin: .zero, size: Size(200, 200))
    static var kindNames: [String] { BehaviorKinds.names }

    /// A scene of three items (a and b named by the entry, c by nothing) and the one entry.
    static func sceneYAML(_ kind: any BehaviorKind.Type) throws -> String {
        let entry = try BehaviorDescription(kind.example(naming: ["a", "b"])).writeYAML()
        let indented = entry.split(separator: "\n").enumerated()
            .map { ($0.offset == 0 ? "  - " : "    ") + $0.element }.joined(separator: "\n")
        return """
            items:
              - {id: a, size: [20, 20], center: [60, 60]}
              - {id: b, size: [20, 20], center: [140, 100]}
              - {id: c, size: [20, 20], center: [100, 160]}
            behaviors:
            \(indented)

            """
    }

    static func kind(_ name: String) throws -> any BehaviorKind.Type {
        try #require(BehaviorKinds.kind(named: name))
    }

    static func load(_ yaml: String) throws -> SceneDescription {
        try SceneParser().parse(yaml: yaml, file: "every-kind.yaml")
    }

    @Test("the registry is not empty and names each type once")
    func registry() {
        #expect(!BehaviorKinds.all.isEmpty)
        #expect(Set(Self.kindNames).count == Self.kindNames.count)
    }

    @Test("its example names the items it is given, reads back equal, and the kind has a runtime half",
          arguments: kindNames)
    func example(_ name: String) throws {
        let kind = try Self.kind(name)
        let entry = BehaviorDescription(kind.example(naming: ["a", "b"]))
        #expect(!entry.namedItems.isEmpty && Set(entry.namedItems).isSubset(of: ["a", "b"]))
        #expect(entry.kind is any BehaviorRuntime, "\(name) has no BehaviorRuntime conformance in Scenes")
        let description = try Self.load(try Self.sceneYAML(kind))
        #expect(description.behaviors == [entry])
    }

    @Test("built, it acts on an item it names; played and saved, the file loads and builds the same kind again",
          arguments: kindNames)
    func saveAndReload(_ name: String) throws {
        let description = try Self.load(try Self.sceneYAML(try Self.kind(name)))
        let scene = SceneBuilder().build(description, referenceBounds: Self.bounds)
        #expect(try description.behaviors[0].namedItems.contains { scene.isDynamic(try #require(scene.item(withID: $0))) },
                "\(name) acts on none of the items it names")
        for _ in 0..<30 { scene.animator.step() }
        let saved = try Self.load(try scene.currentDescription(time: 0.5).yaml())
        #expect(saved.behaviors.map(\.type) == [name])
        let again = SceneBuilder().build(saved, referenceBounds: Self.bounds)
        #expect(again.fileBehaviors.count == 1 && again.fileBehaviors[0].dynamicAnimator === again.animator)
    }

    @Test("the editor refuses to delete an item the entry names by itself, and its delete takes the entry along",
          arguments: kindNames)
    func editorDelete(_ name: String) throws {
        let description = try Self.load(try Self.sceneYAML(try Self.kind(name)))
        for id in description.behaviors[0].namedItems {
            let scene = SceneBuilder().build(description, referenceBounds: Self.bounds)
            #expect(scene.apply(.removeItem(id: id)) == nil, "\(name): \(id) deleted from under the entry")
            let delete = try scene.removingItem(id).get()
            #expect(scene.apply(delete) != nil, "\(name): the editor's delete of \(id) was refused")
            #expect(scene.item(withID: id) == nil)
            #expect(!scene.sceneDescription.behaviors.contains { $0.namedItems.contains(id) })
            let saved = try Self.load(try scene.currentDescription().yaml())
            #expect(saved.items.map(\.id) == description.items.map(\.id).filter { $0 != id })
        }
    }

    @Test("an item removed at run time is let go of: nothing acts on it, the scene saved after loads, and it plays on as the live one does",
          arguments: kindNames)
    func runTimeRemoval(_ name: String) throws {
        let description = try Self.load(try Self.sceneYAML(try Self.kind(name)))
        for id in description.behaviors[0].namedItems {
            let scene = SceneBuilder().build(description, referenceBounds: Self.bounds)
            for _ in 0..<10 { scene.animator.step() }
            let item = try #require(scene.item(withID: id))
            scene.removeItem(item)
            #expect(!scene.isDynamic(item), "\(name) still acts on the removed \(id)")
            for _ in 0..<10 { scene.animator.step() }
            let saved = try Self.load(try scene.currentDescription(time: 1).yaml())
            #expect(!saved.behaviors.contains { $0.namedItems.contains(id) })
            // What the file says is what the live scene does: a live behavior still acting on
            // the removed item (or through it) moves the others apart from the saved scene's.
            let again = SceneBuilder().build(saved, referenceBounds: Self.bounds)
            for _ in 0..<60 { scene.animator.step(); again.animator.step() }
            for other in scene.items {
                let copy = try #require(again.item(withID: other.id))
                #expect((other.center - copy.center).length < 1, "\(name) without \(id): \(other.id) at \(other.center) live, \(copy.center) saved")
            }
        }
    }
}
