// Stepper: the solver's part of a step, after the narrow phase: Box2D v3's soft step with
// substeps, over the bodies, joints and contacts the World passes in.
//
//   prepare   the body states the substeps start from and the lists of bodies they move;
//             the contact constraints, colored into wide batches (ConstraintGraph.swift);
//             the joints whose bodies are awake, and their groups (JointGroups.swift);
//   substeps  `settings.substeps` times (more: SubstepRefinement) the stages of SolverStages.swift,
//   store     impulses back into the manifolds for warm starting, then touching and events;
//   finalize  poses written back, rest timers advanced, the last impacts' shifts carried on.
//
// The Stepper keeps its scratch arrays (states, motions, movers, the graph) from step to step,
// so they grow only with the scene. It owns no scene state: bodies, joints and contacts stay the
// World's, lent for the call. Stages, and the constraints within a stage, run in a fixed order
// (Gauss–Seidel: the order is part of the result), so the same calls give bit-identical results.
import Geometry

struct Stepper {
    private var graph = ConstraintGraph()
    /// The elastic constraints of each body, for the impact pass (ImpactQueue.swift).
    private var impactQueue = ImpactQueue()
    /// Every body's velocity and displacement during the step, by body index.
    private var states: [BodyState] = []
    /// Dynamic bodies and their per-substep velocity change, built once per step.
    private var motions: [BodyMotion] = []
    /// Bodies that move during the step: dynamic and anchored ones that are awake.
    private(set) var movers: [Int32] = []
    /// Every body's masses and flags, compact, for building the contact constraints.
    private var solverBodies: [SolverBody] = []
    /// Whether a body that is not dynamic has a shape: without one nothing is a wall (StepResult).
    private var hasWalls = false
    /// Active joints whose bodies are awake.
    private var awakeJoints: [Int32] = []
    /// Awake joints whose rigid rows are solved together with their neighbours' (JointGroups.swift).
    private var jointGroups = JointGroups()
    /// The turning stiffness of joints' pulls, taken implicitly (TensionInertia.swift).
    private var tensionInertia = TensionInertia()
    /// The springs and fields of the step, kicked at every substep (StepForces.swift).
    private var forces = StepForces()
    /// By body index, whether an awake joint holds the body and it moves; empty when no joint is awake.
    private var jointed: [Bool] = []
    /// By body index, a dynamic body's acceleration at the step's start (forces, gravity, fields).
    private var drives: [Vector] = []
    /// What the impacts owe the next drift, by body (ImpactShift.swift).
    private var impactShifts = ImpactShiftBuffer()
    /// Contacts that turn past their features within the step, collided at each substep.
    private var substepManifolds = SubstepManifolds()
    /// The substeps the last step took (0 before the first).
    private(set) var lastSubsteps = 0

    /// The stepper for a checkpoint: the graph without what the next step builds again
    /// (ConstraintGraph.withoutRebuiltArrays).
    func forCheckpoint() -> Stepper {
        var s = self
        s.graph = graph.withoutRebuiltArrays()
        return s
    }

    /// Solves the step: `bodies` get their new velocities and poses, `contacts` their impulses
    /// and events, and `sleeper` the rest timers of the bodies that moved. Returns which bodies
    /// moved and how far.
    @discardableResult
    mutating func step(dt: Double, settings: WorldSettings, bodies: inout [Body], joints: inout [Joint],
                       contacts: inout ContactSet, fields: [FieldLoad] = [], sleeper: inout IslandSleeper,
                       workers: SolverWorkers? = nil, shapes: ShapeSource? = nil) -> StepResult {
        let n = SubstepRefinement.substeps(dt: dt, settings.substeps, bodies: bodies, joints: joints, fields: fields)
        lastSubsteps = n
        let h = dt / Double(n)
        let (set, jointSoftness) = Self.solverSettings(h: h, settings)
        prepareBodies(h: h, bodies, movesFast: shapes == nil ? nil : (dt, settings.maxSoftOverlap))
        impactShifts.start(&bodies, movers: movers)
        forces.prepareFields(fields, bodies)
        forces.prepareLoadHalves(bodyCount: bodies.count, motions: &motions)
        prepareConstraints(set, tension: settings.implicitJointTension, bodies: &bodies, joints: &joints, contacts: contacts,
                           dt: dt, speculativeDistance: settings.speculativeDistance,
                           workers: workers.flatMap { $0.count > 1 ? $0 : nil })
        states.withUnsafeMutableBufferPointer { forces.prepareSprings(h: h, joints, states: $0.baseAddress!) }
        let relaxIterations = max(1, settings.relaxIterations)
        withContext(set, jointSoftness: jointSoftness,
                    settings: settings, joints: &joints, workers: workers, shapes: shapes) { step in
            if step.isSplit { step.runSharedSubsteps(n, h: h, relaxIterations: relaxIterations); return }
            let forces = step.hasForces, potentials = !step.fieldWork.isEmpty
            for i in 0..<n {
                if i > 0 { step.recollideTurningContacts() }
                // Under a cone potential, impacts go before the opening half kick, whose approach
                // the body never crossed a gap for (docs/dynamics.md, "Bounces under cone potentials").
                if potentials { step.resolveImpacts(.substepStart) }
                // Springs and fields kick the velocity the constraints left, before the constant
                // loads: a magnetic field that turned the substep's gravity before a floor took it
                // back made some of each fall sliding (docs/dynamics.md, "Magnetic fields against walls").
                if forces { step.applyForces(tau: h / 2, elapsed: Double(i) * h) }
                step.integrateVelocities()
                if !potentials { step.resolveImpacts() }
                // The backward step of a pull's turning stiffness (TensionInertia.swift) before
                // each pass of the joints: the solve's and the relax's.
                step.keepStiffTurns()
                step.warmStart()
                step.solve()
                step.integratePositions()
                // Each substep closes its own kick before its impacts and relax pass, so an impact
                // never reflects an approach its half kick should first have slowed, and a held body
                // ends with the constraints' velocity (docs/dynamics.md, "Bounces under springs and fields").
                if forces { step.closeKicks(tau: h / 2, elapsed: Double(i + 1) * h) }
                step.resolveImpacts(potentials ? .substepEnd : .afterKick)
                step.keepStiffTurns()
                // A body a field turns takes half its constant load here and half after the turn
                // (Boris): kicked whole after the turn, it drifted along the load at a·h/2
                // (docs/dynamics.md, "Constant loads under a magnetic field").
                step.kickLoadHalves()
                step.relax()
                for _ in 1..<relaxIterations { step.relaxFriction() }
            }
        }
        forces.storeFieldEnergyOwed(&bodies)
        storeImpulses(&contacts, linearSlop: settings.linearSlop, workers: workers.flatMap { $0.count > 1 ? $0 : nil })
        finalize(dt: dt, settings: settings, &bodies, &sleeper)
        impactShifts.carry(into: &bodies)
        return StepResult(movers: movers, states: states, drives: drives, solverBodies: solverBodies, hasWalls: hasWalls)
    }

    /// The substep's settings for the contacts, and the give of its joints (JointSoftness.swift).
    private static func solverSettings(h: Double, _ settings: WorldSettings)
        -> (SolverSettings, joints: JointSoftness) {
        let contactHertz = min(settings.contactHertz, settings.contactHertzPerSubstepRate / h)
        let set = SolverSettings(
            h: h, invH: 1 / h,
            contactSoftness: Softness(hertz: contactHertz, dampingRatio: settings.contactDampingRatio, h: h),
            staticSoftness: Softness(hertz: 2 * contactHertz, dampingRatio: settings.contactDampingRatio, h: h),
            maxBiasVelocity: settings.contactPushMaxVelocity,
            maxSoftOverlap: settings.maxSoftOverlap,
            restitutionThreshold: settings.restitutionThreshold,
            linearSlop: settings.linearSlop, maxJointBiasVelocity: settings.jointPushMaxVelocity)
        return (set, JointSoftness(h: h, contactHertz: contactHertz, settings))
    }

    /// The body states the substeps start from, and the lists of bodies they integrate. With
    /// `movesFast` (the step's length and the soft contact's largest overlap) the solver bodies
    /// say whose surface moves fast (SubstepManifolds.movesFast).
    private mutating func prepareBodies(h: Double, _ bodies: [Body], movesFast: (dt: Double, overlap: Double)?) {
        motions.removeAll(keepingCapacity: true)
        movers.removeAll(keepingCapacity: true)
        if solverBodies.count != bodies.count {
            solverBodies = [SolverBody](repeating: SolverBody(), count: bodies.count)
        }
        if states.count != bodies.count {
            states = [BodyState](repeating: BodyState(), count: bodies.count)
        }
        if drives.count != bodies.count {
            drives = [Vector](repeating: .zero, count: bodies.count)
        }
        bodies.withUnsafeBufferPointer { bp in
        states.withUnsafeMutableBufferPointer { sp in
        solverBodies.withUnsafeMutableBufferPointer { sb in
        drives.withUnsafeMutableBufferPointer { dr in
            hasWalls = false
            for i in 0..<bp.count {
                sb[i] = SolverBody(bp[i])
                if let movesFast {
                    sb[i].movesFast = SubstepManifolds.movesFast(bp[i], dt: movesFast.dt, overlap: movesFast.overlap)
                }
                if !sb[i].isDynamic && bp[i].firstShape >= 0 { hasWalls = true }
                guard bp[i].isActive && bp[i].kind != .fixed && !bp[i].isAsleep else {
                    sp[i] = BodyState()
                    continue
                }
                // Anchored bodies keep the velocity their owner gave them (kinematic motion).
                sp[i] = BodyState(v: bp[i].velocity, w: bp[i].angularVelocity)
                movers.append(Int32(i))
                if bp[i].kind == .dynamic {
                    let b = bp[i]
                    let dv = (b.force * b.invMass + (b.acceleration - b.fieldAcceleration)) * h
                    dr[i] = b.force * b.invMass + b.acceleration
                    motions.append(BodyMotion(index: Int32(i),
                                              linearScale: Float(1 / (1 + h * b.linearDamping)),
                                              angularScale: Float(1 / (1 + h * b.angularDamping)),
                                              dw: Float(h * b.invInertia * b.torque),
                                              dvx: Float(dv.x), dvy: Float(dv.y)))
                }
            }
        }}}}
    }

    /// The joints of awake bodies, the inertia their pull gives their bodies, and the contact
    /// constraints, colored into batches.
    private mutating func prepareConstraints(_ set: SolverSettings, tension: Bool, bodies: inout [Body],
                                             joints: inout [Joint], contacts: ContactSet, dt: Double,
                                             speculativeDistance: Double, workers: SolverWorkers?) {
        prepareJoints(set, bodies: &bodies, joints: &joints, workers: workers)
        // Every constraint on a body sees the inertia the backward step of its pins' pull gives it:
        // the joints (TensionInertia.apply) and, through the solver bodies, its contacts.
        if tension { prepareTensionInertia(h: set.h, &joints) } else { tensionInertia.forget() }
        for t in tensionInertia.turns { solverBodies[Int(t.index)].invInertia = t.inverseInertia }
        let bodyCount = bodies.count
        contacts.contacts.withUnsafeBufferPointer { cp in
        solverBodies.withUnsafeBufferPointer { sb in
        bodies.withUnsafeMutableBufferPointer { bp in
            jointed.withUnsafeBufferPointer { jb in
                contacts.flags.withUnsafeBufferPointer { fp in
                contacts.bodyPairs.withUnsafeBufferPointer { pp in
                    graph.build(contacts: cp, flags: fp, bodyPairs: pp, active: contacts.active, solverBodies: sb.baseAddress!,
                                bodies: bp.baseAddress!, bodyCount: bodyCount, jointed: jb, settings: set, dt: dt,
                                workers: workers)
                }}
            }
            let turning = graph.turning
            graph.withConstraints { _, overflow, _ in
                substepManifolds.build(turning: turning, overflow: overflow, contacts: cp, bodies: bp.baseAddress!,
                                       dt: dt, speculativeDistance: speculativeDistance)
            }
        }}}
        for t in tensionInertia.turns { solverBodies[Int(t.index)].invInertia = bodies[Int(t.index)].invInertia }
        graph.withConstraints { _, _, impacts in impactQueue.build(impacts: UnsafeBufferPointer(impacts), bodyCount: bodyCount) }
        awakeJoints.withUnsafeBufferPointer { awake in
        joints.withUnsafeBufferPointer { jp in
        jointed.withUnsafeBufferPointer { jb in
            graph.withConstraints { _, overflow, _ in
                jointGroups.build(awake: awake, joints: jp, contacts: UnsafeBufferPointer(overflow), jointed: jb,
                                  bodyCount: bodyCount)
            }
        }}}
    }

    /// The joints whose bodies are awake, prepared for the step, and the moving bodies they hold.
    private mutating func prepareJoints(_ set: SolverSettings, bodies: inout [Body], joints: inout [Joint],
                                        workers: SolverWorkers?) {
        let bodyCount = bodies.count
        jointed.removeAll(keepingCapacity: true)
        solverBodies.withUnsafeBufferPointer { sb in
        bodies.withUnsafeMutableBufferPointer { bp in
            awakeJoints.removeAll(keepingCapacity: true)
            forces.springJoints.removeAll(keepingCapacity: true)
            for j in joints.indices where joints[j].isActive
                && !bp[Int(joints[j].bodyA)].isAsleep && !bp[Int(joints[j].bodyB)].isAsleep {
                awakeJoints.append(Int32(j))
                if SpringForce.isSpring(joints[j]) || SpringForce.isAngularSpring(joints[j]) { forces.springJoints.append(Int32(j)) }
            }
            // Each joint's preparation reads its bodies and writes only itself: two workers may
            // share it in any order.
            joints.withUnsafeMutableBufferPointer { jp in
            awakeJoints.withUnsafeBufferPointer { awake in
                var task = JointPreparation(joints: jp, bodies: bp.baseAddress!, awake: awake, settings: set)
                withUnsafeMutablePointer(to: &task) { raw in
                    if let workers {
                        workers.run(awake.count, minimumChunk: JointPreparation.minimumChunk, prepareJointChunk, raw)
                    } else {
                        prepareJointChunk(raw, 0, awake.count)
                    }
                }
            }}
            // The moving bodies a joint holds: their contacts may join its group.
            if !awakeJoints.isEmpty {
                jointed.append(contentsOf: repeatElement(false, count: bodyCount))
                jointed.withUnsafeMutableBufferPointer { jb in
                    for id in awakeJoints where JointSolver.isGroupable(joints[Int(id)]) {
                        let a = Int(joints[Int(id)].bodyA), b = Int(joints[Int(id)].bodyB)
                        if sb[a].isDynamic { jb[a] = true }
                        if sb[b].isDynamic { jb[b] = true }
                    }
                }
            }
        }}
    }

    /// Each awake joint's bodies with the inertia their joints' pull asks for (TensionInertia.swift).
    private mutating func prepareTensionInertia(h: Double, _ joints: inout [Joint]) {
        let bodyCount = solverBodies.count
        awakeJoints.withUnsafeBufferPointer { awake in
        joints.withUnsafeMutableBufferPointer { jp in
        states.withUnsafeBufferPointer { sp in
            tensionInertia.apply(awake: awake, joints: jp.baseAddress!, states: sp.baseAddress!, bodyCount: bodyCount, h: h)
        }}}
    }

    /// Opens the step's buffers once and runs `body` over a context holding their addresses.
    private mutating func withContext(_ set: SolverSettings, jointSoftness: JointSoftness,
                                      settings: WorldSettings, joints: inout [Joint], workers: SolverWorkers?,
                                      shapes: ShapeSource?, _ body: (SolverContext) -> Void) {
        let h = Float(set.h), maxSpeed = Float(settings.maxLinearSpeed), sweeps = settings.maxImpactSweeps
        // Two workers share a step only when it is large enough to repay the handing over.
        let colors = jointGroups.colors
        let split = workers.flatMap {
            $0.count > 1 && (graph.batchCount >= SolverContext.splitBatches || !colors.isEmpty) ? $0 : nil
        }
        let colorStarts = graph.colorStarts
        states.withUnsafeMutableBufferPointer { sp in
        graph.withConstraints { wp, op, ip in
        joints.withUnsafeMutableBufferPointer { jp in
        motions.withUnsafeBufferPointer { mp in
        movers.withUnsafeBufferPointer { mv in
        awakeJoints.withUnsafeBufferPointer { aj in
        forces.springJoints.withUnsafeBufferPointer { springs in
        forces.springConstants.withUnsafeBufferPointer { springConstants in
        forces.fieldBodies.withUnsafeBufferPointer { fields in
        forces.loadHalves.withUnsafeBufferPointer { halves in
        tensionInertia.turns.withUnsafeBufferPointer { turns in
        forces.fieldWork.withUnsafeMutableBufferPointer { work in
        forces.springWork.withUnsafeMutableBufferPointer { springWork in
        colorStarts.withUnsafeBufferPointer { colorStarts in
        colors.order.withUnsafeBufferPointer { jointColorOrder in
        colors.starts.withUnsafeBufferPointer { jointColorStarts in
        withUnsafeMutablePointer(to: &jointGroups) { groups in
        withUnsafeMutablePointer(to: &substepManifolds) { turning in
        impactQueue.withBuffers { starts, neighbours, pending, looks in impactShifts.withShifts { shifts in
            body(SolverContext(states: sp.baseAddress!, motions: mp, movers: mv, joints: jp.baseAddress!,
                               awakeJoints: aj, jointGroups: groups, jointColorOrder: jointColorOrder,
                               jointColorStarts: jointColorStarts, jointLeftovers: colors.hasLeftovers,
                               batches: wp, colorStarts: colorStarts,
                               workers: split.map { Unmanaged.passUnretained($0) }, overflow: op, impacts: ip,
                               impactQueue: ImpactSweeps(starts: starts, neighbours: neighbours, pending: pending, looks: looks),
                               impactShifts: shifts,
                               springs: springs, springConstants: springConstants, fieldBodies: fields, loadHalves: halves, stiffTurns: turns, fieldWork: work,
                               springWork: springWork,
                               solver: set, wide: WideSettings(set), jointSoftness: jointSoftness,
                               iterativeJointPasses: max(1, settings.iterativeJointPasses),
                               iterativeJointRelaxPasses: max(1, settings.iterativeJointRelaxPasses), h: h,
                               maxLinearSpeed: maxSpeed, impactSweeps: sweeps,
                               turning: shapes.map { TurningContacts(manifolds: turning, source: $0) }))
        }}}}}}}}}}}}}}}}}}}}
    }

    /// Stores the step's impulses in the manifolds (warm starting), then decides touching.
    private mutating func storeImpulses(_ contacts: inout ContactSet, linearSlop: Double, workers: SolverWorkers?) {
        contacts.withContacts { graph.store(into: $0, workers: workers) }
        contacts.updateTouching(linearSlop: linearSlop, workers: workers)
    }

    /// Writes poses back. The rotation is renormalized in double precision, so the single
    /// precision of a step's turn never accumulates into the pose. Dynamic bodies advance their
    /// rest timers here, before their forces and the velocity the step started from are
    /// replaced (IslandSleeper remembers both).
    private mutating func finalize(dt: Double, settings: WorldSettings, _ bodies: inout [Body],
                                   _ sleeper: inout IslandSleeper) {
        let sleep = settings.enableSleep, threshold = settings.sleepThreshold, timeToSleep = settings.timeToSleep
        sleeper.reserve(bodyCount: bodies.count)
        bodies.withUnsafeMutableBufferPointer { bp in
        states.withUnsafeBufferPointer { sp in
            for i in movers {
                let st = sp[Int(i)]
                let pose = st.pose(from: Transform(p: bp[Int(i)].position, q: bp[Int(i)].rotation))
                bp[Int(i)].position = pose.p
                bp[Int(i)].rotation = pose.q
                if bp[Int(i)].kind == .dynamic {
                    if sleep {
                        sleeper.advance(&bp[Int(i)], i, st, dt: dt, threshold: threshold, timeToSleep: timeToSleep)
                    } else {
                        bp[Int(i)].sleepTime = 0
                    }
                }
                bp[Int(i)].velocity = st.v
                bp[Int(i)].angularVelocity = st.w
                bp[Int(i)].force = .zero
                bp[Int(i)].torque = 0
            }
        }}
    }
}

/// The awake joints to prepare for a step, for the worker that takes a chunk of them.
private struct JointPreparation {
    /// The fewest joints in a worker's chunk.
    static let minimumChunk = 256
    let joints: UnsafeMutableBufferPointer<Joint>
    let bodies: UnsafeMutablePointer<Body>
    let awake: UnsafeBufferPointer<Int32>
    let settings: SolverSettings
}

/// Prepares the awake joints at `lo..<hi` of the list.
private func prepareJointChunk(_ raw: UnsafeMutableRawPointer, _ lo: Int, _ hi: Int) {
    let task = raw.assumingMemoryBound(to: JointPreparation.self).pointee
    for k in lo..<hi { JointSolver.prepare(&task.joints[Int(task.awake[k])], task.bodies, task.settings) }
}
