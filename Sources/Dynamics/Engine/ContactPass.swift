// ContactPass: one contact constraint's two bodies while a pass of the solver works on it.
//
// A pass reads both bodies' velocities and step displacements once, works on the constraint's
// rows, and writes the velocities back once (`store`). The rows themselves (a normal point with
// its soft position bias, a friction point, an impact impulse) are methods here, so each of
// ContactSolver's passes is a short list of rows. Inlined, the struct stays in registers just as
// the locals it replaces did, and the arithmetic is the same expression for expression, so the
// results are bit for bit those of one long function.
import Geometry

struct ContactPass {
    let ia: Int, ib: Int
    var vA: Vector, wA: Double, vB: Vector, wB: Double
    let dpA: Vector, dqA: Rotation, dpB: Vector, dqB: Rotation
    let mA: Double, iA: Double, mB: Double, iB: Double
    /// The normal as its face turned since the step began, for the separation (`TurnedNormal`).
    let turned: TurnedNormal
    /// The normal the narrow phase found, along which the rows push.
    var n: Vector { @inline(__always) get { turned.normal } }
    /// What the impulses of an impact owe the next drift, each struck at its moment of contact
    /// (ImpactShift.swift).
    var shiftA: Vector = .zero, turnA = 0.0, shiftB: Vector = .zero, turnB = 0.0

    @inline(__always)
    init(_ c: ContactConstraint, _ s: UnsafeMutablePointer<BodyState>) {
        ia = Int(c.bodyA); ib = Int(c.bodyB)
        vA = s[ia].v; wA = s[ia].w; vB = s[ib].v; wB = s[ib].w
        dpA = s[ia].dp; dqA = s[ia].dq; dpB = s[ib].dp; dqB = s[ib].dq
        mA = c.mA; iA = c.iA; mB = c.mB; iB = c.iB
        turned = TurnedNormal(c.normal, c.frame, radiusA: c.radiusA, radiusB: c.radiusB, dqA: dqA, dqB: dqB)
    }

    /// Writes the velocities back to both bodies.
    @inline(__always)
    func store(_ s: UnsafeMutablePointer<BodyState>) {
        s[ia].v = vA; s[ia].w = wA
        s[ib].v = vB; s[ib].w = wB
    }

    /// The point's separation at the bodies' current displacements.
    @inline(__always)
    func separation(_ p: ContactConstraintPoint) -> Double {
        turned.separation(p, dpA: dpA, dqA: dqA, dpB: dpB, dqB: dqB)
    }

    /// The velocity of B relative to A at the point.
    @inline(__always)
    func relativeVelocity(_ p: ContactConstraintPoint) -> Vector {
        Self.relativeVelocity(vA: vA, wA: wA, vB: vB, wB: wB, rA: p.rA, rB: p.rB)
    }

    /// The velocity of B relative to A at the point with anchors `rA` and `rB`.
    @inline(__always)
    static func relativeVelocity(vA: Vector, wA: Double, vB: Vector, wB: Double, rA: Vector, rB: Vector) -> Vector {
        (vB + cross(wB, rB)) - (vA + cross(wA, rA))
    }

    @inline(__always)
    mutating func apply(_ P: Vector, _ p: ContactConstraintPoint) {
        vA -= P * mA; wA -= iA * p.rA.cross(P)
        vB += P * mB; wB += iB * p.rB.cross(P)
    }

    /// One normal row: speculative while the point is apart, soft (with a bias that pushes the
    /// overlap out) when `useBias`, rigid without bias in the relax pass.
    @inline(__always)
    mutating func normalRow(_ p: inout ContactConstraintPoint, _ softness: Softness, _ set: SolverSettings,
                            useBias: Bool) {
        let sep = separation(p)
        var bias = 0.0, massScale = 1.0, impulseScale = 0.0
        if sep > 0 {
            bias = sep * set.invH
        } else if useBias {
            bias = max(softness.biasRate * sep, -set.maxBiasVelocity)
            massScale = softness.massScale
            impulseScale = softness.impulseScale
        }
        let vn = relativeVelocity(p).dot(n)
        var impulse = -p.normalMass * massScale * (vn + bias) - impulseScale * p.normalImpulse
        if useBias {
            // However hard the push, the overlap deepens no further than maxSoftOverlap.
            impulse = max(impulse, -p.normalMass * (vn + max(sep + set.maxSoftOverlap, 0) * set.invH))
        }
        let newImpulse = max(p.normalImpulse + impulse, 0)
        impulse = newImpulse - p.normalImpulse
        p.normalImpulse = newImpulse
        p.maxNormalImpulse = max(p.maxNormalImpulse, impulse)
        apply(n * impulse, p)
    }

    /// One friction row, bounded by the friction coefficient times the point's normal impulse;
    /// with `touchingOnly`, by nothing at a point still apart (ContactSolver.solve has why).
    @inline(__always)
    mutating func frictionRow(_ p: inout ContactConstraintPoint, friction: Double, touchingOnly: Bool = false) {
        let t = Vector(n.y, -n.x)
        let vt = relativeVelocity(p).dot(t)
        var impulse = -p.tangentMass * vt
        let maxF = touchingOnly && separation(p) > 0 ? 0 : friction * p.normalImpulse
        let newImpulse = min(max(p.tangentImpulse + impulse, -maxF), maxF)
        impulse = newImpulse - p.tangentImpulse
        p.tangentImpulse = newImpulse
        apply(t * impulse, p)
    }

    /// The point's approach speed when it is an impact: approaching faster than `threshold` and
    /// closing its gap within the substep `h`. Only a gap that closes within the substep: one
    /// still open at its end is no impact yet (the speculative rows let it close exactly that
    /// far), and bouncing it a slop early sent a ball dropped from 2 pt with e = 0.5 to 0.89 pt
    /// instead of 0.5. Nor a point already deeper than `deepest` (WorldSettings.maxSoftOverlap,
    /// the deepest a soft contact lets an approach go): surfaces do not meet there, they were
    /// pressed or placed into each other, and the soft contact's push-out is what separates
    /// them. Bounced, the push-out of a pile of overlapping bodies came back as impacts against
    /// every neighbour, sweep after sweep.
    @inline(__always)
    func approach(_ p: ContactConstraintPoint, threshold: Double, h: Double, deepest: Double) -> Double? {
        let sep = separation(p)
        let vn = relativeVelocity(p).dot(n)
        return Self.arrives(separation: sep, velocity: vn, threshold: threshold, h: h, deepest: deepest) ? vn : nil
    }

    /// Whether a point at `separation` with normal velocity `velocity` is an impact: faster an
    /// approach than `threshold`, meeting within `h`, not deeper than `deepest` (`approach`).
    @inline(__always)
    static func arrives(separation sep: Double, velocity vn: Double, threshold: Double, h: Double, deepest: Double) -> Bool {
        vn < -threshold && sep + vn * h < 0 && sep > -deepest
    }

    /// When the point's gap closes at the approach `vn` (negative): t* = gap / |vn|, zero for a
    /// point touching or overlapping. The gap is the one the bodies' shifts so far leave
    /// (`owed`): a body an earlier impulse set moving at t₁ owes −Δv·t₁, and a touching
    /// neighbour's gap then closes at t₁, not at once, so a struck row passes the impulse on at
    /// the moment it arrives (the cradle's middle balls stay where they hang). At most `h`, the
    /// drift's end: the pass strikes a point whose own gap closes within the drift, but what an
    /// earlier bounce of the pass owes can put the contact beyond it (the body, sent back from one
    /// wall, does not reach the other in this drift), and struck at that later t* the shift
    /// mirrored a meeting the drift never holds, v·(t* − h) beyond the other wall.
    @inline(__always)
    func contactTime(_ p: ContactConstraintPoint, approach vn: Double, owed: ImpactShifts?, within h: Double) -> Double {
        var gap = separation(p)
        if let owed {
            let a = owed.shifts[ia], b = owed.shifts[ib]
            gap += ((b.dp + cross(b.turn, p.rB)) - (a.dp + cross(a.turn, p.rA))).dot(n)
        }
        return min(max(gap, 0) / -vn, h)
    }

    /// An impact impulse `j` along the normal at the point, struck `t` into the next drift: the
    /// velocities change at once, and each body owes that drift −Δv·t and −Δω·t.
    @inline(__always)
    mutating func impulse(_ p: inout ContactConstraintPoint, _ j: Double, at t: Double = 0) {
        let P = n * j
        apply(P, p)
        p.maxNormalImpulse = max(p.maxNormalImpulse, j)
        if t > 0 {
            shiftA += P * (mA * t); turnA += iA * p.rA.cross(P) * t
            shiftB -= P * (mB * t); turnB -= iB * p.rB.cross(P) * t
        }
    }

    /// The shifts the impulses left, added to the bodies' (ImpactShift.swift).
    @inline(__always)
    func storeShifts(_ shifts: ImpactShifts) {
        if shiftA != .zero || turnA != 0 { shifts.add(ia, dp: shiftA, turn: turnA) }
        if shiftB != .zero || turnB != 0 { shifts.add(ib, dp: shiftB, turn: turnB) }
    }
}
