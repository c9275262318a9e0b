// EngineScenesTests: the engine bench scenes are the scenes they claim to be (the same ones
// benchmarks/peers/ rebuilds in Box2D and Chipmunk): body, joint and contact counts fixed by their
// layout, the pyramids that must stand, and every shape starting where the scene says.
// The expected numbers come from the layouts in EngineScenes' header, derived in the comments.
import Foundation
import Testing
import Geometry
import Dynamics
import Benchmarks

@Suite("Engine bench scenes")
struct EngineScenesTests {
    /// Contact pairs a resting pyramid of base b must and can have.
    ///
    /// Row i (0 at the ground) holds b − i boxes of side 2a, centred 2a apart, so neighbours in a
    /// row touch side to side, and row i + 1's boxes sit centred on the seams of row i.
    /// - Must exist (every box carried): each of the b base boxes rests on the ground wall (b pairs),
    ///   and each box of rows 1…b−1 rests on the two boxes under it: 2 · (b−1)b/2 = b(b−1) pairs.
    ///   Total b + b(b−1) = b².
    /// - Can exist: those plus the side-by-side neighbours, Σ over rows of (boxes − 1) = b(b−1)/2.
    ///   No other pair is closer than a box size (rows two apart are 2a apart, the side walls and
    ///   the ceiling are far), so b² ≤ contacts ≤ b² + b(b−1)/2.
    /// For b = 20: 400…590; b = 40: 1,600…2,380; b = 100: 10,000…14,950.
    static func pyramidContactRange(base b: Int) -> ClosedRange<Int> {
        b * b...(b * b + b * (b - 1) / 2)
    }

    @Test("Each scene has its bodies and joints", arguments: [
        ("pyramid-210", 210, 0), ("pyramid-820", 820, 0), ("pyramid-5050", 5050, 0),
        ("cradle", 5, 5), ("pin-grid", 100 * 100, 2 * 100 * 99 + 2), ("rain", 2000, 0),
        ("tumbler", 2000 + 4, 0),
    ])
    func counts(name: String, bodies: Int, joints: Int) throws {
        let scene = try #require(EngineScenes.all.first { $0.name == name })
        let built = scene.build()
        built.animator.step()
        let stats = built.animator.statistics
        #expect(stats.bodies == bodies)
        #expect(stats.joints == joints)
        #expect(built.items.count == bodies)
    }

    @Test("The scene list is the seven named scenes, in order")
    func sceneList() {
        #expect(EngineScenes.all.map(\.name) ==
                ["pyramid-210", "pyramid-820", "pyramid-5050", "cradle", "pin-grid", "rain", "tumbler"])
    }

    @Test("pyramid-5050 touches as its layout says after one step")
    func bigPyramidContacts() {
        let built = EngineScenes.pyramid(base: 100).build()
        built.animator.step()
        #expect(Self.pyramidContactRange(base: 100).contains(built.animator.statistics.contacts))
        #expect(built.standTolerance == 25)
    }

    @Test("pyramid-210 and pyramid-820 stand after 10 s, every box carried", arguments: [20, 40])
    func pyramidStands(base: Int) {
        let scene = EngineScenes.pyramid(base: base)
        #expect(scene.steps == 600)
        let built = scene.build()
        var fastest = 0.0
        for step in 0..<600 {
            built.animator.step()
            if step >= 540 { fastest = max(fastest, Self.rootMeanSquareSpeed(built)) }
        }
        // A quarter of the 100 pt box.
        #expect(built.standTolerance == 25)
        #expect(built.stands == true, "largest drift \(built.maximumDrift) pt")
        #expect(Self.pyramidContactRange(base: base).contains(built.animator.statistics.contacts))
        // At rest in the tenth second (every box's speed, root mean square, below 1 pt/s), and
        // not moved sideways: the pyramid and its load are symmetric, so the boxes' mean move
        // across is zero where nothing creeps (half a point allowed). With the contacts damped
        // at Box2D v3's ratio of 10 the 820-box pyramid did neither: it breathed at about 1 Hz,
        // 8 pt/s root mean square in the tenth second, and crept 3.5 pt left; at the joints'
        // ratio of 2 it rests within 5 s (docs/dynamics.md, "Stacks that breathe").
        let across = zip(built.items, built.start).map { $0.center.x - $1.x }.reduce(0, +) / Double(built.items.count)
        #expect(fastest < 1, "base \(base): \(fastest) pt/s root mean square in the tenth second")
        #expect(abs(across) < 0.5, "base \(base): moved \(across) pt across on average")
    }

    /// The root mean square of the boxes' speeds.
    static func rootMeanSquareSpeed(_ built: BuiltBenchScene) -> Double {
        let sum = built.items.map { built.animator.linearVelocity(for: $0).lengthSquared }.reduce(0, +)
        return (sum / Double(built.items.count)).squareRoot()
    }

    @Test("pyramid layout: Box2D v3's large_pyramid in points, y down")
    func pyramidLayout() {
        let built = EngineScenes.pyramid(base: 3).build()
        // Base 3, a = 50: bottom row at y = −50, x = −100, 0, 100; then −150 / ±50; then −250 / 0.
        let expected = [Point(-100, -50), Point(0, -50), Point(100, -50),
                        Point(-50, -150), Point(50, -150), Point(0, -250)]
        #expect(built.start == expected)
        #expect(built.items.allSatisfy { $0.bounds.size == Size(100, 100) })
    }

    @Test("cradle: five touching 40 pt balls on 200 pt rods, the first lifted 30°; rods keep their length")
    func cradle() {
        let built = EngineScenes.cradle.build()
        let anchors = (0..<5).map { Point(400 + Double($0) * 40, 100) }
        #expect(built.start[0].distance(to: Point(300, 100 + 200 * cos(Double.pi / 6))) < 1e-9)
        for i in 1..<5 {
            #expect(built.start[i] == Point(anchors[i].x, 300))
            // Touching: centres one diameter apart.
            if i > 1 { #expect(abs(built.start[i].distance(to: built.start[i - 1]) - 40) < 1e-9) }
        }
        for _ in 0..<60 { built.animator.step() }
        let stats = built.animator.statistics
        // Only neighbours can touch (others are ≥ 80 pt apart, centre to centre): at most 4 pairs.
        #expect(stats.contacts <= 4)
        #expect(stats.joints == 5)
        for (item, anchor) in zip(built.items, anchors) {
            #expect(abs(item.center.distance(to: anchor) - 200) < 2, "rod length \(item.center.distance(to: anchor))")
        }
    }

    @Test("pin-grid: a 100×100 net 40 pt apart, no contacts, hanging from its two top corners")
    func pinGrid() {
        let built = EngineScenes.pinGrid.build()
        #expect(built.start[0] == Point(0, 0))
        #expect(built.start[99] == Point(99 * 40, 0))
        #expect(built.start[100 * 100 - 1] == Point(99 * 40, 99 * 40))
        for _ in 0..<3 { built.animator.step() }
        let stats = built.animator.statistics
        #expect(stats.contacts == 0)
        #expect(stats.joints == 19802)
        // The pinned corners stay put; the rest of the net falls.
        #expect(built.items[0].center.distance(to: Point(0, 0)) < 1)
        #expect(built.items[99].center.distance(to: Point(3960, 0)) < 1)
        #expect(built.items[100 * 99 + 50].center.y > built.start[100 * 99 + 50].y)
    }

    @Test("rain: every shape starts inside the box, below the ceiling", arguments: [500, 2000, 4321])
    func rainStartsInside(count: Int) {
        let scene = EngineScenes.rain(count: count)
        #expect(scene.name == (count == 2000 ? "rain" : "rain-\(count)"))
        let built = scene.build()
        #expect(built.items.count == count)
        let bounds = built.animator.referenceBounds
        #expect(bounds.minX == 0 && bounds.maxX == 2000 && bounds.maxY == 1000)
        let outside = built.items.filter { item in
            let size = item.bounds.size
            return !(item.center.x - size.width / 2 > bounds.minX && item.center.x + size.width / 2 < bounds.maxX
                     && item.center.y - size.height / 2 > bounds.minY && item.center.y + size.height / 2 < bounds.maxY)
        }
        #expect(outside.isEmpty, "\(outside.count) shapes start outside \(bounds), first at \(outside.first?.center ?? .zero)")
        // A third each of balls, boxes and triangles, 20…40 pt.
        #expect(built.items.filter { $0.collisionBoundsType == .ellipse }.count == (count + 2) / 3)
        #expect(built.items.allSatisfy { (20...40).contains($0.bounds.size.width) })
    }

    @Test("rain is rain(count: 2000)")
    func rainIsTwoThousand() {
        let a = EngineScenes.rain.build(), b = EngineScenes.rain(count: 2000).build()
        #expect(EngineScenes.rain.name == "rain")
        #expect(a.start == b.start)
        #expect(a.animator.referenceBounds == b.animator.referenceBounds)
    }

    @Test("tumbler: 2,000 boxes of 12.5 pt stay in the drum, which turns at 0.5 rad/s")
    func tumbler() {
        let built = EngineScenes.tumbler.build()
        let walls = Array(built.items.prefix(4)), boxes = built.items.dropFirst(4)
        #expect(boxes.count == 2000)
        #expect(boxes.allSatisfy { $0.bounds.size == Size(12.5, 12.5) })
        #expect(walls[0].center == Point(0, -500))
        // 12 steps (0.2 s; the debug build steps this scene slowly).
        for _ in 0..<12 { built.animator.step() }
        // The top wall's centre orbits the pivot, 0.5 rad/s × 0.2 s = 0.1 rad. Driven by its velocity
        // along the tangent, it moves out by a factor √(1 + (ω·dt)²) a step: 500 → 500.02 pt.
        let c = walls[0].center
        #expect(abs(c.length - 500) < 0.5, "radius \(c.length)")
        let turned = acos(max(-1, min(1, -c.y / c.length)))  // angle from (0, −500)
        #expect(abs(turned - 0.1) < 0.002, "turned \(turned) rad")
        // Nothing leaves the drum: every box within its circumscribed circle (500√2 pt).
        #expect(boxes.allSatisfy { $0.center.length < 500 * 2.0.squareRoot() })
    }

    @Test("smash-probe: 2,400 wall boxes and a ram that flies at 4,000 pt/s with no gravity until it reaches them")
    func smashProbe() throws {
        let built = try #require(EngineScenes.scene(named: "smash-probe")).build()
        #expect(built.items.count == 2401)
        let ram = built.items[0]
        // The wall's nearest face is at x = 980, the ram's front at x = −600: ten steps of
        // 1/60 s at 4,000 pt/s move it 666.7 pt without touching anything.
        // (The substeps move bodies in single precision: a float's step near 600 pt is 6e-5 pt.)
        for _ in 0..<10 { built.animator.step() }
        #expect(abs(ram.center.x - (-1000 + 4000.0 * 10 / 60)) < 1e-3)
        #expect(abs(ram.center.y) < 1e-9)
    }

    @Test("scene(named:) knows the seven scenes and the scaling sizes")
    func sceneNamed() throws {
        for scene in EngineScenes.all { #expect(EngineScenes.scene(named: scene.name)?.name == scene.name) }
        // 20,100 = 200 · 201 / 2 and 10,011 = 141 · 142 / 2; 11 is no triangle number.
        // (Only small ones are built: making 20,000 items takes half a minute in a debug build.)
        let big = try #require(EngineScenes.scene(named: "pyramid-20100"))
        #expect(big.name == "pyramid-20100" && big.summary.contains("base 200"))
        #expect(EngineScenes.scene(named: "pyramid-10011")?.summary.contains("base 141") == true)
        #expect(EngineScenes.scene(named: "pyramid-105")?.build().items.count == 105)
        #expect(EngineScenes.scene(named: "pyramid-11") == nil)
        #expect(EngineScenes.scene(named: "pyramid-0") == nil)
        #expect(EngineScenes.scene(named: "rain-500")?.build().items.count == 500)
        #expect(EngineScenes.scene(named: "rain-0") == nil)
        #expect(EngineScenes.scene(named: "pyramid") == nil)
        #expect(EngineScenes.scene(named: "hail") == nil)
    }
}
