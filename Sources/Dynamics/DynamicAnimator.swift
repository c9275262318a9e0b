// DynamicAnimator: UIKit's UIDynamicAnimator over Nudge's rigid-body World.
//
// It owns the engine and the behavior tree. `step()` advances exactly 1/60 s in UIKit's order:
// behaviors' pre-step forces, the physics step, collision-began then -ended callbacks, every
// behavior's `action` (children included), and finally the adds and removes requested during
// the step. The engine is rebuilt lazily: any structural change marks the animator as needing a
// sync, which happens at the start of the next step, so a scene can add a dozen behaviors
// without a dozen rebuilds. Items join the engine when the first behavior names them and leave
// when the last one lets go.
//
// Rest: when every dynamic body has moved slower than about 1 pt/s and 2°/s for half a second,
// the animator pauses (`isRunning` false, `elapsedTime` stops, `step()` does nothing) and tells
// its delegate; any change to a behavior resumes it. Before that, the engine already puts parts
// of the scene that rest to sleep (World, IslandSleeper) while the rest moves; sleeping bodies
// have zero velocity, so they count as resting here.
import Geometry

/// Hears when an animator starts moving again and when everything has come to rest.
/// UIKit: `UIDynamicAnimatorDelegate`.
public protocol DynamicAnimatorDelegate: AnyObject {
    /// The animator was paused and is about to run again (a behavior changed or was added).
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator)
    /// Every item has rested for half a second: the animator paused (``DynamicAnimator/isRunning``
    /// is false and ``DynamicAnimator/step()`` does nothing until something changes).
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator)
}

/// Runs the behaviors added to it and moves their items. UIKit: `UIDynamicAnimator`.
///
/// There is no display link: the owner calls ``step()`` once per frame, and each call advances
/// the simulation by exactly ``stepDuration`` (1/60 s). Positions are in points in the
/// coordinates of ``referenceBounds`` (y down), velocities in pt/s, angles in radians.
public final class DynamicAnimator {
    /// The fixed step, 1/60 s: the simulation advances in exactly these increments.
    public static let stepDuration = 1.0 / 60.0
    static let restLinearSpeed = 1.0
    static let restAngularSpeed = 2.0 * Double.pi / 180
    static let restTime = 0.5

    /// The reference view's bounds, in points: walls of collision behaviors that ask for them
    /// follow it. UIKit: `referenceView.bounds`.
    public var referenceBounds: Rect {
        didSet { if referenceBounds != oldValue { setNeedsSync() } }
    }
    /// Told when the animator pauses at rest and when it resumes. Default `nil`.
    public weak var delegate: DynamicAnimatorDelegate?
    /// The behaviors added with ``addBehavior(_:)``, in that order (children not listed).
    public private(set) var behaviors: [DynamicBehavior] = []
    /// Seconds simulated so far: ``stepDuration`` per step taken while running.
    public private(set) var elapsedTime: Double = 0
    /// Whether the animator has behaviors and has not paused at rest. UIKit: `isRunning`.
    public private(set) var isRunning = false
    /// Nudge extension: whether the animator pauses when everything rests (UIKit always does).
    /// Benchmarks turn it off so every step does the full work, like the peers with sleeping off.
    public var pausesAtRest = true
    /// Nudge extension: whether parts of the scene that have come to rest sleep (stop being
    /// simulated until something wakes them, as in Box2D). Benchmarks turn it off so that every
    /// body is solved every step, like the peers' benchmarks.
    public var allowsSleeping: Bool {
        get { world.settings.enableSleep }
        set { world.settings.enableSleep = newValue }
    }

    let world: World
    private var records: [ItemRecord] = []
    private var recordIndex: [ObjectIdentifier: Int] = [:]
    private var shapeOwner: [Int32: Int] = [:]
    private var flatCache: [DynamicBehavior] = []
    private var treeIsDirty = false
    private var topLevel = Set<ObjectIdentifier>()
    private var needsSync = true
    private var isStepping = false
    private var pending: [(add: Bool, behavior: DynamicBehavior)] = []
    private var restClock: Double = 0

    final class ItemRecord {
        let item: DynamicItem
        let body: Int32
        let shape: Int32
        var seen = true
        init(item: DynamicItem, body: Int32, shape: Int32) { self.item = item; self.body = body; self.shape = shape }
    }

    /// An animator whose reference view has the bounds `referenceBounds` (points).
    /// UIKit: `init(referenceView:)`.
    public init(referenceBounds: Rect) {
        self.referenceBounds = referenceBounds
        self.world = World()
    }

    /// An animator with engine settings other than the defaults (substeps, slop, ...).
    init(referenceBounds: Rect, settings: WorldSettings) {
        self.referenceBounds = referenceBounds
        self.world = World(settings: settings)
    }

    // MARK: Behaviors

    /// Adds a behavior (and its children); adding it twice is ignored. During a step the addition
    /// waits until the step's actions are done. UIKit: `addBehavior(_:)`.
    public func addBehavior(_ behavior: DynamicBehavior) {
        if isStepping { pending.append((true, behavior)); return }
        if !topLevel.insert(ObjectIdentifier(behavior)).inserted { return }
        behavior.willMove(to: self)
        behavior.dynamicAnimator = self
        behaviors.append(behavior)
        behaviorTreeDidChange()
    }

    /// Removes a behavior added with ``addBehavior(_:)``; others are ignored. Items no behavior
    /// names any more leave the simulation. During a step the removal waits until the step's
    /// actions are done. UIKit: `removeBehavior(_:)`.
    public func removeBehavior(_ behavior: DynamicBehavior) {
        if isStepping { pending.append((false, behavior)); return }
        guard topLevel.remove(ObjectIdentifier(behavior)) != nil,
              let i = behaviors.firstIndex(where: { $0 === behavior }) else { return }
        behavior.willMove(to: nil)
        behaviors.remove(at: i)
        behaviorTreeDidChange()
    }

    /// Removes every behavior, telling each with ``DynamicBehavior/willMove(to:)``.
    /// UIKit: `removeAllBehaviors()`.
    public func removeAllBehaviors() {
        for b in behaviors { b.willMove(to: nil) }
        behaviors.removeAll()
        topLevel.removeAll()
        behaviorTreeDidChange()
    }

    /// The behavior tree changed: it is flattened again, once, before the next use. Adding
    /// thousands of behaviors therefore costs linear time, not quadratic.
    func behaviorTreeDidChange() {
        treeIsDirty = true
        setNeedsSync()
    }

    /// Every behavior, parents before their children, in the order they were added.
    var flattened: [DynamicBehavior] {
        refreshTreeIfNeeded()
        return flatCache
    }

    private func refreshTreeIfNeeded() {
        guard treeIsDirty else { return }
        treeIsDirty = false
        var flat: [DynamicBehavior] = []
        func visit(_ b: DynamicBehavior) {
            flat.append(b)
            b.childBehaviors.forEach(visit)
        }
        behaviors.forEach(visit)
        let present = Set(flat.map(ObjectIdentifier.init))
        let context = SyncContext(animator: self)
        for old in flatCache where !present.contains(ObjectIdentifier(old)) {
            old.detach(context)
            old.dynamicAnimator = nil
        }
        for b in flat { b.dynamicAnimator = self }
        flatCache = flat
    }

    func setNeedsSync() {
        needsSync = true
        resume()
    }

    /// Wakes a paused animator (a behavior changed).
    func resume() {
        restClock = 0
        if !isRunning && !behaviors.isEmpty {
            isRunning = true
            delegate?.dynamicAnimatorWillResume(self)
        }
    }

    // MARK: Items

    /// Every item some behavior acts on, in the order they joined.
    public var items: [DynamicItem] { records.map(\.item) }

    /// Whether some behavior in the animator acts on `item` now: an item is in the animator
    /// exactly while a behavior names it. Asking never syncs (a sync between an animation's
    /// changes and the step would change what the step sees); while a sync is pending the
    /// behavior tree is searched instead.
    public func contains(_ item: DynamicItem) -> Bool {
        guard needsSync else { return recordIndex[ObjectIdentifier(item)] != nil }
        func names(_ b: DynamicBehavior) -> Bool {
            b.ownItems.contains { $0 === item } || b.childBehaviors.contains(where: names)
        }
        return behaviors.contains(where: names)
    }

    func record(for item: DynamicItem) -> ItemRecord? {
        recordIndex[ObjectIdentifier(item)].map { records[$0] }
    }

    func body(for item: DynamicItem) -> Int32? { record(for: item)?.body }

    func item(forShape shape: Int32) -> DynamicItem? { shapeOwner[shape].map { records[$0].item } }

    /// Items whose frames intersect `rect` (points), in the order they joined.
    /// UIKit: `items(in:)`.
    public func items(in rect: Rect) -> [DynamicItem] {
        syncIfNeeded()
        let hits = Set(world.shapes(overlapping: rect).compactMap { shapeOwner[$0] })
        return hits.sorted().map { records[$0].item }
    }

    /// The item whose collision shape contains `point`, topmost (last joined) first.
    public func item(at point: Point) -> DynamicItem? {
        syncIfNeeded()
        let box = Rect(center: point, size: Size(1, 1))
        let hits = world.shapes(overlapping: box).filter { world.shape($0, contains: point) }
        return hits.compactMap { shapeOwner[$0] }.max().map { records[$0].item }
    }

    /// Copies the item's current center and rotation into the simulation (UIKit's
    /// updateItemUsingCurrentState:).
    public func updateItem(usingCurrentState item: DynamicItem) {
        syncIfNeeded()
        guard let b = body(for: item) else { return }
        world.setTransform(b, position: item.center, angle: item.transform.rotationAngle)
        resume()
    }

    /// The item's velocity in pt/s, or zero for an item no behavior names.
    public func linearVelocity(for item: DynamicItem) -> Vector {
        syncIfNeeded()
        return body(for: item).map { world.body($0).velocity } ?? .zero
    }

    /// The item's angular velocity in rad/s (clockwise on screen), or 0 for an item no
    /// behavior names.
    public func angularVelocity(for item: DynamicItem) -> Double {
        syncIfNeeded()
        return body(for: item).map { world.body($0).angularVelocity } ?? 0
    }

    /// The mass the engine gives the item (density × width × height / 10⁴).
    public func mass(for item: DynamicItem) -> Double {
        syncIfNeeded()
        return body(for: item).map { world.body($0).mass } ?? 0
    }

    func addLinearVelocity(_ v: Vector, for item: DynamicItem) {
        syncIfNeeded()
        guard let b = body(for: item) else { return }
        world.withBody(b) { if $0.kind != .fixed { $0.velocity += v } }
        resume()
    }

    func addAngularVelocity(_ w: Double, for item: DynamicItem) {
        syncIfNeeded()
        guard let b = body(for: item) else { return }
        world.withBody(b) { if ($0.kind == .dynamic && $0.invInertia > 0) || $0.kind == .anchored { $0.angularVelocity += w } }
        resume()
    }

    // MARK: Sync

    func syncIfNeeded() {
        if needsSync { sync() }
    }

    private func sync() {
        needsSync = false
        // Items: every item named by a behavior, in order of first mention.
        for r in records { r.seen = false }
        var order: [DynamicItem] = []
        var seen = Set<ObjectIdentifier>()
        for b in flattened {
            for item in b.ownItems where seen.insert(ObjectIdentifier(item)).inserted {
                order.append(item)
            }
        }
        var newRecords: [ItemRecord] = []
        for item in order {
            if let r = record(for: item) {
                r.seen = true
                newRecords.append(r)
            } else {
                newRecords.append(makeRecord(for: item))
            }
        }
        for r in records where !r.seen { world.destroyBody(r.body) }
        records = newRecords
        recordIndex = [:]
        shapeOwner = [:]
        for (i, r) in records.enumerated() {
            recordIndex[ObjectIdentifier(r.item)] = i
            shapeOwner[r.shape] = i
        }
        // Reset what behaviors configure, then let each behavior apply its part in order.
        for r in records {
            world.withShape(r.shape) { $0.friction = 0; $0.restitution = 0 }
            world.withBody(r.body) { b in
                b.linearDamping = 0
                b.angularDamping = 0
            }
        }
        let context = SyncContext(animator: self)
        ItemPropertiesResolver.apply(flattened.compactMap { $0 as? DynamicItemBehavior }, context)
        CollisionBehavior.assignMasks(flattened.compactMap { $0 as? CollisionBehavior }, context)
        for b in flattened {
            b.sync(context)
            (b as? ItemListBehavior)?.cacheBodies(context)
        }
        for r in records { world.refreshMaterials(of: r.shape) }
    }

    private func makeRecord(for item: DynamicItem) -> ItemRecord {
        let size = item.bounds.size
        precondition(size.width > 0 && size.height > 0 && size.width.isFinite && size.height.isFinite,
                     "a dynamic item needs a positive, finite size; got \(size)")
        var body = Body()
        body.kind = .dynamic
        body.position = item.center
        body.rotation = Rotation(angle: item.transform.rotationAngle)
        let id = world.createBody(body)
        let shape: Int32
        switch item.collisionBoundsType {
        case .ellipse where size.width == size.height:
            shape = world.addCircle(body: id, radius: size.width / 2)
        case .ellipse:
            shape = world.addPolygon(body: id, vertices: PolygonBuilder.ellipse(width: size.width, height: size.height))
        case .path:
            guard let path = item.collisionBoundingPath, let convex = PolygonBuilder.convexWinding(path) else {
                preconditionFailure("a .path item needs a convex collisionBoundingPath")
            }
            shape = world.addPolygon(body: id, vertices: convex)
        case .rectangle:
            shape = world.addPolygon(body: id, vertices: PolygonBuilder.box(width: size.width, height: size.height))
        }
        let record = ItemRecord(item: item, body: id, shape: shape)
        ItemPropertiesResolver.setMass(density: 1, record: record, world: world)
        return record
    }

    // MARK: Stepping

    /// Advances the simulation by exactly 1/60 s (nothing happens while paused).
    public func step() {
        if behaviors.isEmpty { isRunning = false; return }
        syncIfNeeded()
        if !isRunning { return }
        isStepping = true
        let dt = Self.stepDuration
        // 1. Behaviors' forces.
        world.resetAccelerations()
        let context = StepContext(animator: self, dt: dt, time: elapsedTime)
        for b in flattened { b.applyBeforeStep(context) }
        // 2. Physics.
        world.step(dt: dt)
        elapsedTime += dt
        // 3. Write back centers and pure rotations.
        // `records` holds every record, and each record its item, for the whole loop: a record is
        // borrowed as guaranteed and its item read through it, so neither is retained per item (two
        // retains and releases an item are a measurable share of the step of a large scene).
        var moving = false
        records.withUnsafeBufferPointer { rp in
            for i in 0..<rp.count {
                let b = world.body(rp[i].body)
                if b.kind == .fixed || b.isAsleep || (b.kind == .anchored && b.velocity == .zero && b.angularVelocity == 0) {
                    continue
                }
                Unmanaged.passUnretained(rp[i])._withUnsafeGuaranteedRef { r in
                    r.item.center = b.position
                    r.item.transform = AffineTransform(a: b.rotation.c, b: b.rotation.s, c: -b.rotation.s, d: b.rotation.c,
                                                       tx: 0, ty: 0)
                }
                if b.velocity.length > Self.restLinearSpeed || abs(b.angularVelocity) > Self.restAngularSpeed {
                    moving = true
                }
            }
        }
        // 4. Collision callbacks: began, then ended.
        CollisionBehavior.deliver(world.beginEvents, began: true, animator: self)
        CollisionBehavior.deliver(world.endEvents, began: false, animator: self)
        // 5. Actions.
        for b in flattened { b.action?() }
        isStepping = false
        // 6. Requested adds and removes.
        let requests = pending
        pending.removeAll()
        for req in requests {
            if req.add { addBehavior(req.behavior) } else { removeBehavior(req.behavior) }
        }
        // Rest detection.
        if moving || needsSync || !pausesAtRest {
            restClock = 0
        } else {
            restClock += dt
            if restClock >= Self.restTime - 1e-9 {
                isRunning = false
                restClock = 0
                delegate?.dynamicAnimatorDidPause(self)
            }
        }
    }

    /// What the engine holds now: bodies (items), contact pairs with points, and joints.
    public var statistics: (bodies: Int, contacts: Int, joints: Int) {
        (records.count, world.contacts.filter { $0.manifold.count > 0 }.count, world.joints.filter(\.isActive).count)
    }

    /// The world's joints, for drawing rods and ropes.
    func jointEnds(_ id: Int32) -> (Point, Point) {
        let j = world.joint(id)
        let a = world.body(j.bodyA), b = world.body(j.bodyB)
        return (a.transform.apply(j.localAnchorA), b.transform.apply(j.localAnchorB))
    }
}

/// What a behavior sees of its animator while the engine is rebuilt.
struct SyncContext {
    unowned let animator: DynamicAnimator
    var world: World { animator.world }
    func body(for item: DynamicItem) -> Int32? { animator.body(for: item) }
    func shape(for item: DynamicItem) -> Int32? { animator.record(for: item)?.shape }
}

/// What a behavior sees of its animator while it applies forces before a step.
struct StepContext {
    unowned let animator: DynamicAnimator
    let dt: Double
    let time: Double
    var world: World { animator.world }
    func body(for item: DynamicItem) -> Int32? { animator.body(for: item) }
}


extension DynamicAnimator {
    /// Nudge extension: sets the velocity of an anchored (kinematic) item, pt/s and rad/s.
    public func setKinematicVelocity(_ velocity: Vector, angular: Double, for item: DynamicItem) {
        syncIfNeeded()
        guard let b = body(for: item) else { return }
        world.withBody(b) { body in
            guard body.kind == .anchored else { return }
            body.velocity = velocity
            body.angularVelocity = angular
        }
        resume()
    }
}
