// DynamicBehavior: the base of every behavior (UIDynamicBehavior). A behavior may hold children
// (a composite behavior) and an `action` closure that runs after every step.
//
// Behaviors talk to their animator through two calls: `setNeedsSync()` when something structural
// changed (items, materials, joints, boundaries; the animator rebuilds the engine's view at the
// start of the next step) and `setNeedsResume()` when only a per-step input changed (a push's
// magnitude), which just wakes a paused animator. Subclasses override the `internal` hooks.
import Geometry

open class DynamicBehavior {
    public private(set) var childBehaviors: [DynamicBehavior] = []
    /// Runs after every step of the animator, children's actions included.
    public var action: (() -> Void)?
    public internal(set) weak var dynamicAnimator: DynamicAnimator?
    weak var parent: DynamicBehavior?

    public init() {}

    /// Adds a child; adding a behavior that is already a child is ignored, as in UIKit.
    public func addChildBehavior(_ behavior: DynamicBehavior) {
        if childBehaviors.contains(where: { $0 === behavior }) || behavior === self { return }
        behavior.parent?.removeChildBehavior(behavior)
        behavior.parent = self
        childBehaviors.append(behavior)
        behavior.dynamicAnimator = dynamicAnimator
        dynamicAnimator?.behaviorTreeDidChange()
    }

    public func removeChildBehavior(_ behavior: DynamicBehavior) {
        guard let i = childBehaviors.firstIndex(where: { $0 === behavior }) else { return }
        childBehaviors.remove(at: i)
        behavior.parent = nil
        dynamicAnimator?.behaviorTreeDidChange()
    }

    /// Called when the behavior joins (non-nil) or leaves (nil) an animator.
    open func willMove(to animator: DynamicAnimator?) {}

    // MARK: Hooks for the animator

    /// The items this behavior itself acts on (children report their own).
    var ownItems: [DynamicItem] { [] }

    /// Ask for an engine rebuild before the next step.
    func setNeedsSync() { dynamicAnimator?.setNeedsSync() }
    /// Wake a paused animator.
    func setNeedsResume() { dynamicAnimator?.resume() }

    /// Applies forces or configures engine state; called once per step before the physics.
    func applyBeforeStep(_ context: StepContext) {}
    /// Called during a sync so the behavior can create or update its engine objects.
    func sync(_ context: SyncContext) {}
    /// Called when the behavior leaves the animator: release engine objects.
    func detach(_ context: SyncContext) {}
}
