// The coloring reads each contact's points and elasticity from a byte beside it
// (ContactFlags.swift) instead of from the contact. A stale byte would leave a touching pair out
// of the solver (no points seen) or keep an inelastic one in the impact pass, so the bytes must
// always say what the records say: after a pile of boxes and balls falls (contacts made, given
// points, destroyed and moved into the freed places), after a third of it becomes elastic (the
// materials mixed again) and after half of it is removed, for one worker and for two (the
// narrow phase then writes the bytes from both threads).
import Testing
import Geometry
@testable import Dynamics

@Suite struct ContactFlagsTests {
    @Test("every contact's flags say what its record says while a pile falls, turns elastic and loses half its items",
          arguments: [1, 2])
    func flagsFollowTheRecords(workers: Int) {
        let pile = FallingPile(count: 600, perRow: 40, origin: Point(20, 20), spacing: 15, size: 12)
        let animator = pile.animator, items = pile.items
        animator.allowsSleeping = false
        if workers > 1 { animator.solverWorkers = SolverWorkers(count: workers) }
        let world = animator.world

        /// The contacts whose flags differ from their records, and how many have points / are elastic.
        func check(_ stage: String) -> (points: Int, elastic: Int) {
            let contacts = world.contactSet.contacts, flags = world.contactSet.flags
            #expect(flags.count == contacts.count, "\(stage): \(flags.count) flags for \(contacts.count) contacts")
            let wrong = zip(contacts, flags).filter { ContactFlags($0.0) != $0.1 }.count
            #expect(wrong == 0, "\(stage): \(wrong) of \(contacts.count) contacts with stale flags")
            return (flags.filter { $0.contains(.hasPoints) }.count, flags.filter { $0.contains(.elastic) }.count)
        }

        run(animator, steps: 90)
        let fallen = check("fallen")
        // The pile touches: most of its contacts have points, and none is elastic yet.
        #expect(fallen.points > 600 && fallen.elastic == 0, "fallen: \(fallen)")
        // Enough for two workers to share the narrow phase.
        #expect(world.contactSet.count >= NarrowPhase.sharedContacts, "only \(world.contactSet.count) contacts")

        let bouncy = DynamicItemBehavior(items: items.enumerated().filter { $0.offset % 3 == 1 }.map(\.element))
        bouncy.elasticity = 0.8
        animator.addBehavior(bouncy)
        run(animator, steps: 30)
        let elastic = check("elastic")
        #expect(elastic.elastic > 100, "elastic: only \(elastic.elastic) elastic contacts")

        pile.removeHalf()
        run(animator, steps: 30)
        _ = check("halved")
    }
}
