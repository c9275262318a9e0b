// ContactSet keeps, for each shape, how many contacts it is in, so that a scan for one shape's
// contacts (destroying a shape, changing its filter or material, waking its neighbours) stops
// after the last of them and never starts for a shape with none. The count must be exact:
// one too low leaves a contact of a destroyed shape behind, one too high only costs a full
// scan. After a pile has fallen, half its items removed (their bodies and shapes destroyed at
// the commit) and the rest stepped on, every shape's count is the number of contacts that
// name it, and no contact names a destroyed shape.
import Testing
import Geometry
@testable import Dynamics

@Suite struct ShapeContactCountTests {
    @Test("every shape's contact count matches its contacts after a pile falls and half of it is removed")
    func countsMatchAfterRemovals() {
        let pile = FallingPile(count: 200, perRow: 20, origin: Point(100, 120), spacing: 22, size: 18)
        let animator = pile.animator
        run(animator, steps: 90)
        let world = animator.world
        #expect(world.contactSet.count > 150, "only \(world.contactSet.count) contacts in the pile")
        pile.removeHalf()
        run(animator, steps: 30)
        var named = [Int](repeating: 0, count: world.shapes.count)
        for c in world.contactSet.contacts {
            named[Int(c.shapeA)] += 1
            named[Int(c.shapeB)] += 1
            #expect(world.shapes[Int(c.shapeA)].isActive && world.shapes[Int(c.shapeB)].isActive,
                    "a contact names a destroyed shape")
        }
        let wrong = world.shapes.indices.filter { world.contactSet.contactCount(of: Int32($0)) != named[$0] }
        #expect(wrong.isEmpty, "\(wrong.count) shapes with a wrong count, first \(wrong.first ?? -1)")
    }
}
