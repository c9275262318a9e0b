// Two scenes the energy audit made (seeds 46777 and 53577), in which an item pressed into one
// wall of a corner left the walls. The sweep against still shapes took, for a path that starts
// within the wall grown by the item's core radius, the first entry into any of the wall's grown
// edges: the path through the left wall's face also entered the grown part of its top edge
// later on, and the item was put back there, 28 pt beyond the wall. The surface crossing is
// earlier and is now taken. Each item's center stays inside the reference bounds for 10 s.
import Foundation
import Geometry
import Testing
@testable import Dynamics
@testable import SceneFormat
@testable import Scenes

@Suite("items pressed into a corner")
struct CornerEscapeTests {
    static let scenes = [
        // A light box pulled up and left at 10⁵ pt/s² by an electric field, into the top-left corner.
        """
        name: Audit 46777
        items:
          - {id: i0, size: [17.5, 8], center: [305.2, 95.9]}
        behaviors:
          - {type: collision, boundaries: reference}
          - {type: gravity, magnitude: 0.54, angle: 1.571}
          - {type: dynamicItem, items: [i0], density: 0.715, elasticity: 0.83, friction: 0.39, charge: -1.73}
          - {type: field, kind: electric, items: [i0], position: [531.4, 100.2], strength: -0.92}
        """,
        // A flat ellipse flung by spring fields into the bottom-right corner at 3,000 pt/s.
        """
        name: Audit 53577
        items:
          - {id: i0, size: [75.6, 15.6], center: [353.2, 292.7], velocity: [178.9, 161.1]}
          - {id: i1, shape: ellipse, size: [42.4, 12.9], center: [400.6, 83.8]}
          - {id: i2, shape: ellipse, size: [15.4, 22.9], center: [118.5, 306], velocity: [66.7, -229.5]}
          - {id: i3, size: [13.4, 55.9], center: [249.4, 120.1], velocity: [62.9, 88.7]}
        behaviors:
          - {type: collision, boundaries: reference}
          - {type: gravity, magnitude: 0.78, angle: 1.571}
          - {type: dynamicItem, items: [i0], density: 0.435, elasticity: 0.69, friction: 0.12, resistance: 1.01, angularResistance: 0.91, charge: 1.45}
          - {type: dynamicItem, items: [i1], density: 2.916, elasticity: 0.8, friction: 0.93, charge: 1.65}
          - {type: dynamicItem, items: [i2], density: 0.866, elasticity: 0.79, friction: 0.46, charge: -1.7}
          - {type: dynamicItem, items: [i3], density: 3.542, elasticity: 0.69, friction: 0.98, charge: -0.28}
          - {type: attachment, item: i3, kind: pin, anchor: [147.3, 189.7], to: i2}
          - {type: push, items: [i1], mode: continuous, magnitude: 0.041, angle: 5.85}
          - {type: field, kind: spring, items: [i1, i3], position: [595.9, 284.9], strength: 3.95}
          - {type: field, kind: spring, items: [i1, i2, i3], position: [416.5, 142], strength: 0.56}
        """,
    ]

    @Test("an item pressed into a corner never leaves the walls", arguments: [0, 1])
    func staysInside(scene index: Int) throws {
        let bounds = Rect(x: 0, y: 0, width: 640, height: 368)
        let description = try SceneParser().parse(yaml: Self.scenes[index], file: "corner.yaml")
        let scene = SceneBuilder().build(description, referenceBounds: bounds)
        var escaped: [String] = []
        for step in 1...600 {
            scene.animator.step()
            for item in scene.items where !bounds.contains(item.center) {
                escaped.append("step \(step): \(item.center)")
            }
        }
        #expect(escaped.isEmpty, "\(escaped.count) item-steps outside, first \(escaped.first ?? "")")
    }
}
