// SpringShadow: the part of the energy velocity Verlet keeps that a spring's kink changes, so
// that the crossing's settling (SpringWork.swift) keeps that energy and not a nearby one.
//
// Away from the kink, kick–drift–kick keeps, to O(h⁴), not E = T + V but
//     H̃ = E + h²/12 · q̇ᵀ·V″·q̇ − h²/24 · ∇Vᵀ·M⁻¹·∇V,
// q̇ the velocities at the positions' instant and ∇V the forces on the bodies. E swings about H̃
// with the motion; H̃ stays put. The settling of a crossing substep made the trapezoid work of
// the spring equal to the fall of its potential, which keeps E − h²/8 · ∇Vᵀ·M⁻¹·∇V across that
// substep: where the pull flips, that is not H̃, and H̃ stepped by
//     Δ(h²/12 · (q̇ᵀ·V″·q̇ + ∇Vᵀ·M⁻¹·∇V))
// at each crossing, up or down, a random walk of the swing's energy. A box held by an
// attachment spring against a spring field 440 pt away, swung through the attachment's anchor
// 18 times in 10 s, gained 1.75 % of its scene's scale so; the step that crossed at 3.25 pt
// from the anchor stepped H̃ by 1.115 % of the scale where the formula above predicts 1.114 %
// (0.81 % from the spring's curvature near the kink, 0.29 % from its flipped pull against the
// field's: docs/dynamics.md, "Springs crossing their anchor against other forces").
//
// So each spring reads, at the end of each half kick, the h² terms its own pull contributes to:
// its curvature along the anchors' motion (as AuditVerlet reads it, with the turn at the drift's
// rate atan(ω·h)/h), and 2·F·F_s − |F_s|² per body over the mass (F_s its pull, F every
// position-dependent force on the body, which is what the half kick gave: Δv over the kick's
// length). The settling of a crossing then also takes the change of these terms over the
// substep. The constant loads (gravity, pushes) are left out of F: against a spring's pull k·L
// their share is h²·g·k·L/6, below 10⁻⁴ of any scene's scale at the substeps' rate.
import Geometry

/// A spring's two bodies' velocities when a half kick of the position forces begins.
struct SpringKickStart {
    var vA: Vector = .zero
    var wA: Double = 0
    var vB: Vector = .zero
    var wB: Double = 0

    @inline(__always)
    init(_ j: Joint, _ s: UnsafeMutablePointer<BodyState>) {
        vA = s[Int(j.bodyA)].v; wA = s[Int(j.bodyA)].w
        vB = s[Int(j.bodyB)].v; wB = s[Int(j.bodyB)].w
    }

    init() {}
}

extension SpringWork {
    /// The spring's h² terms (see the top) at the end of a half kick of length `tau` that began
    /// at `start`: read with the velocities of the start (an opening kick, whose positions' instant
    /// is before it) or of now (a closing one).
    static func shadow(_ j: Joint, _ s: UnsafeMutablePointer<BodyState>, h: Double, tau: Double,
                       from start: SpringKickStart, closing: Bool) -> Double {
        let ia = Int(j.bodyA), ib = Int(j.bodyB)
        let inverseMassSum = j.mA + j.mB
        let rA = s[ia].dq.rotate(j.rA), rB = s[ib].dq.rotate(j.rB)
        let d = (s[ib].dp - s[ia].dp) + j.deltaCenter + rB - rA
        let r = d.length
        guard inverseMassSum > 0, r > 1e-12, tau > 0 else { return 0 }
        let axis = d / r
        let crA = rA.cross(axis), crB = rB.cross(axis)
        let K = inverseMassSum + j.iA * crA * crA + j.iB * crB * crB
        let k = min(SpringForce.stiffness(omega: 2 * Double.pi * j.hertz, h: h) / inverseMassSum,
                    0.81 * 4 / (h * h * K))
        let stretch = r - j.length
        let pull = axis * (-k * stretch)
        let vA = closing ? s[ia].v : start.vA, vB = closing ? s[ib].v : start.vB
        let wA = closing ? s[ia].w : start.wA, wB = closing ? s[ib].w : start.wB
        let turnA = j.iA > 0 ? atan(h * wA) / h : 0, turnB = j.iB > 0 ? atan(h * wB) / h : 0
        let dd = (vB + cross(turnB, rB)) - (vA + cross(turnA, rA))
        let ddd = rA * (turnA * turnA) - rB * (turnB * turnB)
        let rate = d.dot(dd) / r
        var g = k * (rate * rate + stretch * ((dd.lengthSquared + d.dot(ddd)) / r - rate * rate / r))
        if j.mB > 0 { g += 2 * (s[ib].v - start.vB).dot(pull) / tau - pull.lengthSquared * j.mB }
        if j.mA > 0 { g -= 2 * (s[ia].v - start.vA).dot(pull) / tau + pull.lengthSquared * j.mA }
        if j.iB > 0 {
            let t = rB.cross(pull)
            g += 2 * (s[ib].w - start.wB) * t / tau - t * t * j.iB
        }
        if j.iA > 0 {
            let t = -rA.cross(pull)
            g += 2 * (s[ia].w - start.wA) * t / tau - t * t * j.iA
        }
        return h * h / 12 * g
    }
}

extension SolverContext {
    /// Before a half kick of the position forces: each spring's bodies' velocities.
    @inline(__always) func noteSpringKickStart() {
        for k in 0..<springWork.count {
            springWork[k].kickStart = SpringKickStart(joints[Int(springWork[k].joint)], states)
        }
    }

    /// After it: each spring's h² terms, as the opening or the closing one of the substep.
    @inline(__always) func noteSpringKickEnd(tau: Double, closing: Bool) {
        for k in 0..<springWork.count {
            let w = springWork[k]
            let g = SpringWork.shadow(joints[Int(w.joint)], states, h: solver.h, tau: tau, from: w.kickStart,
                                      closing: closing)
            if closing { springWork[k].closingShadow = g } else { springWork[k].openingShadow = g }
        }
    }
}
