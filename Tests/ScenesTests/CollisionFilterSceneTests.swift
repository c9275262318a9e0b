// Collision categories and groups from a scene file: the example of docs/scene-format.md. A
// ghost that collides only with the category `wall` falls through a crate (category `default`)
// and lands on the ledge beside it; two links of the same negative group fall through each other.
// Rest heights are geometry: a box of height h resting on the ledge's top (y = 290) has its
// center at 290 − h/2.
import Foundation
import Geometry
import Testing
@testable import Dynamics
@testable import SceneFormat
@testable import Scenes

@Suite("collision categories and groups in scene files")
struct CollisionFilterSceneTests {
    static let bounds = Rect(x: 0, y: 0, width: 640, height: 368)

    static func scene(_ yaml: String) throws -> Scenes.Scene {
        let description = try SceneParser().parse(yaml: yaml, file: "filters.yaml")
        let scene = SceneBuilder().build(description, referenceBounds: bounds)
        scene.animator.pausesAtRest = false
        return scene
    }

    @Test("a ghost colliding only with walls falls through a crate onto the ledge; links of group -1 pass each other")
    func ghostAndLinks() throws {
        let scene = try Self.scene("""
            name: Filters
            items:
              - {id: ghost, size: [30, 30], center: [100, 150], category: ghost, collidesWith: [wall]}
              - {id: crate, size: [40, 40], center: [100, 250]}
              - {id: ledge, size: [400, 20], center: [200, 300], category: wall}
              - {id: link1, size: [40, 20], center: [300, 200], collisionGroup: -1}
              - {id: link2, size: [40, 20], center: [300, 260], collisionGroup: -1}
            behaviors:
              - {type: collision, boundaries: none}
              - {type: gravity, items: [ghost, crate, link1, link2]}
              - {type: dynamicItem, items: [ledge], anchored: true}
            """)
        let ghost = try #require(scene.item(withID: "ghost")), crate = try #require(scene.item(withID: "crate"))
        let link1 = try #require(scene.item(withID: "link1")), link2 = try #require(scene.item(withID: "link2"))
        for _ in 0..<120 { scene.animator.step() }
        #expect(abs(crate.center.y - 270) < 1.5, "the crate rests on the ledge: \(crate.center)")
        #expect(abs(ghost.center.y - 275) < 1.5, "the ghost passed the crate to the ledge: \(ghost.center)")
        #expect(abs(link1.center.y - 280) < 1.5 && abs(link2.center.y - 280) < 1.5,
                "both links rest on the ledge: \(link1.center), \(link2.center)")
    }

    @Test("the scene's categories become bits in the order the file names them, default first")
    func categoryBits() throws {
        let scene = try Self.scene("""
            items:
              - {id: a, size: [10, 10], category: ghost, collidesWith: [wall, default]}
              - {id: b, size: [10, 10], category: [wall, ghost]}
              - {id: c, size: [10, 10], collidesWith: []}
            """)
        let a = try #require(scene.item(withID: "a")), b = try #require(scene.item(withID: "b"))
        let c = try #require(scene.item(withID: "c"))
        #expect(a.collisionFilter == CollisionFilter(categories: 2, collidesWith: 4 | 1))
        #expect(b.collisionFilter == CollisionFilter(categories: 4 | 2, collidesWith: .max))
        #expect(c.collisionFilter == CollisionFilter(categories: 1, collidesWith: 0))
    }
}
