// AuditVerlet: the energy velocity Verlet keeps, which is what the audit compares.
//
// The springs and the spring field are kicked by velocity Verlet (SpringForce.swift,
// SubstepField.swift): half a kick, a drift, half a kick. That scheme conserves no exact energy
// E = T + V; it conserves a nearby one (its modified Hamiltonian, from the Baker–Campbell–Hausdorff
// expansion of the kick–drift–kick splitting),
//     H̃ = T + V + h²/12 · q̇ᵀ·V″·q̇ − h²/24 · ∇Vᵀ·M⁻¹·∇V + O(h⁴),
// with q̇ the bodies' velocities (linear and turning) at the positions' instant, V″ the
// potential's second derivative, ∇V its gradient (the forces and torques) and M the masses and
// moments of inertia. E itself wobbles around H̃ by the two h² terms, in phase with the swing: for
// an undamped spring of stiffness k on a mass m, E reads m·h²/8·|a|² more at the turning points
// (a = k·x/m the acceleration there) than where the spring passes its rest length. That wobble is
// no energy gained: the scheme gives it back within the swing. But it grows with the square of the
// force, and a spring field pulling an item 500 pt from its center (ω = 2π·1.5 Hz, 46,000 pt/s²)
// against an attachment holds tens of times the scene's scale: its wobble alone is more than 1 %
// of the scale at the turning points (audit seeds 42743, 55558, 55599, 86875, 91118). So the audit
// counts H̃ to second order: E plus the two terms, each term read at the moment of the energy.
//
// The forces in ∇V are all that act on a body between the kicks: the springs', the spring
// field's and the constant loads (gravity, continuous pushes, linear gravity fields). The constant
// loads are kicked whole at the start of a substep rather than half at each end, but shifting the
// velocity by their half kick (the `lag` of AuditLedger.swift) makes that step the same
// kick–drift–kick, so they enter ∇V as forces of a linear potential (V″ = 0). The attachment
// spring's stiffness is the one its kick uses, including the stability cap on a far lever arm
// (SpringForce.swift), so the potential the ledger counts is that of the force the engine applies.
//
// The turning part of T is the one the engine's drift has. A substep turns a body by
// atan(ω·h), not ω·h (Rotation.integrated: the rotation plus h·ω times its quarter turn,
// normalized, as Box2D does). That drift is the exact flow, over h, of a kinetic energy
// T̃(L) with ∂T̃/∂L = atan(ω·h)/h (L = I·ω), so kick–drift–kick keeps T̃ + V, not ½·I·ω² + V:
//     T̃ = (I/h²)·(x·atan x − ½·ln(1 + x²)),  x = ω·h,  = ½·I·ω² − I·h²·ω⁴/12 + O(h⁴).
// ½·I·ω² reads I·h²·ω⁴/12 more than the scheme keeps: 2.6 % of the turning energy at 95 rad/s,
// where a thin item on an attachment's lever arm, swung by a spring field, spins up within a
// step (seed 91118: 2 % of the scene's scale in the step it spun from 35 to 95 rad/s). The
// ledger counts T̃, and q̇ in the h² terms turns at the drift's rate atan(ω·h)/h. T̃ grows
// without bound with ω (linearly, far past 1/h), so a body spun up from nowhere still shows.
import Geometry

extension AuditLedger {
    /// An attachment spring at this moment: its two anchors' lever arms, the separation d from A's
    /// anchor to B's (or the world anchor), and the stiffness its kick uses.
    struct SpringPose {
        var armA: Vector
        var armB: Vector
        var d: Vector
        var k: Double
    }

    func pose(_ spring: EnergyAudit.Scene.Spring) -> SpringPose {
        let a = point(spring.item, spring.offset)
        let armA = a - byID[spring.item]!.center
        var armB = Vector.zero, b = spring.anchor
        if let to = spring.to {
            b = point(to, spring.toOffset)
            armB = b - byID[to]!.center
        }
        let d = b - a, length = d.length
        let mA = mass[spring.item]!, mB = spring.to.map { mass[$0]! } ?? .infinity
        let inverseMassSum = 1 / mA + 1 / mB
        let free = stiffness(2 * Double.pi * spring.hertz, orRate: 0) / inverseMassSum
        guard length > 1e-12 else { return SpringPose(armA: armA, armB: armB, d: d, k: free) }
        let axis = d / length
        func turning(_ id: String?, _ arm: Vector) -> Double {
            guard let id, let i = inertia[id], i > 0 else { return 0 }
            let c = arm.cross(axis)
            return c * c / i
        }
        let K = inverseMassSum + turning(spring.item, armA) + turning(spring.to, armB)
        return SpringPose(armA: armA, armB: armB, d: d, k: min(free, 0.81 * 4 / (h * h * K)))
    }

    /// The two h² terms of H̃ (see the top): h²/12·q̇ᵀ·V″·q̇ − h²/24·∇Vᵀ·M⁻¹·∇V.
    func verletTerms() -> Double {
        var force: [String: Vector] = [:], torque: [String: Double] = [:]
        var curvature = 0.0
        for item in items {
            let m = mass[item.id]!
            force[item.id] = (load[item.id] ?? .zero) * m
        }
        for field in scene.fields where field.kind == "spring" {
            let k = stiffness(field.strength > 0 ? 2 * Double.pi * field.strength.squareRoot() : 0, orRate: field.strength)
            for id in field.items {
                let m = mass[id]!, u = velocity(id)
                force[id, default: .zero] -= (byID[id]!.center - field.position) * (m * k)
                curvature += m * k * u.lengthSquared
            }
        }
        for spring in scene.springs {
            let s = pose(spring)
            let r = s.d.length
            guard r > 1e-12 else { continue }
            let stretch = r - spring.rest
            let (vA, aA) = motion(spring.item, s.armA)
            let (vB, aB) = spring.to.map { motion($0, s.armB) } ?? (.zero, .zero)
            let dd = vB - vA, ddd = aB - aA
            let rate = s.d.dot(dd) / r
            let acceleration = (dd.lengthSquared + s.d.dot(ddd)) / r - rate * rate / r
            curvature += s.k * (rate * rate + stretch * acceleration)
            let pull = s.d * (s.k * stretch / r)
            force[spring.item, default: .zero] += pull
            torque[spring.item, default: 0] += s.armA.cross(pull)
            if let to = spring.to {
                force[to, default: .zero] -= pull
                torque[to, default: 0] -= s.armB.cross(pull)
            }
        }
        var gradient = 0.0
        for item in items {
            gradient += (force[item.id] ?? .zero).lengthSquared / mass[item.id]!
            if let i = inertia[item.id], i > 0, let t = torque[item.id] { gradient += t * t / i }
        }
        return h * h / 12 * curvature - h * h / 24 * gradient
    }

    /// The turning part of the energy the engine's drift keeps, less the ½·I·ω² the animator
    /// counts (see the top): Σ (I/h²)·(x·atan x − ½·ln(1 + x²)) − ½·I·ω², x = ω·h.
    func turningTerms() -> Double {
        var sum = 0.0
        for item in items {
            guard let i = inertia[item.id], i > 0 else { continue }
            let x = h * animator.angularVelocity(for: item)
            if abs(x) < 1e-3 {
                sum -= i * x * x * x * x / (12 * h * h)
            } else {
                sum += i / (h * h) * (x * atan(x) - 0.5 * log1p(x * x) - 0.5 * x * x)
            }
        }
        return sum
    }

    /// An item's velocity at the positions' instant (with its constant loads' half kick).
    private func velocity(_ id: String) -> Vector {
        animator.linearVelocity(for: byID[id]!) + readLag(id)
    }

    /// The velocity of the point `arm` from an item's center, and its acceleration when the
    /// item keeps its velocities (the turn's centripetal part).
    private func motion(_ id: String, _ arm: Vector) -> (Vector, Vector) {
        // The rate the drift turns the item at (see the top), not ω itself.
        let w = (inertia[id] ?? 0) > 0 ? atan(h * animator.angularVelocity(for: byID[id]!)) / h : 0
        return (velocity(id) + Vector(-arm.y, arm.x) * w, arm * (-w * w))
    }
}
