// CrowdTests: overlapping crowds of every size are pushed apart inside the walls.
//
// Items made on top of each other are a valid scene (a scene file may place them so, and a
// player may drop many at one point); the contacts push them apart at a capped speed, and the
// walls must hold them while they spread. Seeded crowds of 2 to 300 balls and boxes, of sizes
// 6 to 40 pt, made within 0 to 60 pt of one point near the middle, a wall or a corner (and inside the walls), with and
// without gravity, run 2 s; every item's center stays inside the 640 × 384 walls at every step.
import Testing
import Geometry
@testable import Dynamics

@Suite struct CrowdTests {
    /// A small seeded generator (SplitMix64), so a failing crowd replays from its seed.
    struct Seeded {
        var state: UInt64
        mutating func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return Double(z >> 11) / Double(1 << 53)
        }
        mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * next() }
    }

    @Test(arguments: 0..<18)
    func overlappingCrowdStaysInsideTheWalls(seed: Int) {
        var rng = Seeded(state: UInt64(seed) &* 7919)
        let counts = [2, 5, 20, 60, 150, 300]
        let count = counts[seed % counts.count]
        let size = rng.uniform(6, 40)
        let spread = [0.0, 1, 4, 20, 60][Int(rng.uniform(0, 5))]
        // The middle, a wall or a corner.
        let centers = [Point(320, 192), Point(size, 192), Point(640 - size, 384 - size), Point(320, size)]
        let center = centers[Int(rng.uniform(0, Double(centers.count)))]
        let gravity = rng.next() < 0.5
        let animator = DynamicAnimator(referenceBounds: bounds640)
        var items: [Box] = []
        for _ in 0..<count {
            let a = rng.uniform(0, 2 * Double.pi), r = spread * rng.next().squareRoot()
            // Made inside the walls: overlapping each other, not the walls.
            let h = size / 2
            let p = Point(min(max(center.x + r * cos(a), h), 640 - h), min(max(center.y + r * sin(a), h), 384 - h))
            items.append(rng.next() < 0.5 ? Box.ball(p, diameter: size)
                                          : Box(p, Size(size, size), angle: rng.uniform(0, Double.pi)))
        }
        let collision = CollisionBehavior(items: items)
        collision.setTranslatesReferenceBoundsIntoBoundary(true)
        animator.addBehavior(collision)
        if gravity { animator.addBehavior(GravityBehavior(items: items)) }
        // Inside the walls: the center (the energy audit's test). Pressed by a crowd while it
        // spreads, an item may overlap a wall by more than a resting contact's overlap.
        let margin = 0.0
        var outside: [(Int, Point)] = []
        run(animator, steps: 120) { step in
            for item in items where outside.count < 3 {
                let c = item.center
                if !(c.x >= margin && c.x <= 640 - margin && c.y >= margin && c.y <= 384 - margin) {
                    outside.append((step, c))
                }
            }
        }
        #expect(outside.isEmpty,
                "\(count) items of \(size) pt within \(spread) pt of \(center), gravity \(gravity): outside at \(outside)")
    }
}
