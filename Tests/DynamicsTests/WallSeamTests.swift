// WallSeamTests: an item made inside or across a reference-bounds wall leaves it inward, into
// the bounds, and comes to rest there.
//
// The walls are shapes 1,000 pt thick outside the bounds, and a contact pushes an overlapping
// item out through the wall's nearest face. When the side walls stopped at the bounds' top and
// bottom while the ceiling and floor reached past the corners, an item in the right wall nearer
// its top face than its inner face went up into the seam with the ceiling, which pushed it back
// down: a 10 pt ball made at (800, 100) in 640 × 368 bounds rested at (800, 3) for good, and a
// crowd spilling over the right wall kept the items piled in the two seams jostling. The side
// walls now reach past the corners too, with their inner face split at the corners so that a
// contact there is clipped as before (CollisionBehavior.syncBoundaries).
//
// Inside: a 10 pt item at rest in the bounds has its center at least 5 pt from each wall; a
// resting contact overlaps by less than the 2 pt soft stop (WorldSettings.maxSoftOverlap), so
// the center is at least 3 pt in. At rest: below 1 pt/s.
import Testing
import Geometry
@testable import Dynamics

@Suite struct WallSeamTests {
    static let bounds = Rect(x: 0, y: 0, width: 640, height: 368)

    /// Whether `center` is at least `margin` inside the bounds.
    static func inside(_ center: Point, margin: Double) -> Bool {
        center.x >= bounds.minX + margin && center.x <= bounds.maxX - margin
            && center.y >= bounds.minY + margin && center.y <= bounds.maxY - margin
    }

    /// An animator over the 640 × 368 bounds whose walls hold `items`, under gravity, with the
    /// friction and elasticity of the crowd of `nudge bench` (0.4 and 0.2).
    static func animator(_ items: [Box]) -> DynamicAnimator {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let collision = CollisionBehavior(items: items)
        collision.setTranslatesReferenceBoundsIntoBoundary(true)
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: items))
        let properties = DynamicItemBehavior(items: items)
        properties.friction = 0.4
        properties.elasticity = 0.2
        animator.addBehavior(properties)
        return animator
    }

    /// Makes a 10 pt ball at `start`, runs 3 s, and expects it inside the bounds, on the floor,
    /// below 1 pt/s.
    static func expectBallRestsOnTheFloor(madeAt start: Point, sourceLocation: SourceLocation = #_sourceLocation) {
        let ball = Box.ball(start, diameter: 10)
        let animator = Self.animator([ball])
        run(animator, steps: 180)
        let speed = animator.linearVelocity(for: ball).length
        #expect(Self.inside(ball.center, margin: 3) && ball.center.y >= 368 - 5 - 2 && speed < 1,
                "made at \(start), ended at \(ball.center) moving at \(speed) pt/s", sourceLocation: sourceLocation)
    }

    /// A 10 pt ball made inside a side wall, nearer that wall's top or bottom end (at the bounds'
    /// corner) than its inner face: 160 pt into the wall, 100 pt from the ceiling or the floor.
    @Test("a ball made inside a side wall near a corner leaves it into the bounds and rests on the floor",
          arguments: [Point(800, 100), Point(800, 268), Point(-160, 100), Point(-160, 268)])
    func loneBallLeavesTheWall(start: Point) {
        Self.expectBallRestsOnTheFloor(madeAt: start)
    }

    /// A 10 pt ball made beyond the bounds' corners, where the ceiling or floor and a side wall
    /// overlap (150 pt above the top-right corner's row, 132 pt below the floor's face, 300 pt
    /// out both ways from the top-left corner), or in a side wall 10 pt from its inner face and
    /// 3 pt from the ceiling's: each wall pushes it out through its own nearest face, and
    /// together they bring it into the bounds, onto the floor, at rest within 3 s.
    @Test("a ball made beyond a corner, in two walls at once, comes into the bounds and rests on the floor",
          arguments: [Point(800, -150), Point(800, 500), Point(-300, -300), Point(650, 3)])
    func ballBeyondACornerComesIn(start: Point) {
        Self.expectBallRestsOnTheFloor(madeAt: start)
    }

    /// The crowd of `nudge bench` (rows of 40 balls and boxes of 10 pt, 12 pt apart, spread over
    /// 8 to 947 pt across) cut to its first 400 items: a third of them are made inside the right
    /// wall, some nearer its top end than its inner face. Within 4 s every item is inside the
    /// bounds and at rest, and stays so.
    @Test("a crowd spilling over the right wall comes out inward and comes to rest")
    func crowdSpillingOverAWallRests() {
        let items = (0..<400).map { k -> Box in
            let p = Point(8 + Double((k * 37) % 940), 8 + Double(k / 40) * 12)
            return k % 2 == 0 ? Box.ball(p, diameter: 10) : Box(p, Size(10, 10))
        }
        #expect(items.filter { $0.center.x > 640 }.count > 100)
        let animator = Self.animator(items)
        var outside = 0, moving = 0, fastest = 0.0
        run(animator, steps: 300) { step in
            guard step > 240 else { return }
            for item in items {
                let speed = animator.linearVelocity(for: item).length
                if !Self.inside(item.center, margin: 3) { outside += 1 }
                if speed >= 1 { moving += 1 }
                fastest = max(fastest, speed)
            }
        }
        #expect(outside == 0 && moving == 0,
                "from 4 s to 5 s, \(outside) item-steps outside the bounds, \(moving) at 1 pt/s or more (fastest \(fastest) pt/s)")
    }
}
