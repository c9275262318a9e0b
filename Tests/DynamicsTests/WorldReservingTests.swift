import Testing
import Geometry
@testable import Dynamics

/// World+Reserving: a commit that creates many joints and bodies sizes the world's arrays once,
/// to what it creates, instead of doubling its way there (a doubling array holds the old buffer
/// and one twice the size at its peak); later small commits still grow the arrays by doubling,
/// so adding one joint at a time copies them a logarithmic number of times, not every time.
@Suite struct WorldReservingTests {
    static func chain(_ animator: DynamicAnimator, items: [Box], from start: Int, count: Int) {
        for k in start..<(start + count) {
            animator.addBehavior(AttachmentBehavior(item: items[k + 1], attachedTo: items[k]))
        }
    }

    @Test("1,000 rods made in one commit take their room at once; ten more, one per commit, double it at most once")
    func jointsSizedOnceThenDoubled() {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 4000, height: 4000))
        let items = (0..<1_012).map { Box(Point(10 + Double($0 % 100) * 30, 10 + Double($0 / 100) * 30), Size(10, 10)) }
        Self.chain(animator, items: items, from: 0, count: 1_000)
        animator.commitChanges()
        let world = animator.world
        #expect(world.joints.count == 1_000)
        // Doubling from an empty array would leave room for 1,024.
        #expect(world.joints.capacity >= 1_000 && world.joints.capacity < 1_024, "room for \(world.joints.capacity)")
        #expect(world.bodies.capacity < 1_024, "room for \(world.bodies.capacity) bodies")
        // Ten more, one per commit: the room grows at most once, and then to at least twice.
        var room = world.joints.capacity, growths = 0
        for k in 0..<10 {
            Self.chain(animator, items: items, from: 1_000 + k, count: 1)
            animator.commitChanges()
            if world.joints.capacity != room {
                growths += 1
                #expect(world.joints.capacity >= 2 * room, "grew from \(room) to \(world.joints.capacity)")
                room = world.joints.capacity
            }
        }
        #expect(world.joints.count == 1_010)
        #expect(growths <= 1)
    }
}
