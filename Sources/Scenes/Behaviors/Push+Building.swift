// Push+Building: `type: push` → PushBehavior, and a push written back with its live direction
// and `active` (an instantaneous push turns itself off once it has fired).
import Dynamics
import Geometry
import SceneFormat

extension BehaviorDescription.Push: BehaviorRuntime {
    func build(in context: BehaviorBuildContext) -> PushBehavior {
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

    func current(_ live: PushBehavior, in scene: Scene, itemIDs: Set<String>) -> Self? {
        guard let ids = scene.itemList(items, live) else { return nil }
        var push = self
        push.items = ids
        if live.pushDirection == .zero {
            if push.direction != nil || push.magnitude != nil { push.magnitude = 0 }
            push.direction = nil
        } else {
            push.direction = Vector(Scene.bounded(live.pushDirection.x), Scene.bounded(live.pushDirection.y))
            push.angle = nil; push.magnitude = nil
        }
        push.active = live.active
        return push
    }
}
