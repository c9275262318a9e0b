// A contact point deeper than the soft overlap (WorldSettings.maxSoftOverlap, 2 pt) is being
// pushed out: its soft row's normal impulse is the push-out's, not a load's. Under a field the
// biased pass solves friction too (FieldFrictionTests), bounded by that impulse; at such a point
// the bound was the push-out's, and the friction gripped the surfaces while they were pushed
// apart. An ellipse swung on a rod into the left wall (a spring field, gravity and a slight
// push drive it) arrives 4.9 pt deep; gripped there while the rod pulled it along the wall, it
// was held ever deeper, 18.9 pt by step 192, and gained 28 % of its scene's scale by step 180
// (the energy audit's seed 54674). Without the grip the soft contact pushes it back out: after
// its arrival it never lies deeper than the soft overlap and the slop (the bound WallForceTests
// uses for a pressed box).
import Foundation
import Geometry
import Testing
@testable import Dynamics
@testable import SceneFormat
@testable import Scenes

@Suite("deep contact points under fields")
struct DeepContactFrictionTests {
    static let yaml = """
        name: rod into the wall
        items:
          - {id: i0, shape: ellipse, size: [78.9, 27.5], center: [253, 77.1]}
        behaviors:
          - {type: collision, boundaries: reference}
          - {type: gravity, magnitude: 0.89, angle: 2.712}
          - {type: dynamicItem, items: [i0], density: 3.776, elasticity: 0.23, friction: 0.73, charge: -0.65}
          - {type: attachment, item: i0, offset: [5.4, -4.5], anchor: [153.2, 197.5]}
          - {type: push, items: [i0], mode: continuous, magnitude: 0.012, angle: 0.778}
          - {type: field, kind: spring, items: [i0], position: [70.9, 301.7], strength: 0.3}
        """

    @Test("an ellipse a rod and a field press into a wall is pushed back out to the soft overlap after it arrives")
    func rodPressedIntoAWall() throws {
        let description = try SceneParser().parse(yaml: Self.yaml, file: "rod-into-wall.yaml")
        let built = SceneBuilder().build(description, referenceBounds: Rect(x: 0, y: 0, width: 640, height: 368))
        let animator = built.animator
        animator.pausesAtRest = false
        let item = try #require(built.items.first)
        let a = 78.9 / 2, b = 27.5 / 2
        // The ellipse's depth past the left wall (x = 0): its half extent along x less its center's x.
        func depth() -> Double {
            let t = item.transform.rotationAngle
            return (a * a * cos(t) * cos(t) + b * b * sin(t) * sin(t)).squareRoot() - item.center.x
        }
        var arrival = 0.0, deepest = 0.0, deepestStep = 0
        for step in 1...600 {
            animator.step()
            if step <= 55 {
                arrival = max(arrival, depth())
            } else if depth() > deepest {
                deepest = depth(); deepestStep = step
            }
        }
        // The scene is the one described: the ellipse reaches the wall within its first 55 steps.
        #expect(arrival > 1, "the ellipse did not reach the wall (deepest \(arrival) pt)")
        let settings = WorldSettings()
        let limit = settings.maxSoftOverlap + settings.linearSlop
        #expect(deepest <= limit, "held \(deepest) pt into the wall at step \(deepestStep)")
    }
}
