// JointGroups+Solve: one pass over a group, all its rows at once. The dense solve builds
// (K + Γ)·λ = −(J·v + bias) − Γ·λ₀ with every row's bounds and lets BoundedLinearSystem clamp
// the one-sided rows; an envelope group (unbounded rows in breadth-first order) fills only each
// row's envelope and factors it with EnvelopeLinearSystem. Each row's λ is then added to the
// accumulated impulse it belongs to (a joint's, or a grouped contact point's normal impulse) and
// applied to its two bodies.
import Geometry

extension JointGroups {
    @inline(__always)
    private static func accumulated(_ row: JointRow, _ joints: UnsafeMutablePointer<Joint>,
                                    _ overflow: UnsafeMutableBufferPointer<ContactConstraint>) -> Double {
        // A contact row's owner indexes the overflow contacts, not the joints: the joint is read
        // only for a joint's row (reading it first read past the joints' end).
        let id = Int(row.owner)
        switch row.slot {
        case .impulse: return joints[id].impulse
        case .linearX: return joints[id].linearImpulse.x
        case .linearY: return joints[id].linearImpulse.y
        case .angular: return joints[id].angularImpulse
        case .lower: return joints[id].lowerImpulse
        case .upper: return joints[id].upperImpulse
        case .motor: return joints[id].motorImpulse
        case .contactPoint1: return overflow[id].p1.normalImpulse
        case .contactPoint2: return overflow[id].p2.normalImpulse
        }
    }

    @inline(__always)
    private static func add(_ lambda: Double, _ row: JointRow, _ joints: UnsafeMutablePointer<Joint>,
                            _ overflow: UnsafeMutableBufferPointer<ContactConstraint>) {
        let id = Int(row.owner)
        switch row.slot {
        case .impulse: joints[id].impulse += lambda
        case .linearX: joints[id].linearImpulse.x += lambda
        case .linearY: joints[id].linearImpulse.y += lambda
        case .angular: joints[id].angularImpulse += lambda
        case .lower: joints[id].lowerImpulse += lambda
        case .upper: joints[id].upperImpulse += lambda
        case .motor: joints[id].motorImpulse += lambda
        case .contactPoint1:
            overflow[id].p1.normalImpulse += lambda
            overflow[id].p1.maxNormalImpulse = max(overflow[id].p1.maxNormalImpulse, lambda)
        case .contactPoint2:
            overflow[id].p2.normalImpulse += lambda
            overflow[id].p2.maxNormalImpulse = max(overflow[id].p2.maxNormalImpulse, lambda)
        }
    }

    /// One pass over group `g`: all its rows at once.
    mutating func solve(_ g: Int, _ joints: UnsafeMutablePointer<Joint>, _ overflow: UnsafeMutableBufferPointer<ContactConstraint>,
                        _ s: UnsafeMutablePointer<BodyState>, _ set: SolverSettings, soft: Softness, useBias: Bool) {
        makeRows(g, joints, overflow, s, set, soft, useBias)
        if isEnvelope[g] { solveEnvelope(joints, overflow, s); return }
        let n = rows.count
        system.reset(size: n)
        markBodyRows()
        for a in 0..<n {
            let p = rows[a]
            // Only the rows sharing a moving body with this one couple with it (JointRow.coupling).
            var couples = (bodyRows[Int(p.bodyA)] | bodyRows[Int(p.bodyB)]) & (BoundedLinearSystem.bit(a) - 1)
            while couples != 0 {
                let b = couples.trailingZeroBitCount; couples &= couples - 1
                system.setMatrix(a, b, JointRow.coupling(p, rows[b]))
            }
            system.setMatrix(a, a, JointRow.coupling(p, p))
            let ia = Int(p.bodyA), ib = Int(p.bodyB)
            let jv = p.linA.dot(s[ia].v) + p.angA * s[ia].w + p.linB.dot(s[ib].v) + p.angB * s[ib].w
            let gamma = p.compliance * (p.isSpring ? p.mA + p.mB : system.matrix(a, a))
            let total = Self.accumulated(p, joints, overflow)
            system.addToDiagonal(a, gamma)
            system.setRight(a, -(jv + p.bias) - gamma * total)
            system.setBounds(a, lower: p.lower - total, upper: p.upper - total)
        }
        for p in rows { bodyRows[Int(p.bodyA)] = 0; bodyRows[Int(p.bodyB)] = 0 }
        // The order found at the group's first pass in the step, and the held set of its last
        // pass, as the start (BoundedLinearSystem).
        if eliminationOrders[g].count != n { eliminationOrders[g] = system.eliminationOrder() }
        if heldStarts[g].count != n { heldStarts[g] = [Int8](repeating: 0, count: n) }
        let order = eliminationOrders[g]
        heldStarts[g].withUnsafeMutableBufferPointer { system.solve(start: $0.baseAddress, order: order) }
        for a in 0..<n { apply(system.solution(a), rows[a], joints, overflow, s) }
    }

    /// `bodyRows`: each body a row of the group moves gets the mask of the group's rows on it
    /// (every row on it, whichever row's masses say it moves, so no coupling is missed).
    private mutating func markBodyRows() {
        for (a, p) in rows.enumerated() {
            if p.mA > 0 || p.iA > 0 { bodyRows[Int(p.bodyA)] |= BoundedLinearSystem.bit(a) }
            if p.mB > 0 || p.iB > 0 { bodyRows[Int(p.bodyB)] |= BoundedLinearSystem.bit(a) }
        }
        for (a, p) in rows.enumerated() {
            if bodyRows[Int(p.bodyA)] != 0 { bodyRows[Int(p.bodyA)] |= BoundedLinearSystem.bit(a) }
            if bodyRows[Int(p.bodyB)] != 0 { bodyRows[Int(p.bodyB)] |= BoundedLinearSystem.bit(a) }
        }
    }

    @inline(__always)
    private func apply(_ lambda: Double, _ p: JointRow, _ joints: UnsafeMutablePointer<Joint>,
                       _ overflow: UnsafeMutableBufferPointer<ContactConstraint>, _ s: UnsafeMutablePointer<BodyState>) {
        if lambda == 0 { return }
        Self.add(lambda, p, joints, overflow)
        let ia = Int(p.bodyA), ib = Int(p.bodyB)
        s[ia].v += p.linA * (p.mA * lambda); s[ia].w += p.iA * p.angA * lambda
        s[ib].v += p.linB * (p.mB * lambda); s[ib].w += p.iB * p.angB * lambda
    }

    /// The rows of an envelope group (unbounded, in breadth-first order), solved exactly: each
    /// row's envelope starts at the first row of a moving body it pulls.
    private mutating func solveEnvelope(_ joints: UnsafeMutablePointer<Joint>, _ overflow: UnsafeMutableBufferPointer<ContactConstraint>,
                                        _ s: UnsafeMutablePointer<BodyState>) {
        let n = rows.count
        rowFirst.removeAll(keepingCapacity: true)
        for (a, p) in rows.enumerated() {
            var first = a
            if p.mA > 0 || p.iA > 0 {
                if bodyFirstRow[Int(p.bodyA)] < 0 { bodyFirstRow[Int(p.bodyA)] = Int32(a) }
                first = min(first, Int(bodyFirstRow[Int(p.bodyA)]))
            }
            if p.mB > 0 || p.iB > 0 {
                if bodyFirstRow[Int(p.bodyB)] < 0 { bodyFirstRow[Int(p.bodyB)] = Int32(a) }
                first = min(first, Int(bodyFirstRow[Int(p.bodyB)]))
            }
            rowFirst.append(first)
        }
        for p in rows { bodyFirstRow[Int(p.bodyA)] = -1; bodyFirstRow[Int(p.bodyB)] = -1 }
        envelope.reset(size: n) { rowFirst[$0] }
        for a in 0..<n {
            let p = rows[a]
            for b in rowFirst[a]...a { envelope.setMatrix(a, b, JointRow.coupling(p, rows[b])) }
            let ia = Int(p.bodyA), ib = Int(p.bodyB)
            let jv = p.linA.dot(s[ia].v) + p.angA * s[ia].w + p.linB.dot(s[ib].v) + p.angB * s[ib].w
            let gamma = p.compliance * (p.isSpring ? p.mA + p.mB : envelope.matrix(a, a))
            let total = Self.accumulated(p, joints, overflow)
            envelope.addToDiagonal(a, gamma)
            envelope.setRight(a, -(jv + p.bias) - gamma * total)
        }
        envelope.solve()
        for a in 0..<n { apply(envelope.solution(a), rows[a], joints, overflow, s) }
    }
}
