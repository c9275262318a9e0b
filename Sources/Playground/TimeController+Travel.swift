// TimeController's trips through history: `.` and `,` (a step), → and ← (a second), while paused.
//
// Forward runs the session on screen on, delivering what history recorded at those steps (a
// future gone back from is replayed). Back asks the history for a session to start from
// (`SessionHistory.start(toReach:)`: restored from the latest checkpoint before the step, a few
// steps short of it near the present) and runs it on to the earlier step, off screen. A long run goes a slice
// of `travelSlice` stopwatch time at a time, so the app draws its progress and reads keys in
// between; presses during a trip add to its target. The trip's session goes on screen when it
// arrives; a trip back cut short (any key not about time) leaves the screen as it was.
import Foundation
import Scenes

extension TimeController {
    /// Starts (or extends) a trip of `steps` steps from the session on screen, `s`. Returns the
    /// message to show when it cannot go: not paused, or already at step 0.
    func travel(by steps: Int, from s: SceneSession) -> String? {
        guard let history = scene.history else { return nil }
        guard isPaused else { return "Pause (space) to step in time." }
        let from = scene.trip?.target ?? s.stepCount
        if steps < 0 && from == 0 { return "At step 0: nothing before." }
        let target = max(0, from + steps)
        scene.furthestStep = max(scene.furthestStep, s.stepCount)
        forgetPastEditEvents()
        if let trip = scene.trip, target >= trip.session.stepCount {
            scene.trip?.target = target
        } else if target >= s.stepCount {
            scene.trip = Trip(session: s, target: target)
        } else {
            scene.trip = Trip(session: history.start(toReach: target), target: target)
        }
        return nil
    }

    /// Whether a trip is under way.
    var isTravelling: Bool { scene.trip != nil }

    /// How far a trip back has got, in percent, while its session is not the one on screen `s`.
    func rewindPercent(onScreen s: SceneSession?) -> Int? {
        guard let trip = scene.trip, trip.session !== s else { return nil }
        return 100 * trip.session.stepCount / max(trip.target, 1)
    }

    /// Runs the trip under way for at most `travelSlice` of stopwatch time (at least one step).
    /// When it arrives, the trip ends: returns the session to show then (see `endTravel`).
    func continueTravel(onScreen s: SceneSession?) -> SceneSession? {
        guard let trip = scene.trip, let history = scene.history else { return nil }
        let start = stopwatch()
        var asked = 0
        let onScreen = trip.session === s
        let arrived = history.advance(trip.session, to: trip.target,
            stepped: { [events] s in if onScreen { events.stepped(s) } },
            skipped: { [events] s, from in if onScreen { events.skipped(s, from) } },
            shouldStop: {
                asked += 1
                return asked > 1 && stopwatch() - start >= Self.travelSlice
            })
        return arrived ? endTravel(onScreen: s) : nil
    }

    /// Ends the trip under way: one that arrived (or ran the session on screen) puts its session
    /// on screen, and that session is returned; one cut short going back returns nil (the screen
    /// stays as it was). The clock then stands at the step on screen.
    @discardableResult
    func endTravel(onScreen s: SceneSession?) -> SceneSession? {
        guard let trip = scene.trip else { return nil }
        scene.trip = nil
        let shown = trip.session.stepCount == trip.target || trip.session === s ? trip.session : nil
        // The session left behind (the one that went off screen, or a trip's cut short) is
        // kept to restore the next checkpoint into.
        if let left = shown == nil ? trip.session : s, left !== shown { scene.history?.recycle(left) }
        if let step = (shown ?? s)?.stepCount { playback.place(step: step, at: pausedAt) }
        return shown
    }
}
