// StepForces: the springs and fields of one step, which kick the bodies at every substep
// (SolverStages.applyForces), and what the step keeps for them: the bodies under each field, the
// halves of the constant loads of bodies a field turns, the work of fields with a potential
// (FieldWork.swift) and of springs (SpringWork.swift), and each spring's constants for the
// step's kicks (SpringForce.swift). The Stepper fills the awake springs with its joints, prepares
// the rest before the substeps, and hands the lists to the SolverContext.
import Geometry

struct StepForces {
    /// Awake springs and pins with an angular spring, applied as forces (SpringForce.swift).
    var springJoints: [Int32] = []
    /// Their constants for the step's kicks, in the same order.
    private(set) var springConstants: [SpringConstants] = []
    /// Dynamic awake bodies under fields applied at every substep (SubstepField.swift).
    private(set) var fieldBodies: [FieldBody] = []
    /// Of those under a field that turns the velocity, the constant load's half kicked before the turn.
    private(set) var loadHalves: [LoadHalf] = []
    /// By body index, whether the body's load is split already this step (false between steps).
    private var loadSplit: [Bool] = []
    /// Those of them under a field with a potential, and its work (FieldWork.swift).
    var fieldWork: [FieldWork] = []
    /// The awake springs and their work (SpringWork.swift).
    var springWork: [SpringWork] = []

    /// The bodies the step's fields act on: dynamic, active and awake.
    mutating func prepareFields(_ fields: [FieldLoad], _ bodies: [Body]) {
        fieldBodies.removeAll(keepingCapacity: true)
        fieldWork.removeAll(keepingCapacity: true)
        for load in fields {
            let b = bodies[Int(load.body)]
            guard b.isActive && b.kind == .dynamic && !b.isAsleep else { continue }
            var work: Int32 = -1
            if let v = load.field.potential(at: b.position, mass: b.mass, charge: b.charge) {
                let a = load.field.acceleration(at: b.position, velocity: .zero, mass: b.mass, charge: b.charge,
                                                time: load.time)
                // A body under two fields owes its debt once, through the first, which settles
                // them together (FieldWork.swift).
                let first = fieldWork.firstIndex { fieldBodies[Int($0.fieldBody)].index == load.body }
                var entry = FieldWork(fieldBody: Int32(fieldBodies.count), position: b.position, acceleration: a,
                                      potential: v, owed: first == nil ? b.fieldEnergyOwed : 0,
                                      lead: Int32(first ?? fieldWork.count), net: a)
                entry.settled = b.velocity
                if let first {
                    fieldWork[first].shared = true
                    fieldWork[first].net += a
                    entry.shared = true
                }
                fieldWork.append(entry)
                work = Int32(fieldWork.count - 1)
            }
            fieldBodies.append(FieldBody(field: load.field, index: load.body, position: b.position, mass: b.mass,
                                         charge: b.charge, time: load.time, work: work))
        }
    }

    /// Splits the constant load of each body under a field that turns the velocity into two
    /// halves: BodyMotion keeps one (kicked after the turn), `loadHalves` the other (kicked before
    /// the relax pass that precedes the turn). Halving a Float is exact, so the two add to the load.
    mutating func prepareLoadHalves(bodyCount: Int, motions: inout [BodyMotion]) {
        loadHalves.removeAll(keepingCapacity: true)
        if loadSplit.count != bodyCount { loadSplit = [Bool](repeating: false, count: bodyCount) }
        for f in fieldBodies where f.field.dependsOnVelocity && !loadSplit[Int(f.index)] {
            // Motions are built in body order.
            var lo = 0, hi = motions.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if motions[mid].index < f.index { lo = mid + 1 } else { hi = mid }
            }
            guard lo < motions.count && motions[lo].index == f.index else { continue }
            motions[lo].dvx *= 0.5
            motions[lo].dvy *= 0.5
            loadSplit[Int(f.index)] = true
            loadHalves.append(LoadHalf(index: f.index, dvx: motions[lo].dvx, dvy: motions[lo].dvy))
        }
        for l in loadHalves { loadSplit[Int(l.index)] = false }
    }

    /// Each awake spring's constants for the step's kicks, and its state at the step's start
    /// (SpringWork.swift).
    mutating func prepareSprings(h: Double, _ joints: [Joint], states: UnsafeMutablePointer<BodyState>) {
        springWork.removeAll(keepingCapacity: true)
        springConstants.removeAll(keepingCapacity: true)
        if springJoints.isEmpty { return }
        // The springs are kicked in quarter substeps (SolverContext.applyForces halves the half kick).
        let tau = h / 2 / 2
        for id in springJoints {
            springConstants.append(SpringConstants(joints[Int(id)], h: h, tau: tau))
            if SpringForce.isSpring(joints[Int(id)]) { springWork.append(SpringWork.start(id, joints[Int(id)], states, h: h)) }
        }
    }

    /// What each body under a field with a potential still owes after the step (FieldWork.swift).
    func storeFieldEnergyOwed(_ bodies: inout [Body]) {
        for w in fieldWork { bodies[Int(fieldBodies[Int(w.fieldBody)].index)].fieldEnergyOwed = 0 }
        for w in fieldWork { bodies[Int(fieldBodies[Int(w.fieldBody)].index)].fieldEnergyOwed += w.owed }
    }
}
