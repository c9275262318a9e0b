// ContactSolver: contact constraints for the soft-step solver, and the impact pass.
//
// Each step a contact's manifold becomes a constraint with fixed lever arms. In every substep the
// solver (1) resolves impacts, (2) warm starts, (3) solves with a soft position bias, and after
// the positions move, (4) relaxes without bias so the push-out adds no energy (Box2D v3).
//
// Impacts are where every peer engine gets Newton's cradle wrong: they solve all contacts of a
// touching chain at once as inelastic and bounce only the pair that approached at the start of
// the step, which yields the "block" answer. Here, before the soft solve of each substep, every
// elastic contact point that is approaching faster than the restitution threshold and will close
// its gap within the substep receives the pairwise impulse j = -(1 + e)·vn / K computed from the
// bodies' *current* velocities; sweeps repeat until nothing is approaching. Each such impulse is
// an exact two-body collision, so momentum and energy (for e = 1) are conserved and the impact
// travels down a chain of touching balls one swap at a time, as in the real cradle. A face
// contact with two approaching points is solved as a 2×2 block so a flat landing does not start
// a spin. Inelastic contacts (e = 0) skip this pass: for them the simultaneous answer is the
// right one.
import Geometry

struct ContactConstraintPoint: Sendable {
    var rA: Vector = .zero
    var rB: Vector = .zero
    var adjustedSeparation: Double = 0
    var normalMass: Double = 0
    var tangentMass: Double = 0
    var normalImpulse: Double = 0
    var tangentImpulse: Double = 0
    var maxNormalImpulse: Double = 0
    /// The point's separation and normal velocity where the substep began, for an impact after
    /// its drift (ImpactArrival.swift); read only under cone potentials.
    var startSeparation: Double = 0
    var startVelocity: Double = 0
}

struct ContactConstraint: Sendable {
    var contact: Int32 = 0
    var bodyA: Int32 = 0
    var bodyB: Int32 = 0
    var normal: Vector = .zero
    var friction: Double = 0
    var restitution: Double = 0
    /// Approach speed above which an elastic point counts as an impact (ContactSolver.impact).
    var impactThreshold: Double = 0
    /// Whether an impact is struck at its moment of contact (ImpactShift.swift): only when no
    /// load or field acts on either body along the normal (`SolverSettings.loadAlong`).
    var strikesAtContact = false
    var mA: Double = 0, iA: Double = 0, mB: Double = 0, iB: Double = 0
    /// The shapes' rounding radii (Manifold.radiusA, radiusB), for the separation (`rolling`).
    var radiusA: Double = 0, radiusB: Double = 0
    /// The body whose face the normal turns with within the step (Manifold.frame).
    var frame: NormalFrame = .fixed
    var softness = Softness.rigid
    /// Whether the biased pass solves friction too: a body of the pair is under a field, whose
    /// kicks come in halves at the substep's two ends (see `solve`).
    var frictionWhenBiased = false
    /// Collided again at each substep (SubstepManifolds.swift): its points may then be other
    /// features than the manifold's, and their impulses go back to it by feature id.
    var recollided = false
    var count: Int = 0
    /// The points' feature ids (ManifoldPoint.id).
    var id1: UInt32 = 0, id2: UInt32 = 0
    var p1 = ContactConstraintPoint()
    var p2 = ContactConstraintPoint()
}

struct SolverSettings: Sendable {
    var h: Double
    var invH: Double
    var contactSoftness: Softness
    var staticSoftness: Softness
    var maxBiasVelocity: Double
    /// WorldSettings.maxSoftOverlap.
    var maxSoftOverlap: Double
    var restitutionThreshold: Double
    var linearSlop: Double
    /// WorldSettings.jointPushMaxVelocity.
    var maxJointBiasVelocity: Double = .infinity
}

extension SolverSettings {
    /// The approach speed below which an elastic contact is resting rather than struck: what the
    /// applied accelerations (gravity, pushes, fields) of the two bodies along the normal add in
    /// two substeps, plus a small floor. A body at rest on a floor approaches it at g·h at the
    /// start of each substep, and bouncing that (even at e = 1 it only jitters by g·h², under a
    /// hundredth of a point) would keep it awake; any real impact (a drop from 2 pt lands at
    /// 63 pt/s, against 8 pt/s for 2·g·h) is faster. Across the normal of a hanging cradle
    /// gravity has no component, so the cradle bounces at any lift.
    ///
    /// An impact below that speed divided by the elasticity e is no impact either: its rebound,
    /// e times the approach, would be slower than a resting contact's approach, a bounce the next
    /// substep could not tell from resting, and the soft contact stops such an approach as it
    /// stops any other (losing at most that rebound). For e = 1 nothing changes (a cradle bounces
    /// at any lift); for the e = 0.1 of a stirred pile it is what stops a sweep: each bounce there
    /// sent most of the approach on to the next neighbour, and the pass chased ever slower
    /// approaches through the pile down to 2 pt/s, up to `maxImpactSweeps` times per call.
    /// Not where either body is under a field: there a resting contact's approach grows with the
    /// field (400 pt/s at 10⁵ pt/s²), divided by e it took real impacts away from the impact
    /// pass, and the soft stop under a field gained energy (audit seeds 46035 and 49564).
    @inline(__always) func impactThreshold(_ a: Body, _ b: Body, normal n: Vector, restitution e: Double) -> Double {
        let resting = restitutionThreshold + 2 * h * loadAlong(a, b, normal: n)
        let underField = a.fieldAcceleration != .zero || b.fieldAcceleration != .zero
        return e > 0 && e < 1 && !underField ? resting / e : resting
    }

    /// What the applied accelerations (gravity, pushes, fields) of the two bodies add along the
    /// normal, |a_A·n| + |a_B·n|.
    @inline(__always) func loadAlong(_ a: Body, _ b: Body, normal n: Vector) -> Double {
        let aA = a.invMass > 0 ? a.force * a.invMass + a.acceleration : .zero
        let aB = b.invMass > 0 ? b.force * b.invMass + b.acceleration : .zero
        return abs(aA.dot(n)) + abs(aB.dot(n))
    }

    /// Contacts against a body that cannot move are stiffer (Box2D v3's static softness).
    @inline(__always) func softness(mA: Double, mB: Double) -> Softness {
        (mA == 0 || mB == 0) ? staticSoftness : contactSoftness
    }
}

enum ContactSolver {
    /// What both the scalar and the wide solver prepare for a contact point: the inverse
    /// effective masses along the normal and the tangent t = (ny, −nx), and the separation less
    /// the anchors' gap along the normal (the substeps add back the anchors as the bodies moved).
    /// Also returns the lever arms rn = r × n and rt = r × t the wide solver keeps.
    @inline(__always)
    static func pointTerms(rA: Vector, rB: Vector, normal n: Vector, separation: Double,
                           mA: Double, iA: Double, mB: Double, iB: Double)
        -> (kN: Double, kT: Double, adjustedSeparation: Double, rnA: Double, rnB: Double, rtA: Double, rtB: Double) {
        let t = Vector(n.y, -n.x)
        let rnA = rA.cross(n), rnB = rB.cross(n), rtA = rA.cross(t), rtB = rB.cross(t)
        return (mA + mB + iA * rnA * rnA + iB * rnB * rnB,
                mA + mB + iA * rtA * rtA + iB * rtB * rtB,
                separation - (rB - rA).dot(n), rnA, rnB, rtA, rtB)
    }

    /// The masses come from `solverBodies`, as the wide solver's do: the step may have raised a
    /// body's inertia there for every constraint on it (TensionInertia.swift).
    static func prepare(_ c: inout ContactConstraint, manifold m: Manifold, bodies: UnsafeMutablePointer<Body>,
                        solverBodies: UnsafePointer<SolverBody>, settings: SolverSettings) {
        let a = bodies[Int(c.bodyA)], b = bodies[Int(c.bodyB)]
        let sa = solverBodies[Int(c.bodyA)], sb = solverBodies[Int(c.bodyB)]
        c.mA = sa.invMass; c.iA = sa.invInertia; c.mB = sb.invMass; c.iB = sb.invInertia
        c.softness = settings.softness(mA: c.mA, mB: c.mB)
        c.impactThreshold = settings.impactThreshold(a, b, normal: m.normal, restitution: c.restitution)
        c.strikesAtContact = settings.loadAlong(a, b, normal: m.normal) == 0
            && a.fieldAcceleration == .zero && b.fieldAcceleration == .zero
        c.frictionWhenBiased = a.fieldAcceleration != .zero || b.fieldAcceleration != .zero
        preparePoints(&c, manifold: m)
    }

    /// The constraint's geometry from manifold `m` (its normal, frame and points, with their
    /// impulses), at the masses `c` already holds.
    static func preparePoints(_ c: inout ContactConstraint, manifold m: Manifold) {
        c.normal = m.normal
        c.count = m.count
        c.radiusA = Double(m.radiusA); c.radiusB = Double(m.radiusB); c.frame = m.frame
        c.id1 = m.p1.id; c.id2 = m.p2.id
        let (mA, iA, mB, iB) = (c.mA, c.iA, c.mB, c.iB)
        func point(_ mp: ManifoldPoint) -> ContactConstraintPoint {
            var p = ContactConstraintPoint()
            p.rA = mp.anchorA; p.rB = mp.anchorB
            p.normalImpulse = mp.normalImpulse
            p.tangentImpulse = mp.tangentImpulse
            let terms = pointTerms(rA: p.rA, rB: p.rB, normal: m.normal, separation: mp.separation,
                                   mA: mA, iA: iA, mB: mB, iB: iB)
            p.adjustedSeparation = terms.adjustedSeparation
            p.normalMass = terms.kN > 0 ? 1 / terms.kN : 0
            p.tangentMass = terms.kT > 0 ? 1 / terms.kT : 0
            return p
        }
        c.p1 = point(m.p1)
        if m.count > 1 { c.p2 = point(m.p2) }
    }

    @inline(__always)
    static func warmStart(_ c: inout ContactConstraint, _ s: UnsafeMutablePointer<BodyState>) {
        let n = c.normal, t = Vector(n.y, -n.x)
        var vA = s[Int(c.bodyA)].v, wA = s[Int(c.bodyA)].w
        var vB = s[Int(c.bodyB)].v, wB = s[Int(c.bodyB)].w
        for k in 0..<c.count {
            let p = k == 0 ? c.p1 : c.p2
            let P = n * p.normalImpulse + t * p.tangentImpulse
            wA -= c.iA * p.rA.cross(P); vA -= P * c.mA
            wB += c.iB * p.rB.cross(P); vB += P * c.mB
        }
        s[Int(c.bodyA)].v = vA; s[Int(c.bodyA)].w = wA
        s[Int(c.bodyB)].v = vB; s[Int(c.bodyB)].w = wB
    }

    @inline(__always)
    /// One pass over the contact: its normal rows (unless a joint group solves them, `normals`
    /// false), then its friction when relaxing.
    static func solve(_ c: inout ContactConstraint, _ s: UnsafeMutablePointer<BodyState>,
                      _ set: SolverSettings, useBias: Bool, normals: Bool = true) {
        var pass = ContactPass(c, s)
        if normals {
            // The relax pass, and a biased pass whose two points are both still apart (a face
            // arriving): the rigid block with each point's gap per substep as its bias. One point
            // after the other, the first took the whole stop and turned the body, and the second
            // point's corner went on into the wall (speculativeBlock).
            if c.count == 2 && (!useBias || speculativeBlock(c, pass)) {
                blockRelax(&c, &pass.vA, &pass.wA, &pass.vB, &pass.wB, pass.dpA, pass.dqA, pass.dpB, pass.dqB, set)
            }
            if useBias && c.count == 2
                && blockSoft(&c, &pass.vA, &pass.wA, &pass.vB, &pass.wB, pass.dpA, pass.dqA, pass.dpB, pass.dqB, set) {
                // Both rows solved together.
            } else {
                pass.normalRow(&c.p1, c.softness, set, useBias: useBias)
                if c.count > 1 { pass.normalRow(&c.p2, c.softness, set, useBias: useBias) }
            }
        }
        // Friction is relaxed only: in the biased pass the warm start's tangent impulse, the last
        // substep's, stands for it. That holds a constant load, which arrives whole before the
        // warm start. A field kicks half before it and half after the move, so the warm start
        // held against both halves with one there: the other half's impulse, up to a·h/2 along
        // the wall, moved the body against the field over the substep (a light charged box
        // pressed at 452,000 pt/s² crept 5.5 pt a step up the field, audit seed 27441). Under a
        // field the biased pass solves friction as well, as Box2D v3's does everywhere, but not
        // at a point deeper than maxSoftOverlap: its normal impulse there is the push-out's, not
        // a load's, and friction bounded by it gripped the surfaces while the soft row pushed
        // them apart, moving the bodies where the relax pass could not take it back (audit
        // seeds 2360, 52744, 54674; docs/dynamics.md, "Friction under fields").
        // Under a field, too, a point still apart (speculative) holds no friction: in a corner
        // each wall's friction runs along the other wall's normal, and stopping the approach
        // there held a box pressed at 10⁵ pt/s² apart from both walls, turned, and ratcheted it
        // out of the corner against the field (docs/dynamics.md, "Friction in corners").
        if c.friction > 0 && (!useBias || c.frictionWhenBiased) {
            let touching = c.frictionWhenBiased
            if !useBias || pass.separation(c.p1) > -set.maxSoftOverlap {
                pass.frictionRow(&c.p1, friction: c.friction, touchingOnly: touching)
            }
            if c.count > 1 && (!useBias || pass.separation(c.p2) > -set.maxSoftOverlap) {
                pass.frictionRow(&c.p2, friction: c.friction, touchingOnly: touching)
            }
        }
        pass.store(s)
    }

    /// Resolves approaching elastic contacts of one constraint with pairwise impulses from the
    /// current velocities, each struck at its moment of contact: what that moves the bodies in
    /// the next drift goes to `shifts` (ImpactShift.swift). Returns true when it applied an impulse.
    /// `moment` says where in the substep the pass runs (ImpactArrival.swift).
    @inline(__always)
    static func impact(_ c: inout ContactConstraint, _ s: UnsafeMutablePointer<BodyState>, _ set: SolverSettings,
                       shifts: ImpactShifts? = nil, moment: ImpactMoment = .afterKick) -> Bool {
        // Under a load along the normal the body would gain or lose, between the contact and
        // the pass, the load's speed that the shift does not give it (ImpactShift.swift).
        let shifts = c.strikesAtContact ? shifts : nil
        if moment != .substepStart && !mayArrive(c, s, moment: moment) { return false }
        var pass = ContactPass(c, s)
        defer { if moment == .substepStart { pass.noteStart(&c) } }
        let a1 = pass.arrival(c.p1, threshold: c.impactThreshold, set, moment: moment)
        let a2 = c.count > 1 ? pass.arrival(c.p2, threshold: c.impactThreshold, set, moment: moment) : nil
        if a1 == nil && a2 == nil { return false }
        var solvedAsBlock = false
        if let a1, let a2 { solvedAsBlock = blockImpact(&c, &pass, a1, a2, shifts, within: set.h) }
        if !solvedAsBlock {
            // One point at a time, the fastest approach first; a second sweep sees the rest.
            let e = c.restitution
            if (a2?.approach ?? 0) < (a1?.approach ?? 0) {
                let t = pass.contactTime(c.p2, approach: a2!.velocity, owed: shifts, within: set.h)
                pass.impulse(&c.p2, a2!.change(e) * c.p2.normalMass, at: t)
            } else {
                let t = pass.contactTime(c.p1, approach: a1!.velocity, owed: shifts, within: set.h)
                pass.impulse(&c.p1, a1!.change(e) * c.p1.normalMass, at: t)
            }
        }
        pass.store(s)
        if let shifts { pass.storeShifts(shifts) }
        return true
    }

    /// Whether a point of the constraint could be an impact (`ContactPass.arrival`), from the
    /// bodies' velocities alone: an arrival needs the point's normal velocity below −threshold,
    /// or, after the drift, below zero at a point apart where the substep began. Most elastic
    /// constraints of a pile are neither at most of their looks, and this answers them without
    /// turning the normal or measuring the separation (the same expression as the full test,
    /// so the same answer).
    @inline(__always)
    static func mayArrive(_ c: ContactConstraint, _ s: UnsafeMutablePointer<BodyState>, moment: ImpactMoment) -> Bool {
        let a = Int(c.bodyA), b = Int(c.bodyB)
        let vA = s[a].v, wA = s[a].w, vB = s[b].v, wB = s[b].w
        @inline(__always) func may(_ p: ContactConstraintPoint) -> Bool {
            let vn = ContactPass.relativeVelocity(vA: vA, wA: wA, vB: vB, wB: wB, rA: p.rA, rB: p.rB).dot(c.normal)
            return vn < -c.impactThreshold || (moment == .substepEnd && p.startSeparation > 0 && vn < 0)
        }
        return may(c.p1) || (c.count > 1 && may(c.p2))
    }

    /// Both points of a face contact approach: solves K·j = b for both at once, b the change of
    /// each point's normal velocity (−(1+e)·vn for a plain impact, ImpactArrival.change).
    /// Returns false, applying nothing, when the rows are nearly parallel or a point would need
    /// to pull.
    @inline(__always)
    static func blockImpact(_ c: inout ContactConstraint, _ pass: inout ContactPass, _ a1: ImpactArrival,
                            _ a2: ImpactArrival, _ shifts: ImpactShifts?, within h: Double) -> Bool {
        let n = c.normal, e = c.restitution
        let mA = c.mA, iA = c.iA, mB = c.mB, iB = c.iB
        let rn1A = c.p1.rA.cross(n), rn1B = c.p1.rB.cross(n)
        let rn2A = c.p2.rA.cross(n), rn2B = c.p2.rB.cross(n)
        let k11 = mA + mB + iA * rn1A * rn1A + iB * rn1B * rn1B
        let k22 = mA + mB + iA * rn2A * rn2A + iB * rn2B * rn2B
        let k12 = mA + mB + iA * rn1A * rn2A + iB * rn1B * rn2B
        let det = k11 * k22 - k12 * k12
        guard det > 1e-12 * k11 * k22 else { return false }
        let b1 = a1.change(e), b2 = a2.change(e)
        let j1 = (k22 * b1 - k12 * b2) / det
        let j2 = (k11 * b2 - k12 * b1) / det
        guard j1 >= 0 && j2 >= 0 else { return false }
        // One moment for both, the earlier point's: the block's impulses are solved as meeting at
        // once (no turn for a flat face), and each at its own moment owed the drift a turn
        // iA·Σ rᵢ×Pᵢ·tᵢ with no Δω to match, which tilted the face further at each bounce.
        let t = min(pass.contactTime(c.p1, approach: a1.velocity, owed: shifts, within: h),
                    pass.contactTime(c.p2, approach: a2.velocity, owed: shifts, within: h))
        pass.impulse(&c.p1, j1, at: t)
        pass.impulse(&c.p2, j2, at: t)
        return true
    }
}
