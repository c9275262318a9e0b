// BenchScene: one benchmark scenario. `build` makes a fresh animator in its starting state; the
// same builders back the tests (BenchmarksTests) that check body and contact counts and that
// the pyramids stand, so the timed scene is the verified scene.
import Geometry
import Dynamics

public struct BuiltBenchScene {
    public let animator: DynamicAnimator
    public let items: [BenchItem]
    /// Where each item started, for the "still standing" check.
    public let start: [Point]
    /// Largest drift (points) that still counts as standing; nil when the scene has no such notion.
    public let standTolerance: Double?
    /// For a scene that holds its items in a container (the tumbler's drum): how many of them are
    /// inside it now, and of how many; nil for other scenes.
    public var kept: (() -> (inside: Int, of: Int))? = nil
    /// Called with the step's index (from 0) before each step, inside the timing, as v3's
    /// benchmark app calls a scene's step function: a scene that steers a kinematic body to a
    /// target, or adds and removes bodies as it runs (the Box2D v3 twins). Nil for the others.
    public var beforeStep: ((Int) -> Void)? = nil

    /// The largest distance any item moved from its start.
    public var maximumDrift: Double {
        zip(items, start).map { $0.0.center.distance(to: $0.1) }.max() ?? 0
    }

    /// Whether no item drifted past the tolerance (nil for scenes without one).
    public var stands: Bool? {
        standTolerance.map { maximumDrift < $0 }
    }
}

public struct BenchScene: Sendable {
    public let name: String
    public let summary: String
    /// Steps the benchmark runs (and the tests check after).
    public let steps: Int
    public let build: @Sendable () -> BuiltBenchScene

    public init(name: String, summary: String, steps: Int, build: @escaping @Sendable () -> BuiltBenchScene) {
        self.name = name; self.summary = summary; self.steps = steps; self.build = build
    }
}
