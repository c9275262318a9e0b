import Geometry
@testable import Dynamics

/// A minimal dynamic item, as a UIView would be.
final class Box: DynamicItem {
    var center: Point
    let bounds: Rect
    var transform: AffineTransform
    let collisionBoundsType: DynamicItemCollisionBoundsType
    let collisionBoundingPath: [Point]?
    var collisionFilter: CollisionFilter = .default

    init(_ center: Point, _ size: Size, angle: Double = 0, type: DynamicItemCollisionBoundsType = .rectangle,
         path: [Point]? = nil) {
        self.center = center
        self.bounds = Rect(origin: .zero, size: size)
        self.transform = AffineTransform(rotationAngle: angle)
        self.collisionBoundsType = type
        self.collisionBoundingPath = path
    }

    static func ball(_ center: Point, diameter: Double) -> Box {
        Box(center, Size(diameter, diameter), type: .ellipse)
    }

    var angle: Double { transform.rotationAngle }
}

/// A small linear congruential generator (Knuth's MMIX constants), so a random test replays from
/// its seed; `unit()` is uniform in [0, 1).
struct SeededLcg {
    var state: UInt64
    mutating func unit() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
}

func run(_ animator: DynamicAnimator, steps: Int, each: (Int) -> Void = { _ in }) {
    for i in 1...max(steps, 1) where steps > 0 {
        animator.step()
        each(i)
    }
}

/// Complete elliptic integral of the first kind K(m), parameter m = k², by the AGM.
func ellipticK(_ m: Double) -> Double {
    var a = 1.0, b = (1 - m).squareRoot()
    for _ in 0..<30 {
        let an = (a + b) / 2
        b = (a * b).squareRoot()
        a = an
    }
    return Double.pi / (2 * a)
}

let bounds640 = Rect(x: 0, y: 0, width: 640, height: 384)

/// A pile to drop in `bounds640`: `count` items in rows of `perRow`, `spacing` apart from
/// `origin`, every third a ball of diameter `size` and the rest squares of side `size`, colliding
/// with each other and the bounds under gravity.
struct FallingPile {
    let animator = DynamicAnimator(referenceBounds: bounds640)
    let items: [Box]
    let collision: CollisionBehavior
    let gravity: GravityBehavior

    init(count: Int, perRow: Int, origin: Point, spacing: Double, size: Double) {
        items = (0..<count).map { k -> Box in
            let center = Point(origin.x + Double(k % perRow) * spacing, origin.y + Double(k / perRow) * spacing)
            return k % 3 == 0 ? Box.ball(center, diameter: size) : Box(center, Size(size, size))
        }
        collision = CollisionBehavior(items: items)
        collision.setTranslatesReferenceBoundsIntoBoundary(true)
        gravity = GravityBehavior(items: items)
        animator.addBehavior(collision)
        animator.addBehavior(gravity)
    }

    /// Takes the items at even places out of the pile.
    func removeHalf() {
        for (k, item) in items.enumerated() where k % 2 == 0 {
            collision.removeItem(item)
            gravity.removeItem(item)
        }
    }
}
