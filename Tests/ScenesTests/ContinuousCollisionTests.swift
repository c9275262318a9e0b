// Fast items never pass through what does not move. A body's core (the circle of its inner
// radius less four linear slops of 0.5 pt, about its center) never crosses a wall or a boundary
// segment, so a 24 pt ball's center stays at least 12 − 2 − 0.5 = 9.5 pt from any wall, at any
// speed the engine allows (it caps speeds at 400,000 pt/s).
import Foundation
import Geometry
import Testing
@testable import Dynamics
@testable import SceneFormat
@testable import Scenes

@Suite("continuous collision with walls and boundaries")
struct ContinuousCollisionTests {
    static let bounds = Rect(x: 0, y: 0, width: 640, height: 368)

    static func scene(_ yaml: String) throws -> Scenes.Scene {
        let description = try SceneParser().parse(yaml: yaml, file: "fast.yaml")
        return SceneBuilder().build(description, referenceBounds: bounds)
    }

    @Test("a 24 pt ball bouncing between the reference walls at 50,000 to 1,000,000 pt/s stays inside them for 10 s, still fast",
          arguments: [50_000.0, 100_000, 1_000_000])
    func ballBetweenWalls(speed: Double) throws {
        let scene = try Self.scene("""
            name: Fast
            items:
              - {id: ball, shape: ellipse, size: [24, 24], center: [320, 184]}
            behaviors:
              - {type: collision, boundaries: reference}
              - {type: dynamicItem, items: [ball], elasticity: 1, friction: 0, velocity: [\(speed), \(speed / 3)]}
            """)
        let ball = try #require(scene.item(withID: "ball"))
        scene.animator.pausesAtRest = false
        let inside = Rect(x: 9.5, y: 9.5, width: 640 - 19, height: 368 - 19)
        for step in 1...600 {
            scene.animator.step()
            #expect(inside.contains(ball.center), "step \(step): the ball's center at \(ball.center)")
            if !inside.contains(ball.center) { return }
        }
        // Elastic walls keep it going (at most the engine's speed cap).
        let expected = min(speed * (10.0 / 9).squareRoot(), 400_000)
        #expect(scene.linearVelocity(of: ball).length > 0.9 * expected)
    }

    @Test("a 20 pt box at 100,000 pt/s and a 8 pt ball at 200,000 pt/s between four boundary segments stay inside them")
    func betweenSegments() throws {
        let scene = try Self.scene("""
            name: Fast segments
            items:
              - {id: box, size: [20, 20], center: [320, 184]}
              - {id: ball, shape: ellipse, size: [8, 8], center: [100, 100]}
            behaviors:
              - {type: collision, boundaries: none, segments: {left: [[30, 0], [30, 368]], right: [[600, 0], [600, 368]], top: [[0, 30], [640, 30]], bottom: [[0, 340], [640, 340]]}}
              - {type: dynamicItem, items: [box], elasticity: 1, friction: 0, velocity: [100000, 37000]}
              - {type: dynamicItem, items: [ball], elasticity: 1, friction: 0, velocity: [-200000, 90000]}
            """)
        scene.animator.pausesAtRest = false
        let box = try #require(scene.item(withID: "box")), ball = try #require(scene.item(withID: "ball"))
        // Core radii: the box's inner radius is 10, so 8; the ball's 4, so max(4 − 2, 4 / 2) = 2.
        let boxRoom = Rect(x: 30 + 8 - 0.5, y: 30 + 8 - 0.5, width: 570 - 15, height: 310 - 15)
        let ballRoom = Rect(x: 30 + 2 - 0.5, y: 30 + 2 - 0.5, width: 570 - 3, height: 310 - 3)
        for step in 1...600 {
            scene.animator.step()
            #expect(boxRoom.contains(box.center) && ballRoom.contains(ball.center), "step \(step): box \(box.center), ball \(ball.center)")
            if !boxRoom.contains(box.center) || !ballRoom.contains(ball.center) { return }
        }
    }

    @Test("with no boundaries, an anchored item is the wall: a 24 pt ball at 100,000 pt/s stays out of it")
    func anchoredItemIsTheOnlyWall() throws {
        let scene = try Self.scene("""
            name: Anchored wall
            items:
              - {id: ball, shape: ellipse, size: [24, 24], center: [100, 184]}
              - {id: wall, size: [40, 360], center: [520, 184]}
            behaviors:
              - {type: collision, items: [ball, wall], boundaries: none}
              - {type: dynamicItem, items: [ball], elasticity: 0, friction: 0, velocity: [100000, 0]}
              - {type: dynamicItem, items: [wall], anchored: true}
            """)
        scene.animator.pausesAtRest = false
        let ball = try #require(scene.item(withID: "ball"))
        // The wall's face is at x = 500; the ball's core is 12 − 2 = 10 pt, kept a slop (0.5 pt) clear.
        for step in 1...30 {
            scene.animator.step()
            #expect(ball.center.x <= 500 - 10 + 0.5, "step \(step): the ball's center at \(ball.center)")
            if ball.center.x > 500 { return }
        }
    }

    /// A square meeting axis-aligned walls face on has nothing to turn it: elastic and without
    /// friction it keeps both speeds and no spin, however many walls it meets in a substep. Its
    /// face's two points, struck as one block at each their own moment of contact, used to owe
    /// the drift a turn no change of spin matched; it grew fourfold every two steps until one
    /// corner met a wall alone and set the box spinning (docs/dynamics.md, "Bounces struck at
    /// the moment of contact").
    @Test("a 20 pt box at 100,000 pt/s between four boundary segments keeps its speeds and never turns")
    func squareBetweenSegmentsNeverTurns() throws {
        let scene = try Self.scene("""
            name: Fast square
            items:
              - {id: box, size: [20, 20], center: [320, 184]}
            behaviors:
              - {type: collision, boundaries: none, segments: {left: [[30, 0], [30, 368]], right: [[600, 0], [600, 368]], top: [[0, 30], [640, 30]], bottom: [[0, 340], [640, 340]]}}
              - {type: dynamicItem, items: [box], elasticity: 1, friction: 0, velocity: [100000, 37000]}
            """)
        scene.animator.pausesAtRest = false
        let box = try #require(scene.item(withID: "box"))
        for step in 1...600 {
            scene.animator.step()
            let v = scene.linearVelocity(of: box), w = scene.angularVelocity(of: box)
            let kept = abs(abs(v.x) - 100_000) < 1 && abs(abs(v.y) - 37_000) < 1 && abs(w) < 1e-6
            #expect(kept, "step \(step): v \(v), ω \(w)")
            if !kept { return }
        }
    }

    @Test("an item in no collision behavior still flies through the walls (continuous collision asks the filters)")
    func filtersHold() throws {
        let scene = try Self.scene("""
            name: Ghost
            items:
              - {id: ghost, shape: ellipse, size: [24, 24], center: [320, 184]}
              - {id: other, size: [10, 10], center: [50, 50]}
            behaviors:
              - {type: collision, items: [other], boundaries: reference}
              - {type: dynamicItem, items: [ghost], velocity: [60000, 0]}
            """)
        let ghost = try #require(scene.item(withID: "ghost"))
        scene.animator.step()
        // 60,000 pt/s for 1/60 s: 1,000 pt to the right, through the right wall (to within the
        // single precision a step's displacement is kept in: 1,000 pt to about 1e-4).
        #expect(abs(ghost.center.x - 1320) < 1e-3)
    }
}
