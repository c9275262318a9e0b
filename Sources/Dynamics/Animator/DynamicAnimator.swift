// DynamicAnimator: UIKit's UIDynamicAnimator over Nudge's rigid-body World.
//
// It owns the engine and the behavior tree. `step()` advances exactly 1/60 s in UIKit's order
// (DynamicAnimator+Stepping.swift). Changes to behaviors are not applied to the engine when they
// are made: they mark the animator as having uncommitted changes, and the engine is brought up to
// date in one commit (DynamicAnimator+Commit.swift) at the start of the next step, or earlier by
// a mutator that needs an item's body (setting or adding velocity, moving an item). A scene can
// add a dozen behaviors without a dozen rebuilds. Items join the engine when the first behavior
// names them and leave when the last one lets go.
//
// Reads never write: every query (items(in:), velocities, masses, the inspection of
// DynamicAnimator+Inspection.swift) answers from the last commit and changes nothing, so asking
// between a change and the next step can never alter what that step sees.
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
    /// The distance an item may move in a step and still be at rest: the rest speed over a step.
    static let restShift = restLinearSpeed / 60

    /// The reference view's bounds, in points: walls of collision behaviors that ask for them
    /// follow it. UIKit: `referenceView.bounds`.
    public var referenceBounds: Rect {
        didSet { if referenceBounds != oldValue { setNeedsCommit() } }
    }
    /// Told when the animator pauses at rest and when it resumes. Default `nil`.
    public weak var delegate: DynamicAnimatorDelegate?
    /// The behaviors added with ``addBehavior(_:)``, in that order (children not listed).
    public private(set) var behaviors: [DynamicBehavior] = []
    /// Seconds simulated so far: ``stepDuration`` per step taken while running.
    public internal(set) var elapsedTime: Double = 0
    /// Whether the animator has behaviors and has not paused at rest. UIKit: `isRunning`.
    public internal(set) var isRunning = false
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
    /// Nudge extension: the threads the engine may share a large step with (nil, the default:
    /// one, the caller's). A step with fewer than about 500 contacts runs on one thread anyway,
    /// and the result is the same bytes either way (docs/dynamics.md, "Two workers").
    public var solverWorkers: SolverWorkers? {
        get { world.workers }
        set { world.workers = newValue }
    }

    let world: World
    /// The items in the engine at the last commit, in the order they joined, with their bodies
    /// and shapes (DynamicAnimator+Commit.swift); the indexes below point into it.
    var records: [ItemRecord] = [] { didSet { recordOfBody.removeAll() } }
    /// By body index, the index of the record of that body (-1: none), built again after the
    /// records change: a step writes back only the bodies that moved (DynamicAnimator+Stepping.swift).
    var recordOfBody: [Int32] = []
    var recordIndex: [ObjectIdentifier: Int] = [:]
    var shapeOwner: [ShapeID: Int] = [:]
    /// Every behavior, parents before children, as of the last commit.
    var committedBehaviors: [DynamicBehavior] = []
    /// The collision behaviors of the last commit, by the bit each was given.
    var collisionBehaviors: [CollisionBehavior] = []
    /// The gravity behaviors of the last commit (for the potential energy).
    var gravityBehaviors: [GravityBehavior] = []
    /// Whether behaviors changed since the last commit.
    var hasUncommittedChanges = true
    /// How many commits have run: a test reads it to show that queries rebuild nothing.
    private(set) var commitCount = 0
    private var topLevel = Set<ObjectIdentifier>()
    var isStepping = false
    var pending: [(add: Bool, behavior: DynamicBehavior)] = []
    var restClock: Double = 0

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
        setNeedsCommit()
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
        setNeedsCommit()
    }

    /// Removes every behavior, telling each with ``DynamicBehavior/willMove(to:)``.
    /// UIKit: `removeAllBehaviors()`.
    public func removeAllBehaviors() {
        for b in behaviors { b.willMove(to: nil) }
        behaviors.removeAll()
        topLevel.removeAll()
        setNeedsCommit()
    }

    /// Something the engine mirrors changed (the behavior tree, items, materials, joints,
    /// boundaries): the next commit applies it, and a paused animator resumes.
    func setNeedsCommit() {
        hasUncommittedChanges = true
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

    /// Counts a commit (DynamicAnimator+Commit.swift).
    func noteCommit() { commitCount += 1 }
}

