// Many items made at one point. Every pair of them overlaps, so a contact per pair would be
// n²/2 of them (4.5 million for 3,000 items, 3.8 GB); a shape of an item has at most
// WorldSettings.maxContactsPerShape (64) contacts with other items, and a pair refused at the
// limit is made once a contact of the full shape ends. Walls are never refused.
import Foundation
import Geometry
import Testing
@testable import Dynamics
@testable import SceneFormat
@testable import Scenes

@Suite("crowds made at one point")
struct CrowdTests {
    static let bounds = Rect(x: 0, y: 0, width: 640, height: 368)

    /// `count` 16 pt balls within a point of the middle (a spiral of hundredths of a point, so
    /// that the contacts' normals point every way), under gravity, in the walls.
    static func crowd(_ count: Int) throws -> Scenes.Scene {
        var yaml = "name: Crowd\nitems:\n"
        for i in 0..<count {
            let a = Double(i) * 2.4, r = 0.01 * Double(i).squareRoot()
            yaml += "  - {id: b\(i), shape: ellipse, size: [16, 16], center: [\(320 + r * cos(a)), \(184 + r * sin(a))]}\n"
        }
        yaml += "behaviors:\n  - {type: gravity}\n  - {type: collision, boundaries: reference}\n"
        let description = try SceneParser().parse(yaml: yaml, file: "crowd.yaml")
        return SceneBuilder().build(description, referenceBounds: bounds)
    }

    @Test("1,000 balls at one point have at most 64 item contacts each, not one per pair, and stay inside the walls")
    func contactsBounded() throws {
        let scene = try Self.crowd(1000)
        for _ in 0..<3 { scene.animator.step() }
        let world = scene.animator.world
        // 1,000 · 64 / 2 item pairs, and at most the four walls for each ball; a contact per pair
        // would be 499,500.
        #expect(world.contacts.count <= 1000 * 64 / 2 + 1000 * 4, "\(world.contacts.count) contacts")
        let inside = Rect(x: 0, y: 0, width: 640, height: 368)
        #expect(scene.items.allSatisfy { inside.contains($0.center) })
    }

    @Test("100 balls at one point, more than a shape's 64 contacts, spread until no two overlap by more than a point")
    func refusedPairsAreMadeLater() throws {
        let scene = try Self.crowd(100)
        scene.animator.pausesAtRest = false
        for _ in 0..<300 { scene.animator.step() }
        var worst = 0.0
        for i in scene.items.indices {
            for j in scene.items.indices where j > i {
                worst = max(worst, 16 - scene.items[i].center.distance(to: scene.items[j].center))
            }
        }
        #expect(worst < 1, "two balls overlap by \(worst) pt")
    }
}
