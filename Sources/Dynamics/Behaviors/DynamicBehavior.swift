// DynamicBehavior: the base of every behavior (UIDynamicBehavior). A behavior may hold children
// (a composite behavior) and an `action` closure that runs after every step.
//
// Behaviors talk to their animator through two calls: `setNeedsCommit()` when something the
// engine mirrors changed (items, materials, joints, boundaries; the animator commits it at the
// start of the next step) and `setNeedsResume()` when only a per-step input changed (a push's
// magnitude), which just wakes a paused animator. The built-in behaviors override the `internal`
// hooks below, which reach into the engine: `applyBeforeStep` for forces, and the hooks of
// BehaviorCommit (BehaviorCommit.swift) for what they contribute when the animator commits.
//
// Subclassing from outside the module works the way UIKit documents it, and only that way: a
// subclass composes built-in behaviors as children, sets `action` (run after every step, where
// it may read the animator and change velocities through a DynamicItemBehavior), and overrides
// `willMove(to:)`. Those are the whole contract; the engine hooks stay internal so that what a
// step does stays deterministic and in one order. The behaviors with engine hooks of their own
// are `final`, and ItemListBehavior is not `open`: an outside subclass of either could override
// nothing that the animator calls.
import Geometry

/// The base class of every behavior, and of a client's own composite behaviors
/// (UIKit's `UIDynamicBehavior`).
///
/// Subclass it to package built-in behaviors as one: add them with
/// ``addChildBehavior(_:)`` in the initializer, set ``action`` to run code after every step,
/// and override ``willMove(to:)`` to learn when the behavior joins or leaves an animator.
open class DynamicBehavior {
    /// The behaviors added with ``addChildBehavior(_:)``, in the order they were added.
    public private(set) var childBehaviors: [DynamicBehavior] = []

    /// A closure the animator runs after every step in which it is running, once per step,
    /// after the physics and the collision callbacks, parents' before their children's.
    ///
    /// It may read item positions and velocities, change velocities (through a
    /// ``DynamicItemBehavior``), and add or remove behaviors: additions and removals requested
    /// during a step take effect when the step's actions are done. Default `nil`. UIKit:
    /// `UIDynamicBehavior.action`.
    public var action: (() -> Void)?

    /// The animator this behavior (or the behavior it is a child of) belongs to, or `nil`.
    /// UIKit: `UIDynamicBehavior.dynamicAnimator`.
    public internal(set) weak var dynamicAnimator: DynamicAnimator?
    weak var parent: DynamicBehavior?

    /// Makes a behavior with no children and no action.
    public init() {}

    /// Adds a child; adding a behavior that is already a child is ignored, as in UIKit. A
    /// behavior that is another behavior's child moves to this one. UIKit:
    /// `addChildBehavior(_:)`.
    public func addChildBehavior(_ behavior: DynamicBehavior) {
        if childBehaviors.contains(where: { $0 === behavior }) || behavior === self { return }
        behavior.parent?.removeChildBehavior(behavior)
        behavior.parent = self
        childBehaviors.append(behavior)
        behavior.dynamicAnimator = dynamicAnimator
        dynamicAnimator?.setNeedsCommit()
    }

    /// Removes a child; a behavior that is not a child is ignored. UIKit:
    /// `removeChildBehavior(_:)`.
    public func removeChildBehavior(_ behavior: DynamicBehavior) {
        guard let i = childBehaviors.firstIndex(where: { $0 === behavior }) else { return }
        childBehaviors.remove(at: i)
        behavior.parent = nil
        dynamicAnimator?.setNeedsCommit()
    }

    /// Called just before the behavior is added to an animator (`animator` non-nil) or removed
    /// from one (`nil`), for a behavior added with ``DynamicAnimator/addBehavior(_:)`` itself
    /// (children are not told). The default does nothing; an override need not call `super`.
    /// UIKit: `willMove(to:)`.
    open func willMove(to animator: DynamicAnimator?) {}

    // MARK: Hooks for the animator

    /// The items this behavior itself acts on (children report their own).
    var ownItems: [DynamicItem] { [] }

    /// Ask the animator to commit this change before the next step.
    func setNeedsCommit() { dynamicAnimator?.setNeedsCommit() }
    /// Wake a paused animator.
    func setNeedsResume() { dynamicAnimator?.resume() }

    /// Applies forces or configures engine state; called once per step before the physics.
    func applyBeforeStep(_ context: StepContext) {}
    /// BehaviorCommit: what the behavior sets on items that other behaviors set too.
    func declare(into plan: inout CommitPlan) {}
    /// BehaviorCommit: creates or updates the behavior's engine objects at a commit.
    func sync(_ context: SyncContext) {}
    /// BehaviorCommit: the behavior left the animator; release its engine objects.
    func detach(_ context: SyncContext) {}

    // MARK: Checkpoints (DynamicAnimator+Checkpoint.swift)

    /// What of the behavior changes as steps run, gestures act or the engine hands out ids (a
    /// joint's id, a push that fired, boundary shapes), as an opaque value; nil when nothing does.
    /// Settings only edits change are not included: a restore rebuilds them from the edits.
    func captureState() -> Any? { nil }
    /// Puts back what `captureState` returned on a behavior of the same class and settings.
    func restoreState(_ state: Any?) {}
    /// Whether the behavior's state can be captured now (false while it holds references to
    /// items waiting for the next commit).
    var canCaptureState: Bool { true }
}
