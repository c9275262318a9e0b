// StepResult: what a solved step hands back to the World: the bodies it moved and how far each
// went, which the sweep against static shapes (ContinuousCollision.swift) and the sleeper read.
//
// It is a value the Stepper returns, instead of the World reading the Stepper's scratch arrays
// after the solve: it shares their storage (arrays are copied only when written, and the World
// lets go of the result before the next step writes them), so returning it costs nothing.

import Geometry

/// The bodies a step moved and their displacements.
struct StepResult {
    /// The awake bodies the step integrated, by index.
    let movers: [Int32]
    /// The solver's per-body states, indexed by body; read through `displacement(of:)`.
    private let states: [BodyState]
    /// By body index, the acceleration a dynamic body's forces, gravity and fields gave it at the
    /// step's start; read through `drive(of:)`.
    private let drives: [Vector]
    /// By body index, the compact copy of each body the step read (SolverBody): the wall guard
    /// tells a contact with a wall from the others by it, without loading the full bodies.
    let solverBodies: [SolverBody]
    /// Whether some body that is not dynamic (the ground, an anchored item) has a shape. Only such
    /// a body's shapes are walls (WallGuard.holds), so without one no sweep can hit anything.
    let hasWalls: Bool

    init(movers: [Int32], states: [BodyState], drives: [Vector], solverBodies: [SolverBody], hasWalls: Bool) {
        self.movers = movers
        self.states = states
        self.drives = drives
        self.solverBodies = solverBodies
        self.hasWalls = hasWalls
    }

    /// How far a moving body went over the step.
    @inline(__always) func displacement(of body: Int32) -> Vector { states[Int(body)].dp }
    /// How far a moving body turned over the step (the identity for one that did not move).
    @inline(__always) func turn(of body: Int32) -> Rotation { states[Int(body)].dq }
    /// A dynamic body's acceleration from its forces, gravity and fields during the step
    /// (continuous collision takes back the speed it gave beyond a wall).
    @inline(__always) func drive(of body: Int32) -> Vector { drives[Int(body)] }
}
