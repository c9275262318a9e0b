// Snap+Building: `type: snap` → SnapBehavior.
import Dynamics
import SceneFormat

extension BehaviorDescription.Snap: BehaviorBuilding {
    func build(in context: BehaviorBuildContext) -> DynamicBehavior {
        let b = SnapBehavior(item: context.one(item), snapTo: context.point(point))
        b.damping = damping
        return b
    }
}
