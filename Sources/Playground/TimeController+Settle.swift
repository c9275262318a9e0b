// TimeController+Settle: the exact state of a recorded frame, rebuilt while the user looks at it.
//
// Scrubbing shows recorded frames (TimeController+Travel): lengths on a 1/16 pt grid, so a cell
// at an item's edge can differ from the exact state's, and resuming from one has to rebuild the
// exact state first. Once the keys stop, nothing else needs the time: while paused with a frame
// on screen and no trip under way, the app runs a settle, a trip to the frame's step off
// screen, one short slice (`settleSlice`, well under a frame) per turn of its loop, so keys are
// read between slices and the screen never waits on it. The first slice is the restore from
// the nearest checkpoint (SessionHistory.startInPieces), itself in pieces run for at most a
// slice per turn (each chunk of a packed checkpoint's contacts unpacked, the session built, the
// state put back: a 1,000-item crowd's whole restore took longer than a frame); the others run
// steps.
//
// When it arrives and the frame on screen is still of its step, its session takes the screen
// in the frame's place: the same bits a re-simulation from step 0 reaches (the history's
// determinism contract), so the screen equals a fresh run's at that step, and a resume or an
// edit afterwards is instant. A press that moves the frame on keeps the settle when it can go
// on to the new step (forward, or back no further than the settle has got) and otherwise
// starts over from that step's checkpoint; a trip that needs a session starts from the settle's
// when it is not past its target. A settle forward of the session on screen runs that session
// itself (as a trip forward does), telling `events` of its steps.
//
// A session it no longer needs goes back to the history (`recycle`) to restore into.
import Dynamics
import Foundation
import Scenes

extension TimeController {
    /// Longest slice of stopwatch time a settle runs per turn of the loop (about 12 ms: a turn
    /// stays within a 60 Hz frame).
    static let settleSlice = 0.012

    /// Whether a settle is due or under way: paused, a recorded frame on screen, no trip.
    var needsSettle: Bool { isPaused && scene.trip == nil && scene.shown != nil && scene.history != nil }

    /// Whether the session on screen is a recorded frame, not the exact state (the status line
    /// says so).
    var showsRecordedFrame: Bool { scene.shown != nil }

    /// Runs the settle one slice further (see the top of this file). Returns the session to put
    /// on screen when it arrived at the step of the frame shown; the frame is then cleared.
    func continueSettle(onScreen s: SceneSession) -> SceneSession? {
        guard needsSettle, let shown = scene.shown, let history = scene.history else { return nil }
        guard var settling = scene.settling, settling.session.stepCount <= shown.step else {
            if scene.settling != nil { discardSettling(onScreen: s) }
            guard let start = startSettle(toReach: shown.step, onScreen: s, history: history) else { return nil }
            scene.settling = Trip(session: start, target: shown.step)
            return nil
        }
        settling.target = shown.step
        scene.settling = settling
        guard run(settling, onScreen: s, for: Self.settleSlice) else { return nil }
        scene.settling = nil
        scene.shown = nil
        if settling.session !== s { history.recycle(s) }
        playback.place(step: settling.session.stepCount, at: pausedAt)
        return settling.session
    }

    /// Runs the settle's start for at most a slice (at least one piece), keeping it between
    /// turns while it is still bound for a step at or before `target` from the same session on
    /// screen; the session to run on from once it is made.
    private func startSettle(toReach target: Int, onScreen s: SceneSession, history: SessionHistory) -> SceneSession? {
        if let pending = scene.settleStart, pending.target > target || pending.from !== s { scene.settleStart = nil }
        let work = scene.settleStart?.work ?? history.startInPieces(toReach: target, from: s)
        if scene.settleStart == nil { scene.settleStart = (target, s, work) }
        // Pieces run while the slice has room for one more as long as the last one took.
        let began = stopwatch()
        var last = 0.0
        repeat {
            let t = stopwatch()
            work.runNext()
            last = stopwatch() - t
        } while !work.isDone && stopwatch() - began + last < Self.settleSlice
        guard work.isDone else { return nil }
        scene.settleStart = nil
        return work.result() ?? history.start(toReach: target, from: s)
    }

    /// Takes the settle under way for a trip to `target`: its session when it has not gone past
    /// `target` (else it is discarded). The session on screen is left to the caller.
    func takeSettling(upTo target: Int, onScreen s: SceneSession?) -> Trip? {
        scene.settleStart = nil
        guard let settling = scene.settling else { return nil }
        guard settling.session.stepCount <= target else {
            discardSettling(onScreen: s)
            return nil
        }
        scene.settling = nil
        return settling
    }

    /// Drops the settle under way; its session, unless it is the one on screen, is recycled.
    func discardSettling(onScreen s: SceneSession?) {
        scene.settleStart = nil
        guard let settling = scene.settling else { return }
        scene.settling = nil
        if settling.session !== s { scene.history?.recycle(settling.session) }
    }
}
