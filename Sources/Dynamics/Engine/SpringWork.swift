// SpringWork: the work an attachment spring does over a substep, made to be exactly the fall of
// its potential, as FieldWork.swift does for the cone-shaped fields.
//
// A spring with a rest length L > 0 pulls with k·(|d| − L) along d, the line between its two
// anchors. Where |d| is much larger than the move of a substep the force turns and changes
// slowly, and velocity Verlet's kicks (SpringForce.swift) keep a nearby energy. Where the anchors
// pass close to each other the force keeps a size near k·L and flips its direction: the
// potential ½·k·(|d| − L)² has a peak with a kink at d = 0, the cone of the electric field. An
// item a spring field pulled through its attachment's anchor was kicked from both sides by the
// full pull at the kicks' ends while the energy it should gain depended on where between them
// it crossed: up to k·L·|Δd| per crossing. Ten of the energy audit's 100,000 seeds failed so
// (a spring field or a push drawing the item through the anchor; seed 73540: +1.3 % of the
// scene's scale in the step it crossed).
//
// So for each spring the solver takes the spring's work over each substep's move by the
// trapezoid rule (the forces of the kicks at its two ends, which are what the kicks gave),
// compares it after the substep's closing kick with the potential's fall over the move, and
// takes the difference out of (or gives it back to) the two items' motion relative to their
// common center of mass, by scaling it: the pair's momentum is kept. It does so only in a
// substep where the pull turned by more than 45°, which is the kink and nowhere else a spring
// goes at 4 substeps a step: elsewhere the kicks' energy is not the trapezoid's work over the
// anchors' move once the items turn (the anchors move on arcs), and settled every substep the
// difference drifted an undamped 4 Hz spring on a turning item's corner by 6 % of its energy
// in 10 s (SpringEnergyTests), where Verlet alone keeps it within 3 %. What the relative motion
// cannot give (a crossing at a turning point)
// is owed by the next substeps of the step. The damping is no part of it (it only takes energy
// out, and is left as it is), and a substep where the stiffness is capped (SpringForce's
// stability guard, which depends on the lever arms and so has no potential) is skipped.
import Geometry

/// One awake spring for one step: where its anchors were at the last closing kick, its pull
/// and its potential there, and the energy still owed.
struct SpringWork {
    /// Index into the joints.
    let joint: Int32
    var separation: Vector
    var force: Vector
    var potential: Double
    var owed: Double
    /// Whether the last state had the stiffness capped (no potential to compare with).
    var capped: Bool
    /// The bodies' velocities when the last half kick began, and the h² terms of the energy
    /// Verlet keeps after the substep's opening and closing kicks (SpringShadow.swift).
    var kickStart = SpringKickStart()
    var openingShadow = 0.0
    var closingShadow = 0.0
}

extension SpringWork {
    /// The spring's anchor separation d (B's anchor less A's), its pull on B, its potential
    /// ½·k·(|d| − L)² and whether the stability cap bound k, at the bodies' current displacements,
    /// with the stiffness the kicks use.
    @inline(__always)
    static func state(_ j: Joint, _ s: UnsafeMutablePointer<BodyState>, h: Double)
        -> (separation: Vector, force: Vector, potential: Double, capped: Bool) {
        let ia = Int(j.bodyA), ib = Int(j.bodyB)
        let rA = s[ia].dq.rotate(j.rA), rB = s[ib].dq.rotate(j.rB)
        let d = (s[ib].dp - s[ia].dp) + j.deltaCenter + rB - rA
        let length = d.length
        let inverseMassSum = j.mA + j.mB
        guard inverseMassSum > 0, length > 1e-12 else { return (d, .zero, 0, true) }
        let axis = d / length
        let crA = rA.cross(axis), crB = rB.cross(axis)
        let K = inverseMassSum + j.iA * crA * crA + j.iB * crB * crB
        let free = SpringForce.stiffness(omega: 2 * Double.pi * j.hertz, h: h) / inverseMassSum
        let k = min(free, 0.81 * 4 / (h * h * K))
        let stretch = length - j.length
        return (d, axis * (-k * stretch), 0.5 * k * stretch * stretch, k < free)
    }

    /// The state at the step's start, nothing owed.
    static func start(_ id: Int32, _ j: Joint, _ s: UnsafeMutablePointer<BodyState>, h: Double) -> SpringWork {
        let st = state(j, s, h: h)
        return SpringWork(joint: id, separation: st.separation, force: st.force, potential: st.potential, owed: 0,
                          capped: st.capped)
    }
}

extension SolverContext {
    /// After a substep's closing kick: each spring's work over the substep's move by the
    /// trapezoid rule, against its potential's fall; the difference goes to the relative motion.
    @inline(__always) func settleSpringWork() {
        for k in 0..<springWork.count {
            let w = springWork[k]
            let j = joints[Int(w.joint)]
            let now = SpringWork.state(j, states, h: solver.h)
            springWork[k] = SpringWork(joint: w.joint, separation: now.separation, force: now.force,
                                       potential: now.potential, owed: 0, capped: now.capped)
            springWork[k].openingShadow = w.openingShadow
            springWork[k].closingShadow = w.closingShadow
            // Only across the kink (the pull turned by more than 45° in the substep) or with a debt.
            let d0 = w.separation, d1 = now.separation
            let crossing = d0.dot(d1) < 0.7071 * (d0.lengthSquared * d1.lengthSquared).squareRoot()
            guard (crossing || w.owed > 0) && !w.capped && !now.capped else {
                springWork[k].owed = w.owed
                continue
            }
            let work = (w.force + now.force).dot(now.separation - w.separation) / 2
            // Across the kink, also what the h² terms of Verlet's energy changed (SpringShadow.swift).
            let shadow = crossing ? w.closingShadow - w.openingShadow : 0
            let excess = work + (now.potential - w.potential) + w.owed + shadow
            guard excess != 0, excess.isFinite else { continue }
            springWork[k].owed = SpringWork.takeRelative(excess, j, states)
        }
    }
}

extension SpringWork {
    /// Takes `excess` (gives it when negative) from the kinetic energy of the two bodies'
    /// motion relative to their center of mass, linear and turning, by scaling that motion.
    /// Returns what it could not take.
    @inline(__always)
    static func takeRelative(_ excess: Double, _ j: Joint, _ s: UnsafeMutablePointer<BodyState>) -> Double {
        let ia = Int(j.bodyA), ib = Int(j.bodyB)
        let vA = s[ia].v, vB = s[ib].v, wA = s[ia].w, wB = s[ib].w
        // The center of mass moves with the heavier side; a body that cannot be moved carries it.
        let center: Vector
        if j.mA == 0 { center = vA } else if j.mB == 0 { center = vB } else {
            center = (vA / j.mA + vB / j.mB) / (1 / j.mA + 1 / j.mB)
        }
        var kinetic = 0.0
        if j.mA > 0 { kinetic += 0.5 * (vA - center).lengthSquared / j.mA }
        if j.mB > 0 { kinetic += 0.5 * (vB - center).lengthSquared / j.mB }
        if j.iA > 0 { kinetic += 0.5 * wA * wA / j.iA }
        if j.iB > 0 { kinetic += 0.5 * wB * wB / j.iB }
        guard kinetic > 0 else { return max(excess, 0) }
        let f = (max(0, kinetic - excess) / kinetic).squareRoot()
        if j.mA > 0 { s[ia].v = center + (vA - center) * f }
        if j.mB > 0 { s[ib].v = center + (vB - center) * f }
        if j.iA > 0 { s[ia].w = wA * f }
        if j.iB > 0 { s[ib].w = wB * f }
        return max(excess - kinetic, 0)
    }
}
