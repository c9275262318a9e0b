// DynamicAnimator+SettingVelocity: setting an item's velocity outright.
//
// UIKit only adds velocity (`addLinearVelocity(_:for:)`), which is right for a push at the
// start but not for restoring a state: a saved item must move at exactly the saved velocity,
// whatever the behaviors added before, and an editor that puts an item down somewhere wants it
// at rest there, whatever it was doing. The same rules as adding apply: a fixed body never
// moves, and an item that may not rotate keeps an angular velocity of zero.
import Geometry

extension DynamicAnimator {
    /// Nudge extension: sets the item's velocity (pt/s) and angular velocity (rad/s, clockwise
    /// on screen); an item no behavior names, and a value that is not finite, are left alone.
    public func setVelocity(_ velocity: Vector, angular: Double, for item: DynamicItem) {
        commitIfNeeded()
        guard let b = body(for: item), velocity.isFinite, angular.isFinite else { return }
        world.withBody(b) { body in
            guard body.kind != .fixed else { return }
            body.velocity = velocity
            if (body.kind == .dynamic && body.invInertia > 0) || body.kind == .anchored { body.angularVelocity = angular }
        }
        resume()
    }
}
