// SubstepField: a force that depends on where a body is or how it moves, applied by the solver
// at every substep instead of once per step.
//
// A load set before the step (Body.acceleration) stays constant across the substeps while the
// body moves. For a force that does not depend on the body's state (gravity) that is exact; for
// one that does, it is a force from the past: a spring field pulled with the stretch of the
// step's start through all four substeps, and its swing grew from 100 to 164 pt in 4 s; a
// magnetic field turned the velocity a quarter turn and added it, so the speed grew by
// √(1 + (ω·dt)²) each step, 100 to 118 pt/s in 5 s. So such a field hands the solver a
// `SubstepField`, and the solver kicks each of its bodies by velocity Verlet (Stepper.applyForces:
// half a kick, whole ones, half a kick, each from the state of that moment). A position-dependent
// field's kick is its acceleration times the kick's length; a velocity-dependent field's kick is
// the exact solution over that length (a rotation for a magnetic field, an exponential decay for
// drag), so it can never add the energy the equations do not.
import Geometry

/// A field the solver applies at every substep (FieldBehavior is the one).
protocol SubstepField: AnyObject {
    /// Whether the field depends on the velocity (magnetic, drag, velocity, turbulence): the
    /// solver then applies it once per substep, at its start after the relax pass, so that
    /// between two moves it acts whole between the closing and the opening half kicks of the
    /// position-dependent forces and of the body's constant load (the Boris scheme): a turn of
    /// the velocity between whole kicks of a spring, or split around quarter kicks, lets the
    /// energy stray when the turn per substep is large, and a load kicked whole after the turn
    /// drifts the body along it (SolverStages.applyForces, Stepper.prepareLoadHalves).
    var dependsOnVelocity: Bool { get }

    /// Changes `velocity` of a body at `position` with `mass` and `charge` by the field's effect
    /// over `tau` seconds at `time`; `h` is the substep length (for a spring's exact period).
    func kick(_ velocity: inout Vector, at position: Point, mass: Double, charge: Double, time: Double,
              tau: Double, h: Double)

    /// The field's acceleration of a body at `position` moving at `velocity` (FieldWork.swift
    /// reads it at the kicks' positions).
    func acceleration(at position: Point, velocity: Vector, mass: Double, charge: Double, time: Double) -> Vector

    /// The body's potential energy in the field at `position`, for a conservative field whose
    /// potential has a closed form; nil for the others (FieldWork.swift).
    func potential(at position: Point, mass: Double, charge: Double) -> Double?
}

/// One body under one field for the coming step.
struct FieldLoad {
    let field: any SubstepField
    let body: Int32
    /// The time the step starts at (noise fields change with time).
    let time: Double
}
