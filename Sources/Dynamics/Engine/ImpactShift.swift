// ImpactShift: the displacement an impact owes the drift in which its surfaces meet.
//
// The impact pass resolves an elastic contact before the drift in which its gap closes (after
// that drift the speculative rows would already have stopped the approach at the gap), so the
// whole drift used to run at the rebound velocity: the body turned back where it stood, up to a
// substep's travel short of the wall. A ball of e = 1 at 20,000 pt/s thrown from 290 pt away
// ended its step at 123.3 pt from the wall instead of 43.3. Struck at the moment of contact,
// t* = gap / |vₙ| into that drift, the body would move at its approach for t* and at its rebound
// for the rest: the rebound's drift plus −Δv·t*, Δv the impulse's change of its velocity (and
// −Δω·t* of its turn). The pass adds that to the body's shift here, impulse by impulse, each at
// its own t*, and the next drift moves the body by it (SolverStages.integratePositions). The two
// bodies of a pair shift by ∓P·t*/m, so their center of mass moves as it would without the
// impact; against a wall the body ends where the reflected path puts it, never past the surface
// (the path reaches the contact at t* and turns there). A contact already touching or
// overlapping closes at once, or when an impulse earlier in the pass set one of its bodies
// moving (the gap its shift leaves): a struck row passes the blow on at the moment it arrives.
// Two walls met in one drift: the second wall's moment counts what the first bounce owes, and is
// never after the drift's end (struck there, the body is where its approach took it, inside);
// a face's two points solved as one block meet at one moment, so the shifts owe no turn that
// their impulses do not give (docs/dynamics.md, "Bounces struck at the moment of contact").
//
// Only where no load or field acts on either body along the normal (ContactConstraint's
// `strikesAtContact`). Under one the body gains (or loses) a·t* of speed before the contact and
// the impulse, taken from the velocity of the pass, does not see it: shifted down to a floor
// under gravity without that speed, an elastic ball lost m·g·2·gap at each bounce, and a ball
// with spin and friction sliding into a corner (CornerTests) gained 0.22 pt of height's
// energy. There the impulse stays at once, a substep's travel early at most, and keeps |v|. The
// same for a body an awake joint holds (ConstraintGraph's impact copies): the joint's pull changes
// its approach before the contact as a load does, and the shift, which the joint does not see,
// moved a pinned pair's bodies off their joint for free (audit seed 21590, +3.2 % of its scale).
//
// The last substep's impacts meet in the next step's first drift: the body carries its shift
// there (`Body.impactShift`) with the velocity and pose the step left it, and takes it only if
// those are still its own when that step begins; an owner's or the wall guard's change (a new
// velocity, a pose put back) drops it.
import Geometry

/// A body's displacement and turn owed to the next drift.
struct ImpactShift: Sendable, Equatable {
    var dp: Vector = .zero
    var turn: Double = 0
}

/// A shift the last substep left, carried by its body into the next step with the state the step
/// left it, which must still be the body's for the shift to be taken.
struct CarriedImpactShift: Sendable {
    var shift: ImpactShift
    var position: Vector
    var velocity: Vector
    var angularVelocity: Double

    /// Whether `body` still moves as the step that left this shift left it.
    func belongs(to body: Body) -> Bool {
        body.position == position && body.velocity == velocity && body.angularVelocity == angularVelocity
    }
}

/// The step's shifts by body, and the list of the bodies that have one: what the impact pass
/// writes and the drift reads (through `ImpactShifts`).
struct ImpactShiftBuffer {
    private var shifts: [ImpactShift] = []
    private var listed: [Bool] = []
    private var list: [Int32] = []
    private var count = 0

    /// Makes room for `bodies` and takes the shifts the moving ones carry from the last step
    /// (each body's carried shift is cleared, taken or not).
    mutating func start(_ bodies: inout [Body], movers: [Int32]) {
        if shifts.count != bodies.count {
            shifts = [ImpactShift](repeating: ImpactShift(), count: bodies.count)
            listed = [Bool](repeating: false, count: bodies.count)
            list = [Int32](repeating: 0, count: bodies.count)
        }
        count = 0
        for i in movers {
            guard let carried = bodies[Int(i)].impactShift else { continue }
            bodies[Int(i)].impactShift = nil
            guard bodies[Int(i)].kind == .dynamic && carried.belongs(to: bodies[Int(i)]) else { continue }
            shifts[Int(i)] = carried.shift
            listed[Int(i)] = true
            list[count] = i
            count += 1
        }
    }

    /// After the last substep and the poses: the shifts no drift took go with their bodies.
    mutating func carry(into bodies: inout [Body]) {
        for k in 0..<count {
            let i = Int(list[k])
            bodies[i].impactShift = CarriedImpactShift(shift: shifts[i], position: bodies[i].position,
                                                       velocity: bodies[i].velocity,
                                                       angularVelocity: bodies[i].angularVelocity)
            shifts[i] = ImpactShift()
            listed[i] = false
        }
        count = 0
    }

    /// The buffers, for the substeps.
    mutating func withShifts<R>(_ body: (ImpactShifts) -> R) -> R {
        shifts.withUnsafeMutableBufferPointer { sp in
        listed.withUnsafeMutableBufferPointer { lp in
        list.withUnsafeMutableBufferPointer { ip in
        withUnsafeMutablePointer(to: &count) { cp in
            body(ImpactShifts(shifts: sp.baseAddress!, listed: lp.baseAddress!, list: ip.baseAddress!, count: cp))
        }}}}
    }
}

/// The pass over one SolverContext's shifts.
struct ImpactShifts {
    let shifts: UnsafeMutablePointer<ImpactShift>
    let listed: UnsafeMutablePointer<Bool>
    let list: UnsafeMutablePointer<Int32>
    let count: UnsafeMutablePointer<Int>

    /// Adds `dp` and `turn` to body `i`'s shift.
    @inline(__always) func add(_ i: Int, dp: Vector, turn: Double) {
        if !listed[i] {
            listed[i] = true
            list[count.pointee] = Int32(i)
            count.pointee += 1
        }
        shifts[i].dp += dp
        shifts[i].turn += turn
    }

    /// The drift's part: moves every listed body by its shift and clears the list.
    @inline(__always) func apply(to states: UnsafeMutablePointer<BodyState>) {
        for k in 0..<count.pointee {
            let i = Int(list[k])
            states[i].dp = states[i].dp + shifts[i].dp
            if shifts[i].turn != 0 { states[i].dq = Rotation(angle: shifts[i].turn).multiply(states[i].dq) }
            shifts[i] = ImpactShift()
            listed[i] = false
        }
        count.pointee = 0
    }
}
