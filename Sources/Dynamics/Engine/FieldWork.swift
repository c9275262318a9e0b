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
}

extension SolverContext {
    /// After a substep's closing kick: the field's work over the substep's move by the trapezoid
    /// rule, against the potential's fall over it; the difference goes back as a change of speed.
    @inline(__always) func settleFieldWork(elapsed: Double) {
        for k in 0..<fieldWork.count {
            let w = fieldWork[k]
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
            guard excess != 0, excess.isFinite else { continue }
            let v = st.pointee.v
            let kinetic = 0.5 * f.mass * v.lengthSquared
            guard kinetic > 0 else {
                fieldWork[k].owed = max(excess, 0)
                continue
            }
            st.pointee.v = v * (max(0, kinetic - excess) / kinetic).squareRoot()
            fieldWork[k].owed = max(excess - kinetic, 0)
        }
    }
}
