// ContactBlocks: a face contact's two normal rows solved together, as one 2×2 problem, where
// solving them one point after the other turns the body: the relax pass's rigid block (a box
// sliding into a corner climbed the wall without it), the biased pass's block for a face still
// arriving (the first point took the whole stop and sent the second corner into the wall), and
// the biased pass's soft block for a touching face, with the stop that keeps its overlap within
// maxSoftOverlap however hard the body is pushed. WideContactSolver solves the same blocks lane
// by lane.
import Geometry

extension ContactSolver {
    /// Whether the biased pass solves a face contact as the relax pass's block: both points still
    /// apart (speculative). Their rows are then rigid, with the gap per substep as the bias, the
    /// very rows of the relax pass. Solved one point after the other, a box pushed onto the floor
    /// at 500,000 pt/s² (arriving at 12,500 pt/s) stopped its first corner, which sent the second
    /// in at 1.2 times the speed, and stopping that one sent the first in again at a quarter of it
    /// (for a square K₁₂/K₁₁ = −1/5): turned by 0.014 rad, a corner 6.9 pt into the floor.
    @inline(__always)
    static func speculativeBlock(_ c: ContactConstraint, _ pass: ContactPass) -> Bool {
        pass.separation(c.p1) > 0 && pass.separation(c.p2) > 0
    }

    /// The relax pass's two normal rows of a face contact solved together (the 2×2 complementarity
    /// problem, tried case by case as in Box2D v2's block solver): both points end with
    /// vn + bias ≥ 0, impulses ≥ 0, and one of the two zero wherever its point separates.
    /// One point after the other instead leaves the second point's share as a spin, and when the
    /// body also lies on another face (a box sliding into a corner) that face's contact turns the
    /// spin into a push away from it that nothing takes back: the box climbed the wall. After
    /// this, the one-at-a-time pass that follows finds nothing left to do, up to round-off; it
    /// still handles what this leaves (an ill-conditioned pair, no case fitting).
    @inline(__always)
    static func blockRelax(_ c: inout ContactConstraint, _ vA: inout Vector, _ wA: inout Double,
                           _ vB: inout Vector, _ wB: inout Double, _ dpA: Vector, _ dqA: Rotation,
                           _ dpB: Vector, _ dqB: Rotation, _ set: SolverSettings) {
        let n = c.normal
        let turned = TurnedNormal(n, c.frame, radiusA: c.radiusA, radiusB: c.radiusB, dqA: dqA, dqB: dqB)
        let r1A = c.p1.rA, r1B = c.p1.rB, r2A = c.p2.rA, r2B = c.p2.rB
        // Nearly parallel rows (a point pair on a body that cannot turn, or points that
        // coincide): leave them to the one-at-a-time pass.
        guard let (k11, k12, k22, det) = blockMatrix(c) else { return }
        @inline(__always) func bias(_ p: ContactConstraintPoint) -> Double {
            max(turned.separation(p, dpA: dpA, dqA: dqA, dpB: dpB, dqB: dqB), 0) * set.invH
        }
        let vn1 = ((vB + cross(wB, r1B)) - (vA + cross(wA, r1A))).dot(n) + bias(c.p1)
        let vn2 = ((vB + cross(wB, r2B)) - (vA + cross(wA, r2A))).dot(n) + bias(c.p2)
        let a1 = c.p1.normalImpulse, a2 = c.p2.normalImpulse
        // With the totals x the velocities are w = K·x + b; b is w with the totals taken out.
        let b1 = vn1 - (k11 * a1 + k12 * a2), b2 = vn2 - (k12 * a1 + k22 * a2)
        var x1 = 0.0, x2 = 0.0
        let both1 = (k12 * b2 - k22 * b1) / det, both2 = (k12 * b1 - k11 * b2) / det
        if both1 >= 0 && both2 >= 0 {
            x1 = both1; x2 = both2
        } else if -b1 / k11 >= 0 && k12 * (-b1 / k11) + b2 >= 0 {
            x1 = -b1 / k11
        } else if -b2 / k22 >= 0 && k12 * (-b2 / k22) + b1 >= 0 {
            x2 = -b2 / k22
        } else if !(b1 >= 0 && b2 >= 0) {
            return
        }
        applyBlock(&c, totals: (x1, x2), changes: (x1 - a1, x2 - a2), &vA, &wA, &vB, &wB)
    }

    /// Sets a block's two normal totals and applies their changes to both bodies.
    @inline(__always)
    static func applyBlock(_ c: inout ContactConstraint, totals x: (Double, Double), changes d: (Double, Double),
                           _ vA: inout Vector, _ wA: inout Double, _ vB: inout Vector, _ wB: inout Double) {
        c.p1.normalImpulse = x.0; c.p2.normalImpulse = x.1
        c.p1.maxNormalImpulse = max(c.p1.maxNormalImpulse, d.0)
        c.p2.maxNormalImpulse = max(c.p2.maxNormalImpulse, d.1)
        let n = c.normal, P1 = n * d.0, P2 = n * d.1
        vA -= (P1 + P2) * c.mA; wA -= c.iA * (c.p1.rA.cross(P1) + c.p2.rA.cross(P2))
        vB += (P1 + P2) * c.mB; wB += c.iB * (c.p1.rB.cross(P1) + c.p2.rB.cross(P2))
    }

    /// The matrix K of a face contact's two normal rows (the velocity each row's impulse makes
    /// along each row) and its determinant; nil where the rows are nearly parallel
    /// (det ≤ 10⁻³·k₁₁·k₂₂), which the blocks leave to the one-at-a-time pass.
    @inline(__always)
    static func blockMatrix(_ c: ContactConstraint) -> (k11: Double, k12: Double, k22: Double, det: Double)? {
        let n = c.normal, mA = c.mA, iA = c.iA, mB = c.mB, iB = c.iB
        let rn1A = c.p1.rA.cross(n), rn1B = c.p1.rB.cross(n), rn2A = c.p2.rA.cross(n), rn2B = c.p2.rB.cross(n)
        let k11 = mA + mB + iA * rn1A * rn1A + iB * rn1B * rn1B
        let k22 = mA + mB + iA * rn2A * rn2A + iB * rn2B * rn2B
        let k12 = mA + mB + iA * rn1A * rn2A + iB * rn1B * rn2B
        let det = k11 * k22 - k12 * k12
        return det > 1e-3 * k11 * k22 ? (k11, k12, k22, det) : nil
    }

    /// The least extra push (δ ≥ 0 on each row) that brings both rows' stop velocities e to
    /// e + K·δ ≥ 0, with δᵢ = 0 wherever its row is not at the stop: the 2×2 complementarity
    /// problem, case by case. It only ever pushes. Taking instead, row by row, the larger of the
    /// soft impulse and K⁻¹ of the stop pulled where it should have pushed when both points lie
    /// on one side of the body's center (k₁₂ > k₂₂): the stop's exact solution then pulls at one
    /// point and pushes at the other, and keeping only the push kicked a body resting on two
    /// parts (an item group of two boxes on a ledge) up at hundreds of pt/s, every few steps, for
    /// good (docs/dynamics.md, "Bodies resting on two parts").
    @inline(__always)
    static func stopPush(_ e1: Double, _ e2: Double, k11: Double, k12: Double, k22: Double) -> (Double, Double) {
        if e1 >= 0 && e2 >= 0 { return (0, 0) }
        if e1 < 0 {
            let d1 = -e1 / k11
            if e2 + k12 * d1 >= 0 { return (d1, 0) }
        }
        if e2 < 0 {
            let d2 = -e2 / k22
            if e1 + k12 * d2 >= 0 { return (0, d2) }
        }
        let det = k11 * k22 - k12 * k12
        return (max((k12 * e2 - k22 * e1) / det, 0), max((k12 * e1 - k11 * e2) / det, 0))
    }

    /// The biased pass's two normal rows of a touching face contact solved together: the soft
    /// impulse −massScale·K⁻¹(vn + bias) − impulseScale·λ for both points at once (and, row by
    /// row, no less than what stops the overlap at maxSoftOverlap). One point after the other,
    /// under a push of millions of pt/s² the first point took the load alone, turning the box by
    /// radians within a step until it rolled through the wall. Returns false, changing nothing,
    /// when a point is speculative, the rows are nearly parallel, or a total would be negative;
    /// the one-at-a-time pass then solves the contact.
    @inline(__always)
    static func blockSoft(_ c: inout ContactConstraint, _ vA: inout Vector, _ wA: inout Double,
                          _ vB: inout Vector, _ wB: inout Double, _ dpA: Vector, _ dqA: Rotation,
                          _ dpB: Vector, _ dqB: Rotation, _ set: SolverSettings) -> Bool {
        let n = c.normal
        let turned = TurnedNormal(n, c.frame, radiusA: c.radiusA, radiusB: c.radiusB, dqA: dqA, dqB: dqB)
        let s1 = turned.separation(c.p1, dpA: dpA, dqA: dqA, dpB: dpB, dqB: dqB)
        let s2 = turned.separation(c.p2, dpA: dpA, dqA: dqA, dpB: dpB, dqB: dqB)
        guard s1 <= 0 && s2 <= 0 && c.restitution == 0 else { return false }
        let r1A = c.p1.rA, r1B = c.p1.rB, r2A = c.p2.rA, r2B = c.p2.rB
        guard let (k11, k12, k22, det) = blockMatrix(c) else { return false }
        let vn1 = ((vB + cross(wB, r1B)) - (vA + cross(wA, r1A))).dot(n)
        let vn2 = ((vB + cross(wB, r2B)) - (vA + cross(wA, r2A))).dot(n)
        let soft = c.softness
        let q1 = vn1 + max(soft.biasRate * s1, -set.maxBiasVelocity)
        let q2 = vn2 + max(soft.biasRate * s2, -set.maxBiasVelocity)
        // K⁻¹ applied to (y1, y2).
        @inline(__always) func solve(_ y1: Double, _ y2: Double) -> (Double, Double) {
            ((k22 * y1 - k12 * y2) / det, (k11 * y2 - k12 * y1) / det)
        }
        let (u1, u2) = solve(q1, q2)
        var d1 = -soft.massScale * u1 - soft.impulseScale * c.p1.normalImpulse
        var d2 = -soft.massScale * u2 - soft.impulseScale * c.p2.normalImpulse
        // The stop: each point's velocity after the impulses, y + K·d, may close its overlap no
        // deeper than maxSoftOverlap within the substep (y ≥ 0 with the overlap's room as bias).
        let y1 = vn1 + max(s1 + set.maxSoftOverlap, 0) * set.invH
        let y2 = vn2 + max(s2 + set.maxSoftOverlap, 0) * set.invH
        let (p1, p2) = stopPush(y1 + k11 * d1 + k12 * d2, y2 + k12 * d1 + k22 * d2, k11: k11, k12: k12, k22: k22)
        d1 += p1; d2 += p2
        let x1 = c.p1.normalImpulse + d1, x2 = c.p2.normalImpulse + d2
        guard x1 >= 0 && x2 >= 0 else { return false }
        applyBlock(&c, totals: (x1, x2), changes: (d1, d2), &vA, &wA, &vB, &wB)
        return true
    }
}
