// Scene+Workers: how many threads a scene's engine steps with.
//
// The engine shares a large step's solver stages with a second worker (SolverWorkers in
// Dynamics) and gives the same bytes either way, so the choice is only about speed. Where a
// scene is simulated headless, the command line says (`nudge simulate --workers N`); the
// playground takes two only for a large scene, since a small one would pay for the handing over
// and the machine's other work would lose a core for nothing (docs/playground.md).
import Dynamics

extension Scene {
    /// Items above which the playground steps a scene with two workers.
    public static let largeSceneItems = 1_000

    /// The workers the playground gives this scene: two when it has more than
    /// `largeSceneItems` items, otherwise one.
    public var playWorkerCount: Int { items.count > Self.largeSceneItems ? 2 : 1 }

    /// Steps the scene's engine with `count` workers (1 or fewer: the calling thread alone; the
    /// engine uses at most 2).
    public func useSolverWorkers(_ count: Int) {
        animator.solverWorkers = count > 1 ? SolverWorkers(count: count) : nil
    }
}
