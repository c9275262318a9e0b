// JointGroups+OneAtATime: which joint groups need no exact solve.
//
// Groups exist for two failures of solving joints one at a time (Gauss–Seidel): a light item
// between two joints, where each joint's impulse mostly moves the light item and the other joint
// undoes it, and a load carried through many joints to a fixed anchor (a hanging chain at rest),
// which one pass carries only a joint further each time. Neither is a matter of how many joints a
// group has but of its masses and its shape, so a group is solved one joint at a time, as Box2D v3
// solves every joint, when it has neither:
//
// - every joint and every contact of the group joins two moving items, none of which is more than
//   `oneAtATimeMassRatio` times heavier than the other: with masses that close a joint's impulse
//   moves both its items comparably, and what it undoes of its neighbour's is a fraction of it, so
//   each pass contracts the error (a ragdoll's bones are within 3.5 of each other);
// - no joint holds an item to one that does not move: a free group's joints carry no load to an
//   anchor (its weight rests on contacts, which are solved as contacts are);
// - its joints make a tree (one fewer than its items: no two joints fighting over the same pair
//   of items or around a loop) at most `oneAtATimeMaxPath` joints across, so that a push crosses
//   it within a substep's passes.
//
// A group passing all three is solved as lone joints in the awake order, with the softness and
// passes of the joints of a group too large to solve exactly (JointGroups.isIterative), and its
// contacts go back to the contact solver. The dense solve stays for everything the groups were
// made for: light items between joints, chains and nets hanging from anchors, welds of a heavy
// and a light item on the floor, heavy free items against light jointed ones.
import Geometry

extension JointGroups {
    /// How many times heavier than its neighbour across a joint or contact an item may be in a
    /// group solved one joint at a time.
    static let oneAtATimeMassRatio = 4.0
    /// The most joints on the path between two items of a group solved one joint at a time.
    static let oneAtATimeMaxPath = 6

    @inline(__always)
    private static func massesClose(_ invA: Double, _ invB: Double) -> Bool {
        guard invA > 0, invB > 0 else { return false }
        return invA <= oneAtATimeMassRatio * invB && invB <= oneAtATimeMassRatio * invA
    }

    /// Whether a group of two or more joints may be solved one joint at a time (see the top of
    /// the file).
    static func solvesOneAtATime(_ group: [Int32], _ groupContacts: [Int32], _ joints: UnsafeBufferPointer<Joint>,
                                 _ contacts: UnsafeBufferPointer<ContactConstraint>) -> Bool {
        guard group.count >= 2, group.count <= maxRows else { return false }
        for k in groupContacts {
            let c = contacts[Int(k)]
            // A contact with something that does not move holds no joint's load; one between two
            // moving items couples them as a joint would.
            if c.mA == 0 && c.iA == 0 || c.mB == 0 && c.iB == 0 { continue }
            if !massesClose(c.mA, c.mB) { return false }
        }
        // Scratch on the stack: this runs for every group of every step (a crowd of ragdolls has
        // hundreds), and arrays here cost more than the test.
        let n = group.count
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * n) { items in
        withUnsafeTemporaryAllocation(of: (Int, Int).self, capacity: n) { ends in
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (2 * n)) { scratch in
            var itemCount = 0
            func place(_ body: Int32) -> Int {
                for i in 0..<itemCount where items[i] == body { return i }
                items[itemCount] = body
                itemCount += 1
                return itemCount - 1
            }
            for (k, id) in group.enumerated() {
                let j = joints[Int(id)]
                guard massesClose(j.mA, j.mB) else { return false }
                let a = place(j.bodyA)
                let b = place(j.bodyB)
                ends[k] = (a, b)
            }
            // One joint fewer than its items is a tree only when the joints alone connect them
            // all: a group is also joined through its contacts, and two joints over one pair of
            // items beside a contact to a third item count as many joints as a tree would.
            guard itemCount == n + 1 else { return false }
            let edges = UnsafeBufferPointer(rebasing: ends[0..<n])
            let depth = UnsafeMutableBufferPointer(rebasing: scratch[0..<itemCount])
            let queue = UnsafeMutableBufferPointer(rebasing: scratch[itemCount..<2 * itemCount])
            let (far, _, reached) = farthest(from: 0, edges, depth: depth, queue: queue)
            guard reached == itemCount else { return false }
            return farthest(from: far, edges, depth: depth, queue: queue).1 <= oneAtATimeMaxPath
        }}}
    }

    /// The item farthest from `start` across the joints `ends`, how many joints away it is, and
    /// how many items the joints reach from `start` (`depth` and `queue` hold one entry per item).
    private static func farthest(from start: Int, _ ends: UnsafeBufferPointer<(Int, Int)>,
                                 depth: UnsafeMutableBufferPointer<Int>, queue: UnsafeMutableBufferPointer<Int>)
        -> (Int, Int, Int) {
        for i in depth.indices { depth[i] = -1 }
        queue[0] = start
        var count = 1
        depth[start] = 0
        var head = 0, last = start
        while head < count {
            let i = queue[head]; head += 1; last = i
            for (a, b) in ends where a == i || b == i {
                let other = a == i ? b : a
                if depth[other] < 0 { depth[other] = depth[i] + 1; queue[count] = other; count += 1 }
            }
        }
        return (last, depth[last], count)
    }
}
