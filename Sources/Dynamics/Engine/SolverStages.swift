// SolverStages: the passes of one substep, in the order Stepper.step runs them (Box2D v3's
// solver stages, in Nudge's variant of its soft step):
//   apply forces → integrate velocities → resolve impacts → keep stiff turns → warm start →
//   solve → integrate positions → apply forces → resolve impacts → keep stiff turns → relax →
//   relax friction (once per further relax iteration); forces are half a kick at each end of the
//   substep (velocity Verlet), the closing one before the impacts so a bounce reflects the whole
//   approach.
// Forces come before the constant loads so that a velocity-dependent field (magnetic) turns the
// velocity the last relax pass left, not the load a contact is about to take back.
// Each stage is a loop over the step's buffers through the SolverContext's pointers. They are
// inlined into the substep loop, as the passes were when they were written out in it, so the
// compiler sees the same code: splitting the loop into named stages costs no instructions.
// Joints come before contacts within a pass, and the wide batches before the scalar overflow;
// that order is part of the result (Gauss–Seidel), so it must not change. A step shared by two
// workers runs the same stages in the same order through SplitStages.swift.
import Geometry

extension SolverContext {
    /// Damping, the step's forces and fields, and the speed cap, on every dynamic awake body.
    @inline(__always) func integrateVelocities() { integrateVelocities(of: motions[...]) }

    /// Whether any spring or field acts this step.
    var hasForces: Bool { !springs.isEmpty || !fieldBodies.isEmpty }

    /// Springs and fields, which depend on the bodies' state, kicked for `tau` seconds from the
    /// state of this moment (half a substep at each end of every substep: velocity Verlet);
    /// `elapsed` is the time since the step began. The fields that act on the velocity turn it
    /// once per substep, for the whole substep, at its start (not `closing`): after the relax
    /// pass and before the others' opening half kick, so that between two moves they act whole
    /// between two half kicks of the springs, position fields and constant loads, at one
    /// position (the Boris scheme; the load's first half is kickLoadHalves, before the relax
    /// pass, so that a wall takes back a resting item's load before the turn). Nested inside each
    /// end's half kick instead, a magnetic field's turn made an undamped spring's energy stray
    /// by up to 1.5 % and the audit's seeds 15228 and 58620 gain; turned before the whole load, an
    /// item drifted along it (docs/dynamics.md, "Magnetic fields and springs", "Constant loads
    /// under a magnetic field"). The springs' half kick stays two quarter kicks, as it was when
    /// the turn stood between them, so that a scene without a velocity field steps bit for bit
    /// as before.
    @inline(__always) func applyForces(tau: Double, elapsed: Double, closing: Bool = false) {
        if !closing { kickPositionForces(tau: 2 * tau, elapsed: elapsed, velocityFields: true) }
        if !springWork.isEmpty { noteSpringKickStart() }
        kickPositionForces(tau: tau / 2, elapsed: elapsed, velocityFields: false)
        kickPositionForces(tau: tau / 2, elapsed: elapsed, velocityFields: false)
        if !springWork.isEmpty { noteSpringKickEnd(tau: tau, closing: closing) }
    }

    /// The first half of the constant load of each body under a field that turns the velocity
    /// (Stepper.prepareLoadHalves), kicked before the relax pass that precedes the turn.
    @inline(__always) func kickLoadHalves() {
        for l in loadHalves {
            let st = states + Int(l.index)
            st.pointee.vx += l.dvx
            st.pointee.vy += l.dvy
        }
    }

    /// The springs and position-dependent fields (`velocityFields` false), or the fields that
    /// act on the velocity (true), for `tau` seconds.
    @inline(__always) private func kickPositionForces(tau: Double, elapsed: Double, velocityFields: Bool) {
        let h = solver.h
        // What this kick gives a body under a settled field beside other position forces (FieldWork.swift).
        let beside = !fieldWork.isEmpty && (!springs.isEmpty || fieldBodies.count > fieldWork.count)
        if beside { noteFieldKicks(tau: tau, starting: true, turn: velocityFields) }
        defer { if beside { noteFieldKicks(tau: tau, starting: false, turn: velocityFields) } }
        if !velocityFields {
            for (k, j) in springs.enumerated() {
                if joints[Int(j)].kind == .revolute {
                    SpringForce.kickAngular(&joints[Int(j)], springConstants[k], states, h: h, tau: tau)
                } else {
                    SpringForce.kick(joints[Int(j)], springConstants[k], states, h: h, tau: tau)
                }
            }
        }
        for f in fieldBodies where f.field.dependsOnVelocity == velocityFields {
            let st = states + Int(f.index)
            var v = st.pointee.v
            let p: Point = f.position + st.pointee.dp
            let t: Double = f.time + elapsed
            f.field.kick(&v, at: p, mass: f.mass, charge: f.charge, time: t, tau: tau, h: h)
            if f.work < 0 { st.pointee.v = v; continue }
            // What the kick gave the body's motion, as the velocity is stored (FieldWork.swift).
            let before = st.pointee.v.lengthSquared
            st.pointee.v = v
            fieldWork[Int(f.work)].kicked += 0.5 * f.mass * (st.pointee.v.lengthSquared - before)
        }
    }

    /// A substep's closing half kick, then the work of the forces with a potential settled
    /// against its fall (FieldWork.swift, SpringWork.swift).
    @inline(__always) func closeKicks(tau: Double, elapsed: Double) {
        applyForces(tau: tau, elapsed: elapsed, closing: true)
        if !fieldWork.isEmpty { settleFieldWork(elapsed: elapsed) }
        if !springWork.isEmpty { settleSpringWork() }
    }

    /// Impacts: pairwise, from current velocities, until nothing approaches. This runs before
    /// each pass that could clamp an approach (the speculative part of solve and relax), so an
    /// elastic contact always bounces from its full approach speed.
    /// A sweep looks only at the constraints whose bodies changed since it last looked
    /// (ImpactQueue.swift): the same impulses in the same order as sweeping them all.
    /// `moment` says where in the substep the pass runs (ImpactArrival.swift).
    @inline(__always) func resolveImpacts(_ moment: ImpactMoment = .afterKick) {
        if impacts.isEmpty { return }
        impactQueue.resolve(impacts, states, solver, sweeps: impactSweeps, shifts: impactShifts, moment: moment)
    }

    /// The backward step of a turn the joints' pull stiffens (TensionInertia.swift): of the
    /// angular velocity a pass of the joints starts from, a body keeps I / Ĩ, the share
    /// (M + h²·K)⁻¹·M of it, before they act on it with the inertia Ĩ.
    @inline(__always) func keepStiffTurns() {
        for t in stiffTurns { states[Int(t.index)].angular *= t.scale }
    }

    /// Applies the impulses stored from the last substep (or step) before solving.
    @inline(__always) func warmStart() {
        warmStartJoints()
        for w in 0..<batches.count { WideContactSolver.warmStart(&batches[w], states) }
        for c in 0..<overflow.count { ContactSolver.warmStart(&overflow[c], states) }
    }

    /// The joints' stored impulses: in the awake order, or, when the iterative joints are colored,
    /// the others in the awake order and then the colored ones color after color, each color
    /// shared by the workers when `shared` (the order the solve passes take).
    @inline(__always) func warmStartJoints(shared: Bool = false) {
        if jointColorStarts.isEmpty {
            for j in awakeJoints { JointSolver.warmStart(&joints[Int(j)], states) }
            return
        }
        let isIterative = jointGroups.pointee.isIterative
        isIterative.withUnsafeBufferPointer { iterative in
            for j in awakeJoints where !iterative[Int(j)] { JointSolver.warmStart(&joints[Int(j)], states) }
        }
        if shared {
            runSplit(.warmStartJoints)
        } else {
            warmStartColoredJoints(0..<jointColorOrder.count)
        }
    }

    /// The stored impulses of the colored joints at `range` of their order.
    @inline(__always) func warmStartColoredJoints(_ range: Range<Int>) {
        for k in range { JointSolver.warmStart(&joints[Int(jointColorOrder[k])], states) }
    }

    /// One pass over the joints: each joint alone in its group by itself, then each group at once.
    /// Joints of a group too large to solve exactly are solved one at a time, softer; when they
    /// are colored (JointColors.swift), after the lone joints, color after color, each color
    /// shared by the workers when `shared`.
    @inline(__always) func solveJoints(useBias: Bool, shared: Bool = false) {
        if jointColorStarts.isEmpty {
            solveJointsInAwakeOrder(useBias: useBias)
        } else {
            solveJointsInColors(useBias: useBias, shared: shared)
        }
        for g in 0..<jointGroups.pointee.count {
            jointGroups.pointee.solve(g, joints, overflow, states, solver, soft: jointSoftness.exact, useBias: useBias)
        }
    }

    /// The contacts that turn past their features within the step, collided again from the
    /// substep's poses (SubstepManifolds.swift); at the start of every substep but the first.
    @inline(__always) func recollideTurningContacts() {
        guard let turning, !turning.manifolds.pointee.entries.isEmpty else { return }
        turning.manifolds.pointee.recollide(overflow, states: states, grouped: jointGroups.pointee.isContactGrouped,
                                            source: turning.source, linearSlop: solver.linearSlop)
    }

    /// One pass over every constraint with the soft bias that pushes overlaps apart.
    @inline(__always) func solve() {
        solveJoints(useBias: true)
        for w in 0..<batches.count { WideContactSolver.solve(&batches[w], states, wide) }
        solveOverflow(useBias: true)
    }

    /// One pass over the scalar contacts; those whose normal rows a joint group solved only
    /// get their friction (when relaxing).
    @inline(__always) func solveOverflow(useBias: Bool) {
        if overflow.isEmpty { return }
        let grouped = jointGroups.pointee.isContactGrouped
        for c in 0..<overflow.count {
            ContactSolver.solve(&overflow[c], states, solver, useBias: useBias, normals: !grouped[c])
        }
    }

    /// Moves every moving body by a substep at its current velocity, and the bodies an impact
    /// struck within the substep by what it owes them (ImpactShift.swift).
    @inline(__always) func integratePositions() {
        for i in movers { states[Int(i)].advance(by: h) }
        impactShifts.apply(to: states)
    }

    /// The lone and iterative joints in the awake order, the iterative ones taking further passes.
    @inline(__always) private func solveJointsInAwakeOrder(useBias: Bool) {
        // Locals, so the joint loop keeps them in registers instead of reloading them from the
        // context after each joint's writes to the body states.
        let joints = joints, states = states, solver = solver, softness = jointSoftness
        let isGrouped = jointGroups.pointee.isGrouped, isIterative = jointGroups.pointee.isIterative
        isGrouped.withUnsafeBufferPointer { grouped in
        isIterative.withUnsafeBufferPointer { iterative in
            for j in awakeJoints where !grouped[Int(j)] {
                let soft = iterative[Int(j)] ? softness.iterative : softness.onItsOwn(joints[Int(j)])
                JointSolver.solve(&joints[Int(j)], states, solver, jointSoftness: soft, useBias: useBias)
            }
        }}
        // Joints of a group too large to solve exactly take further passes of their own
        // (WorldSettings.iterativeJointPasses): one pass leaves a net of pinned balls diverging.
        let passes = useBias ? iterativeJointPasses : iterativeJointRelaxPasses
        if passes > 1 {
            let iterative = jointGroups.pointee.iterativeJoints
            for _ in 1..<passes {
                for j in iterative {
                    JointSolver.solve(&joints[Int(j)], states, solver, jointSoftness: softness.iterative, useBias: useBias)
                }
            }
        }
    }

    /// The lone joints (mouse joints among them) in the awake order, then every pass over the
    /// iterative joints color after color. A lone joint shares no moving body with an iterative
    /// one but a mouse joint may (a snap on a net's ball), so it comes first in every case.
    @inline(never) private func solveJointsInColors(useBias: Bool, shared: Bool) {
        let joints = joints, states = states, solver = solver, softness = jointSoftness
        let isGrouped = jointGroups.pointee.isGrouped, isIterative = jointGroups.pointee.isIterative
        isGrouped.withUnsafeBufferPointer { grouped in
        isIterative.withUnsafeBufferPointer { iterative in
            for j in awakeJoints where !grouped[Int(j)] && !iterative[Int(j)] {
                JointSolver.solve(&joints[Int(j)], states, solver, jointSoftness: softness.onItsOwn(joints[Int(j)]),
                                  useBias: useBias)
            }
        }}
        let passes = max(1, useBias ? iterativeJointPasses : iterativeJointRelaxPasses)
        for _ in 0..<passes {
            if shared {
                runSplit(useBias ? .solveJoints : .relaxJoints)
            } else {
                solveColoredJoints(useBias: useBias, 0..<jointColorOrder.count)
            }
        }
    }

    /// The colored joints at `range` of their order, one at a time.
    @inline(__always) func solveColoredJoints(useBias: Bool, _ range: Range<Int>) {
        let joints = joints, states = states, solver = solver, soft = jointSoftness.iterative
        for k in range {
            JointSolver.solve(&joints[Int(jointColorOrder[k])], states, solver, jointSoftness: soft, useBias: useBias)
        }
    }

    /// One pass without bias, so the push-out velocity the solve pass added does not stay.
    @inline(__always) func relax() {
        solveJoints(useBias: false)
        for w in 0..<batches.count { WideContactSolver.relax(&batches[w], states, wide) }
        solveOverflow(useBias: false)
    }

    /// A further relax pass for contact friction (the scalar overflow relaxes whole again),
    /// which converges through tall stacks more slowly than the normal impulses.
    @inline(__always) func relaxFriction() {
        for w in 0..<batches.count { WideContactSolver.relaxFriction(&batches[w], states) }
        solveOverflow(useBias: false)
    }
}
