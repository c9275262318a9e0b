// TwoWorkersTests: a step shared by two workers gives the very bytes one worker gives.
//
// The engine splits only work whose items are independent (the batches of one graph color, the
// bodies of an integration stage) and keeps every other order, so nothing may differ: not an
// ulp of a position, an angle or a velocity. Each scene runs twice from the same build, once on
// the calling thread alone and once with a helper thread, and every item's state is compared bit
// for bit after the steps. The scenes are large enough that the step is shared (the workers
// report shared stages and chunks the helper took); a scene too small to share would prove
// nothing.
import Testing
import Geometry
import Dynamics
import Benchmarks

@Suite("Two workers")
struct TwoWorkersTests {
    /// Every item's center, turn and velocities, as bit patterns.
    static func state(of built: BuiltBenchScene) -> [UInt64] {
        built.items.flatMap { item -> [UInt64] in
            let v = built.animator.linearVelocity(for: item)
            return [item.center.x.bitPattern, item.center.y.bitPattern, item.transform.a.bitPattern,
                    item.transform.b.bitPattern, v.x.bitPattern, v.y.bitPattern,
                    built.animator.angularVelocity(for: item).bitPattern]
        }
    }

    /// The scene after `steps` steps with `workers` workers, and the workers' record.
    static func run(_ scene: BenchScene, steps: Int, workers: SolverWorkers?) -> [UInt64] {
        let built = scene.build()
        built.animator.solverWorkers = workers
        for i in 0..<steps {
            built.beforeStep?(i)
            built.animator.step()
        }
        return state(of: built)
    }

    @Test("Engine scenes: the same bits with one worker and two", arguments: [
        ("pyramid-820", 60), ("rain", 60), ("tumbler", 60),
    ])
    func engineScenes(name: String, steps: Int) throws {
        let scene = try #require(EngineScenes.scene(named: name))
        try Self.compare(scene, steps: steps)
    }

    @Test("Box2D twins: the same bits with one worker and two", arguments: [("tumbler", 40), ("large_pyramid", 20)])
    func twins(name: String, steps: Int) throws {
        let scene = try #require(EngineScenes.twins.first { $0.name == name })
        try Self.compare(scene, steps: steps)
    }

    static func compare(_ scene: BenchScene, steps: Int) throws {
        let one = run(scene, steps: steps, workers: nil)
        let workers = SolverWorkers(count: 2)
        let two = run(scene, steps: steps, workers: workers)
        #expect(workers.count == 2)
        #expect(workers.sharedStages > 0, "\(scene.name) is too small to share a step")
        #expect(workers.helperChunks > 0, "the helper took no chunk in \(scene.name)")
        try #require(one.count == two.count)
        let first = one.indices.first { one[$0] != two[$0] }
        #expect(first == nil,
                "\(scene.name): item \((first ?? 0) / 7) differs after \(steps) steps")
    }

    @Test("One worker is the calling thread alone; counts are clamped to 1...2")
    func clamped() {
        #expect(SolverWorkers(count: 0).count == 1)
        #expect(SolverWorkers(count: 1).helperChunks == 0)
        #expect(SolverWorkers(count: 8).count == 2)
    }
}
