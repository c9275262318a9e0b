import Testing
import Geometry
@testable import Dynamics

/// The contacts a step works on while part of the scene sleeps: those with an awake dynamic body
/// or an anchored body that moves, and no other.
@Suite struct ActiveContactsTests {
    /// Six bodies: the ground, two dynamic bodies asleep in island 0, an awake dynamic body, an
    /// anchored body moving at 10 pt/s and an anchored body standing still.
    func bodies() -> [Body] {
        var ground = Body()
        ground.kind = .fixed
        var asleep = Body()
        asleep.island = 0
        var moving = Body()
        moving.kind = .anchored
        moving.velocity = Vector(10, 0)
        var still = Body()
        still.kind = .anchored
        return [ground, asleep, asleep, Body(), moving, still]
    }

    /// Of six pairs, the three with the awake body or the moving anchored one are active, in
    /// their order; a sleeping pair, a sleeper on the ground and a sleeper against a still
    /// anchored body are not.
    @Test func onlyContactsWithAnActiveBodyAreVisited() {
        let pairs: [SIMD2<Int32>] = [SIMD2(1, 2), SIMD2(0, 1), SIMD2(3, 0), SIMD2(2, 3), SIMD2(4, 1), SIMD2(5, 2)]
        var active = ActiveContacts()
        bodies().withUnsafeBufferPointer { active.select(bodies: $0, pairs: pairs, sleepers: true) }
        var visited: [Int] = []
        active.forEach(count: pairs.count) { visited.append($0) }
        #expect(visited == [2, 3, 4])
        // With no sleeping island every contact is active, in order.
        bodies().withUnsafeBufferPointer { active.select(bodies: $0, pairs: pairs, sleepers: false) }
        visited = []
        active.forEach(count: pairs.count) { visited.append($0) }
        #expect(visited == [0, 1, 2, 3, 4, 5])
    }

    /// A pyramid of 21 boxes asleep beside a swinging pendulum that touches nothing: each box
    /// rests on the floor or on two boxes, so the pyramid has at least 21 contacts with points,
    /// and the step visits none of them; a ball dropped on it wakes it, and every contact is
    /// visited again.
    @Test func aSleepingPyramidsContactsAreLeftOutUntilItWakes() {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1600, height: 600))
        animator.pausesAtRest = false
        let boxes = SleepTests().pyramid(x: 300, floor: 600, base: 6)
        let (gravity, collision, _) = SleepTests().standardBehaviors(boxes, animator)
        let bob = Box.ball(Point(1000, 300), diameter: 20)
        gravity.addItem(bob)
        animator.addBehavior(AttachmentBehavior(item: bob, attachedToAnchor: Point(1200, 100)))
        run(animator, steps: 240)
        #expect(boxes.allSatisfy { SleepTests().isAsleep($0, animator) })
        let world = animator.world
        #expect(world.contacts.filter { $0.manifold.count > 0 }.count >= 21)
        #expect(!world.contactSet.active.all && world.contactSet.active.indices.isEmpty)
        let ball = Box.ball(Point(303, 300), diameter: 30)
        gravity.addItem(ball)
        collision.addItem(ball)
        // The ball falls 45 pt onto the top box (0.3 s) and the island wakes; it cannot sleep
        // again before 0.5 s more at rest, so after 0.5 s every contact is active.
        run(animator, steps: 30)
        #expect(!SleepTests().isAsleep(boxes.last!, animator))
        var visited = 0
        world.contactSet.active.forEach(count: world.contacts.count) { _ in visited += 1 }
        #expect(visited == world.contacts.count)
    }
}
