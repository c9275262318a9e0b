import Testing
import Foundation
import Geometry
@testable import Dynamics

/// The narrow phase's bound from the boxes (NarrowPhase+Apart.swift): a polygon's
/// half-turn cosine is cos(θ/2) for its widest turn between neighbouring edge normals, and
/// wherever the boxes' gap times the larger of the pair's two cosines exceeds the margin, the
/// narrow phase's test gives no points: over random shapes of every kind, poses and margins, including pairs
/// just past the bound, not one pair the bound calls apart gets a point.
@Suite struct NarrowPhaseApartTests {
    /// The stored value for a polygon whose widest turn is `turn`: cos(turn/2) in 1/65,535 units,
    /// rounded down and one step further.
    static func stored(widestTurn turn: Double) -> UInt16 { UInt16((cos(turn / 2) * 65_535).rounded(.down) - 1) }

    @Test("a rectangle, a regular hexagon and an equilateral triangle store cos 45°, cos 30° and cos 60°; a segment and a capsule none")
    func halfTurnCosines() {
        let rectangle = PolygonBuilder.normals(PolygonBuilder.box(width: 30, height: 8))
        #expect(Shape.halfTurnCosine(normals: rectangle) == Self.stored(widestTurn: .pi / 2))
        let hexagon = PolygonBuilder.normals((0..<6).map { Vector(cos(Double($0) * .pi / 3), sin(Double($0) * .pi / 3)) * 10 })
        #expect(Shape.halfTurnCosine(normals: hexagon) == Self.stored(widestTurn: .pi / 3))
        let triangle = PolygonBuilder.normals((0..<3).map { Vector(cos(Double($0) * 2 * .pi / 3), sin(Double($0) * 2 * .pi / 3)) * 10 })
        #expect(Shape.halfTurnCosine(normals: triangle) == Self.stored(widestTurn: 2 * .pi / 3))
        // A right triangle's widest turn is at its sharpest corner (45°): 135° between normals.
        let right = PolygonBuilder.normals([Vector(0, 0), Vector(10, 0), Vector(0, 10)])
        #expect(Shape.halfTurnCosine(normals: right) == Self.stored(widestTurn: 3 * .pi / 4))
        let world = World()
        let segment = world.addPolygon(body: world.ground, vertices: [Vector(0, 0), Vector(100, 0)])
        #expect(world.shape(segment).halfTurnCosine == 0)
        // A rounded polygon's core turns as the polygon does; a capsule's core is a segment.
        let rounded = world.addPolygon(body: world.ground, vertices: PolygonBuilder.box(width: 10, height: 10), radius: 2)
        #expect(world.shape(rounded).halfTurnCosine == Self.stored(widestTurn: .pi / 2))
        let capsule = world.addCapsule(body: world.ground, center1: Vector(-5, 0), center2: Vector(5, 0), radius: 2)
        #expect(world.shape(capsule).halfTurnCosine == 0)
    }

    /// How many points the narrow phase's test gives shapes A and B of `world` (in the
    /// contact's order) at their bodies' poses.
    static func points(_ A: Shape, _ B: Shape, in world: World, margin: Double) -> Int {
        world.bodies.withUnsafeBufferPointer { bp in
            world.worldVertices.withUnsafeBufferPointer { v in
                world.worldNormals.withUnsafeBufferPointer { n in
                    NarrowPhase.collide(A, B, ContactBody(bp.baseAddress! + Int(A.body)), ContactBody(bp.baseAddress! + Int(B.body)),
                                        margin: margin, linearSlop: 0.5, v.baseAddress!, n.baseAddress!).count
                }
            }
        }
    }

    /// Adds a random shape to body `id`: a rectangle or three to eight points on an ellipse
    /// (always in convex position), sharp or rounded; a segment; a capsule; or a circle, on the
    /// body's center or off it.
    static func addShape(to id: BodyID, in world: World, _ rng: inout CrowdTests.Seeded) -> ShapeID {
        let rounding = rng.next() < 0.3 ? rng.uniform(0.5, 8) : 0
        switch Int(rng.next() * 5) {
        case 0:
            return world.addPolygon(body: id, vertices: PolygonBuilder.box(width: rng.uniform(2, 60), height: rng.uniform(2, 60)),
                                    radius: rounding)
        case 1:
            let count = 3 + Int(rng.next() * 6), rx = rng.uniform(3, 40), ry = rng.uniform(3, 40)
            let angles = (0..<count).map { _ in rng.uniform(0, 2 * .pi) }.sorted()
            let points = PolygonBuilder.convexWinding(angles.map { Vector(rx * cos($0), ry * sin($0)) })
            return world.addPolygon(body: id, vertices: points ?? PolygonBuilder.box(width: rx, height: ry), radius: rounding)
        case 2:
            let half = rng.uniform(5, 80)
            return world.addPolygon(body: id, vertices: [Vector(-half, 0), Vector(half, 0)])
        case 3:
            let half = rng.uniform(2, 30)
            return world.addCapsule(body: id, center1: Vector(-half, 0), center2: Vector(half, 0), radius: rng.uniform(1, 15))
        default:
            let center = rng.next() < 0.5 ? Vector.zero : Vector(rng.uniform(-20, 20), rng.uniform(-20, 20))
            return world.addCircle(body: id, radius: rng.uniform(1, 30), center: center)
        }
    }

    /// The narrow phase's order of a pair: a polygon before a capsule before a circle.
    static func rank(_ kind: ShapeKind) -> Int {
        switch kind {
        case .polygon: return 0
        case .capsule: return 1
        case .circle: return 2
        }
    }

    @Test("over 30,000 random pairs of every kind, none the boxes call apart gets a point from the narrow phase's test")
    func apartPairsGetNoPoints() {
        var rng = CrowdTests.Seeded(state: 0x5EED_A9A7)
        var apart = 0, pointless = 0, nearBound = 0, rounded = 0, circles = 0
        for _ in 0..<30_000 {
            let world = World()
            var ids: [ShapeID] = []
            for k in 0..<2 {
                var b = Body()
                b.position = k == 0 ? .zero : Vector(rng.uniform(-90, 90), rng.uniform(-90, 90))
                b.rotation = Rotation(angle: rng.uniform(-.pi, .pi))
                b.setMass(1, inertia: 1)
                ids.append(Self.addShape(to: world.createBody(b.definition), in: world, &rng))
            }
            if Self.rank(world.shape(ids[1]).kind) < Self.rank(world.shape(ids[0]).kind) { ids.swapAt(0, 1) }
            let A = world.shape(ids[0]), B = world.shape(ids[1])
            let margin = rng.uniform(0, 30)
            let points = Self.points(A, B, in: world, margin: margin)
            if points == 0 { pointless += 1 }
            guard NarrowPhase.apart(A, B, margin: margin) else { continue }
            apart += 1
            if A.radius != 0 || B.radius != 0 { rounded += 1 }
            if B.kind == .circle { circles += 1 }
            #expect(points == 0, "\(A.kind) of \(A.vertexCount) vertices, radius \(A.radius), against \(B.kind) of \(B.vertexCount), radius \(B.radius), margin \(margin): \(points) points")
            // How close the pair came to the reach the test measures: the bound is tight where a
            // corner faces a corner.
            let gap = A.aabb.gap(to: B.aabb)
            let q = B.kind == .polygon ? max(A.halfTurnCosine, B.halfTurnCosine) : A.halfTurnCosine
            let reach = A.radius + B.radius
            if (gap + reach) * Double(q) / 65_535 < (margin + reach) * 1.05 + 0.1 { nearBound += 1 }
        }
        // The bound is of use (it answers for many pairs without points), for every kind it
        // covers, and it is met near its edge.
        #expect(Double(apart) > 0.3 * Double(pointless), "\(apart) called apart of \(pointless) without points")
        #expect(rounded > 500 && circles > 500, "\(rounded) rounded pairs and \(circles) against circles called apart")
        #expect(nearBound > 50, "\(nearBound) pairs within 5 % of the bound")
    }

    /// The pair of shapes a seed gives (addShape), body A at the origin and body B at `offset`,
    /// both turned as the seed says; in the narrow phase's order, with the manifold its test gives.
    static func pair(seed: UInt64, offset: Vector, margin: Double) -> (A: Shape, B: Shape, points: Int) {
        var rng = CrowdTests.Seeded(state: seed)
        let world = World()
        var ids: [ShapeID] = []
        for k in 0..<2 {
            var b = Body()
            b.position = k == 0 ? .zero : offset
            b.rotation = Rotation(angle: rng.uniform(-.pi, .pi))
            b.setMass(1, inertia: 1)
            ids.append(Self.addShape(to: world.createBody(b.definition), in: world, &rng))
        }
        if Self.rank(world.shape(ids[1]).kind) < Self.rank(world.shape(ids[0]).kind) { ids.swapAt(0, 1) }
        let A = world.shape(ids[0]), B = world.shape(ids[1])
        return (A, B, Self.points(A, B, in: world, margin: margin))
    }

    @Test("3,000 pairs of every kind moved apart until the boxes first call them apart: there, not one gets a point")
    func pairsAtTheEdgeOfTheBoundGetNoPoints() {
        var rng = CrowdTests.Seeded(state: 0xED6E)
        var tested = 0
        for k in 0..<3_000 {
            let seed = 0xA9A7_0000 &+ UInt64(k)
            let angle = rng.uniform(-.pi, .pi), margin = rng.uniform(0, 30)
            let direction = Vector(cos(angle), sin(angle))
            // Where the bound first holds along `direction`: B's box moves with its body, so the
            // boxes at the origin, shifted, answer for every distance.
            let start = Self.pair(seed: seed, offset: .zero, margin: margin)
            func apart(at t: Double) -> Bool {
                var moved = start.B
                // The body that moves is the one created second, whichever comes first in the pair.
                let bMoves = start.B.body > start.A.body
                var fixed = start.A
                if bMoves {
                    moved.aabb = AABB(lower: start.B.aabb.lower + direction * t, upper: start.B.aabb.upper + direction * t)
                } else {
                    fixed.aabb = AABB(lower: start.A.aabb.lower + direction * t, upper: start.A.aabb.upper + direction * t)
                }
                return NarrowPhase.apart(fixed, moved, margin: margin)
            }
            guard apart(at: 2_000) else { continue }
            var low = 0.0, high = 2_000.0
            for _ in 0..<60 { let mid = (low + high) / 2; if apart(at: mid) { high = mid } else { low = mid } }
            let edge = Self.pair(seed: seed, offset: direction * high, margin: margin)
            guard NarrowPhase.apart(edge.A, edge.B, margin: margin) else { continue }
            tested += 1
            #expect(edge.points == 0, "seed \(seed): \(edge.A.kind) radius \(edge.A.radius) against \(edge.B.kind) radius \(edge.B.radius), margin \(margin), \(high) pt along \(direction): \(edge.points) points")
        }
        #expect(tested > 1_500, "\(tested) pairs reached the bound")
    }

    /// Two squares turned 45° (diamonds), B at (t, 0): corner meets corner along x, where the
    /// separating-axis test measures the gap times cos 45° exactly: the bound is tight there.
    static func diamonds(at t: Double, margin: Double) -> (A: Shape, B: Shape, points: Int) {
        let world = World()
        var ids: [ShapeID] = []
        for x in [0.0, t] {
            var b = Body()
            b.position = Vector(x, 0)
            b.rotation = Rotation(angle: .pi / 4)
            b.setMass(1, inertia: 1)
            ids.append(world.addPolygon(body: world.createBody(b.definition), vertices: PolygonBuilder.box(width: 20, height: 20)))
        }
        let A = world.shape(ids[0]), B = world.shape(ids[1])
        return (A, B, Self.points(A, B, in: world, margin: margin))
    }

    @Test("diamonds meeting corner to corner: the bound first holds at a gap of margin / cos 45°, where the test finds none, and 1 % nearer it finds a point")
    func diamondsMeetTheBoundWhereTheTestDoes() {
        let h = 10 * 2.0.squareRoot()
        for margin in [0.5, 2.0, 7.5, 20.0] {
            var low = 2 * h, high = 2 * h + 100
            for _ in 0..<60 {
                let mid = (low + high) / 2
                let d = Self.diamonds(at: mid, margin: margin)
                if NarrowPhase.apart(d.A, d.B, margin: margin) { high = mid } else { low = mid }
            }
            // The boxes' gap is t − 2h; the test's separation along the diamonds' normals is that
            // gap times cos 45°.
            let expected = 2 * h + margin / cos(.pi / 4)
            #expect(abs(high - expected) < 1e-3 * margin + 1e-4, "margin \(margin): the bound holds from \(high), geometry says \(expected)")
            #expect(Self.diamonds(at: high, margin: margin).points == 0)
            #expect(Self.diamonds(at: 2 * h + 0.99 * margin / cos(.pi / 4), margin: margin).points > 0)
        }
    }
}
