// SolverBody: what building a step's contact constraints reads of a body, 24 bytes.
//
// The graph reads two bodies per contact, in contact order, which is scattered order for the
// bodies. From the full `Body` record (over 200 bytes, spread over several cache lines) those
// reads miss the cache once per body per contact when the bodies do not fit in the core's cache,
// and building the graph stalls on that one load (docs/performance-log.md). The
// Stepper copies these fields once per step while it walks the bodies in order anyway
// (prepareBodies), and the graph reads them from this compact array instead.
struct SolverBody: Sendable {
    var invMass: Double = 0
    var invInertia: Double = 0
    /// The solver changes its velocity, so a color must not hold it twice.
    var isDynamic = false
    /// Its island sleeps: its contacts stay out of the solver (IslandSleeper.swift).
    var isAsleep = false
    /// A wall for the wall guards (WallGuard.standsStill): the wide solver's soft pass solves an
    /// inelastic face contact against it as a block (WideContactSolver.blockSoft).
    var standsStill = false
    /// An anchored body its owner drives by velocity (not moved by hand): the wall guard holds
    /// bodies out of it along their path in its frame (WallGuard.holds).
    var isDriven = false
    /// Under a field the solver kicks in halves at each substep's two ends: its contacts solve
    /// friction in the biased pass too (ContactConstraint.frictionWhenBiased, LaneContact).
    var underField = false
    /// Its surface moves fast enough that its contacts may turn past their features within the
    /// step: the graph asks SubstepManifolds.turnsPastFeatures of those (set by the Stepper,
    /// which knows dt; SubstepManifolds.movesFast).
    var movesFast = false

    init() {}

    @inline(__always) init(_ b: Body) {
        invMass = b.invMass
        invInertia = b.invInertia
        isDynamic = b.kind == .dynamic
        isAsleep = b.isAsleep
        standsStill = WallGuard.standsStill(b)
        isDriven = b.kind == .anchored && !b.isMovedByOwner && !standsStill
        underField = b.fieldAcceleration != .zero
    }
}
