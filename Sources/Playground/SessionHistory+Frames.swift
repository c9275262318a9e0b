// SessionHistory+Frames: the frame of every step, recorded as the session runs, so time travel
// shows a step without re-simulating it (DisplayFrameStore).
//
// A step's frame is taken just before the next step runs (and before idle steps are skipped),
// once the entries of its step have been delivered: that is the state a re-simulation to the
// step stops in. The live loop and every re-simulation record through `recordFrame`; the time
// controller also records the session on screen when a trip starts, for a step whose frame an
// edit dropped.
//
// One budget holds both the frames and the checkpoints: the checkpoints get what the frames
// leave (at least an eighth), so the history as a whole stays within `budget`.
import Foundation
import Geometry
import Scenes

extension SessionHistory {
    /// Records the frame `session` shows at its step, unless one is recorded for it already.
    public func recordFrame(of session: SceneSession) {
        guard session.stepCount > frames.lastStep else { return }
        frames.record(DisplayFrame(session.scene, scoreboard: session.scoreboardText), at: session.stepCount)
        checkpoints.budget = max(budget - frames.bytes, budget / 8)
    }

    /// Notes that `session` skipped idle steps from `from` to its step: the frame of `from`
    /// holds through the steps skipped (the step arrived at gets its own frame: entries
    /// delivered there may change it).
    public func recordSkip(of session: SceneSession, from: Int) {
        frames.hold(from: from, through: session.stepCount - 1)
    }

    /// The frame recorded for `step`, nil when there is none.
    public func frame(at step: Int) -> DisplayFrame? { frames.frame(at: step) }

    /// Where the items at `indices` of the frames were at each of the `count` steps through
    /// `step`, oldest first: back as far as frames of `layout` go without a gap (a step with no
    /// frame, or one of another layout, ends them; missing frames at the end are left out). Not
    /// finite centers are left out.
    public func centers(ofItemsAt indices: [Int], through step: Int, count: Int, layout: Int) -> [[Point]] {
        var centers = Array(repeating: [Point](), count: indices.count)
        var gap = false
        for j in max(0, step - count + 1)...max(0, step) {
            guard let frame = frames.frame(at: j), frame.layout == layout else {
                gap = true
                continue
            }
            if gap { centers = Array(repeating: [], count: indices.count) }
            gap = false
            for (k, index) in indices.enumerated() where frame.items.indices.contains(index) {
                let center = frame.items[index].center
                if center.isFinite { centers[k].append(center) }
            }
        }
        return centers
    }

    /// Bytes the frames hold, and the frames and checkpoints together.
    public var frameBytes: Int { frames.bytes }
    public var totalBytes: Int { frames.bytes + checkpoints.bytes }
}
