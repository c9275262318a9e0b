// JointRow: one row of a joint group's system (JointGroups.swift): the row's Jacobian on its two
// bodies, their inverse masses, the velocity it steers by, its softness and bounds, and the
// accumulated impulse it adds to. A joint brings one to five rows (a pin's point two, its motor
// and limits three more), a contact one per point; rows are rebuilt at every pass from the
// bodies' current turn, so a row is a plain value with no history of its own.
import Geometry

/// One row of a group: J·v = linA·vA + angA·ωA + linB·vB + angB·ωB.
struct JointRow {
    /// The joint's index, or for a contact point's row the contact constraint's (in the overflow).
    var owner: Int32
    /// Which of the joint's (or the contact's) accumulated impulses the row adds to.
    var slot: Slot
    var bodyA: Int32, bodyB: Int32
    var mA: Double, iA: Double, mB: Double, iB: Double
    var linA: Vector, angA: Double
    var linB: Vector, angB: Double
    /// The velocity the row steers by (bias rate times position error, or C/h for a limit not
    /// yet reached).
    var bias: Double
    /// impulseScale / massScale of the row's softness: 0 for a rigid row. The row's Γ is this
    /// times its diagonal K, or, for a spring (`isSpring`), this times the bodies' inverse
    /// masses alone (see JointSolver's spring).
    var compliance: Double
    var isSpring = false
    /// Bounds on the accumulated impulse.
    var lower: Double, upper: Double

    enum Slot: UInt8 { case impulse, linearX, linearY, angular, lower, upper, motor, contactPoint1, contactPoint2 }
}

extension JointRow {
    /// A joint's row pulling B along `dir` at its anchor and A the other way, with the lever
    /// arms `angA`, `angB` and the (bias, mass scale, impulse scale) `terms` of its softness.
    @inline(__always)
    static func joint(_ id: Int32, _ j: Joint, _ slot: Slot, _ dir: Vector, _ angA: Double, _ angB: Double,
                      _ terms: (Double, Double, Double), lower: Double = -.infinity, upper: Double = .infinity) -> JointRow {
        let (bias, ms, isc) = terms
        return JointRow(owner: id, slot: slot, bodyA: j.bodyA, bodyB: j.bodyB, mA: j.mA, iA: j.iA, mB: j.mB, iB: j.iB,
                        linA: -dir, angA: angA, linB: dir, angB: angB, bias: bias,
                        compliance: ms > 0 ? isc / ms : 0, lower: lower, upper: upper)
    }

    /// K = J·M⁻¹·Jᵀ between two rows: they meet where they share a body.
    @inline(__always)
    static func coupling(_ p: JointRow, _ q: JointRow) -> Double {
        var sum = 0.0
        if p.bodyA == q.bodyA { sum += p.mA * p.linA.dot(q.linA) + p.iA * p.angA * q.angA }
        if p.bodyA == q.bodyB { sum += p.mA * p.linA.dot(q.linB) + p.iA * p.angA * q.angB }
        if p.bodyB == q.bodyA { sum += p.mB * p.linB.dot(q.linA) + p.iB * p.angB * q.angA }
        if p.bodyB == q.bodyB { sum += p.mB * p.linB.dot(q.linB) + p.iB * p.angB * q.angB }
        return sum
    }
}
