import Testing
import Foundation
import Geometry
@testable import Dynamics

/// The narrow phase's bound from the boxes (NarrowPhase+Apart.swift): a sharp polygon's
/// half-turn cosine is cos(θ/2) for its widest turn between neighbouring edge normals, and
/// wherever the boxes' gap times the larger of the pair's two cosines exceeds the margin, the
/// separating-axis test gives no points: over random polygons, poses and margins, including pairs
/// just past the bound, not one pair the bound calls apart gets a point.
@Suite struct NarrowPhaseApartTests {
    /// The stored value for a polygon whose widest turn is `turn`: cos(turn/2) in 1/65,535 units,
    /// rounded down and one step further.
    static func stored(widestTurn turn: Double) -> UInt16 { UInt16((cos(turn / 2) * 65_535).rounded(.down) - 1) }

    @Test("a rectangle, a regular hexagon and an equilateral triangle store cos 45°, cos 30° and cos 60°; a segment none")
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
        let rounded = world.addPolygon(body: world.ground, vertices: PolygonBuilder.box(width: 10, height: 10), radius: 2)
        #expect(world.shape(rounded).halfTurnCosine == 0)
    }

    /// A random sharp polygon around the origin: a rectangle, or three to eight points on an
    /// ellipse (always in convex position), or a segment.
    static func polygon(_ rng: inout CrowdTests.Seeded) -> [Vector] {
        switch Int(rng.next() * 3) {
        case 0: return PolygonBuilder.box(width: rng.uniform(2, 60), height: rng.uniform(2, 60))
        case 1:
            let count = 3 + Int(rng.next() * 6), rx = rng.uniform(3, 40), ry = rng.uniform(3, 40)
            let angles = (0..<count).map { _ in rng.uniform(0, 2 * .pi) }.sorted()
            let points = angles.map { Vector(rx * cos($0), ry * sin($0)) }
            return PolygonBuilder.convexWinding(points) ?? PolygonBuilder.box(width: rx, height: ry)
        default:
            let half = rng.uniform(5, 80)
            return [Vector(-half, 0), Vector(half, 0)]
        }
    }

    @Test("over 20,000 random pairs of sharp polygons, none the boxes call apart gets a point from the separating-axis test")
    func apartPairsGetNoPoints() {
        var rng = CrowdTests.Seeded(state: 0x5EED_A9A7)
        var apart = 0, pointless = 0, nearBound = 0
        let pairs = 20_000
        for _ in 0..<pairs {
            let world = World()
            var ids: [ShapeID] = []
            for k in 0..<2 {
                var b = Body()
                b.position = k == 0 ? .zero : Vector(rng.uniform(-90, 90), rng.uniform(-90, 90))
                b.rotation = Rotation(angle: rng.uniform(-.pi, .pi))
                b.setMass(1, inertia: 1)
                ids.append(world.addPolygon(body: world.createBody(b.definition), vertices: Self.polygon(&rng)))
            }
            let A = world.shape(ids[0]), B = world.shape(ids[1])
            let margin = rng.uniform(0, 30)
            let m = world.worldVertices.withUnsafeBufferPointer { v in
                world.worldNormals.withUnsafeBufferPointer { n in
                    Collision.polygons(
                        PolygonRef(vertices: v.baseAddress! + Int(A.vertexStart), normals: n.baseAddress! + Int(A.vertexStart),
                                   count: Int(A.vertexCount)),
                        PolygonRef(vertices: v.baseAddress! + Int(B.vertexStart), normals: n.baseAddress! + Int(B.vertexStart),
                                   count: Int(B.vertexCount)),
                        posA: world.body(BodyID(A.body)).position, posB: world.body(BodyID(B.body)).position,
                        margin: margin, linearSlop: 0.5, boxes: A.isBox && B.isBox)
                }
            }
            if m.count == 0 { pointless += 1 }
            if NarrowPhase.apart(A, B, margin: margin) {
                apart += 1
                #expect(m.count == 0, "shapes \(A.vertexCount) and \(B.vertexCount) vertices, margin \(margin): \(m.count) points")
                // How close the pair came to the margin the test measures: the bound is tight
                // where a corner faces a corner.
                let gap = max(max(A.aabb.lower.x - B.aabb.upper.x, B.aabb.lower.x - A.aabb.upper.x),
                              max(A.aabb.lower.y - B.aabb.upper.y, B.aabb.lower.y - A.aabb.upper.y))
                let c = Double(max(A.halfTurnCosine, B.halfTurnCosine)) / 65_535
                if gap * c < margin * 1.05 + 0.1 { nearBound += 1 }
            }
        }
        // The bound is of use (it answers for most pairs without points) and is met near its edge.
        #expect(Double(apart) > 0.5 * Double(pointless), "\(apart) called apart of \(pointless) without points")
        #expect(nearBound > 50, "\(nearBound) pairs within 5 % of the bound")
    }
}
