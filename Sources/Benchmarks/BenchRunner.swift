// BenchRunner: steps a scene and times each step with a clock passed in (the executable gives it
// the real monotonic clock; nothing here reads one itself). Reports median, min and max ms per
// step, the final body and contact counts, and whether a pyramid still stands.
import Geometry
import Dynamics

public struct BenchResult: Sendable, Codable {
    public let scene: String
    public let kind: String
    public let steps: Int
    public let bodies: Int
    public let contacts: Int
    public let joints: Int
    public let medianMs: Double
    public let minMs: Double
    public let maxMs: Double
    public let bytesPerFrame: Double?
    public let stands: Bool?
    public let maximumDrift: Double?
    /// Items still inside the scene's container at the end, and of how many (BuiltBenchScene.kept).
    public var kept: Int? = nil
    public var keptOf: Int? = nil
    /// Milliseconds for all steps but the first, as Box2D v3's benchmark app times a run (its
    /// first step, which builds the contacts, is left out of the clock).
    public var totalMs: Double? = nil

    public init(scene: String, kind: String, steps: Int, bodies: Int, contacts: Int, joints: Int,
                medianMs: Double, minMs: Double, maxMs: Double, bytesPerFrame: Double? = nil,
                stands: Bool? = nil, maximumDrift: Double? = nil) {
        self.scene = scene; self.kind = kind; self.steps = steps; self.bodies = bodies; self.contacts = contacts
        self.joints = joints; self.medianMs = medianMs; self.minMs = minMs; self.maxMs = maxMs
        self.bytesPerFrame = bytesPerFrame; self.stands = stands; self.maximumDrift = maximumDrift
    }
}

public struct BenchRunner {
    /// Monotonic time in nanoseconds.
    public let now: () -> UInt64
    /// Called with a short progress line now and then.
    public let progress: (String) -> Void

    public init(now: @escaping () -> UInt64, progress: @escaping (String) -> Void = { _ in }) {
        self.now = now
        self.progress = progress
    }

    /// Steps `scene`; with `sleeping`, bodies at rest may sleep (the scenes are built with
    /// sleeping off, to time the solver as the peers are timed); `workers` threads may share a
    /// large step (SolverWorkers).
    public func run(_ scene: BenchScene, steps: Int? = nil, sleeping: Bool = false, workers: Int = 1) -> BenchResult {
        let built = scene.build()
        if sleeping { built.animator.allowsSleeping = true }
        if workers > 1 { built.animator.solverWorkers = SolverWorkers(count: workers) }
        let total = steps ?? scene.steps
        var times: [Double] = []
        times.reserveCapacity(total)
        for i in 0..<total {
            let t0 = now()
            built.beforeStep?(i)
            built.animator.step()
            let t1 = now()
            times.append(Double(t1 &- t0) / 1_000_000)
            if i % 30 == 0 { progress("\(scene.name): step \(i)/\(total)") }
        }
        let stats = built.animator.statistics
        let sorted = times.sorted()
        var result = BenchResult(scene: scene.name, kind: "engine", steps: total, bodies: stats.bodies,
                                 contacts: stats.contacts, joints: stats.joints,
                                 medianMs: Self.median(sorted), minMs: sorted.first ?? 0, maxMs: sorted.last ?? 0,
                                 stands: built.stands, maximumDrift: built.standTolerance == nil ? nil : built.maximumDrift)
        if let kept = built.kept?() { result.kept = kept.inside; result.keptOf = kept.of }
        result.totalMs = times.dropFirst().reduce(0, +)
        return result
    }

    static func median(_ sorted: [Double]) -> Double {
        if sorted.isEmpty { return 0 }
        let m = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2
    }
}
