// Joints under long lever arms stay finite and within what energy allows. A rigid rod fixed
// 200 pt off the center of a 10×10 item used to grow without bound and print null within a
// second: its effective mass, computed once per step, was stale by the time the small body had
// turned within the step.
import Foundation
import Geometry
import Testing
@testable import Dynamics
@testable import SceneFormat
@testable import Scenes

@Suite("joints under long lever arms")
struct JointBoundsTests {
    @Test("a rod 200 pt off a 10×10 item's center swings within the energy bound and comes to hang straight below its anchor")
    func offCenterRod() throws {
        let yaml = """
            name: Rod
            items:
              - {id: a, size: [10, 10], center: [300, 100]}
            behaviors:
              - {type: gravity}
              - {type: attachment, item: a, anchor: [300, 50], offset: [200, 0]}
            """
        let description = try SceneParser().parse(yaml: yaml, file: "rod.yaml")
        let scene = SceneBuilder().build(description, referenceBounds: Rect(x: 0, y: 0, width: 640, height: 368))
        let item = try #require(scene.item(withID: "a"))
        // The rod is as long as the anchor was from the attached point: √(200² + 50²).
        let rod = (200.0 * 200 + 50 * 50).squareRoot()
        // Lowest the center can go: rod and offset in line below the anchor. Energy then bounds
        // the center's speed by √(2·g·drop), g = 1000 pt/s².
        let lowest = 50 + rod + 200
        let speedBound = (2 * 1000 * (lowest - 100)).squareRoot()
        var fastest = 0.0
        for _ in 0..<1200 {
            scene.animator.step()
            let v = scene.linearVelocity(of: item)
            #expect(item.center.isFinite && v.x.isFinite && v.y.isFinite)
            fastest = max(fastest, v.length)
            if !item.center.isFinite { break }
        }
        #expect(fastest <= speedBound * 1.05, "fastest \(fastest) pt/s against the energy bound \(speedBound)")
        #expect(abs(item.center.y - lowest) < 2, "rests at y \(item.center.y), straight below: \(lowest)")
        #expect(abs(item.center.x - 300) < 6)
    }
}

@Suite("welds between far items")
struct FarWeldTests {
    @Test("two 10×10 items welded 626 pt apart, pushed and falling onto the floor, stay finite, their weld bounded, and come to rest on the floor")
    func farWeld() throws {
        let yaml = """
            name: WeldFar
            items:
              - {id: a, size: [10, 10], center: [50, 50]}
              - {id: b, size: [10, 10], center: [600, 350]}
            behaviors:
              - {type: gravity}
              - {type: attachment, kind: fixed, item: a, to: b, anchor: [60, 50]}
              - {type: collision, boundaries: reference}
              - {type: push, items: [b], mode: continuous, magnitude: 3, angle: 1}
            """
        let description = try SceneParser().parse(yaml: yaml, file: "weld.yaml")
        let scene = SceneBuilder().build(description, referenceBounds: Rect(x: 0, y: 0, width: 640, height: 368))
        let a = try #require(scene.item(withID: "a")), b = try #require(scene.item(withID: "b"))
        let distance = (550.0 * 550 + 300 * 300).squareRoot()
        for step in 0..<900 {
            scene.animator.step()
            #expect(a.center.isFinite && b.center.isFinite, "step \(step)")
            if !a.center.isFinite { return }
            // The soft weld stretches under the push's 30 g but stays a weld.
            let d = a.center.distance(to: b.center)
            #expect(d > distance / 2 && d < distance * 1.5, "step \(step): \(d)")
        }
        // The push (up and to the right, magnitude 3 on a mass of 0.01) cannot lift the pair
        // against gravity on both: it ends on the floor, both centers 5 pt above it.
        #expect(abs(a.center.y - 363) < 2 && abs(b.center.y - 363) < 2, "a \(a.center), b \(b.center)")
    }
}

@Suite("fields with a steep falloff")
struct SteepFieldTests {
    @Test("a radial field of falloff 150 whose center is 10 pt from an item stays finite from the first step on", arguments: [100.0, 150, 400])
    func steepFalloff(falloff: Double) throws {
        let yaml = """
            name: Field
            items:
              - {id: a, size: [10, 10], center: [300, 100]}
            behaviors:
              - {type: field, kind: radialGravity, position: [300, 110], strength: 1, falloff: \(falloff)}
            """
        let description = try SceneParser().parse(yaml: yaml, file: "field.yaml")
        let scene = SceneBuilder().build(description, referenceBounds: Rect(x: 0, y: 0, width: 640, height: 368))
        let a = try #require(scene.item(withID: "a"))
        for step in 0..<120 {
            scene.animator.step()
            let v = scene.linearVelocity(of: a)
            #expect(a.center.isFinite && v.x.isFinite && v.y.isFinite, "step \(step)")
            // One step of 1/60 s moves it at most its distance to the center (10 pt) faster than
            // the step before: 10·60 pt/s of speed a step, so at most 600·(step + 1) pt/s.
            #expect(v.length <= 600 * Double(step + 1) + 1, "step \(step): \(v.length) pt/s")
            if !a.center.isFinite { return }
        }
    }
}
