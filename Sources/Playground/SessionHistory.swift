// SessionHistory: a scene's past, kept as what it started from, what was done to it when, and
// checkpoints of its state along the way.
//
// A live session is a web of objects (animator, behaviors, items, recognizers, animations), and
// copying one deeply would mean every class learning to copy itself and staying right as they
// grow. The engine is deterministic instead: the same scene built from the same description
// and reference bounds, given the same input before the same steps, goes through the same
// states bit for bit (the contract `nudge simulate --input` already keeps). So the history is
// the description and reference bounds at load and a timeline of everything delivered to the
// session, each entry stamped with the step it was delivered at (the session's `stepCount`
// then). Step k of the past is a fresh session from the description, run to step k with the
// timeline's entries delivered where they were: each entry with step i goes in once the
// session's `stepCount` is i, before step i + 1 runs, in the order it was recorded. A session at
// rest skips to the next entry or the target without stepping, as the live app does.
//
// Re-simulating from step 0 costs as many steps as the target is far, so the history also keeps
// checkpoints (SessionCheckpoint: each layer's moving state as values; CheckpointStore: which
// ones are kept). A trip to step k starts from the latest checkpoint at or before k
// (SessionHistory+Checkpoints): a session of the same make, with the state of that step put
// back, run on to k as before. A checkpoint of step i holds what the entries of step i did only
// if it was taken after they were delivered, so recording an entry at step i drops the
// checkpoints of step i and after.
//
// Going back leaves the entries after it in place: stepping forward again replays them, so the
// screen goes through the same states as before. Anything new that happens in the past (the
// scene resumes from there, an edit, a resize) makes that future untrue, and it is dropped,
// with its checkpoints.
//
// The app runs a long re-simulation a slice at a time so its keys keep answering (see
// TimeController+Travel).
import Foundation
import Geometry
import Gestures
import SceneFormat
import Scenes

public final class SessionHistory {
    /// Something delivered to the session at a step, that a re-simulation delivers again.
    public enum Event {
        /// A pointer event, delivered with `SceneSession.handle(_:)`.
        case pointer(PointerEvent)
        /// New reference bounds (a terminal resize), set with `SceneSession.setReferenceBounds(_:)`.
        case referenceBounds(Rect)
        /// An edit of edit mode (undos included), made again with `SceneSession.apply(_:)`: a
        /// value naming items by id and behaviors by index, so it applies to a fresh session
        /// whose objects are new.
        case edit(SceneEdit)
    }

    /// What the scene was built from.
    public let sceneDescription: SceneDescription
    /// The reference bounds the scene was built with.
    public let referenceBounds: Rect
    /// Every delivery, in order, with the session's step at the time.
    private(set) var timeline: [(step: Int, event: Event)] = []
    /// The checkpoints taken along the way (SessionHistory+Checkpoints).
    let checkpoints: CheckpointStore<SessionCheckpoint>
    /// A session no longer shown, kept to restore checkpoints into (SessionHistory+Checkpoints).
    var spare: SceneSession?
    /// The step from which checkpoints did not restore into a rebuilt session (see
    /// SessionHistory+Checkpoints); none are taken from there on.
    var unrestorableFrom: Int?
    /// The frame of every step run (SessionHistory+Frames).
    let frames = DisplayFrameStore()
    /// Most bytes the frames and checkpoints hold together.
    public let budget: Int

    /// A history of a scene built from `description` within `referenceBounds`, with nothing
    /// delivered yet.
    public init(sceneDescription: SceneDescription, referenceBounds: Rect, checkpointBudget: Int = 256 << 20) {
        self.sceneDescription = sceneDescription
        self.referenceBounds = referenceBounds
        self.budget = checkpointBudget
        self.checkpoints = CheckpointStore(budget: checkpointBudget)
    }

    /// The number of entries in the timeline.
    public var count: Int { timeline.count }

    /// The step of the last entry, nil when nothing has been delivered.
    public var lastStep: Int? { timeline.last?.step }

    // MARK: Recording

    /// Records `event`, delivered to the session at `step`. Entries after `step` (a future
    /// that was gone back from) are dropped first: this event changes what follows.
    public func record(_ event: Event, at step: Int) {
        dropFuture(after: step)
        checkpoints.drop(from: step)
        frames.drop(from: step)
        timeline.append((step, event))
    }

    /// Drops the entries recorded after `step`.
    public func dropFuture(after step: Int) {
        checkpoints.drop(from: step + 1)
        frames.drop(from: step + 1)
        if let from = unrestorableFrom, from > step { unrestorableFrom = nil }
        guard let last = timeline.last, last.step > step else { return }
        timeline.removeSubrange(firstIndex(after: step)...)
    }

    /// Whether any entry was recorded after `step`.
    public func hasFuture(after step: Int) -> Bool { (timeline.last?.step ?? -1) > step }

    // MARK: Re-simulation

    /// A fresh session of the scene at step 0, with the entries of step 0 delivered.
    public func makeSession() -> SceneSession {
        let scene = SceneBuilder().build(sceneDescription, referenceBounds: referenceBounds)
        scene.useSolverWorkers(scene.playWorkerCount)
        let session = SceneSession(scene: scene)
        deliver(to: session)
        return session
    }

    /// Delivers the entries recorded at `session.stepCount`, in order. The caller does this once
    /// per step reached (`advance` does it for the steps it runs).
    public func deliver(to session: SceneSession) {
        var index = firstIndex(after: session.stepCount - 1)
        while index < timeline.count, timeline[index].step == session.stepCount {
            Self.apply(timeline[index].event, to: session)
            index += 1
        }
    }

    /// Runs `session`, whose entries up to its `stepCount` have been delivered, on to step
    /// `target`, delivering the entries of each step it reaches. A session at rest skips to the
    /// next entry or the target without stepping. `stepped` hears of each step run, `skipped` of
    /// each skip (with the step it started from); `shouldStop` is asked before each step, and a
    /// true answer leaves the session where it is (a consistent state; call again to go on).
    /// Returns whether the session reached `target`.
    @discardableResult
    public func advance(_ session: SceneSession, to target: Int,
                        stepped: (SceneSession) -> Void = { _ in },
                        skipped: (SceneSession, Int) -> Void = { _, _ in },
                        shouldStop: () -> Bool = { false }) -> Bool {
        while session.stepCount < target {
            if shouldStop() { return false }
            if session.isAtRest {
                let index = firstIndex(after: session.stepCount)
                let next = index < timeline.count ? timeline[index].step : Int.max
                let from = session.stepCount
                recordFrame(of: session)
                session.skipIdleSteps(to: min(target, next))
                if session.stepCount > from {
                    recordSkip(of: session, from: from)
                    skipped(session, from)
                    deliver(to: session)
                    continue
                }
            }
            recordFrame(of: session)
            session.step()
            stepped(session)
            deliver(to: session)
            offerCheckpoint(of: session, fine: target - session.stepCount < checkpoints.interval)
        }
        return true
    }

    static func apply(_ event: Event, to session: SceneSession) {
        switch event {
        case .pointer(let pointer): session.handle(pointer)
        case .referenceBounds(let bounds): session.setReferenceBounds(bounds)
        case .edit(let edit): session.apply(edit)
        }
    }

    /// The index of the first entry whose step is after `step` (the count when there is none).
    private func firstIndex(after step: Int) -> Int {
        var low = 0, high = timeline.count
        while low < high {
            let mid = (low + high) / 2
            if timeline[mid].step <= step { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
