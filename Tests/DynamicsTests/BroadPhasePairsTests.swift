import Testing
import Geometry
@testable import Dynamics

/// The broad phase's promise after every step: a contact exists for exactly the pairs of shapes
/// that may collide and whose fat boxes overlap, and the compact list of each contact's shapes
/// (ContactSet.shapePairs, which the search for separated pairs reads) names the same shapes as
/// the contacts, index for index, through creation and swap-removal.
@Suite struct BroadPhasePairsTests {
    /// 48 boxes of 20 pt on a 25 pt grid, no gravity, flung outward from the grid's center with
    /// a turn, so pairs are made and dropped in many steps.
    static func scatteringBoxes() -> World {
        let world = World()
        for row in 0..<6 {
            for col in 0..<8 {
                var b = Body()
                b.position = Vector(Double(col) * 25, Double(row) * 25)
                b.velocity = (b.position - Vector(87.5, 62.5)) * 3 + Vector(Double(row % 2) * 80 - 40, 0)
                b.angularVelocity = Double((row + col) % 3) - 1
                b.setMass(1, inertia: 1.0 / 6 * 20 * 20)
                let id = world.createBody(b.definition)
                let shape = world.addPolygon(body: id, vertices: [Vector(-10, -10), Vector(10, -10), Vector(10, 10), Vector(-10, 10)])
                world.setFilter(shape, itemMask: 1, boundaryMask: 0)
            }
        }
        return world
    }

    @Test("contacts are exactly the admissible pairs whose fat boxes overlap, step after step")
    func contactsMatchOverlappingFatBoxes() {
        let world = Self.scatteringBoxes()
        var dropped = 0, previous = Set<UInt64>()
        for _ in 0..<90 {
            world.step(dt: 1.0 / 60)
            let set = world.contactSet
            #expect(set.shapePairs.count == set.contacts.count)
            var have = Set<UInt64>()
            for (i, c) in set.contacts.enumerated() {
                #expect(set.shapePairs[i] == SIMD2(c.shapeA, c.shapeB))
                have.insert(ContactSet.pairKey(c.shapeA, c.shapeB))
            }
            var expected = Set<UInt64>()
            for a in world.shapes.indices {
                for b in world.shapes.indices where b < a {
                    let sa = Int32(a), sb = Int32(b)
                    guard ContactSet.shouldCollide(sa, sb, shapes: world.shapes, bodies: world.bodies) else { continue }
                    if world.broadPhase.fatAABB(world.shapes[a].proxy).overlaps(world.broadPhase.fatAABB(world.shapes[b].proxy)) {
                        expected.insert(ContactSet.pairKey(sa, sb))
                    }
                }
            }
            #expect(have == expected)
            dropped += previous.subtracting(have).count
            previous = have
        }
        // The scene did exercise the destruction path (swap-removal of contacts and their pairs).
        #expect(dropped > 20)
    }
}
