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
@testable import Benchmarks

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

    /// Smash's wall sleeps until the ram reaches it at step 69: the narrow phase then runs over
    /// the active contacts alone, shared, and the sleeping islands the ram touches wake.
    /// joint_grid's 19,800 pins and rain's ragdolls are solved one joint at a time, in colors
    /// the two workers share (JointColors.swift); joint_grid has no contact, so only the joints
    /// and the integration are shared.
    @Test("Box2D twins: the same bits with one worker and two",
          arguments: [("tumbler", 40), ("large_pyramid", 20), ("smash", 72), ("joint_grid", 6), ("rain", 200)])
    func twins(name: String, steps: Int) throws {
        let scene = try #require(EngineScenes.twins.first { $0.name == name })
        try Self.compare(scene, steps: steps)
    }

    /// A pile of 1,000 boxes falling onto the floor beside a block of 300 boxes made to start
    /// asleep without gravity (smash's wall, small), which a ball thrown from the left strikes
    /// at step 4: while the block sleeps the
    /// narrow phase runs over the active contacts' list (more than two workers' chunks of it),
    /// and the islands the ball and the woken boxes touch wake from the pass that lists them in
    /// contact order.
    static let pileAndSleepingBlock = BenchScene(name: "pile and sleeping block", summary: "", steps: 30) {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1_200, height: 600))
        let pile = (0..<1_000).map { k in
            BenchItem(center: Point(20 + Double(k % 40) * 11, 300 + Double(k / 40) * 11), size: Size(10, 10))
        }
        let block = (0..<300).map { k in
            BenchItem(center: Point(800 + Double(k % 20) * 10, 300 + Double(k / 20) * 10), size: Size(10, 10))
        }
        let ball = BenchItem(center: Point(700, 350), size: Size(20, 20), type: .ellipse)
        let all = pile + block + [ball]
        let collision = CollisionBehavior(items: all)
        collision.setTranslatesReferenceBoundsIntoBoundary(true)
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: pile + [ball]))
        let push = DynamicItemBehavior(items: [ball])
        push.addLinearVelocity(Vector(1_500, 0), for: ball)
        animator.addBehavior(push)
        for box in block { animator.setStartsAsleep(box) }
        return BuiltBenchScene(animator: animator, items: all, start: all.map(\.center), standTolerance: nil)
    }

    @Test("a falling pile beside a sleeping block a ball wakes: the same bits with one worker and two")
    func sleepingBlockWoken() throws {
        try Self.compare(Self.pileAndSleepingBlock, steps: Self.pileAndSleepingBlock.steps)
    }

    /// The same scene's contact events, which the touching test decides (shared by two workers
    /// in a large step), each named by its items' places in the scene: the same events in the
    /// same order with one worker and two.
    @Test("a falling pile beside a sleeping block: the same contact events in the same order with one worker and two")
    func eventsInTheSameOrder() {
        func events(_ workers: SolverWorkers?) -> [String] {
            let built = Self.pileAndSleepingBlock.build()
            built.animator.solverWorkers = workers
            let recorder = EventRecorder(built.items)
            for case let c as CollisionBehavior in built.animator.behaviors { c.collisionDelegate = recorder }
            for _ in 0..<Self.pileAndSleepingBlock.steps { built.animator.step() }
            return recorder.log
        }
        let one = events(nil), two = events(SolverWorkers(count: 2))
        // The ball strikes the block, whose 300 boxes touch their neighbours once awake.
        let ballStrikes = one.contains { line in
            let t = line.split(separator: " ").map(String.init)
            let block = 1_000..<1_300
            return t[0] == "began" && ((t[1] == "1300" && block.contains(Int(t[2]) ?? -1))
                                       || (t[2] == "1300" && block.contains(Int(t[1]) ?? -1)))
        }
        #expect(ballStrikes, "the ball never touched the block")
        #expect(one == two, "\(one.count) events with one worker, \(two.count) with two; first difference at \(zip(one, two).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(one.count, two.count))")
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

/// Records contact events as text, each item named by its place in the scene.
private final class EventRecorder: CollisionBehaviorDelegate {
    private let places: [ObjectIdentifier: Int]
    private(set) var log: [String] = []

    init(_ items: [BenchItem]) {
        places = Dictionary(uniqueKeysWithValues: items.enumerated().map { (ObjectIdentifier($0.element), $0.offset) })
    }

    private func place(_ item: DynamicItem) -> Int { places[ObjectIdentifier(item as AnyObject)] ?? -1 }

    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem, at point: Point) {
        log.append("began \(place(item1)) \(place(item2)) \(point.x.bitPattern) \(point.y.bitPattern)")
    }
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem, with item2: DynamicItem) {
        log.append("ended \(place(item1)) \(place(item2))")
    }
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem, withBoundaryIdentifier identifier: String?, at point: Point) {
        log.append("began \(place(item)) wall \(point.x.bitPattern) \(point.y.bitPattern)")
    }
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem, withBoundaryIdentifier identifier: String?) {
        log.append("ended \(place(item)) wall")
    }
}
