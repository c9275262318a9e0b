// DynamicAnimator+Velocity: setting an item's velocity outright.
//
// UIKit only adds velocity (`addLinearVelocity`); an editor that puts an item down somewhere
// wants it at rest there, whatever it was doing, so it sets the velocity instead of adding the
// difference it would first have to read.
import Geometry

extension DynamicAnimator {
    /// Nudge extension: sets the item's velocity (pt/s) and angular velocity (rad/s), as
    /// ``updateItem(usingCurrentState:)`` sets its place. Items no behavior names are ignored.
    public func setVelocity(_ velocity: Vector, angular: Double, for item: DynamicItem) {
        syncIfNeeded()
        guard let b = body(for: item), velocity.isFinite, angular.isFinite else { return }
        world.withBody(b) { body in
            guard body.kind != .fixed else { return }
            body.velocity = velocity
            body.angularVelocity = angular
        }
        resume()
    }
}
