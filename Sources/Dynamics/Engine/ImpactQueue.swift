// ImpactQueue: which elastic constraints the impact pass has to look at again.
//
// The impact pass (SolverStages.resolveImpacts) sweeps the elastic constraints in order until a
// sweep applies nothing, up to `maxImpactSweeps` times. Whether a constraint applies an impulse
// depends only on its own fixed data and on its two bodies' velocities, so a constraint whose
// bodies kept their velocities since it was last looked at (and found nothing to do) would find
// nothing again. In a dense pile of elastic bodies a few contacts keep exchanging momentum for
// all the sweeps while thousands of others stay apart: sweeping them all is almost all of the
// step (a drum of 6,000 overlapping bodies spent 98 % of its solver time there).
//
// So each constraint has a pending bit: all are set when the pass begins, a constraint's bit is
// cleared when the sweep reaches it, and an impulse sets the bits of every constraint on either
// body it changed (itself included). A sweep visits the set bits in index order, from where it
// is: a constraint after the one that fired is seen later in the same sweep, one before it in
// the next, exactly where the full sweep would have seen it. The pass therefore applies the same
// impulses in the same order, bit for bit; it only skips the look at constraints that would have
// answered "nothing". A body that cannot be moved (zero inverse mass and inertia to the solver)
// never changes velocity, so its constraints are not listed under it.
//
// The lists are built once per step (the constraints are the step's), in compressed rows: the
// constraints of body i are `neighbours[starts[i] ..< starts[i + 1]]`.
//
// Most looks still answer "nothing" (a drum of 6,000 bodies at elasticity 0.1 stirred by a rotor
// looks 150,000 to 290,000 times a step and strikes 4,000 to 16,000 times), and the answer needs
// only the bodies' velocities and displacements and what the step fixes of the constraint: its
// bodies, normal, threshold, frame, radii, and its points' anchors and adjusted separations.
// Those are copied once per step into one compact `ImpactLook` each, 144 bytes in place of the
// constraint's several cache lines. After the kick the look answers whether the constraint
// strikes: a point's normal velocity no faster an approach than the threshold answers "no" at
// once, and a faster one is measured as the full pass measures it (the same expressions on the
// same numbers, ContactPass.approach), so the constraint itself is read only to strike. At other
// moments (under cone potentials) the constraint's own test decides, after the velocity's
// (ContactSolver.mayArrive). Either way the pass is unchanged bit for bit.

import Geometry

struct ImpactQueue {
    /// Where each body's constraints begin in `neighbours`, one entry per body and one more.
    private(set) var starts: [Int32] = []
    /// The indices of the elastic constraints on each body that can move, body after body.
    private(set) var neighbours: [Int32] = []
    /// One bit per elastic constraint: whether the sweep must look at it.
    var pending: [UInt64] = []
    /// What a look needs of each elastic constraint, in the constraints' order.
    private(set) var looks: [ImpactLook] = []

    /// Lists the constraints of each movable body; empty when there are no elastic constraints.
    mutating func build(impacts: UnsafeBufferPointer<ContactConstraint>, bodyCount: Int) {
        neighbours.removeAll(keepingCapacity: true)
        pending.removeAll(keepingCapacity: true)
        looks.removeAll(keepingCapacity: true)
        guard !impacts.isEmpty else { starts.removeAll(keepingCapacity: true); return }
        looks.reserveCapacity(impacts.count)
        for c in impacts { looks.append(ImpactLook(c)) }
        starts.removeAll(keepingCapacity: true)
        starts.append(contentsOf: repeatElement(0, count: bodyCount + 1))
        for c in impacts {
            if c.mA != 0 || c.iA != 0 { starts[Int(c.bodyA) + 1] += 1 }
            if c.mB != 0 || c.iB != 0 { starts[Int(c.bodyB) + 1] += 1 }
        }
        for i in 0..<bodyCount { starts[i + 1] += starts[i] }
        neighbours.append(contentsOf: repeatElement(0, count: Int(starts[bodyCount])))
        var next = starts
        for k in 0..<impacts.count {
            let c = impacts[k]
            if c.mA != 0 || c.iA != 0 { neighbours[Int(next[Int(c.bodyA)])] = Int32(k); next[Int(c.bodyA)] += 1 }
            if c.mB != 0 || c.iB != 0 { neighbours[Int(next[Int(c.bodyB)])] = Int32(k); next[Int(c.bodyB)] += 1 }
        }
        pending.append(contentsOf: repeatElement(0, count: (impacts.count + 63) / 64))
    }

    /// The lists and the bits, for the substeps.
    mutating func withBuffers<R>(_ body: (UnsafeBufferPointer<Int32>, UnsafeBufferPointer<Int32>,
                                          UnsafeMutableBufferPointer<UInt64>, UnsafeBufferPointer<ImpactLook>) -> R) -> R {
        starts.withUnsafeBufferPointer { s in
            neighbours.withUnsafeBufferPointer { n in
                looks.withUnsafeBufferPointer { l in
                    pending.withUnsafeMutableBufferPointer { p in body(s, n, p, l) }
                }
            }
        }
    }
}

/// What the step fixes of an elastic constraint that a look needs: its bodies, normal, impact
/// threshold, frame and radii, and both points' anchors and adjusted separations (a one-point
/// constraint repeats its point).
struct ImpactLook {
    let bodyA: Int32, bodyB: Int32
    let frame: NormalFrame
    let threshold: Double
    let normal: Vector
    let radiusA: Double, radiusB: Double
    let r1A: Vector, r1B: Vector, r2A: Vector, r2B: Vector
    let adjusted1: Double, adjusted2: Double

    init(_ c: ContactConstraint) {
        bodyA = c.bodyA; bodyB = c.bodyB
        frame = c.frame
        threshold = c.impactThreshold
        normal = c.normal
        radiusA = c.radiusA; radiusB = c.radiusB
        let p2 = c.count > 1 ? c.p2 : c.p1
        r1A = c.p1.rA; r1B = c.p1.rB; adjusted1 = c.p1.adjustedSeparation
        r2A = p2.rA; r2B = p2.rB; adjusted2 = p2.adjustedSeparation
    }

    /// Whether the constraint strikes after the kick (ContactSolver.impact at `.afterKick`):
    /// whether a point approaches faster than the threshold and meets within the substep `h`,
    /// not deeper than `deepest` (ContactPass.approach, measured as ContactPass measures it).
    @inline(__always)
    func strikes(_ s: UnsafeMutablePointer<BodyState>, h: Double, deepest: Double) -> Bool {
        let a = Int(bodyA), b = Int(bodyB)
        let vA = s[a].v, wA = s[a].w, vB = s[b].v, wB = s[b].w
        let vn1 = ContactPass.relativeVelocity(vA: vA, wA: wA, vB: vB, wB: wB, rA: r1A, rB: r1B).dot(normal)
        let vn2 = ContactPass.relativeVelocity(vA: vA, wA: wA, vB: vB, wB: wB, rA: r2A, rB: r2B).dot(normal)
        // The velocity first: most looks end here, before the turn and the separations.
        if vn1 >= -threshold && vn2 >= -threshold { return false }
        let dpA = s[a].dp, dqA = s[a].dq, dpB = s[b].dp, dqB = s[b].dq
        let turned = TurnedNormal(normal, frame, radiusA: radiusA, radiusB: radiusB, dqA: dqA, dqB: dqB)
        @inline(__always) func arrives(_ vn: Double, _ rA: Vector, _ rB: Vector, _ adjusted: Double) -> Bool {
            let sep = turned.separation(rA: rA, rB: rB, adjusted: adjusted, dpA: dpA, dqA: dqA, dpB: dpB, dqB: dqB)
            return ContactPass.arrives(separation: sep, velocity: vn, threshold: threshold, h: h, deepest: deepest)
        }
        return arrives(vn1, r1A, r1B, adjusted1) || arrives(vn2, r2A, r2B, adjusted2)
    }
}

/// The pass over one SolverContext's buffers.
struct ImpactSweeps {
    let starts: UnsafeBufferPointer<Int32>
    let neighbours: UnsafeBufferPointer<Int32>
    let pending: UnsafeMutableBufferPointer<UInt64>
    let looks: UnsafeBufferPointer<ImpactLook>

    /// Resolves the impacts of `impacts` (the constraints the lists were built from) from the
    /// current velocities, up to `sweeps` sweeps, stopping after a sweep that applied nothing;
    /// what they owe the next drift goes to `shifts`.
    @inline(__always)
    func resolve(_ impacts: UnsafeMutableBufferPointer<ContactConstraint>, _ states: UnsafeMutablePointer<BodyState>,
                 _ settings: SolverSettings, sweeps: Int, shifts: ImpactShifts? = nil,
                 moment: ImpactMoment = .afterKick) {
        markAll(count: impacts.count)
        for _ in 0..<sweeps {
            let any = sweep { k in
                // After the kick, the compact look answers whether it strikes (see the top).
                if moment == .afterKick && !looks[k].strikes(states, h: settings.h, deepest: settings.maxSoftOverlap) {
                    return false
                }
                guard ContactSolver.impact(&impacts[k], states, settings, shifts: shifts, moment: moment) else { return false }
                mark(body: impacts[k].bodyA)
                mark(body: impacts[k].bodyB)
                return true
            }
            if !any { break }
        }
    }

    /// Sets every constraint's bit.
    @inline(__always) func markAll(count: Int) {
        for w in 0..<pending.count { pending[w] = ~0 }
        let tail = count & 63
        if tail != 0 { pending[pending.count - 1] = (1 << UInt64(tail)) - 1 }
    }

    /// Sets the bits of the constraints on body `i` (none when it cannot move).
    @inline(__always) func mark(body i: Int32) {
        let lo = Int(starts[Int(i)]), hi = Int(starts[Int(i) + 1])
        for e in lo..<hi {
            let k = Int(neighbours[e])
            pending[k >> 6] |= 1 << UInt64(k & 63)
        }
    }

    /// One sweep: visits the set bits in order, clearing each before `visit`, which returns
    /// whether it applied an impulse (and then marked what it changed). Returns whether any did.
    @inline(__always) func sweep(_ visit: (Int) -> Bool) -> Bool {
        var any = false
        for w in 0..<pending.count {
            // Only bits after the last one visited in this word belong to this sweep.
            var ahead: UInt64 = ~0
            while true {
                let bits = pending[w] & ahead
                if bits == 0 { break }
                let b = bits.trailingZeroBitCount
                pending[w] &= ~(1 << UInt64(b))
                ahead = b == 63 ? 0 : ~0 << UInt64(b + 1)
                if visit(w << 6 | b) { any = true }
            }
        }
        return any
    }
}
