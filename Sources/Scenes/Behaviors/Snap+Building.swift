// Snap+Building: `type: snap` → SnapBehavior. A snap is made for its item: it leaves with it, and
// is written back with its live point and damping.
import Dynamics
import Geometry
import SceneFormat

extension BehaviorDescription.Snap: BehaviorRuntime {
    func build(in context: BehaviorBuildContext) -> SnapBehavior {
        let b = SnapBehavior(item: context.one(item), snapTo: context.point(point))
        b.damping = damping
        return b
    }

    func take(_ item: SceneItem, into live: SnapBehavior) {}

    func letGo(of item: SceneItem, in live: SnapBehavior) -> Bool { live.item === item }

    func current(_ live: SnapBehavior, in scene: Scene, itemIDs: Set<String>) -> Self? {
        guard itemIDs.contains(item) else { return nil }
        var snap = self
        snap.point = Scene.position(live.snapPoint)
        snap.damping = Scene.bounded(live.damping, 0...1)
        return snap
    }
}
