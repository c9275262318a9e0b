// FieldWork: the work a conservative field does on a body over a step, made to be exactly the
// fall of its potential.
//
// The fields kick the velocities by velocity Verlet (SubstepField.swift), which keeps a nearby
// energy for a smooth force. The electric field and radial gravity without falloff are not
// smooth: their force keeps its size everywhere and flips its direction at the field's
// position, a potential shaped like a cone (V = ∓|F|·d). A body that crosses the center within
// a substep is kicked from both sides by the full force at the kicks' positions, while the
// energy it should gain or lose depends on where between them it crossed: up to |F|·|Δx| per
// crossing, with Δx the substep's move. A light charged item (15,000 pt/s², 10 pt per substep)
// gained 1.2 % of its scene's scale in one crossing; over the 100,000 audit seeds these
// crossings were 131 of the 159 failures. Near the center the tangential part has the same
// trouble: the force turns by the angle the body passes around the center.
//
// So for each body under such a field the solver takes the field's work over each substep's
// move by the trapezoid rule (the forces of the kicks at its two ends, which are what the kicks
// gave) and, after the substep's closing kick, compares it with the potential's fall over the
// move, which for a conservative field is the exact work whatever the path. The difference is
// the integration's error: the body's speed is scaled so its kinetic energy gives it back (or
// takes it, when the kicks gave too little). Settled every substep, the error of a crossing is
// put right before the body moves on with it. A body that crossed the center near its
// turning point may end the step where its potential alone is above its energy (Verlet's drift
// overshot the turn); it has no kinetic energy left to give, so it owes the rest
// (Body.fieldEnergyOwed), taken from its kinetic energy in the next substeps as it falls back.
// For free flight through the cone this
// makes kinetic plus potential energy exact at every step end: the kicks' energy differs from
// the trapezoid's work only by m·h²/8·(|a_end|² − |a_start|²), which is zero when the force
// keeps its size. A body held still (against a wall, by a joint) has no path, so nothing is
// given back. The correction scales the speed and never turns it; it can take at most the
// body's kinetic energy. Fields whose potential has no closed form here (a falloff, a region
// whose edge the potential jumps at) are left to Verlet.
//
// The trapezoid is what the kicks gave only when nothing else changes the velocity between
// them. A joint's impulse or a spring's kick between the opening half kick and the move (P) makes
// the kicks give m·v·Δv at a velocity the move does not have: they differ from the trapezoid by
// −P·a·h/2. So the kicks' own energy is added up as they are given (`kicked`), and the settling
// gives back no more than it fell short of the potential's fall. An item on a rod from a point
// off its center, swung past the center (the rod turns what the kicks push along it partly into
// spin), had kicks giving 25 to 37 more than the fall in every substep while the trapezoid fell
// up to 14 short, and the give-back made 1.3 % of its scene's scale in two steps; an item pulled
// against a spring into a wall, 1.7 %. Taking out is left to the trapezoid: a wall or joint that
// holds a body against the field takes the kicks' velocity itself, and the kicks' energy would
// count it twice.
//
// Velocity Verlet's kicks give the trapezoid's work plus m·h²/8·(|a_end|² − |a_start|²), a the
// sum of every position force kicked on the body (the drift moves it h·(v + a_start·h/2); the
// kicks give m·h/2·(a_start + a_end)·v plus m·h²/8·|a_start + a_end|²). For one cone field
// alone the force keeps its size and the term is zero; beside a second cone field, a spring or
// a spring field it is not: two fields pulling a light item opposite ways sum to a pull whose
// size changes as the item moves (560 to 980 within two steps), and each field's settling, which
// took the trapezoid for what its kicks gave, let the item keep 36 % of m·1000·368 more than
// its fall within a step. So a body's settled fields are settled together, on its first entry,
// and the settling takes out the fields' part of that term, m·h²/8·Δ(|E|² + 2·E·S) (E the
// fields' summed acceleration, S the others', measured as the kick's change of velocity less
// E); the springs' own |S|² stays with them (the energy Verlet keeps for them, which the audit
// counts). The term telescopes: over any run it adds up to its value at the two ends, so it
// moves no energy in or out for good, it only keeps the kinetic energy where the fall says.
//
// One more term belongs to the others, not to the fields: the energy Verlet keeps for a spring,
// H̃ = ½·k·s² + h²/12·q̇ᵀ·V″·q̇ − h²/24·|F|²/m (AuditVerlet.swift), holds only when the spring's
// trapezoid over each move is what H̃ says, and the trapezoid's error, −V‴[Δq, Δq, Δq]/12, has a
// part from how the path bends: the bend of every force on the body. With the fields settled
// exactly, the part their bend makes, −m·h²/6·Ē·ΔS over a substep (Ē the mean of E at the move's
// two ends), is no change of anything the state holds; left in the motion it made kinetic plus
// potential energy wobble with E·S as the item swung (an item on a 9.8 Hz spring swung past an
// electric field's center rose by 2 % of its scene's scale in two steps, as the sum of the term
// over the steps predicts). So the settling takes it back with the fields' part of the size term,
// in free flight beside undamped springs (a wall's or joint's impulse bends the path too, and a
// damped spring's kick is not the force of its potential).
import Geometry

/// One body under a field with a known potential, for one step.
struct FieldWork {
    /// Index into the step's field bodies (SolverContext.fieldBodies).
    let fieldBody: Int32
    /// Where the body was at the last closing kick (or the step's start), the field's
    /// acceleration and the body's potential there.
    var position: Point
    var acceleration: Vector
    var potential: Double
    /// Energy owed from earlier substeps and steps (Body.fieldEnergyOwed).
    var owed: Double
    /// The kinetic energy the field's kicks gave the body since the last settling.
    var kicked: Double = 0
    /// The index of the body's first entry, which settles all its fields together (see the top),
    /// and whether the body is under more than one such field.
    var lead: Int32 = 0
    var shared = false
    /// On a lead entry: the sum of the body's fields' accelerations at the last settling, and the
    /// trapezoids, falls and new accelerations of this settling as they are added up.
    var net: Vector = .zero
    var sum = (work: 0.0, fall: 0.0, next: Vector.zero, move: Vector.zero)
    /// On a lead entry: the acceleration the last kick of the springs and other position forces
    /// gave the body with its settled fields (the velocity it was given over the kick's length),
    /// that of the others alone at the last settling (nil before the step's first kick), and the
    /// kinetic energy all those kicks gave since the last settling.
    var kick: Vector = .zero
    var others: Vector?
    var kickedAll = 0.0
    /// On a lead entry: the velocity after the last settling (or at the step's start), and the
    /// change the kicks and turns of the fields and springs gave it since, for the pull the path
    /// felt (see the top); `turnStart` the velocity before a turn.
    var settled: Vector = .zero
    var pushed: Vector = .zero
    var turnStart: Vector = .zero
}

extension SolverContext {
    /// After a substep's closing kick: the field's work over the substep's move by the trapezoid
    /// rule, against the potential's fall over it; the difference goes back as a change of speed.
    @inline(__always) func settleFieldWork(elapsed: Double) {
        // Other position forces kicked beside the fields (springs, the spring field): each body's
        // settling then counts the kicks' share of their sum's changing size (see the top).
        let beside = !springs.isEmpty || fieldBodies.count > fieldWork.count
        var shared = beside
        for k in 0..<fieldWork.count {
            let w = fieldWork[k]
            if beside || w.shared { shared = true; continue }
            let f = fieldBodies[Int(w.fieldBody)]
            let st = states + Int(f.index)
            let p: Point = f.position + st.pointee.dp
            guard let potential = f.field.potential(at: p, mass: f.mass, charge: f.charge) else { continue }
            let a = f.field.acceleration(at: p, velocity: .zero, mass: f.mass, charge: f.charge, time: f.time + elapsed)
            let work = f.mass * (w.acceleration + a).dot(p - w.position) / 2
            let fall = potential - w.potential
            var excess = work + fall + w.owed
            // The trapezoid is what the kicks gave only when nothing else moved the body between
            // them. A joint that holds it, or a spring that pulls it, may have let the kicks give
            // more than the fall already: then what the trapezoid finds missing is not given back.
            if excess < 0 { excess = max(excess, min(w.kicked + fall + w.owed, 0)) }
            fieldWork[k].acceleration = a
            fieldWork[k].position = p
            fieldWork[k].potential = potential
            fieldWork[k].kicked = 0
            fieldWork[k].owed = 0
            give(excess, entry: k, f, st)
        }
        if shared { settleSharedFieldWork(elapsed: elapsed, beside: beside) }
    }

    /// Takes `excess` from the kinetic energy of `f`'s body (gives it back when negative), by a
    /// change of its speed; what it cannot take is owed on entry `k`.
    @inline(__always) private func give(_ excess: Double, entry k: Int, _ f: FieldBody,
                                        _ st: UnsafeMutablePointer<BodyState>) {
        guard excess != 0, excess.isFinite else { return }
        let v = st.pointee.v
        let kinetic = 0.5 * f.mass * v.lengthSquared
        guard kinetic > 0 else {
            fieldWork[k].owed = max(excess, 0)
            return
        }
        st.pointee.v = v * (max(0, kinetic - excess) / kinetic).squareRoot()
        fieldWork[k].owed = max(excess - kinetic, 0)
    }

    /// The bodies under several such fields, each settled once for all of them: the trapezoids
    /// and falls added up on the body's first entry, with the kicks' own share of the changing
    /// size of the summed force, m·h²/8·(|a_end|² − |a_start|²) (see the top).
    private func settleSharedFieldWork(elapsed: Double, beside: Bool) {
        for k in 0..<fieldWork.count where beside || fieldWork[k].shared {
            let w = fieldWork[k], lead = Int(w.lead)
            let f = fieldBodies[Int(w.fieldBody)]
            let p: Point = f.position + states[Int(f.index)].dp
            guard let potential = f.field.potential(at: p, mass: f.mass, charge: f.charge) else { continue }
            let a = f.field.acceleration(at: p, velocity: .zero, mass: f.mass, charge: f.charge, time: f.time + elapsed)
            fieldWork[lead].sum.work += f.mass * (w.acceleration + a).dot(p - w.position) / 2
            fieldWork[lead].sum.fall += potential - w.potential
            fieldWork[lead].sum.next += a
            if k == lead { fieldWork[lead].sum.move = p - w.position }
            fieldWork[k].acceleration = a
            fieldWork[k].position = p
            fieldWork[k].potential = potential
            if k != lead {
                fieldWork[lead].kicked += w.kicked
                fieldWork[k].kicked = 0
            }
        }
        let h = solver.h
        let undamped = springs.allSatisfy { joints[Int($0)].kind == .revolute || joints[Int($0)].dampingRatio == 0 }
        for k in 0..<fieldWork.count where fieldWork[k].lead == Int32(k) && (beside || fieldWork[k].shared) {
            let w = fieldWork[k]
            let f = fieldBodies[Int(w.fieldBody)]
            // The settled fields' part of |a|², a the sum of every position force's acceleration
            // (E the fields', S the others'): |E + S|² − |S|² = |E|² + 2·E·S.
            let others = beside ? w.kick - w.sum.next : .zero, before = beside ? w.others ?? .zero : .zero
            let size = (w.sum.next.lengthSquared + 2 * w.sum.next.dot(others))
                - (w.net.lengthSquared + 2 * w.net.dot(before))
            // The others' trapezoid along a path the fields bend misses −m·h²/6·Ē·ΔS of the
            // energy Verlet keeps for them (see the top): taken back here with the fields', in
            // free flight only. Where the velocity changed by more than a quarter of the pull
            // beyond the kicks and turns, a wall or joint took part of the pull or struck the
            // body, and the path's bend is not the pull's; a damped spring's kick is no force of
            // a potential, and S then holds its damping: the term is left out there.
            // Along the move the pull's mean over the path is the fall's (exact where the trapezoid
            // of the ends' pulls is not: a crossing of the center, where the pull flips).
            let mean = (w.net + w.sum.next) / 2, held = (states[Int(f.index)].v - w.settled - w.pushed) / h
            let free = undamped && held.lengthSquared * 16 <= mean.lengthSquared
            let span = w.sum.move.lengthSquared
            let path = span > 0 ? mean + w.sum.move * ((-w.sum.fall / f.mass - mean.dot(w.sum.move)) / span) : mean
            let bend = free ? f.mass * h * h / 6 * path.dot(others - before) : 0
            let sizeChange = f.mass * h * h / 8 * size - bend
            fieldWork[k].others = others
            var excess = w.sum.work + w.sum.fall + sizeChange + w.owed
            // What the fields' kicks gave: beside other forces, all the kicks' energy less the
            // others' share in free flight (their trapezoid, their own size change and the bend).
            let kicked = beside ? w.kickedAll - f.mass * (before + others).dot(w.sum.move) / 2
                - f.mass * h * h / 8 * (others.lengthSquared - before.lengthSquared) - bend : w.kicked
            if excess < 0 { excess = max(excess, min(kicked + w.sum.fall + w.owed, 0)) }
            fieldWork[k].net = w.sum.next
            fieldWork[k].sum = (0, 0, .zero, .zero)
            fieldWork[k].kicked = 0
            fieldWork[k].kickedAll = 0
            fieldWork[k].owed = 0
            give(excess, entry: k, f, states + Int(f.index))
            fieldWork[k].settled = states[Int(f.index)].v
            fieldWork[k].pushed = .zero
        }
    }
}

extension SolverContext {
    /// Before (`starting`) and after a kick of the position forces: on each body's lead entry, the
    /// acceleration the kick gave it, from the velocity it had before (kept in `kick` between);
    /// of a turn by the fields that act on the velocity (`turn`), only the change.
    @inline(__always) func noteFieldKicks(tau: Double, starting: Bool, turn: Bool = false) {
        for k in 0..<fieldWork.count where fieldWork[k].lead == Int32(k) {
            let f = fieldBodies[Int(fieldWork[k].fieldBody)]
            let v = states[Int(f.index)].v
            if starting {
                if turn { fieldWork[k].turnStart = v } else { fieldWork[k].kick = v }
                continue
            }
            fieldWork[k].pushed += v - (turn ? fieldWork[k].turnStart : fieldWork[k].kick)
            if turn { continue }
            let start = fieldWork[k].kick
            fieldWork[k].kickedAll += 0.5 * f.mass * (v.lengthSquared - start.lengthSquared)
            fieldWork[k].kick = (v - start) / tau
            if fieldWork[k].others == nil { fieldWork[k].others = fieldWork[k].kick - fieldWork[k].net }
        }
    }
}
