// SessionHistory+Checkpoints: taking checkpoints as a session runs, and starting trips from them.
//
// Taking: the live loop and every re-simulation offer the session after each step
// (`offerCheckpoint`); the store takes one every few steps where the session can give one
// (SceneSession+Checkpoint says where it cannot: mid-gesture, changes not yet committed).
//
// Restoring needs a session of the checkpoint's make: the same items, behaviors, recognizers and
// animations, with the settings only edits and resizes change. Two are at hand:
//   - a spare: the session a trip took off the screen, when the scene has no recognizers and
//     the timeline no edits or resizes at all (then nothing but the state a checkpoint holds can
//     differ between it and the checkpoint's session; a removed item shows in the item check).
//     Reusing it saves building the scene, the larger part of a restore in a big scene;
//   - a fresh session from the description, with the edits and resizes of the timeline up to the
//     checkpoint's step made again in their order (pointer events are not replayed: what they
//     leave behind is in the checkpoint, or else it changed the make, which the restore checks).
// Items play added and groups it made again (SceneSession+RunTimeChanges) are made again in the
// fresh session in their order among the edits. A checkpoint that does not restore anyway is
// dropped with the ones after it, and none is taken from its step on until the timeline's
// future is dropped before it; the trip starts from an earlier one, or from step 0 as before:
// slower, never wrong.
import Dynamics
import Foundation
import Scenes

extension SessionHistory {
    /// A session, with its entries delivered, from which `advance` reaches step `target`: the
    /// place a trip back in time starts from. It is restored from the latest checkpoint at or
    /// before `target`, or a fresh session at step 0 (`makeSession`) when there is none.
    public func start(toReach target: Int) -> SceneSession {
        restoredLatest(atOrBefore: target, after: -1) ?? makeSession()
    }

    /// The session a trip to `target` starts from when `current` (the one on screen) could run
    /// there itself: `current` when it is at or before `target` and no checkpoint lies more than
    /// `restoreWorth` steps beyond it (a jump forward runs from the nearest checkpoint, not
    /// through every step from the step on screen); otherwise as `start(toReach:)`.
    public func start(toReach target: Int, from current: SceneSession) -> SceneSession {
        guard current.stepCount <= target else { return start(toReach: target) }
        return restoredLatest(atOrBefore: target, after: current.stepCount + Self.restoreWorth) ?? current
    }

    /// As `start(toReach:from:)`, in pieces a caller runs a few per turn of its loop: unpacking
    /// the checkpoint chunk by chunk (PackedParts), then taking or building the session to
    /// restore into and putting the unpacked state back (one piece: restoring an unpacked state
    /// is assignments), each well under a frame for a 1,000-item crowd where the whole took
    /// longer than one. A restore that fails falls back to `start(toReach:from:)` in that piece
    /// (which drops the checkpoint as that does).
    public func startInPieces(toReach target: Int, from current: SceneSession) -> Piecework<SceneSession> {
        let floor = current.stepCount <= target ? current.stepCount + Self.restoreWorth : -1
        var made: SceneSession?
        guard let c = checkpoints.latest(atOrBefore: target), c.step > floor else {
            return Piecework(pieces: [{ made = self.start(toReach: target, from: current); return true }], finish: { made })
        }
        let unpacking = c.unpacking()
        var pieces: [() -> Bool] = (0..<unpacking.remaining).map { _ in { unpacking.runNext(); return true } }
        pieces.append {
            if let u = unpacking.result(), let base = self.sessionToRestore(c), base.restore(u) {
                made = base
            } else {
                made = self.start(toReach: target, from: current)
            }
            return true
        }
        return Piecework(pieces: pieces, finish: { made })
    }

    /// Steps a restore is worth: a checkpoint within this many steps ahead of a session that
    /// can run on is not restored (building or resetting a session costs a few steps' time).
    static let restoreWorth = 16

    /// Restored from the latest checkpoint at or before `target` and after step `floor`; nil
    /// when there is none that restores.
    private func restoredLatest(atOrBefore target: Int, after floor: Int) -> SceneSession? {
        while let c = checkpoints.latest(atOrBefore: target), c.step > floor {
            if let session = restored(c) { return session }
            // What made this one fail (a spawned item, say) stays in the scene after it: drop
            // it and the later ones, and take no more there until that past is dropped.
            checkpoints.drop(from: c.step)
            unrestorableFrom = min(unrestorableFrom ?? c.step, c.step)
        }
        return nil
    }

    /// Offers the session, just stepped with the entries of its step delivered, for a checkpoint;
    /// `fine` when the step is among the last of a trip (CheckpointStore).
    public func offerCheckpoint(of session: SceneSession, fine: Bool = false) {
        let step = session.stepCount
        guard checkpoints.wants(step, fine: fine), step < unrestorableFrom ?? Int.max,
              let c = session.checkpoint() else {
            checkpoints.note(reached: step)
            return
        }
        checkpoints.add(c)
    }

    /// Keeps a session that left the screen to restore checkpoints into, when it may serve.
    public func recycle(_ session: SceneSession) {
        spare = sparesServe(session) ? session : nil
    }

    /// Bytes the checkpoints hold, counted alone (an upper bound) and how many there are.
    public var checkpointBytes: Int { checkpoints.bytes }
    public var checkpointCount: Int { checkpoints.count }
    public var packedCheckpointCount: Int { checkpoints.packedCount }
    /// The steps the checkpoints were taken at, earliest first.
    public var checkpointSteps: [Int] { checkpoints.checkpoints.map(\.checkpoint.step) }

    private func restored(_ c: SessionCheckpoint) -> SceneSession? {
        if let spare, sparesServe(spare) {
            self.spare = nil
            if spare.restore(c) { return spare }
        }
        guard let session = rebuilt(for: c) else { return nil }
        return session.restore(c) ? session : nil
    }

    /// The spare, when it may serve (taken), or else a session built from the description with
    /// the timeline's edits and resizes and play's changes up to `c` made again: a session of
    /// `c`'s make to restore it into; nil when a change cannot be made again.
    func sessionToRestore(_ c: SessionCheckpoint) -> SceneSession? {
        if let spare, sparesServe(spare) {
            self.spare = nil
            return spare
        }
        return rebuilt(for: c)
    }

    private func rebuilt(for c: SessionCheckpoint) -> SceneSession? {
        let session = SceneSession(scene: SceneBuilder().build(sceneDescription, referenceBounds: referenceBounds))
        var changes = c.runTimeChanges[...]
        func replayChanges(through step: Int, beforeEntries: Bool) -> Bool {
            while let change = changes.first,
                  change.step < step || (change.step == step && (change.comesBeforeEntries || !beforeEntries)) {
                guard session.replay(change) else { return false }
                changes.removeFirst()
            }
            return true
        }
        for entry in timeline where entry.step <= c.step {
            guard replayChanges(through: entry.step, beforeEntries: true) else { return nil }
            switch entry.event {
            case .pointer: continue
            case .referenceBounds, .edit: Self.apply(entry.event, to: session)
            }
        }
        guard replayChanges(through: Int.max, beforeEntries: false) else { return nil }
        return session
    }

    private func sparesServe(_ session: SceneSession) -> Bool {
        session.router.recognizers.isEmpty && !timeline.contains { entry in
            if case .pointer = entry.event { return false }
            return true
        }
    }
}
