// RuleRunner+OwnBehaviors: a behavior a rule made, as the values it was made from.
//
// A rule's `snap` stays in the animator from its step on, and its `push` (instantaneous) for the
// step after; neither is in the scene's file, so a session built again from the description has
// no object to restore their state into. A checkpoint keeps what each was made from (the item
// by id, the snap's point and damping, the push's direction) and the restore makes it again
// the way the action did (ActionRuntime+Motion), puts it at its place in the animator's order,
// and lets the animator's restore put its moving state back (the snap's joint, whether the push
// fired). What is made is the same class naming the same item with the same settings, so the
// animator's structure check passes only when that holds.
import Dynamics
import Geometry
import Scenes

extension RuleRunner {
    /// A behavior a rule made (see the top of this file).
    enum OwnBehavior {
        case snap(item: String, point: Point, damping: Double)
        case push(item: String, direction: Vector)

        /// The values `behavior` was made from; nil when it is not one a rule makes.
        init?(_ behavior: DynamicBehavior) {
            if let snap = behavior as? SnapBehavior, let item = snap.item as? SceneItem {
                self = .snap(item: item.id, point: snap.snapPoint, damping: snap.damping)
            } else if let push = behavior as? PushBehavior, push.mode == .instantaneous, push.items.count == 1,
                      let item = push.items[0] as? SceneItem {
                self = .push(item: item.id, direction: push.pushDirection)
            } else {
                return nil
            }
        }

        /// The behavior made again for the items of `scene`; nil when it lacks the item.
        func make(in scene: Scene) -> DynamicBehavior? {
            switch self {
            case .snap(let id, let point, let damping):
                guard let item = scene.item(withID: id) else { return nil }
                let snap = SnapBehavior(item: item, snapTo: point)
                snap.damping = damping
                return snap
            case .push(let id, let direction):
                guard let item = scene.item(withID: id) else { return nil }
                let push = PushBehavior(items: [item], mode: .instantaneous)
                push.pushDirection = direction
                return push
            }
        }
    }
}
