// JointGroups+Rows: a group's rows as its bodies stand at this pass. Each joint brings the rows
// of its kind (a rod or a rope's limits along its axis; a pin's point, motor and angle limits; a
// weld's point and angle; a slider's perpendicular, angle and travel limits), each with the
// softness its solve alone would use, and each contact of the group one normal row per point
// with the contact solver's bias. Anchors are turned by each body's rotation so far in the step,
// so the rows follow the bodies between passes.
import Geometry

extension JointGroups {
    /// The group's rows as the bodies stand now (anchors turned by each body's rotation so far).
    mutating func makeRows(_ g: Int, _ joints: UnsafeMutablePointer<Joint>, _ overflow: UnsafeMutableBufferPointer<ContactConstraint>,
                           _ s: UnsafeMutablePointer<BodyState>, _ set: SolverSettings, _ soft: Softness, _ useBias: Bool) {
        rows.removeAll(keepingCapacity: true)
        for k in groupStarts[g]..<groupStarts[g + 1] {
            let id = members[k]
            Self.appendRows(id, joints[Int(id)], s, set, soft, useBias, into: &rows)
        }
        for k in contactStarts[g]..<contactStarts[g + 1] {
            let id = contactMembers[k]
            Self.appendContactRows(id, overflow[Int(id)], s, set, useBias, into: &rows)
        }
    }

    /// Joint `id`'s rows, by its kind.
    @inline(__always)
    private static func appendRows(_ id: Int32, _ j: Joint, _ s: UnsafeMutablePointer<BodyState>, _ set: SolverSettings,
                                   _ soft: Softness, _ useBias: Bool, into rows: inout [JointRow]) {
        let ia = Int(j.bodyA), ib = Int(j.bodyB)
        let rA = s[ia].dq.rotate(j.rA), rB = s[ib].dq.rotate(j.rB)
        let d = (s[ib].dp - s[ia].dp) + j.deltaCenter + rB - rA
        let angle = j.deltaAngle + JointSolver.relativeAngle(s[ib].dq, s[ia].dq)
        switch j.kind {
        case .distance:
            appendDistanceRows(id, j, rA, rB, d, set, soft, useBias, into: &rows)
        case .revolute, .weld:
            appendPointRows(id, j, rA, rB, d, angle, set, soft, useBias, into: &rows)
        case .prismatic:
            let axis = s[ia].dq.rotate(j.axisA)
            appendSliderRows(id, j, rA, rB, d, angle, axis, set, soft, useBias, into: &rows)
        case .mouse:
            break
        }
    }

    /// A rod's length, or a rope's or spring's limits (a spring itself is a force, SpringForce.swift).
    @inline(__always)
    private static func appendDistanceRows(_ id: Int32, _ j: Joint, _ rA: Vector, _ rB: Vector, _ d: Vector,
                                           _ set: SolverSettings, _ soft: Softness, _ useBias: Bool, into rows: inout [JointRow]) {
        let length = d.length
        let axis = length > 1e-12 ? d / length : Vector(1, 0)
        let crA = rA.cross(axis), crB = rB.cross(axis)
        if j.minLength < j.maxLength {
            if j.minLength > 0 {
                rows.append(.joint(id, j, .lower, axis, -crA, crB, JointSolver.limitTerms(length - j.minLength, set, soft, useBias),
                                   lower: 0))
            }
            if j.maxLength < .infinity {
                rows.append(.joint(id, j, .upper, -axis, crA, -crB, JointSolver.limitTerms(j.maxLength - length, set, soft, useBias),
                                   lower: 0))
            }
        } else {
            rows.append(.joint(id, j, .impulse, axis, -crA, crB,
                               JointSolver.rigidTerms(length - j.length, soft, useBias, cap: set.maxJointBiasVelocity)))
        }
    }

    /// A pin's motor and angle limits and its point, or a weld's point and angle.
    @inline(__always)
    private static func appendPointRows(_ id: Int32, _ j: Joint, _ rA: Vector, _ rB: Vector, _ d: Vector, _ angle: Double,
                                        _ set: SolverSettings, _ soft: Softness, _ useBias: Bool, into rows: inout [JointRow]) {
        if j.kind == .revolute {
            if j.maxMotorTorque > 0 {
                let most = set.h * j.maxMotorTorque
                // J·v − motorSpeed: the motor drives ωB − ωA toward its speed (0: friction).
                rows.append(.joint(id, j, .motor, .zero, -1, 1, (-j.motorSpeed, 1, 0), lower: -most, upper: most))
            }
            if j.enableLimit {
                rows.append(.joint(id, j, .lower, .zero, -1, 1, JointSolver.limitTerms(angle - j.lower, set, soft, useBias), lower: 0))
                rows.append(.joint(id, j, .upper, .zero, 1, -1, JointSolver.limitTerms(j.upper - angle, set, soft, useBias), lower: 0))
            }
        }
        let x = Vector(1, 0), y = Vector(0, 1)
        rows.append(.joint(id, j, .linearX, x, -rA.cross(x), rB.cross(x), JointSolver.rigidTerms(d.x, soft, useBias)))
        rows.append(.joint(id, j, .linearY, y, -rA.cross(y), rB.cross(y), JointSolver.rigidTerms(d.y, soft, useBias)))
        if j.kind == .weld {
            rows.append(.joint(id, j, .angular, .zero, -1, 1, JointSolver.rigidTerms(angle, soft, useBias)))
        }
    }

    /// A slider's travel limits, its perpendicular and its angle.
    @inline(__always)
    private static func appendSliderRows(_ id: Int32, _ j: Joint, _ rA: Vector, _ rB: Vector, _ d: Vector, _ angle: Double,
                                         _ axis: Vector, _ set: SolverSettings, _ soft: Softness, _ useBias: Bool,
                                         into rows: inout [JointRow]) {
        if j.enableLimit {
            let translation = axis.dot(d)
            let a1 = (d + rA).cross(axis), a2 = rB.cross(axis)
            rows.append(.joint(id, j, .lower, axis, -a1, a2, JointSolver.limitTerms(translation - j.lower, set, soft, useBias),
                               lower: 0))
            rows.append(.joint(id, j, .upper, -axis, a1, -a2, JointSolver.limitTerms(j.upper - translation, set, soft, useBias),
                               lower: 0))
        }
        let perp = axis.perpendicular
        rows.append(.joint(id, j, .impulse, perp, -(d + rA).cross(perp), rB.cross(perp), JointSolver.rigidTerms(perp.dot(d), soft, useBias)))
        rows.append(.joint(id, j, .angular, .zero, -1, 1, JointSolver.rigidTerms(angle, soft, useBias)))
    }

    /// Each contact point's normal row, with the contact solver's bias: a gap closes at most by
    /// its width in a substep (rigid), an overlap is pushed out softly, no faster than the
    /// push-out cap, and only in the biased pass.
    @inline(__always)
    private static func appendContactRows(_ id: Int32, _ c: ContactConstraint, _ s: UnsafeMutablePointer<BodyState>,
                                          _ set: SolverSettings, _ useBias: Bool, into rows: inout [JointRow]) {
        let ia = Int(c.bodyA), ib = Int(c.bodyB)
        let n = c.normal
        let turned = TurnedNormal(n, c.frame, radiusA: c.radiusA, radiusB: c.radiusB, dqA: s[ia].dq, dqB: s[ib].dq)
        func point(_ slot: JointRow.Slot, _ p: ContactConstraintPoint) {
            let sep = turned.separation(p, dpA: s[ia].dp, dqA: s[ia].dq, dpB: s[ib].dp, dqB: s[ib].dq)
            var bias = 0.0, ms = 1.0, isc = 0.0
            if sep > 0 {
                bias = sep * set.invH
            } else if useBias {
                bias = max(c.softness.biasRate * sep, -set.maxBiasVelocity)
                ms = c.softness.massScale; isc = c.softness.impulseScale
            }
            rows.append(JointRow(owner: id, slot: slot, bodyA: c.bodyA, bodyB: c.bodyB, mA: c.mA, iA: c.iA, mB: c.mB, iB: c.iB,
                                 linA: -n, angA: -p.rA.cross(n), linB: n, angB: p.rB.cross(n), bias: bias,
                                 compliance: ms > 0 ? isc / ms : 0, lower: 0, upper: .infinity))
        }
        point(.contactPoint1, c.p1)
        if c.count > 1 { point(.contactPoint2, c.p2) }
    }
}
