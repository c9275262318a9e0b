// TensionInertia: the turning stiffness that a joint's pull gives a body held off its center,
// taken implicitly where a substep cannot follow it.
//
// A ball pinned to its neighbours at points d from its center, pulled outward along those points
// with a force T, turns back toward the pull like a pendulum: the pull at a turned anchor has a
// lever arm d·sin θ, a restoring torque of stiffness k = Σ r·F over the body's joints (the pull's
// component along its anchor's arm). The solver turns the anchors between substeps and solves
// velocities at the turned ones, so that stiffness is integrated explicitly (symplectic Euler),
// which holds only while h²·k/I < 4, a turn resolved by the substep. A hanging net's load grows
// toward the pins it hangs from: the ball next to a corner pin of a 100×100 net of 20 pt balls
// carries some 200,000 (half the net's weight) at 20 pt, h²·k/I ≈ 35, and it jitters, turning
// back and forth each substep while the net swings; at 50×50 the corner's h²·k/I is about 9 and
// the net never settles. Nothing in the joint solve converges on that, as it is the time step,
// not the constraint error: more passes did not calm it.
//
// Implicit Euler for a stiff torque turns the inertia I into I + h²·k for the step (the
// term (M + h²·K) of a backward step). Here only the part of h²·k above I is added: a turn the
// substep resolves (h·ω < 1: pendulums, the cradle, a hanging chain of up to about 190 links of
// 40 pt balls) keeps its inertia and steps bit for bit as before, and a faster one is slowed to
// h·ω ≈ 1, where it is stable (a stiff turn the substep cannot show either way). The pull is read from the joints' impulses of the last substep (their
// warm start), which is the force times h: h²·k = h·Σ r·P. A push along the arm (a compressed
// pin, k < 0) adds nothing. Only the joints see the larger inertia (contacts keep the body's
// own), and the kinetic energy counted is the body's own, so the change takes out energy, never
// adds it.
import Geometry

struct TensionInertia {
    /// By body index, h²·k accumulated over the body's joints; 0 between uses.
    private var stiffness: [Double] = []

    /// Replaces the inverse inertia that each awake joint sees of its bodies by that of
    /// I + max(0, h²·k − I). `joints` have been prepared for the step (their anchors turned).
    mutating func apply(awake: UnsafeBufferPointer<Int32>, joints: UnsafeMutablePointer<Joint>,
                        bodyCount: Int, h: Double) {
        if awake.isEmpty { return }
        if stiffness.count != bodyCount { stiffness = [Double](repeating: 0, count: bodyCount) }
        var any = false
        stiffness.withUnsafeMutableBufferPointer { k in
            for id in awake {
                let j = joints[Int(id)]
                guard let p = Self.pull(j) else { continue }
                // The pull on B is +P at rB, on A −P at rA.
                if j.iB > 0 { k[Int(j.bodyB)] += h * j.rB.dot(p); any = true }
                if j.iA > 0 { k[Int(j.bodyA)] -= h * j.rA.dot(p); any = true }
            }
            guard any else { return }
            for id in awake {
                let ia = Int(joints[Int(id)].bodyA), ib = Int(joints[Int(id)].bodyB)
                let iA = Self.inverseInertia(joints[Int(id)].iA, k[ia]), iB = Self.inverseInertia(joints[Int(id)].iB, k[ib])
                if iA != joints[Int(id)].iA || iB != joints[Int(id)].iB {
                    joints[Int(id)].iA = iA; joints[Int(id)].iB = iB
                    if joints[Int(id)].kind != .distance && joints[Int(id)].kind != .mouse {
                        joints[Int(id)].axialMass = iA + iB > 0 ? 1 / (iA + iB) : 0
                    }
                }
            }
            for id in awake {
                k[Int(joints[Int(id)].bodyA)] = 0; k[Int(joints[Int(id)].bodyB)] = 0
            }
        }
    }

    /// The impulse the joint applied to B at rB in the last substep (A got its opposite at rA),
    /// or nil for kinds whose pull is not one point's: sliders (their lever arm spans the axis)
    /// and mouse joints (a world target).
    @inline(__always)
    private static func pull(_ j: Joint) -> Vector? {
        switch j.kind {
        case .revolute, .weld:
            return j.linearImpulse
        case .distance:
            let d = j.deltaCenter + j.rB - j.rA
            return d.normalized * (j.impulse + j.lowerImpulse - j.upperImpulse)
        case .prismatic, .mouse:
            return nil
        }
    }

    /// The inverse of I + max(0, h²·k − I), for a body of inverse inertia `i` (0: it does not turn).
    @inline(__always)
    private static func inverseInertia(_ i: Double, _ hhk: Double) -> Double {
        guard i > 0, hhk.isFinite else { return i }
        let inertia = 1 / i
        let extra = hhk - inertia
        return extra > 0 ? 1 / (inertia + extra) : i
    }
}
