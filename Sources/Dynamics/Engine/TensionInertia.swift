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
// Implicit Euler for a stiff torque turns the inertia I into I + h²·k for the step: the
// backward step (M + h²·K)·v⁺ = M·v + h·f, with K the second derivative of the joints' work, here
// a diagonal of the turning stiffness. Only the part of h²·k above I is added: a turn the
// substep resolves (h·ω < 1: pendulums, the cradle, a hanging chain of up to about 190 links of
// 40 pt balls) keeps its inertia and steps bit for bit as before, and a faster one is slowed to
// h·ω ≈ 1, where it is stable (a stiff turn the substep cannot show either way). The pull is read
// from the joints' impulses of the last substep (their warm start), which is the force times h:
// h²·k = h·Σ r·P. A push along the arm (a compressed pin, k < 0) adds nothing.
//
// Both halves of the backward step are needed. The joints see the inertia Ĩ, and the angular
// velocity they start from is M̃⁻¹·M·v, I/Ĩ of itself (`turns`, applied before the solve pass and
// before the relax pass). A pass of the joints then finds the velocity nearest the one it started
// from in the metric M̃, which with that start never has more kinetic energy (counted with the
// body's own I) than before, for an exact pass without bias. With the stiffer inertia alone the pass is a projection in the wrong
// metric: a body spinning against a pin was kept spinning and its center moved to match, and a
// rod 200 pt off a 10×10 item swung at 10 times the speed its energy allows. Only pins count:
// a pin's point constraint is linear in the positions and in each anchor turned by its body's
// angle, so the diagonal h·r·P is its stiffness exactly; a rod's, a weld's and a slider's are
// not diagonal (see `pull`), and their bodies keep their inertia.
//
// The argument holds only for a pass that measures every correction in the one metric M̃, so
// every constraint on a stiffened body sees Ĩ: its joints (here), and its contacts and their
// impact copies, which the Stepper builds from solver bodies holding 1/Ĩ (`turns`). Contacts
// left at I turned the body by their full I⁻¹, and the pins after them in the pass, seeing the
// stiffer Ĩ, stopped their anchors by moving its center instead: the energy audit found pinned
// items pressed against walls that gained up to 75,919 times their scene's scale. Forces (gravity,
// springs, fields) are kicks with the body's own inertia before the share I/Ĩ is taken, so a
// pass starts from M̃⁻¹·(M·v + h·f), as the backward step's right side asks.
//
// A second floor holds for every joint kind, pins, rods, welds and sliders alike: the whip. A
// joint's arm r from a body's center can put all the body's kinetic energy into its turn, and
// when the body is small against the arm it turns at ω = s·√(m/I) (s² = v² + ω²·I/m, its
// speed counting the turn): a rod 200 pt off a 2×2 item swung down at 800 pt/s, rod and arm
// coming into line, turns it at thousands of rad/s. No substep follows that turn; the rod's far
// end left its circle by tens of points (a rod of 206 pt measured 433), and the pull back fed
// energy in: 6×6 reached 1,996 times the speed its drop allows, 2×2 6,418 times. Whether it did
// depended on how nearly rod and arm met in line at a substep, not on a size threshold (5×5 was
// spared). The joints see at least Ĩ = m·min(r², (h·s/θ)²), θ = 1 rad, where all of s in the
// turn is ω ≤ θ/h; never more than m·r² (a body as heavy to turn as to move, where the arm no longer
// levers anything). A body as large as its arms (a ball pinned at its rim) or slow keeps its
// inertia. As for the pins' pull, the argument above bounds the energy: Ĩ ≥ I, both halves.
import Geometry

/// A body whose turn the joints see stiffened, and the share I / (I + max(0, h²·k − I)) of its
/// angular velocity that the backward step keeps before each pass of the joints.
struct StiffTurn {
    var index: Int32
    var scale: Float
    /// The inverse of the raised inertia, 1 / (I + max(0, h²·k − I)), that every constraint on the body sees.
    var inverseInertia: Double
}

struct TensionInertia {
    /// By body index, h²·k accumulated over the body's joints; 0 between uses.
    private var stiffness: [Double] = []
    /// By body index, the inertia its whip asks for (`whip`); 0 between uses.
    private var floor: [Double] = []
    /// By body index, whether the body is in `turns` already; false between uses.
    private var listed: [Bool] = []
    /// The bodies whose inertia the joints see raised this step.
    private(set) var turns: [StiffTurn] = []

    /// Replaces the inverse inertia that each awake joint sees of its bodies by that of
    /// I + max(0, h²·k − I), and lists those bodies in `turns`. `joints` have been prepared for
    /// the step (their anchors turned).
    mutating func apply(awake: UnsafeBufferPointer<Int32>, joints: UnsafeMutablePointer<Joint>,
                        states: UnsafePointer<BodyState>, bodyCount: Int, h: Double) {
        turns.removeAll(keepingCapacity: true)
        if awake.isEmpty { return }
        if stiffness.count != bodyCount {
            stiffness = [Double](repeating: 0, count: bodyCount)
            floor = [Double](repeating: 0, count: bodyCount)
            listed = [Bool](repeating: false, count: bodyCount)
        }
        var any = false
        floor.withUnsafeMutableBufferPointer { f in
        stiffness.withUnsafeMutableBufferPointer { k in
            for id in awake {
                let j = joints[Int(id)]
                if Self.whip(j, states, h: h, into: f) { any = true }
                guard let p = Self.pull(j) else { continue }
                if p.x == -.infinity {
                    k[Int(j.bodyA)] = -.infinity; k[Int(j.bodyB)] = -.infinity; any = true
                    continue
                }
                // The pull on B is +P at rB, on A −P at rA.
                if j.iB > 0 { k[Int(j.bodyB)] += h * j.rB.dot(p); any = true }
                if j.iA > 0 { k[Int(j.bodyA)] -= h * j.rA.dot(p); any = true }
            }
            guard any else { return }
            for id in awake { Self.stiffen(&joints[Int(id)], k, f, &turns, &listed) }
            for id in awake {
                let a = Int(joints[Int(id)].bodyA), b = Int(joints[Int(id)].bodyB)
                k[a] = 0; k[b] = 0; f[a] = 0; f[b] = 0
            }
        }}
        for t in turns { listed[Int(t.index)] = false }
    }

    /// The joint's bodies as its pulls stiffen them. A spring keeps the bodies' own inertia: it is
    /// a force, kicked before the joints, and the backward step's share of the angular velocity
    /// (`turns`) then scales its kick with the rest.
    @inline(__always)
    private static func stiffen(_ j: inout Joint, _ k: UnsafeMutableBufferPointer<Double>,
                                _ f: UnsafeMutableBufferPointer<Double>,
                                _ turns: inout [StiffTurn], _ listed: inout [Bool]) {
        if SpringForce.isSpring(j) { return }
        let iA = inverseInertia(j.iA, k[Int(j.bodyA)], f[Int(j.bodyA)])
        let iB = inverseInertia(j.iB, k[Int(j.bodyB)], f[Int(j.bodyB)])
        guard iA != j.iA || iB != j.iB else { return }
        if iA != j.iA { list(j.bodyA, iA, iA / j.iA, &turns, &listed) }
        if iB != j.iB { list(j.bodyB, iB, iB / j.iB, &turns, &listed) }
        j.iA = iA; j.iB = iB
        if j.kind != .distance && j.kind != .mouse {
            j.axialMass = iA + iB > 0 ? 1 / (iA + iB) : 0
        }
    }

    @inline(__always)
    private static func list(_ body: Int32, _ inverseInertia: Double, _ scale: Double, _ turns: inout [StiffTurn],
                             _ listed: inout [Bool]) {
        if listed[Int(body)] { return }
        listed[Int(body)] = true
        turns.append(StiffTurn(index: body, scale: Float(scale), inverseInertia: inverseInertia))
    }

    /// Lists no body (the setting is off).
    mutating func forget() { turns.removeAll(keepingCapacity: true) }

    /// What the joint adds to its bodies' stiffness: a pin, the impulse it applied to B at rB in
    /// the last substep (A got its opposite at rA); a spring or a mouse joint, nothing (nil): a
    /// spring is a force, scaled with the rest of the velocity (`turns`), and a mouse joint pulls
    /// toward a world target; any other kind, `excluded`, and its bodies keep their inertia.
    /// A pin's point constraint is linear in the positions and in each anchor turned by its
    /// body's angle, so its second derivative is that angle's alone: h²·k = h·r·P is the
    /// backward step's stiffness exactly. A rod's also turns its axis (a stiffness r·F·(1 + r/L)
    /// that couples the turn with the sideways move), and a weld's and a slider's angle rows tie
    /// two bodies' turns together: with r·P alone, a rod 200 pt off a 10×10 item swung at
    /// 1.8 times the speed its energy allows even with the backward step, and welds and sliders
    /// on far anchors gained energy (JointBoundsTests, JointPropertyTests).
    @inline(__always)
    private static func pull(_ j: Joint) -> Vector? {
        switch j.kind {
        case .revolute:
            return j.linearImpulse
        case .mouse:
            return nil
        case .distance where SpringForce.isSpring(j):
            return nil
        case .distance, .weld, .prismatic:
            return excluded
        }
    }

    /// The pull of a joint whose bodies keep their own inertia: it makes their stiffness −∞.
    private static let excluded = Vector(-Double.infinity, 0)

    /// The inverse of I + max(0, h²·k − I), or of the whip's floor where that is larger, for a
    /// body of inverse inertia `i` (0: it does not turn).
    @inline(__always)
    private static func inverseInertia(_ i: Double, _ hhk: Double, _ floor: Double) -> Double {
        guard i > 0 else { return i }
        let inertia = 1 / i
        var raised = inertia
        // inertia + (h²·k − inertia), as it always was, so a pin's step stays bit for bit.
        if hhk.isFinite && hhk - inertia > 0 { raised = inertia + (hhk - inertia) }
        if floor > raised { raised = floor }
        return raised > inertia ? 1 / raised : i
    }

    /// The turn a step can follow (θ in h·ω ≤ θ) when a joint's arm whips a body's motion into
    /// its spin.
    static let followedTurn = 1.0

    /// Raises `floor` of each moving body the joint holds off its center to m·min(r², (h·s/θ)²),
    /// s² = v² + ω²·I/m: the inertia at which all its kinetic energy put into its turn through
    /// the arm r turns it by at most θ in a substep. Returns whether it raised one above the
    /// body's own inertia.
    @inline(__always)
    private static func whip(_ j: Joint, _ states: UnsafePointer<BodyState>, h: Double,
                             into f: UnsafeMutableBufferPointer<Double>) -> Bool {
        guard j.kind != .mouse, !SpringForce.isSpring(j) else { return false }
        var raised = false
        @inline(__always) func raise(_ body: Int32, _ m: Double, _ i: Double, _ r: Vector) {
            guard m > 0, i > 0 else { return }
            let inertia = 1 / i, mass = 1 / m, st = states[Int(body)]
            let reach = h / followedTurn
            let s2 = st.v.lengthSquared + st.w * st.w * inertia * m
            let needed = mass * min(r.lengthSquared, reach * reach * s2)
            if needed > inertia && needed > f[Int(body)] { f[Int(body)] = needed; raised = true }
        }
        raise(j.bodyA, j.mA, j.iA, j.rA)
        raise(j.bodyB, j.mB, j.iB, j.rB)
        return raised
    }
}
