// JointGroups+EnvelopeOrder: the order in which a large group of unbounded rows is factored.
// An envelope (skyline) LDLᵀ creates no entry left of each row's first coupling, so its cost is
// set by how far back each row's couplings reach. Breadth first through the moving bodies the
// joints share, from a joint with the fewest neighbours (a chain's end), each joint comes right
// after the joints it shares a body with: a chain's envelopes stay a few rows wide and it factors
// in O(n), while a net's grow with its width. The order is kept only while the factorization
// it gives costs at most `maxEnvelopeWork` multiply-adds.

extension JointGroups {
    /// The moving bodies a joint holds, -1 for a body that does not move.
    @inline(__always) static func movingBodies(_ j: Joint) -> (Int32, Int32) {
        (j.mA > 0 || j.iA > 0 ? j.bodyA : -1, j.mB > 0 || j.iB > 0 ? j.bodyB : -1)
    }

    /// Puts `group`'s joints in `ordered` breadth first through the moving bodies they share,
    /// from a joint with the fewest neighbours (a chain's end), and tells whether the envelope
    /// factorization of its rows in that order takes at most `maxEnvelopeWork`.
    mutating func orderForEnvelope(_ group: [Int32], _ joints: UnsafeBufferPointer<Joint>) -> Bool {
        listJointsByBody(group, joints)
        orderBreadthFirst(group, joints)
        for id in group {
            let (a, b) = Self.movingBodies(joints[Int(id)])
            for body in [a, b] where body >= 0 { bodyJointCount[Int(body)] = 0; bodyJointStart[Int(body)] = 0 }
        }
        return envelopeWork(joints) <= Self.maxEnvelopeWork
    }

    /// The joints of each moving body, as lists in one array (`bodyJoints`, from `bodyJointStart`).
    private mutating func listJointsByBody(_ group: [Int32], _ joints: UnsafeBufferPointer<Joint>) {
        for id in group {
            let (a, b) = Self.movingBodies(joints[Int(id)])
            if a >= 0 { bodyJointCount[Int(a)] += 1 }
            if b >= 0 { bodyJointCount[Int(b)] += 1 }
        }
        var total: Int32 = 0
        for id in group {
            let (a, b) = Self.movingBodies(joints[Int(id)])
            for body in [a, b] where body >= 0 && bodyJointStart[Int(body)] == 0 && bodyJointCount[Int(body)] > 0 {
                total += bodyJointCount[Int(body)]
                bodyJointStart[Int(body)] = total   // the end of its list; filled downwards below
            }
        }
        bodyJoints.removeAll(keepingCapacity: true)
        bodyJoints.append(contentsOf: repeatElement(-1, count: Int(total)))
        for id in group {
            let (a, b) = Self.movingBodies(joints[Int(id)])
            for body in [a, b] where body >= 0 {
                bodyJointStart[Int(body)] -= 1
                bodyJoints[Int(bodyJointStart[Int(body)])] = id
            }
        }
    }

    /// Breadth first from the joint with the fewest neighbours; a part reached only through a
    /// contact (none here) or a static body starts again from its first joint.
    private mutating func orderBreadthFirst(_ group: [Int32], _ joints: UnsafeBufferPointer<Joint>) {
        func neighbours(_ id: Int32) -> Int32 {
            let (a, b) = Self.movingBodies(joints[Int(id)])
            return (a >= 0 ? bodyJointCount[Int(a)] : 0) + (b >= 0 ? bodyJointCount[Int(b)] : 0)
        }
        var startIndex = 0
        for (k, id) in group.enumerated() where neighbours(id) < neighbours(group[startIndex]) { startIndex = k }
        ordered.removeAll(keepingCapacity: true)
        var seen = Set<Int32>()
        seen.reserveCapacity(group.count)
        var queueStart = 0
        for k in 0..<group.count {
            let seed = group[(startIndex + k) % group.count]
            if seen.contains(seed) { continue }
            seen.insert(seed); ordered.append(seed)
            while queueStart < ordered.count {
                let id = ordered[queueStart]; queueStart += 1
                let (a, b) = Self.movingBodies(joints[Int(id)])
                for body in [a, b] where body >= 0 {
                    let s = Int(bodyJointStart[Int(body)])
                    for m in s..<(s + Int(bodyJointCount[Int(body)])) where !seen.contains(bodyJoints[m]) {
                        seen.insert(bodyJoints[m]); ordered.append(bodyJoints[m])
                    }
                }
            }
        }
    }

    /// The work of the factorization in `ordered`: each joint's rows reach back to the first row
    /// of a joint sharing a moving body with it.
    private mutating func envelopeWork(_ joints: UnsafeBufferPointer<Joint>) -> Int {
        var work = 0, row = 0
        for id in ordered {
            let j = joints[Int(id)]
            let (a, b) = Self.movingBodies(j)
            var first = row
            for body in [a, b] where body >= 0 {
                if bodyFirstRow[Int(body)] < 0 { bodyFirstRow[Int(body)] = Int32(row) }
                first = min(first, Int(bodyFirstRow[Int(body)]))
            }
            let count = Self.rowCount(j)
            for r in row..<(row + count) { work += (r - first + 1) * (r - first + 1) / 2 }
            row += count
        }
        for id in ordered {
            let (a, b) = Self.movingBodies(joints[Int(id)])
            for body in [a, b] where body >= 0 { bodyFirstRow[Int(body)] = -1 }
        }
        return work
    }
}
