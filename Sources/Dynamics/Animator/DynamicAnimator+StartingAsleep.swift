// DynamicAnimator+StartingAsleep: items that start asleep, as Box2D bodies made with
// `isAwake = false` (a wall of boxes waiting to be hit, a scene file's sleeping pile).
//
// The engine puts an island to sleep when every body in it has rested for `timeToSleep`; rather
// than build islands by hand, an item made to start asleep has its rest timer filled, so its
// island sleeps at the end of the first step in which all its bodies are still at rest (and not
// at all if something moves it first, which is what waking would have done anyway). With
// sleeping off (`allowsSleeping = false`) nothing sleeps, these items included.
import Geometry

extension DynamicAnimator {
    /// Nudge extension: lets the item's body fall asleep at the end of the next step if it is at
    /// rest then, without waiting for the rest time. An item no behavior names is left alone.
    public func setStartsAsleep(_ item: DynamicItem) {
        commitIfNeeded()
        guard let b = body(for: item) else { return }
        let full = world.settings.timeToSleep
        world.withBody(b) { body in
            if body.kind == .dynamic { body.sleepTime = full }
        }
    }
}
