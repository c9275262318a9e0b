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
}

struct ContactConstraint: Sendable {
    var contact: Int32 = 0
    var bodyA: Int32 = 0
    var bodyB: Int32 = 0
    var normal: Vector = .zero
    var friction: Double = 0
    var restitution: Double = 0
    var mA: Double = 0, iA: Double = 0, mB: Double = 0, iB: Double = 0
    var softness = Softness.rigid
    var count: Int = 0
    var p1 = ContactConstraintPoint()
    var p2 = ContactConstraintPoint()
}

struct SolverSettings: Sendable {
    var h: Double
    var invH: Double
    var contactSoftness: Softness
    var staticSoftness: Softness
    var maxBiasVelocity: Double
    var restitutionThreshold: Double
    var linearSlop: Double
}

extension SolverSettings {
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

    static func prepare(_ c: inout ContactConstraint, manifold m: Manifold, bodies: UnsafeMutablePointer<Body>,
                        settings: SolverSettings) {
        let a = bodies[Int(c.bodyA)], b = bodies[Int(c.bodyB)]
        c.mA = a.invMass; c.iA = a.invInertia; c.mB = b.invMass; c.iB = b.invInertia
        c.softness = settings.softness(mA: c.mA, mB: c.mB)
        c.normal = m.normal
        c.count = m.count
        func point(_ mp: ManifoldPoint) -> ContactConstraintPoint {
            var p = ContactConstraintPoint()
            p.rA = mp.anchorA; p.rB = mp.anchorB
            p.normalImpulse = mp.normalImpulse
            p.tangentImpulse = mp.tangentImpulse
            let terms = pointTerms(rA: p.rA, rB: p.rB, normal: m.normal, separation: mp.separation,
                                   mA: c.mA, iA: c.iA, mB: c.mB, iB: c.iB)
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
        let ia = Int(c.bodyA), ib = Int(c.bodyB)
        var vA = s[ia].v, wA = s[ia].w, vB = s[ib].v, wB = s[ib].w
        let dpA = s[ia].dp, dqA = s[ia].dq, dpB = s[ib].dp, dqB = s[ib].dq
        let n = c.normal
        let mA = c.mA, iA = c.iA, mB = c.mB, iB = c.iB

        @inline(__always) func normalPoint(_ p: inout ContactConstraintPoint) {
            let prA = dqA.rotate(p.rA), prB = dqB.rotate(p.rB)
            let d = (dpB - dpA) + (prB - prA)
            let sep = d.dot(n) + p.adjustedSeparation
            var bias = 0.0, massScale = 1.0, impulseScale = 0.0
            if sep > 0 {
                bias = sep * set.invH
            } else if useBias {
                bias = max(c.softness.biasRate * sep, -set.maxBiasVelocity)
                massScale = c.softness.massScale
                impulseScale = c.softness.impulseScale
            }
            let dv = (vB + cross(wB, p.rB)) - (vA + cross(wA, p.rA))
            let vn = dv.dot(n)
            var impulse = -p.normalMass * massScale * (vn + bias) - impulseScale * p.normalImpulse
            let newImpulse = max(p.normalImpulse + impulse, 0)
            impulse = newImpulse - p.normalImpulse
            p.normalImpulse = newImpulse
            p.maxNormalImpulse = max(p.maxNormalImpulse, impulse)
            let P = n * impulse
            vA -= P * mA; wA -= iA * p.rA.cross(P)
            vB += P * mB; wB += iB * p.rB.cross(P)
        }
        if normals {
            normalPoint(&c.p1)
            if c.count > 1 { normalPoint(&c.p2) }
        }

        let t = Vector(n.y, -n.x)
        @inline(__always) func frictionPoint(_ p: inout ContactConstraintPoint) {
            let dv = (vB + cross(wB, p.rB)) - (vA + cross(wA, p.rA))
            let vt = dv.dot(t)
            var impulse = -p.tangentMass * vt
            let maxF = c.friction * p.normalImpulse
            let newImpulse = min(max(p.tangentImpulse + impulse, -maxF), maxF)
            impulse = newImpulse - p.tangentImpulse
            p.tangentImpulse = newImpulse
            let P = t * impulse
            vA -= P * mA; wA -= iA * p.rA.cross(P)
            vB += P * mB; wB += iB * p.rB.cross(P)
        }
        if c.friction > 0 && !useBias {
            frictionPoint(&c.p1)
            if c.count > 1 { frictionPoint(&c.p2) }
        }
        s[ia].v = vA; s[ia].w = wA
        s[ib].v = vB; s[ib].w = wB
    }

    /// Resolves approaching elastic contacts of one constraint with pairwise impulses from the
    /// current velocities. Returns true when it applied an impulse.
    @inline(__always)
    static func impact(_ c: inout ContactConstraint, _ s: UnsafeMutablePointer<BodyState>, _ set: SolverSettings) -> Bool {
        let ia = Int(c.bodyA), ib = Int(c.bodyB)
        var vA = s[ia].v, wA = s[ia].w, vB = s[ib].v, wB = s[ib].w
        let dpA = s[ia].dp, dqA = s[ia].dq, dpB = s[ib].dp, dqB = s[ib].dq
        let n = c.normal, e = c.restitution
        let mA = c.mA, iA = c.iA, mB = c.mB, iB = c.iB

        @inline(__always) func approach(_ p: ContactConstraintPoint) -> Double? {
            let prA = dqA.rotate(p.rA), prB = dqB.rotate(p.rB)
            let sep = ((dpB - dpA) + (prB - prA)).dot(n) + p.adjustedSeparation
            let vn = ((vB + cross(wB, p.rB)) - (vA + cross(wA, p.rA))).dot(n)
            if vn < -set.restitutionThreshold && sep + vn * set.h < set.linearSlop { return vn }
            return nil
        }
        let vn1 = approach(c.p1)
        let vn2 = c.count > 1 ? approach(c.p2) : nil
        if vn1 == nil && vn2 == nil { return false }

        @inline(__always) func apply(_ p: inout ContactConstraintPoint, _ j: Double) {
            let P = n * j
            vA -= P * mA; wA -= iA * p.rA.cross(P)
            vB += P * mB; wB += iB * p.rB.cross(P)
            p.maxNormalImpulse = max(p.maxNormalImpulse, j)
        }

        var solvedAsBlock = false
        if let v1 = vn1, let v2 = vn2 {
            // Both points of a face contact approach: solve K·j = -(1+e)·vn for both at once.
            let rn1A = c.p1.rA.cross(n), rn1B = c.p1.rB.cross(n)
            let rn2A = c.p2.rA.cross(n), rn2B = c.p2.rB.cross(n)
            let k11 = mA + mB + iA * rn1A * rn1A + iB * rn1B * rn1B
            let k22 = mA + mB + iA * rn2A * rn2A + iB * rn2B * rn2B
            let k12 = mA + mB + iA * rn1A * rn2A + iB * rn1B * rn2B
            let det = k11 * k22 - k12 * k12
            if det > 1e-12 * k11 * k22 {
                let b1 = -(1 + e) * v1, b2 = -(1 + e) * v2
                let j1 = (k22 * b1 - k12 * b2) / det
                let j2 = (k11 * b2 - k12 * b1) / det
                if j1 >= 0 && j2 >= 0 {
                    apply(&c.p1, j1)
                    apply(&c.p2, j2)
                    solvedAsBlock = true
                }
            }
        }
        if !solvedAsBlock {
            // One point at a time, the fastest approach first; a second sweep sees the rest.
            let first = (vn2 ?? 0) < (vn1 ?? 0)
            if first {
                apply(&c.p2, -(1 + e) * vn2! * c.p2.normalMass)
            } else {
                apply(&c.p1, -(1 + e) * vn1! * c.p1.normalMass)
            }
        }
        s[ia].v = vA; s[ia].w = wA
        s[ib].v = vB; s[ib].w = wB
        return true
    }
}
