// JointSolver: prepare, warm start and solve for every joint kind. See Joint.swift for the model.
import Geometry

enum JointSolver {
    /// The angle of b relative to a.
    @inline(__always) static func relativeAngle(_ b: Rotation, _ a: Rotation) -> Double {
        b.relative(to: a).angle
    }

    static func prepare(_ j: inout Joint, _ bodies: UnsafeMutablePointer<Body>, _ set: SolverSettings) {
        let a = bodies[Int(j.bodyA)], b = bodies[Int(j.bodyB)]
        j.mA = a.invMass; j.iA = a.invInertia; j.mB = b.invMass; j.iB = b.invInertia
        j.rA = a.rotation.rotate(j.localAnchorA)
        j.rB = b.rotation.rotate(j.localAnchorB)
        j.deltaCenter = b.position - a.position
        j.turnsFast = max(abs(a.angularVelocity), abs(b.angularVelocity)) * set.h > JointSoftness.fastTurn
        j.deltaAngle = Angle.normalized(relativeAngle(b.rotation, a.rotation) - j.referenceAngle)
        j.forgetAngle()
        // Only a mouse joint turns its body toward a target angle.
        if j.kind == .mouse { j.angleB = b.rotation.angle }
        j.axisA = a.rotation.rotate(j.localAxisA)
        switch j.kind {
        case .distance:
            let d = j.deltaCenter + j.rB - j.rA
            let axis = d.normalized
            let crA = j.rA.cross(axis), crB = j.rB.cross(axis)
            let k = j.mA + j.mB + j.iA * crA * crA + j.iB * crB * crB
            j.axialMass = k > 0 ? 1 / k : 0
            j.springSoftness = Softness(hertz: j.hertz, dampingRatio: j.dampingRatio, h: set.h)
            // A spring's force is no accumulated impulse: nothing to warm start.
            if SpringForce.isSpring(j) { j.impulse = 0 }
        case .revolute, .weld, .prismatic:
            let k = j.iA + j.iB
            j.axialMass = k > 0 ? 1 / k : 0
        case .mouse:
            j.springSoftness = Softness(hertz: j.hertz, dampingRatio: j.dampingRatio, h: set.h)
            j.angularSoftness = Softness(hertz: j.angularHertz, dampingRatio: j.dampingRatio, h: set.h)
        }
    }

    static func warmStart(_ j: inout Joint, _ s: UnsafeMutablePointer<BodyState>) {
        let ia = Int(j.bodyA), ib = Int(j.bodyB)
        let rA = s[ia].dq.rotate(j.rA), rB = s[ib].dq.rotate(j.rB)
        var P = j.linearImpulse
        var angular = j.angularImpulse + j.motorImpulse
        switch j.kind {
        case .distance:
            let d = (s[ib].dp - s[ia].dp) + j.deltaCenter + rB - rA
            P = d.normalized * (j.impulse + j.lowerImpulse - j.upperImpulse)
            angular = 0
        case .revolute:
            angular += j.lowerImpulse - j.upperImpulse
        case .prismatic:
            // The axial and perpendicular impulses act at B's anchor, so their torque on A has
            // the lever arm d + rA, as in the solve; rA alone would turn A by the wrong amount.
            let d = (s[ib].dp - s[ia].dp) + j.deltaCenter + rB - rA
            let axis = s[ia].dq.rotate(j.axisA), perp = axis.perpendicular
            let axial = j.lowerImpulse - j.upperImpulse
            P = axis * axial + perp * j.impulse
            let lA = axial * (d + rA).cross(axis) + j.impulse * (d + rA).cross(perp) + j.angularImpulse
            let lB = axial * rB.cross(axis) + j.impulse * rB.cross(perp) + j.angularImpulse
            s[ia].v -= P * j.mA; s[ia].w -= j.iA * lA
            s[ib].v += P * j.mB; s[ib].w += j.iB * lB
            return
        case .weld, .mouse:
            break
        }
        s[ia].v -= P * j.mA
        s[ia].w -= j.iA * (rA.cross(P) + angular)
        s[ib].v += P * j.mB
        s[ib].w += j.iB * (rB.cross(P) + angular)
    }

    static func solve(_ j: inout Joint, _ s: UnsafeMutablePointer<BodyState>, _ set: SolverSettings,
                      jointSoftness: Softness, useBias: Bool) {
        switch j.kind {
        case .distance: solveDistance(&j, s, set, jointSoftness, useBias)
        case .revolute:
            solveRevoluteLimits(&j, s, set, jointSoftness, useBias)
            solvePoint(&j, s, jointSoftness, useBias)
        case .weld: solveWeld(&j, s, set, jointSoftness, useBias)
        case .prismatic:
            solvePrismaticLimits(&j, s, set, jointSoftness, useBias)
            solvePrismaticBlock(&j, s, jointSoftness, useBias)
        case .mouse: solveMouse(&j, s, set)
        }
    }

    /// Whether a `JointGroup` can hold the joint's rows: every kind but the mouse joint, whose
    /// force cap bounds the length of a vector rather than each row.
    static func isGroupable(_ j: Joint) -> Bool { j.kind != .mouse }

    @inline(__always)
    private static func apply(_ s: UnsafeMutablePointer<BodyState>, _ j: Joint, _ rA: Vector, _ rB: Vector, _ P: Vector) {
        let ia = Int(j.bodyA), ib = Int(j.bodyB)
        s[ia].v -= P * j.mA; s[ia].w -= j.iA * rA.cross(P)
        s[ib].v += P * j.mB; s[ib].w += j.iB * rB.cross(P)
    }

    /// Bias, mass scale and impulse scale for a rigid constraint with position error C.
    @inline(__always)
    static func rigidTerms(_ C: Double, _ soft: Softness, _ useBias: Bool) -> (Double, Double, Double) {
        useBias ? (soft.biasRate * C, soft.massScale, soft.impulseScale) : (0, 1, 0)
    }

    /// `rigidTerms` for a rod's row along its length, its bias no faster than `cap`
    /// (SolverSettings.maxJointBiasVelocity).
    @inline(__always)
    static func rigidTerms(_ C: Double, _ soft: Softness, _ useBias: Bool, cap: Double) -> (Double, Double, Double) {
        useBias ? (min(max(soft.biasRate * C, -cap), cap), soft.massScale, soft.impulseScale) : (0, 1, 0)
    }

    /// Bias, mass scale and impulse scale for a one-sided limit with position error C (≥ 0 allowed).
    @inline(__always)
    static func limitTerms(_ C: Double, _ set: SolverSettings, _ soft: Softness, _ useBias: Bool) -> (Double, Double, Double) {
        if C > 0 { return (C * set.invH, 1, 0) }
        return useBias ? (soft.biasRate * C, soft.massScale, soft.impulseScale) : (0, 1, 0)
    }

    private static func solveDistance(_ j: inout Joint, _ s: UnsafeMutablePointer<BodyState>, _ set: SolverSettings,
                                      _ soft: Softness, _ useBias: Bool) {
        let ia = Int(j.bodyA), ib = Int(j.bodyB)
        let rA = s[ia].dq.rotate(j.rA), rB = s[ib].dq.rotate(j.rB)
        let d = (s[ib].dp - s[ia].dp) + j.deltaCenter + rB - rA
        let length = d.length
        let axis = length > 1e-12 ? d / length : Vector(1, 0)
        @inline(__always) func cdot() -> Double {
            let vr = (s[ib].v + cross(s[ib].w, rB)) - (s[ia].v + cross(s[ia].w, rA))
            return axis.dot(vr)
        }
        // The effective mass along the axis as it is now: with a lever arm long against the body
        // (a rod fixed far off a small item), the body turns a lot within a step and the mass
        // computed when the step began would overshoot each substep's impulse, growing without
        // bound.
        let crA = rA.cross(axis), crB = rB.cross(axis)
        let k = j.mA + j.mB + j.iA * crA * crA + j.iB * crB * crB
        j.axialMass = k > 0 ? 1 / k : 0
        if j.minLength < j.maxLength {
            // A spring (hertz > 0) is a force, applied before the constraints (SpringForce.swift);
            // only its limits are rows.
            // Lower limit: length ≥ minLength.
            if j.minLength > 0 {
                let (bias, ms, isc) = limitTerms(length - j.minLength, set, soft, useBias)
                var imp = -ms * j.axialMass * (cdot() + bias) - isc * j.lowerImpulse
                let newImp = max(0, j.lowerImpulse + imp)
                imp = newImp - j.lowerImpulse
                j.lowerImpulse = newImp
                apply(s, j, rA, rB, axis * imp)
            }
            // Upper limit: length ≤ maxLength.
            if j.maxLength < .infinity {
                let (bias, ms, isc) = limitTerms(j.maxLength - length, set, soft, useBias)
                var imp = -ms * j.axialMass * (-cdot() + bias) - isc * j.upperImpulse
                let newImp = max(0, j.upperImpulse + imp)
                imp = newImp - j.upperImpulse
                j.upperImpulse = newImp
                apply(s, j, rA, rB, axis * -imp)
            }
        } else {
            // A rigid rod.
            let (bias, ms, isc) = rigidTerms(length - j.length, soft, useBias, cap: set.maxJointBiasVelocity)
            let imp = -ms * j.axialMass * (cdot() + bias) - isc * j.impulse
            j.impulse += imp
            apply(s, j, rA, rB, axis * imp)
        }
    }

    /// The 2×2 point constraint shared by revolute and weld: anchors coincide.
    @inline(__always)
    private static func solvePoint(_ j: inout Joint, _ s: UnsafeMutablePointer<BodyState>, _ soft: Softness, _ useBias: Bool) {
        let ia = Int(j.bodyA), ib = Int(j.bodyB)
        let rA = s[ia].dq.rotate(j.rA), rB = s[ib].dq.rotate(j.rB)
        let cdot = (s[ib].v + cross(s[ib].w, rB)) - (s[ia].v + cross(s[ia].w, rA))
        var bias = Vector.zero, ms = 1.0, isc = 0.0
        if useBias {
            let sep = (s[ib].dp - s[ia].dp) + (rB - rA) + j.deltaCenter
            bias = sep * soft.biasRate
            ms = soft.massScale; isc = soft.impulseScale
        }
        let mA = j.mA, mB = j.mB, iA = j.iA, iB = j.iB
        let k11 = mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB
        let k12 = -rA.y * rA.x * iA - rB.y * rB.x * iB
        let k22 = mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB
        var det = k11 * k22 - k12 * k12
        if det != 0 { det = 1 / det }
        let bx = cdot.x + bias.x, by = cdot.y + bias.y
        let sx = det * (k22 * bx - k12 * by), sy = det * (k11 * by - k12 * bx)
        let imp = Vector(-ms * sx - isc * j.linearImpulse.x, -ms * sy - isc * j.linearImpulse.y)
        j.linearImpulse += imp
        apply(s, j, rA, rB, imp)
    }

    /// A pin's friction torque and angle limits (its point is `solvePoint`).
    private static func solveRevoluteLimits(_ j: inout Joint, _ s: UnsafeMutablePointer<BodyState>, _ set: SolverSettings,
                                            _ soft: Softness, _ useBias: Bool) {
        let ia = Int(j.bodyA), ib = Int(j.bodyB)
        if j.maxMotorTorque > 0 {
            // A motor driving the relative angular velocity toward motorSpeed with limited
            // torque; at speed 0 it is friction torque.
            let cd = s[ib].w - s[ia].w - j.motorSpeed
            var imp = -j.axialMass * cd
            let old = j.motorImpulse, maxImp = set.h * j.maxMotorTorque
            j.motorImpulse = min(max(old + imp, -maxImp), maxImp)
            imp = j.motorImpulse - old
            s[ia].w -= j.iA * imp; s[ib].w += j.iB * imp
        }
        if j.enableLimit {
            let angle = j.angle(s)
            do {
                let (bias, ms, isc) = limitTerms(angle - j.lower, set, soft, useBias)
                var imp = -j.axialMass * ms * (s[ib].w - s[ia].w + bias) - isc * j.lowerImpulse
                let n = max(j.lowerImpulse + imp, 0); imp = n - j.lowerImpulse; j.lowerImpulse = n
                s[ia].w -= j.iA * imp; s[ib].w += j.iB * imp
            }
            do {
                let (bias, ms, isc) = limitTerms(j.upper - angle, set, soft, useBias)
                var imp = -j.axialMass * ms * (s[ia].w - s[ib].w + bias) - isc * j.upperImpulse
                let n = max(j.upperImpulse + imp, 0); imp = n - j.upperImpulse; j.upperImpulse = n
                s[ia].w += j.iA * imp; s[ib].w -= j.iB * imp
            }
        }
    }

    /// A weld: anchors coincide and the relative angle holds, solved as one 3×3 block (point and
    /// angle together). Solved one after the other, the angle's impulse moves the anchors by its
    /// lever arm and the point's impulse turns the bodies back, and when the items are far apart
    /// (a lever arm of hundreds of points on a small item) each undoes the other with growing
    /// impulses until the values overflow; the block solves both at once.
    private static func solveWeld(_ j: inout Joint, _ s: UnsafeMutablePointer<BodyState>, _ set: SolverSettings,
                                  _ soft: Softness, _ useBias: Bool) {
        let ia = Int(j.bodyA), ib = Int(j.bodyB)
        let rA = s[ia].dq.rotate(j.rA), rB = s[ib].dq.rotate(j.rB)
        let cdot = (s[ib].v + cross(s[ib].w, rB)) - (s[ia].v + cross(s[ia].w, rA))
        let wdot = s[ib].w - s[ia].w
        var bias = Vector.zero, angleBias = 0.0, ms = 1.0, isc = 0.0
        if useBias {
            let sep = (s[ib].dp - s[ia].dp) + (rB - rA) + j.deltaCenter
            bias = sep * soft.biasRate
            angleBias = (j.angle(s)) * soft.biasRate
            ms = soft.massScale; isc = soft.impulseScale
        }
        let mA = j.mA, mB = j.mB, iA = j.iA, iB = j.iB
        let k11 = mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB
        let k12 = -rA.y * rA.x * iA - rB.y * rB.x * iB
        let k13 = -rA.y * iA - rB.y * iB
        let k22 = mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB
        let k23 = rA.x * iA + rB.x * iB
        let k33 = iA + iB
        let b = (cdot.x + bias.x, cdot.y + bias.y, wdot + angleBias)
        // Cramer's rule on the symmetric 3×3 system K·x = b.
        let c11 = k22 * k33 - k23 * k23, c12 = k13 * k23 - k12 * k33, c13 = k12 * k23 - k13 * k22
        var det = k11 * c11 + k12 * c12 + k13 * c13
        var x = (0.0, 0.0, 0.0)
        if det != 0 {
            det = 1 / det
            let c22 = k11 * k33 - k13 * k13, c23 = k12 * k13 - k11 * k23, c33 = k11 * k22 - k12 * k12
            x = (det * (c11 * b.0 + c12 * b.1 + c13 * b.2),
                 det * (c12 * b.0 + c22 * b.1 + c23 * b.2),
                 det * (c13 * b.0 + c23 * b.1 + c33 * b.2))
        } else if k33 > 0 {
            // No translation to fix (both bodies static in position): the angle alone.
            x = (0, 0, b.2 / k33)
        } else {
            // Neither body turns (k13 = k23 = k33 = 0, so the 3×3 determinant is 0): the two
            // linear rows alone, or the weld would hold nothing and its items drift apart.
            let d2 = k11 * k22 - k12 * k12
            if d2 != 0 { x = ((k22 * b.0 - k12 * b.1) / d2, (k11 * b.1 - k12 * b.0) / d2, 0) }
        }
        let linear = Vector(-ms * x.0 - isc * j.linearImpulse.x, -ms * x.1 - isc * j.linearImpulse.y)
        let angular = -ms * x.2 - isc * j.angularImpulse
        j.linearImpulse += linear
        j.angularImpulse += angular
        apply(s, j, rA, rB, linear)
        s[ia].w -= iA * angular; s[ib].w += iB * angular
    }

    /// A slider's translation limits along its axis (its perpendicular and angle rows are
    /// `solvePrismaticBlock`).
    private static func solvePrismaticLimits(_ j: inout Joint, _ s: UnsafeMutablePointer<BodyState>, _ set: SolverSettings,
                                             _ soft: Softness, _ useBias: Bool) {
        guard j.enableLimit else { return }
        let ia = Int(j.bodyA), ib = Int(j.bodyB)
        let mA = j.mA, mB = j.mB, iA = j.iA, iB = j.iB
        let rA = s[ia].dq.rotate(j.rA), rB = s[ib].dq.rotate(j.rB)
        let d = (s[ib].dp - s[ia].dp) + j.deltaCenter + rB - rA
        let axis = s[ia].dq.rotate(j.axisA)
        let translation = axis.dot(d)
        let a1 = (d + rA).cross(axis), a2 = rB.cross(axis)
        let k = mA + mB + iA * a1 * a1 + iB * a2 * a2
        let mass = k > 0 ? 1 / k : 0
        @inline(__always) func cdot() -> Double {
            axis.dot(s[ib].v - s[ia].v) + a2 * s[ib].w - a1 * s[ia].w
        }
        do {
            let (bias, ms, isc) = limitTerms(translation - j.lower, set, soft, useBias)
            var imp = -mass * ms * (cdot() + bias) - isc * j.lowerImpulse
            let n = max(j.lowerImpulse + imp, 0); imp = n - j.lowerImpulse; j.lowerImpulse = n
            s[ia].v -= axis * (imp * mA); s[ia].w -= iA * imp * a1
            s[ib].v += axis * (imp * mB); s[ib].w += iB * imp * a2
        }
        do {
            let (bias, ms, isc) = limitTerms(j.upper - translation, set, soft, useBias)
            var imp = -mass * ms * (-cdot() + bias) - isc * j.upperImpulse
            let n = max(j.upperImpulse + imp, 0); imp = n - j.upperImpulse; j.upperImpulse = n
            s[ia].v += axis * (imp * mA); s[ia].w += iA * imp * a1
            s[ib].v -= axis * (imp * mB); s[ib].w -= iB * imp * a2
        }
    }

    /// A slider: B's anchor stays on A's axis and the bodies keep their relative angle. The
    /// perpendicular row and the angle row are solved together, as one 2×2 block. Solved one
    /// after the other they undo each other: with the anchor far from a small item, the
    /// perpendicular impulse mostly turns the item (its lever arm is long against the item's
    /// size), the angle row turns it back and moves the anchor off the axis again, and the pair
    /// converges so slowly that each substep ends with most of the error left, which the position
    /// bias then feeds back as energy.
    private static func solvePrismaticBlock(_ j: inout Joint, _ s: UnsafeMutablePointer<BodyState>, _ soft: Softness, _ useBias: Bool) {
        let ia = Int(j.bodyA), ib = Int(j.bodyB)
        let mA = j.mA, mB = j.mB, iA = j.iA, iB = j.iB
        let rA = s[ia].dq.rotate(j.rA), rB = s[ib].dq.rotate(j.rB)
        let d = (s[ib].dp - s[ia].dp) + j.deltaCenter + rB - rA
        let axis = s[ia].dq.rotate(j.axisA)
        // Perpendicular and angle, as one block.
        let perp = axis.perpendicular
        let s1 = (d + rA).cross(perp), s2 = rB.cross(perp)
        let cdot = (perp.dot(s[ib].v - s[ia].v) + s2 * s[ib].w - s1 * s[ia].w, s[ib].w - s[ia].w)
        var bias = (0.0, 0.0), ms = 1.0, isc = 0.0
        if useBias {
            let angle = j.angle(s)
            bias = (soft.biasRate * perp.dot(d), soft.biasRate * angle)
            ms = soft.massScale; isc = soft.impulseScale
        }
        let k11 = mA + mB + iA * s1 * s1 + iB * s2 * s2
        let k12 = iA * s1 + iB * s2
        // Neither body turns (both have fixed rotation): the angle row is empty, and a unit
        // entry keeps the block solvable without moving anything.
        let k22 = iA + iB > 0 ? iA + iB : 1
        var det = k11 * k22 - k12 * k12
        if det != 0 { det = 1 / det }
        let b1 = cdot.0 + bias.0, b2 = cdot.1 + bias.1
        let x1 = det * (k22 * b1 - k12 * b2), x2 = det * (k11 * b2 - k12 * b1)
        let perpImpulse = -ms * x1 - isc * j.impulse
        let angleImpulse = -ms * x2 - isc * j.angularImpulse
        j.impulse += perpImpulse
        j.angularImpulse += angleImpulse
        s[ia].v -= perp * (perpImpulse * mA); s[ia].w -= iA * (perpImpulse * s1 + angleImpulse)
        s[ib].v += perp * (perpImpulse * mB); s[ib].w += iB * (perpImpulse * s2 + angleImpulse)
    }

    private static func solveMouse(_ j: inout Joint, _ s: UnsafeMutablePointer<BodyState>, _ set: SolverSettings) {
        let ib = Int(j.bodyB)
        let iB = j.iB, mB = j.mB
        if j.angularHertz > 0 && iB > 0 {
            let angle = j.angleB + s[ib].dq.angle
            let C = Angle.normalized(angle - j.targetAngle)
            let soft = j.angularSoftness
            let imp = -soft.massScale / iB * (s[ib].w + soft.biasRate * C) - soft.impulseScale * j.angularImpulse
            j.angularImpulse += imp
            s[ib].w += iB * imp
        }
        let rB = s[ib].dq.rotate(j.rB)
        let C = (j.deltaCenter + s[ib].dp + rB) - j.target
        let soft = j.springSoftness
        let cdot = s[ib].v + cross(s[ib].w, rB)
        let bias = C * soft.biasRate
        let k11 = mB + iB * rB.y * rB.y, k12 = -iB * rB.x * rB.y, k22 = mB + iB * rB.x * rB.x
        var det = k11 * k22 - k12 * k12
        if det != 0 { det = 1 / det }
        let bx = cdot.x + bias.x, by = cdot.y + bias.y
        let sx = det * (k22 * bx - k12 * by), sy = det * (k11 * by - k12 * bx)
        var imp = Vector(-soft.massScale * sx - soft.impulseScale * j.linearImpulse.x,
                         -soft.massScale * sy - soft.impulseScale * j.linearImpulse.y)
        let old = j.linearImpulse
        var total = old + imp
        let maxImp = j.maxForce * set.h
        if total.lengthSquared > maxImp * maxImp { total = total.normalized * maxImp }
        imp = total - old
        j.linearImpulse = total
        s[ib].v += imp * mB
        s[ib].w += iB * rB.cross(imp)
    }
}
