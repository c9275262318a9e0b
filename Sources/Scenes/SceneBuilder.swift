// SceneBuilder: a validated SceneDescription + reference bounds → a live Scene.
//
// Every value was checked by SceneParser, so building cannot fail on the file's content: ids
// resolve, numbers are finite and in range. Percent positions resolve against the reference
// bounds here and only here. Each kind of behavior builds itself (Behaviors/, one file per kind,
// through BehaviorRuntime), so this file knows no kind by name. Items listed by no behavior stay
// out of the animator (as a view no behavior holds), and a behavior's `items` left out means
// every item. An item's `velocity` and `angularVelocity` are set last, replacing what the
// behaviors added at the start; items no behavior drives have no velocity to set.
import Dynamics
import Geometry
import SceneFormat

public struct SceneBuilder: Sendable {
    public init() {}

    public func build(_ description: SceneDescription, referenceBounds: Rect) -> Scene {
        let items = description.items.map { SceneItem($0, in: referenceBounds) }
        let context = BehaviorBuildContext(referenceBounds: referenceBounds, items: items)
        let animator = DynamicAnimator(referenceBounds: referenceBounds)
        var behaviorsByID: [String: DynamicBehavior] = [:]
        var fileBehaviors: [DynamicBehavior] = []

        for entry in description.behaviors {
            let behavior = entry.runtime.buildLive(in: context)
            if let id = entry.id { behaviorsByID[id] = behavior }
            fileBehaviors.append(behavior)
            animator.addBehavior(behavior)
        }
        for work in context.afterAdding { work() }
        // An item's own velocity is its state, set after the behaviors' once-at-start additions
        // (a dynamicItem's `velocity`), so a saved scene moves on exactly as it was saved.
        for (item, entry) in zip(items, description.items)
        where (entry.velocity != .zero || entry.angularVelocity != 0) && animator.contains(item) {
            animator.setVelocity(entry.velocity, angular: entry.angularVelocity, for: item)
        }
        // Built means in the engine: queries about the new scene answer before its first step.
        animator.commitChanges()

        let scene = Scene(sceneDescription: description, referenceBounds: referenceBounds, items: items, animator: animator,
                          behaviorsByID: behaviorsByID)
        scene.fileBehaviors = fileBehaviors
        scene.boundaryLayouts = context.boundaryLayouts
        return scene
    }
}
