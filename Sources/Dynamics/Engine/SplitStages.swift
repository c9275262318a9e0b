// SplitStages: the solver stages that two workers share (SolverWorkers.swift), and where the
// work is cut.
//
// A wide pass (warm start, solve, relax, relax friction) goes color by color, as the serial
// loop does, and only a color's batches are divided: the batches of one color share no moving
// body, so they may run in any order and on any thread, while colors still follow each other
// (the next color starts when both workers are done with this one). Every moving body therefore
// sees its constraints in the same order as with one worker, and every sum is taken in the same
// order: the results are the same bytes. Still bodies (fixed or anchored) may sit in several
// lanes of a color, and both workers may then write the same one: they write back the very
// values they read, since a still body's velocity never changes, so the writes agree.
// Integrating velocities and positions touches one body per item, and is cut anywhere.
// The joints solved one at a time are shared the same way when there are enough of them to
// color (JointColors.swift): color by color, the joints of a color touching disjoint moving
// bodies. The other joints, the groups, the scalar overflow, impacts and forces stay on the
// calling thread, where they are.
//
// A step is shared only when it is large (`splitBatches`, decided once a step by the Stepper,
// which then runs `runSharedSubsteps` instead of its own loop), and within it a color or list
// is split only when it holds at least two chunks. A small scene runs the Stepper's own loop,
// untouched, and pays one branch per step.
import Geometry

/// The passes a worker may be handed.
enum SplitPass: Int {
    case warmStart, solve, relax, relaxFriction, integrateVelocities, integratePositions
    /// A pass over the colored joints (JointColors.swift), with and without bias.
    case solveJoints, relaxJoints, warmStartJoints
}

/// What a chunk of a split stage needs: the context, the pass, and the first batch of its color.
struct SplitStage {
    var context: SolverContext
    var pass: SplitPass
    var base: Int
}

extension SolverContext {
    /// The fewest batches (eight contacts each) a step needs before two workers share it.
    static let splitBatches = 64
    /// The fewest batches in a worker's chunk of a color: each handing over costs about as much
    /// as solving a few batches.
    static let batchesPerChunk = 4
    /// The fewest bodies in a worker's chunk of an integration stage.
    static let bodiesPerChunk = 512
    /// The fewest joints in a worker's chunk of a joint color.
    static let jointsPerChunk = 64

    /// Whether this step's wide passes and integration are shared between workers.
    @inline(__always) var isSplit: Bool { workers != nil }

    /// Stepper.step's substeps, stage for stage in the same order (SolverStages.swift), with the
    /// wide passes and the integration shared. A loop of its own, out of line, so the one-worker
    /// loop stays exactly the code it was; TwoWorkersTests fail if the two orders part.
    @inline(never)
    func runSharedSubsteps(_ n: Int, h: Double, relaxIterations: Int) {
        let forces = hasForces, potentials = !fieldWork.isEmpty
        for i in 0..<n {
            if i > 0 { recollideTurningContacts() }
            if potentials { resolveImpacts(.substepStart) }
            if forces { applyForces(tau: h / 2, elapsed: Double(i) * h) }
            runSplit(.integrateVelocities)
            if !potentials { resolveImpacts() }
            keepStiffTurns()
            warmStartJoints(shared: true)
            runSplit(.warmStart)
            for c in 0..<overflow.count { ContactSolver.warmStart(&overflow[c], states) }
            solveJoints(useBias: true, shared: true)
            runSplit(.solve)
            solveOverflow(useBias: true)
            runSplit(.integratePositions)
            impactShifts.apply(to: states)
            if forces { closeKicks(tau: h / 2, elapsed: Double(i + 1) * h) }
            resolveImpacts(potentials ? .substepEnd : .afterKick)
            keepStiffTurns()
            kickLoadHalves()
            solveJoints(useBias: false, shared: true)
            runSplit(.relax)
            solveOverflow(useBias: false)
            for _ in 1..<relaxIterations {
                runSplit(.relaxFriction)
                solveOverflow(useBias: false)
            }
        }
    }

    /// Damping, the step's forces and fields, and the speed cap, on a run of the dynamic awake
    /// bodies: all of them (integrateVelocities) or a worker's chunk.
    @inline(__always)
    func integrateVelocities(of list: Slice<UnsafeBufferPointer<BodyMotion>>) {
        let maxSpeed = maxLinearSpeed
        for m in list {
            let st = states + Int(m.index)
            var vx = st.pointee.vx * m.linearScale + m.dvx
            var vy = st.pointee.vy * m.linearScale + m.dvy
            let speed2 = vx * vx + vy * vy
            if speed2 > maxSpeed * maxSpeed {
                let k = maxSpeed / speed2.squareRoot()
                vx *= k; vy *= k
            }
            st.pointee.vx = vx; st.pointee.vy = vy
            st.pointee.angular = st.pointee.angular * m.angularScale + m.dw
        }
    }

    /// A wide pass over the batches, color after color, each color shared by the workers.
    @inline(never)
    func runSplit(_ pass: SplitPass) {
        guard let workers = workers?.takeUnretainedValue() else { return }
        var stage = SplitStage(context: self, pass: pass, base: 0)
        withUnsafeMutablePointer(to: &stage) { sp in
            let raw = UnsafeMutableRawPointer(sp)
            switch pass {
            case .integrateVelocities:
                workers.run(motions.count, minimumChunk: Self.bodiesPerChunk, runSplitChunk, raw)
            case .integratePositions:
                workers.run(movers.count, minimumChunk: Self.bodiesPerChunk, runSplitChunk, raw)
            case .solveJoints, .relaxJoints, .warmStartJoints:
                let colors = jointColorStarts.count - 1
                for c in 0..<colors {
                    let lo = jointColorStarts[c], hi = jointColorStarts[c + 1]
                    if jointLeftovers && c == colors - 1 {
                        runChunk(pass, base: lo, 0, hi - lo)
                    } else {
                        sp.pointee.base = lo
                        workers.run(hi - lo, minimumChunk: Self.jointsPerChunk, runSplitChunk, raw)
                    }
                }
            default:
                for c in 0..<max(colorStarts.count - 1, 0) {
                    let lo = colorStarts[c], hi = colorStarts[c + 1]
                    sp.pointee.base = lo
                    workers.run(hi - lo, minimumChunk: Self.batchesPerChunk, runSplitChunk, raw)
                }
            }
        }
    }

    /// One chunk of a split stage: the same calls the serial loops make, over `lo..<hi`.
    @inline(__always)
    func runChunk(_ pass: SplitPass, base: Int, _ lo: Int, _ hi: Int) {
        switch pass {
        case .warmStart:
            for w in base + lo..<base + hi { WideContactSolver.warmStart(&batches[w], states) }
        case .solve:
            for w in base + lo..<base + hi { WideContactSolver.solve(&batches[w], states, wide) }
        case .relax:
            for w in base + lo..<base + hi { WideContactSolver.relax(&batches[w], states, wide) }
        case .relaxFriction:
            for w in base + lo..<base + hi { WideContactSolver.relaxFriction(&batches[w], states) }
        case .integrateVelocities:
            integrateVelocities(of: motions[lo..<hi])
        case .integratePositions:
            for i in movers[lo..<hi] { states[Int(i)].advance(by: h) }
        case .solveJoints, .relaxJoints:
            solveColoredJoints(useBias: pass == .solveJoints, base + lo..<base + hi)
        case .warmStartJoints:
            warmStartColoredJoints(base + lo..<base + hi)
        }
    }
}

/// The task both workers run: a chunk of the stage the raw pointer holds.
private func runSplitChunk(_ raw: UnsafeMutableRawPointer, _ lo: Int, _ hi: Int) {
    let stage = raw.assumingMemoryBound(to: SplitStage.self)
    stage.pointee.context.runChunk(stage.pointee.pass, base: stage.pointee.base, lo, hi)
}
