// TimeController's trips through history: `.` and `,` (a step), → and ← (a second), while paused.
//
// A step whose frame the history recorded (SessionHistory+Frames) is shown at once: the
// controller keeps the frame (`shownFrame`) and the app draws it in place of the session on
// screen, which stays as it is, at its own step. Only when the exact state is needed (play
// resumes, an edit or anything else not about time) is it rebuilt (`settle`): a trip to the
// frame's step, run to the end.
//
// A step with no frame (dropped by an edit, or a layout that no longer fits the scene on
// screen: items added or removed since) is reached by a trip. Forward runs the session on
// screen on, delivering what history recorded at those steps (a future gone back from is
// replayed). Back asks the history for a session to start from
// (`SessionHistory.start(toReach:)`: restored from the latest checkpoint before the step) and
// runs it on to the earlier step, off screen. A long run goes a slice of `travelSlice`
// stopwatch time at a time, so the app draws its progress and reads keys in between; presses
// during a trip add to its target. The trip's session goes on screen when it arrives; a trip
// back cut short (any key not about time) leaves the screen as it was.
import Foundation
import Scenes

extension TimeController {
    /// Starts (or extends) a trip of `steps` steps from the session on screen, `s`. Returns the
    /// message to show when it cannot go: not paused, or already at step 0.
    func travel(by steps: Int, from s: SceneSession) -> String? {
        guard let history = scene.history else { return nil }
        guard isPaused else { return "Pause (space) to step in time." }
        let from = scene.trip?.target ?? scene.shown?.step ?? s.stepCount
        if steps < 0 && from == 0 { return "At step 0: nothing before." }
        let target = max(0, from + steps)
        scene.furthestStep = max(scene.furthestStep, s.stepCount)
        forgetPastEditEvents()
        if scene.trip == nil, show(target, of: s, history) {
            if scene.shown == nil { discardSettling(onScreen: s) }
            guard scene.shown != nil, rebuildIsCheap(target, from: s, history) else { return nil }
        } else {
            scene.shown = nil
        }
        if let trip = scene.trip, target >= trip.session.stepCount {
            scene.trip?.target = target
        } else if target >= s.stepCount {
            discardSettling(onScreen: s)
            scene.trip = Trip(session: history.start(toReach: target, from: s), target: target)
        } else if let settling = takeSettling(upTo: target, onScreen: s) {
            scene.trip = Trip(session: settling.session, target: target)
        } else {
            scene.trip = Trip(session: history.start(toReach: target), target: target)
        }
        return nil
    }

    /// Shows the frame of `target` recorded in `history`, or the session on screen `s` when
    /// it is at `target`; returns whether it could.
    private func show(_ target: Int, of s: SceneSession, _ history: SessionHistory) -> Bool {
        if target == s.stepCount {
            scene.shown = nil
            return true
        }
        history.recordFrame(of: s)
        guard let frame = history.frame(at: target), frame.fits(s.scene) else { return false }
        scene.shown = (target, frame)
        return true
    }

    /// Whether rebuilding the exact state of `target` costs less than `exactTravelBudget`, by
    /// the last milliseconds a step took (a restore counted as one more step): then it is
    /// rebuilt at once, and the frame shows only until it arrives.
    private func rebuildIsCheap(_ target: Int, from s: SceneSession, _ history: SessionHistory) -> Bool {
        let checkpoint = history.checkpoints.latest(atOrBefore: target)?.step ?? 0
        let start = target >= s.stepCount ? max(s.stepCount, checkpoint) : checkpoint
        return Double(target - start + 2) * stepMilliseconds < exactTravelBudget
    }

    /// The recorded frame on screen in place of the session's own, and its step; nil when the
    /// session on screen shows itself.
    var shownFrame: (step: Int, frame: DisplayFrame)? { scene.shown }

    /// Rebuilds the exact state of the frame on screen: a trip to its step, run to the end.
    /// Returns the session to put on screen, nil when no frame was shown.
    func settle(onScreen s: SceneSession) -> SceneSession? {
        guard let shown = scene.shown, let history = scene.history else { return nil }
        scene.shown = nil
        if let settling = takeSettling(upTo: shown.step, onScreen: s) {
            scene.trip = Trip(session: settling.session, target: shown.step)
        } else {
            scene.trip = Trip(session: history.start(toReach: shown.step, from: s), target: shown.step)
        }
        var arrived: SceneSession?
        while scene.trip != nil { arrived = continueTravel(onScreen: s) ?? arrived }
        return arrived
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
        guard let trip = scene.trip else { return nil }
        return run(trip, onScreen: s, for: Self.travelSlice) ? endTravel(onScreen: s) : nil
    }

    /// Runs `trip` towards its target for at most `slice` of stopwatch time (at least one step);
    /// returns whether it arrived. Steps of the session on screen `s` are told to `events`.
    func run(_ trip: Trip, onScreen s: SceneSession?, for slice: Double) -> Bool {
        guard let history = scene.history else { return false }
        let start = stopwatch()
        var asked = 0
        let onScreen = trip.session === s
        return history.advance(trip.session, to: trip.target,
            stepped: { [events] s in if onScreen { events.stepped(s) } },
            skipped: { [events] s, from in if onScreen { events.skipped(s, from) } },
            shouldStop: {
                asked += 1
                return asked > 1 && stopwatch() - start >= slice
            })
    }

    /// Ends the trip under way: one that arrived (or ran the session on screen) puts its session
    /// on screen, and that session is returned; one cut short going back returns nil (the screen
    /// stays as it was). The clock then stands at the step on screen.
    @discardableResult
    func endTravel(onScreen s: SceneSession?) -> SceneSession? {
        guard let trip = scene.trip else { return nil }
        scene.trip = nil
        let shown = trip.session.stepCount == trip.target || trip.session === s ? trip.session : nil
        if shown?.stepCount == scene.shown?.step { scene.shown = nil }
        // The session left behind (the one that went off screen, or a trip's cut short) is
        // kept to restore the next checkpoint into.
        if let left = shown == nil ? trip.session : s, left !== shown { scene.history?.recycle(left) }
        if let step = (shown ?? s)?.stepCount { playback.place(step: step, at: pausedAt) }
        return shown
    }
}
