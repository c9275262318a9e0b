// Item groups in a live scene: a behavior naming any item of a group acts on the whole group,
// the items move as one rigid body, a saved group reads back and moves on as the live one, and
// editing moves or deletes a group as one (and undoes it).
import Foundation
import Geometry
import SceneTestSupport
import Testing
@testable import Dynamics
@testable import SceneFormat
@testable import Scenes

@Suite("Item groups in live scenes")
struct GroupSceneTests {
    static let bounds = Rect(origin: .zero, size: Size(640, 368))

    /// A dumbbell (two 20-pt balls on a 40×6 bar, 60 apart) thrown up and to the right, under
    /// gravity named on the bar alone, inside the walls; a box beside it, alone.
    static let yaml = """
        name: dumbbell
        size: [640, 368]
        items:
          - id: left
            shape: ellipse
            size: [20, 20]
            center: [170, 200]
          - id: bar
            size: [40, 6]
            center: [200, 200]
          - id: right
            shape: ellipse
            size: [20, 20]
            center: [230, 200]
          - id: box
            size: [30, 30]
            center: [500, 300]
        groups:
          - id: dumbbell
            items: [left, bar, right]
        behaviors:
          - type: gravity
            items: [bar, box]
          - type: collision
            boundaries: reference
          - type: dynamicItem
            items: [left]
            angularVelocity: 3
            velocity: [80, -300]
        """

    static func scene() throws -> Scene {
        SceneBuilder().build(try SceneParser().parse(yaml: yaml, file: "dumbbell.yaml"), referenceBounds: bounds)
    }

    static func spread(_ scene: Scene) -> Double {
        scene.item(withID: "left")!.center.distance(to: scene.item(withID: "right")!.center)
    }

    @Test func aBehaviorNamingOneItemMovesTheWholeGroupAsOneBody() throws {
        let scene = try Self.scene()
        let group = try #require(scene.groups.first)
        #expect(scene.animator.contains(group))
        #expect(!scene.animator.contains(scene.item(withID: "left")!))
        #expect(scene.isDynamic(scene.item(withID: "right")!))
        // One body: the mass of all three (0.04 + 0.024 + 0.04 at density 1).
        #expect(abs(scene.animator.mass(for: group) - 0.104) < 1e-12)
        for _ in 0..<120 {
            scene.animator.step()
            // The balls keep their 60 pt and the bar stays between them, turning together.
            #expect(abs(Self.spread(scene) - 60) < 1e-9)
            let mid = (scene.item(withID: "left")!.center + scene.item(withID: "right")!.center) / 2
            #expect(mid.distance(to: scene.item(withID: "bar")!.center) < 1e-9)
            #expect(abs(scene.item(withID: "bar")!.angle - scene.item(withID: "left")!.angle) < 1e-9)
        }
        // It turned (the spin given to `left` is the group's) and fell.
        #expect(abs(group.angle) > 0.1)
    }

    @Test func anItemOfAGroupMovesAtTheGroupsVelocityAtItsCenter() throws {
        let scene = try Self.scene()
        let group = try #require(scene.groups.first)
        for _ in 0..<5 { scene.animator.step() }
        let w = scene.animator.angularVelocity(for: group)
        // The entry gave `left` velocity (80, −300) and spin 3: the group spins at 3 rad/s.
        #expect(abs(w - 3) < 1e-9)
        let left = scene.item(withID: "left")!
        let r = left.center - group.center
        let expected = scene.animator.linearVelocity(for: group) + Vector(-w * r.y, w * r.x)
        #expect(scene.linearVelocity(of: left).distance(to: expected) < 1e-9)
        #expect(scene.angularVelocity(of: left) == w)
    }

    @Test func aSavedGroupReadsBackAndMovesOnAsTheLiveOne() throws {
        let live = try Self.scene()
        for _ in 0..<20 { live.animator.step() }
        let text = try live.currentDescription(time: 20.0 / 60).yaml()
        #expect(text.contains("groups:"))
        let saved = try SceneParser().parse(yaml: text, file: "saved.yaml")
        #expect(saved.groups == [GroupDescription(id: "dumbbell", items: ["left", "bar", "right"])])
        let rebuilt = SceneBuilder().build(saved, referenceBounds: live.referenceBounds)
        #expect(abs(rebuilt.animator.angularVelocity(for: rebuilt.groups[0]) - live.animator.angularVelocity(for: live.groups[0])) < 1e-6)
        // In flight, nothing touching: the rebuilt group follows the live one. (The lone box is
        // left out: an item's velocity read between steps is half a substep off its positions'
        // instant, which SaveAndPlayTests' 1-pt tolerance covers; a group's saved motion is its
        // body's, read the same way at both ends, so it follows to a micrometre.)
        for _ in 0..<10 {
            live.animator.step()
            rebuilt.animator.step()
        }
        for id in ["left", "bar", "right"] {
            #expect(live.item(withID: id)!.center.distance(to: rebuilt.item(withID: id)!.center) < 1e-6, "\(id)")
        }
    }

    @Test func movingAnItemOfAGroupInEditModeMovesTheGroupAndUndoPutsItBack() throws {
        let scene = try Self.scene()
        let left = scene.item(withID: "left")!, bar = scene.item(withID: "bar")!
        let undo = try #require(scene.apply(.placeItem(id: "left", ItemPlacement(center: Point(100, 100)))))
        #expect(left.center.distance(to: Point(100, 100)) < 1e-9)
        #expect(bar.center.distance(to: Point(130, 100)) < 1e-9)
        #expect(Self.spread(scene) - 60 < 1e-9)
        #expect(scene.linearVelocity(of: bar) == .zero)
        scene.apply(undo)
        #expect(bar.center.distance(to: Point(200, 200)) < 1e-9)
    }

    @Test func deletingAnItemOfAGroupDeletesTheGroupAndUndoBringsItBackWhole() throws {
        let scene = try Self.scene()
        let edit = try scene.removingItem("right").get()
        let undo = try #require(scene.apply(edit))
        #expect(scene.items.map(\.id) == ["box"])
        #expect(scene.groups.isEmpty && scene.sceneDescription.groups.isEmpty)
        #expect(scene.sceneDescription.behaviors.allSatisfy { !$0.namedItems.contains("bar") })
        #expect(try SceneParser().parse(yaml: scene.currentDescription().yaml(), file: "x.yaml").items.count == 1)
        scene.apply(undo)
        #expect(scene.items.map(\.id) == ["left", "bar", "right", "box"])
        let group = try #require(scene.groups.first)
        #expect(scene.animator.contains(group))
        #expect(abs(scene.animator.mass(for: group) - 0.104) < 1e-12)
        for _ in 0..<30 { scene.animator.step() }
        #expect(abs(Self.spread(scene) - 60) < 1e-9)
    }
}
