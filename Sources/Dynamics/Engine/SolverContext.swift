// SolverContext: everything the substeps of one step read and write, as unsafe pointers taken once
// (Box2D v3's b2StepContext; the name StepContext is the animator's, for behaviors).
//
// The substep loop runs the same few passes four times a step over the same buffers: body states,
// joints, the wide contact batches, the scalar overflow and impact constraints, and the lists of
// bodies to integrate. Held in Swift arrays, each pass would need its buffers through a closure of
// its own (the loop used to sit six closures deep), and every array access inside it would be a
// candidate for a uniqueness check or reference counting. The Stepper instead opens the buffers
// once per step, puts their addresses into this struct, and hands it to the stages
// (SolverStages.swift), which are then plain loops over pointers: no retain or release, no
// dynamic dispatch, and the same instructions the closures produced.
//
// The pointers are valid only inside Stepper.withContext; a context never outlives it. The
// context owns nothing and changes only what its pointers point to, so its stages are
// non-mutating and it is passed by value.
import Geometry

/// What one substep does to a dynamic body's velocity before the constraints: damping, then
/// the constant acceleration of the step's forces and fields.
struct BodyMotion {
    var index: Int32
    var linearScale: Float
    var angularScale: Float
    var dw: Float
    var dvx: Float
    var dvy: Float
}

/// Half a substep's constant load (gravity, pushes, linear gravity fields) of a body under a field
/// that turns its velocity: kicked before the relax pass, ahead of the turn, while BodyMotion
/// holds the other half (Stepper.prepareLoadHalves).
struct LoadHalf {
    var index: Int32
    var dvx: Float
    var dvy: Float
}

/// A dynamic awake body under a field (SubstepField.swift), with what the field reads.
struct FieldBody {
    let field: any SubstepField
    let index: Int32
    /// The body's position when the step began; the state's displacement is added to it.
    let position: Point
    let mass: Double
    let charge: Double
    let time: Double
    /// Index of the body's entry in the step's field work (FieldWork.swift), or −1 for a field
    /// without a potential, whose kicks nobody settles.
    var work: Int32 = -1
}

struct SolverContext {
    /// Every body's solver state, by body index.
    let states: UnsafeMutablePointer<BodyState>
    /// Dynamic awake bodies and their per-substep velocity change.
    let motions: UnsafeBufferPointer<BodyMotion>
    /// Bodies that move during the step: dynamic and anchored ones that are awake.
    let movers: UnsafeBufferPointer<Int32>
    /// Every joint, by joint index, and the indices of the active ones whose bodies are awake.
    let joints: UnsafeMutablePointer<Joint>
    let awakeJoints: UnsafeBufferPointer<Int32>
    /// The awake joints that are solved together with their neighbours (JointGroups.swift); its
    /// solve keeps scratch rows, so the context points at it rather than holding a copy.
    let jointGroups: UnsafeMutablePointer<JointGroups>
    /// The iterative joints in colors and where each color begins, one past the last color's;
    /// both empty when the joints are too few to color (JointColors.swift). With
    /// `jointLeftovers` the last range is the joints no color took, solved on the calling thread.
    let jointColorOrder: UnsafeBufferPointer<Int32>
    let jointColorStarts: UnsafeBufferPointer<Int>
    let jointLeftovers: Bool
    /// The colored contact constraints, eight to a batch (ConstraintGraph.swift).
    let batches: UnsafeMutableBufferPointer<WideContact>
    /// Where each color's batches begin, and one past the last color's (ConstraintGraph.colorStarts).
    let colorStarts: UnsafeBufferPointer<Int>
    /// The workers a large step's wide passes and integration are shared by (SplitStages.swift);
    /// nil when everything runs inline on the calling thread.
    let workers: Unmanaged<SolverWorkers>?
    /// Contact constraints that fit no color, solved one at a time.
    let overflow: UnsafeMutableBufferPointer<ContactConstraint>
    /// Scalar copies of the elastic contact constraints, for the impact pass.
    let impacts: UnsafeMutableBufferPointer<ContactConstraint>
    /// Which of them the impact pass must look at again, and the lists that say (ImpactQueue.swift).
    let impactQueue: ImpactSweeps
    /// What the impacts owe the next drift (ImpactShift.swift).
    let impactShifts: ImpactShifts
    /// Awake joints that are springs (SpringForce.swift), and bodies under fields: the forces
    /// applied at every substep.
    let springs: UnsafeBufferPointer<Int32>
    /// What each of those springs' kicks share over the step, in the same order.
    let springConstants: UnsafeBufferPointer<SpringConstants>
    let fieldBodies: UnsafeBufferPointer<FieldBody>
    /// The first halves of the constant loads of the bodies under a field that turns the velocity.
    let loadHalves: UnsafeBufferPointer<LoadHalf>
    /// Bodies whose turn the joints see stiffened by their pull (TensionInertia.swift).
    let stiffTurns: UnsafeBufferPointer<StiffTurn>
    /// The field bodies whose field has a potential, with its work so far (FieldWork.swift).
    let fieldWork: UnsafeMutableBufferPointer<FieldWork>
    /// The awake springs, with their work so far (SpringWork.swift).
    let springWork: UnsafeMutableBufferPointer<SpringWork>

    /// The substep's length and softness, in double precision (scalar solvers) and for the lanes.
    let solver: SolverSettings
    let wide: WideSettings
    /// The joints' give: in exact groups, on their own, and one at a time beside others of a
    /// group too large to solve exactly (JointGroups.isIterative).
    let jointSoftness: JointSoftness
    /// Passes per substep over those joints while solving and while relaxing (WorldSettings).
    let iterativeJointPasses: Int
    let iterativeJointRelaxPasses: Int
    /// The substep's length in single precision, for integrating positions.
    let h: Float
    /// The fastest a body may move, pt/s.
    let maxLinearSpeed: Float
    /// The most impact passes per call, should elastic contacts keep exchanging momentum.
    let impactSweeps: Int
    /// The contacts collided again at each substep, and the shapes to collide them from; nil
    /// when the step was given no shapes.
    let turning: TurningContacts?
}
