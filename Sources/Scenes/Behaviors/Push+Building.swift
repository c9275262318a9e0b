// Push+Building: `type: push` → PushBehavior.
import Dynamics
import Geometry
import SceneFormat

extension BehaviorDescription.Push: BehaviorBuilding {
    func build(in context: BehaviorBuildContext) -> DynamicBehavior {
        let pushed = context.select(items)
        let b = PushBehavior(items: pushed, mode: mode == .continuous ? .continuous : .instantaneous)
        if let direction {
            b.pushDirection = direction
        } else if angle != nil || magnitude != nil {
            // Both at once: with magnitude 0 a separate angle would be lost.
            b.setAngle(angle ?? 0, magnitude: magnitude ?? 0)
        }
        if let offset {
            for item in pushed { b.setTargetOffsetFromCenter(offset, for: item) }
        }
        b.active = active
        return b
    }
}
