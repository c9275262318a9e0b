// SpringForce: an attachment spring (a distance joint with a frequency and room between its
// lengths) as a force, not as a soft constraint.
//
// Box2D v3 solves a spring as a soft constraint: an implicit Euler step of a mass-spring-damper,
// applied in the solve pass and again in the relax pass. Implicit Euler takes energy out at every
// step in proportion to ω·h, so an undamped spring lost 15 %, 28 % and 48 % of its swing per cycle
// at 1, 2 and 4 Hz: damping 0 did not mean undamped. Here the spring is what a spring is, a force
// of the stretch, integrated by velocity Verlet (kick–drift–kick) in each substep: half a kick
// before the substep's constraints and half a kick after its positions, before its impacts and
// relax pass, each from the positions of that moment (Stepper.step, SolverContext.applyForces).
// Velocity Verlet conserves a nearby energy exactly, so an undamped
// spring swings for ever; and with the stiffness k̃ = m·(2·sin(ωh/2)/h)² in place of m·ω² its
// discrete period is exactly 1/f (cos(ω̃h) = 1 − k̃h²/(2m) solved for ω̃ = ω).
//
// m is the reduced mass 1/(1/mA + 1/mB), the same whatever the pose: a stiffness that changed
// with the lever arms would have no potential and pump energy in. Damping is a separate exact
// factor: over a kick of length τ the stretch rate decays by exp(−2ζωτ), applied as an impulse
// of at most the one that would stop the stretch, so it only ever takes energy out. The split
// keeps the decay per cycle at exp(−2πζ/√(1−ζ²)).
//
// A pin's angular spring (a revolute joint with `angularHertz`, Box2D v3's revolute spring) is
// the same force about the pin: a torque −k·(θ − θ₀) on the relative angle, with k the reduced
// inertia 1/(1/I_A + 1/I_B) times the same (2·sin(ωh/2)/h)², kicked beside the distance springs,
// so its discrete period is 1/f and an undamped one keeps its swing; its damping is the same
// exact factor on the relative angular velocity. About a pin there is no lever arm, so the
// reduced inertia is also the effective one and the kick is stable for every ωh below the cap.
//
// One guard: an explicit kick is stable only while the spring's frequency against the effective
// mass along the axis (which counts the lever arms, 1/K) stays below 2/h. A spring hung far off
// a small item can exceed it; there the stiffness is capped at 0.9² of the limit, which bends
// the frequency of a motion the substeps could not resolve anyway, and never the energy.
import Geometry

/// What a spring's kicks share over a step: its stiffness per unit of reduced mass (or inertia)
/// for the substep, and the share of the relative speed its damping takes in a kick of `tau`
/// (the springs' quarter-substep kicks). Both are fixed for the step, and computed once in it
/// rather than at each of its sixteen kicks: the same expressions, so the same values.
struct SpringConstants {
    var stiffness: Double
    var tau: Double
    var decay: Double

    init(_ j: Joint, h: Double, tau: Double) {
        let revolute = j.kind == .revolute
        let omega = 2 * Double.pi * (revolute ? j.angularHertz : j.hertz)
        let dampingRatio = revolute ? j.angularDampingRatio : j.dampingRatio
        stiffness = SpringForce.stiffness(omega: omega, h: h)
        self.tau = tau
        decay = dampingRatio > 0 ? 1 - exp(-2 * dampingRatio * omega * tau) : 0
    }

    /// The decay for a kick of `tau`: the stored one for the step's kicks.
    @inline(__always) func decay(_ omega: Double, _ dampingRatio: Double, tau: Double) -> Double {
        tau == self.tau ? decay : 1 - exp(-2 * dampingRatio * omega * tau)
    }
}

enum SpringForce {
    /// Whether the solver treats the joint as a spring force (and not its rows as a rod's).
    @inline(__always) static func isSpring(_ j: Joint) -> Bool {
        j.kind == .distance && j.hertz > 0 && j.minLength < j.maxLength
    }

    /// Whether the joint is a pin with an angular spring (kicked by `kickAngular`).
    @inline(__always) static func isAngularSpring(_ j: Joint) -> Bool {
        j.kind == .revolute && j.angularHertz > 0
    }

    /// The spring's stiffness per unit of reduced mass for substep h: (2·sin(ωh/2)/h)², with ωh
    /// held below 0.9·π so the factor keeps growing with ω.
    @inline(__always) static func stiffness(omega: Double, h: Double) -> Double {
        let half = min(omega * h, 0.9 * Double.pi) / 2
        let s = 2 * sin(half) / h
        return s * s
    }

    /// One kick of length tau (half or whole substep h) on the joint's bodies.
    static func kick(_ j: Joint, _ constants: SpringConstants, _ s: UnsafeMutablePointer<BodyState>, h: Double, tau: Double) {
        let ia = Int(j.bodyA), ib = Int(j.bodyB)
        let inverseMassSum = j.mA + j.mB
        guard inverseMassSum > 0 else { return }
        let rA = s[ia].dq.rotate(j.rA), rB = s[ib].dq.rotate(j.rB)
        let d = (s[ib].dp - s[ia].dp) + j.deltaCenter + rB - rA
        let length = d.length
        guard length > 1e-12 else { return }
        let axis = d / length
        let crA = rA.cross(axis), crB = rB.cross(axis)
        let K = inverseMassSum + j.iA * crA * crA + j.iB * crB * crB
        let m = 1 / inverseMassSum
        let omega = 2 * Double.pi * j.hertz
        // Stiffness (force per point of stretch), capped where an explicit kick would diverge.
        let k = min(m * constants.stiffness, 0.81 * 4 / (h * h * K))
        var impulse = -tau * k * (length - j.length)
        if j.dampingRatio > 0 {
            let vr = (s[ib].v + cross(s[ib].w, rB)) - (s[ia].v + cross(s[ia].w, rA))
            let decay = constants.decay(omega, j.dampingRatio, tau: tau)
            impulse -= min(m, 1 / K) * decay * axis.dot(vr)
        }
        let P = axis * impulse
        s[ia].v -= P * j.mA; s[ia].w -= j.iA * rA.cross(P)
        s[ib].v += P * j.mB; s[ib].w += j.iB * rB.cross(P)
    }

    /// One kick of a pin's angular spring: torque toward the relative angle `targetAngle`
    /// (counted from the joint's reference angle), and the exact decay of the relative turn.
    static func kickAngular(_ j: inout Joint, _ constants: SpringConstants, _ s: UnsafeMutablePointer<BodyState>,
                            h: Double, tau: Double) {
        let ia = Int(j.bodyA), ib = Int(j.bodyB)
        let inverseSum = j.iA + j.iB
        guard inverseSum > 0 else { return }
        let inertia = 1 / inverseSum
        let omega = 2 * Double.pi * j.angularHertz
        let angle = j.angle(s)
        var impulse = -tau * inertia * constants.stiffness * (angle - j.targetAngle)
        if j.angularDampingRatio > 0 {
            let decay = constants.decay(omega, j.angularDampingRatio, tau: tau)
            impulse -= inertia * decay * (s[ib].w - s[ia].w)
        }
        s[ia].w -= j.iA * impulse
        s[ib].w += j.iB * impulse
    }
}
