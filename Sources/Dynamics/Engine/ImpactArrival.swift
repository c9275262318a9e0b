// ImpactArrival: what an impact reflects when a speculative row held the approach before it.
//
// Under a cone potential a substep resolves its impacts before its opening half kick, and an
// approach that this kick carries across the rest of the gap is held by the speculative rows of
// the biased pass: the item drifts exactly onto the wall, at the gap over the substep rather than
// at the speed the kicks gave it, and is bounced after the closing kick (docs/dynamics.md,
// "Bounces under cone potentials"). Bounced there from the velocity it has, it loses twice:
// - the drift the rows held back is not in the approach any more, though the field did its work
//   over the whole gap: under velocity Verlet, a point that starts the substep at the normal
//   velocity u₀ and drifts at w (the closing half kick k after it) has the energy of
//   v² = u₀² + 4·k·w, while the held velocity it ends with is only w + k;
// - the relax pass that follows finds the point separating, and takes the rows' impulse back,
//   pulling the rebound toward the wall by the speed they held.
// A 10×10 item let go 7 pt below the ceiling under an electric field of 10⁵ pt/s² reached it at
// 1,183 pt/s and left at 860 (the speculative rows held 195 pt/s, the rest of its arrival they
// took), and at its next arrival it was slower than a resting contact's threshold, and stayed.
//
// So the impact after a substep's drift, for a point that was apart where the substep began and
// that the drift landed on the wall (held rows end it there), reflects the larger of the approach
// it has and the one its start, its drift and its closing kick give, and adds the speed the rows
// held, which the relax pass then takes back. Where nothing held the point, w = u₀ + k and both
// are what it has: such impacts are unchanged.
import Geometry

/// Where in a substep an impact pass runs.
enum ImpactMoment: Sendable {
    /// After the opening kick (no cone potential acts in the step).
    case afterKick
    /// Before the opening kick, under a cone potential: the pass notes each point's start.
    case substepStart
    /// After the drift and the closing kick, under a cone potential.
    case substepEnd
}

/// A point's impact: its normal velocity now, the approach to reflect, and the speed the
/// speculative rows held, which the relax pass will take back.
struct ImpactArrival {
    var velocity: Double
    var approach: Double
    var held: Double = 0

    /// The change of the point's normal velocity that rebounds it at e times its approach.
    @inline(__always) func change(_ e: Double) -> Double {
        held == 0 && approach == velocity ? -(1 + e) * velocity : -e * approach + held - velocity
    }
}

extension ContactPass {
    /// The point's impact, if it is one (`approach(_:threshold:h:deepest:)`).
    @inline(__always)
    func arrival(_ p: ContactConstraintPoint, threshold: Double, _ set: SolverSettings,
                 moment: ImpactMoment) -> ImpactArrival? {
        if moment == .substepEnd && p.startSeparation > 0, let a = heldArrival(p, threshold: threshold, set) {
            return a
        }
        guard let vn = approach(p, threshold: threshold, h: set.h, deepest: set.maxSoftOverlap) else { return nil }
        return ImpactArrival(velocity: vn, approach: vn)
    }

    /// A point apart at the substep's start whose drift the speculative rows held (see the top);
    /// nil where nothing held it (the plain test then decides).
    @inline(__always)
    private func heldArrival(_ p: ContactConstraintPoint, threshold: Double, _ set: SolverSettings) -> ImpactArrival? {
        let sep = separation(p)
        let vn = relativeVelocity(p).dot(n)
        let s0 = p.startSeparation, u0 = p.startVelocity
        // Held rows land the point on the wall, up to the rounding of the positions (single
        // precision); a point the drift left apart or took in was not held, and its w differs
        // from u₀ + k only by the field's change over the drift.
        guard vn < 0 && sep < s0 && abs(sep) <= 1e-3 * set.linearSlop else { return nil }
        let w = (sep - s0) * set.invH, k = vn - w
        let held = w - (u0 + k)
        let energy = u0 * u0 + 4 * k * w
        guard held > 0 && energy > vn * vn else { return nil }
        let approach = -energy.squareRoot()
        guard approach < -threshold && sep + vn * set.h < 0 && sep > -set.maxSoftOverlap else { return nil }
        return ImpactArrival(velocity: vn, approach: approach, held: held)
    }

    /// Notes each point's separation and normal velocity where the substep begins.
    @inline(__always)
    func noteStart(_ c: inout ContactConstraint) {
        c.p1.startSeparation = separation(c.p1)
        c.p1.startVelocity = relativeVelocity(c.p1).dot(n)
        if c.count > 1 {
            c.p2.startSeparation = separation(c.p2)
            c.p2.startVelocity = relativeVelocity(c.p2).dot(n)
        }
    }
}
