// SceneSession+Checkpoint: a session's state at a step as one value, and a session put back to it.
//
// Each layer captures its own moving state: the scene (items and animator, Scene+Checkpoint),
// the animations (AnimationRunner.Checkpoint, items named by id), the gestures' spawn counters,
// and the session's own step and messages. What no layer captures is rebuilt, not copied: the
// objects themselves (items, behaviors, recognizers, animations' descriptions) and every
// setting that only edits and resizes change come from building the scene from its description
// and making the recorded edits and resizes again (SessionHistory.start(toReach:)).
//
// A checkpoint is taken only where the gestures hold nothing: no pointer pressed or tracked, no
// recognizer waiting on a timeout, no drag's push or grab's spring alive. There every recognizer
// is back to `possible` with nothing of the last gesture kept but its clock, which the restored
// session's router is advanced to; so a fresh router is in the same state. Where that does not
// hold, `checkpoint()` returns nil, as it does when the animator has changes not yet committed
// or an animation has a completion closure. A scene with rules adds its rule runner's state
// (RuleRunner+Checkpoint: counters, each rule's memory, the ending, the behaviors rules took
// out or put back) and the item of each animation still running (a rule's `animate` starts
// some), for `animationCompleted`. It also holds the changes play made to the structure (items
// added by gestures and rules, groups made again: SceneSession+RunTimeChanges), which a rebuilt
// session is given before the state is put back.
//
// `restore` puts the state into a session of the same make (same items, behaviors and
// animations, in the same order) and returns false when it is not; a session whose restore
// failed is half changed and is thrown away by the caller.
import Animation
import Dynamics
import Scenes

/// A session's state at a step (SceneSession+Checkpoint.swift).
public struct SessionCheckpoint {
    /// The step the checkpoint was taken at.
    public let step: Int
    let messages: [String]
    let scene: SceneCheckpoint
    let animations: AnimationRunner.Checkpoint
    let spawns: SceneGestures.SpawnState
    let rules: RuleRunner.Checkpoint?
    let animationItems: [AnimationID: String]
    /// The structure play added before the step (SceneSession+RunTimeChanges).
    let runTimeChanges: [RunTimeChange]

    /// Bytes the checkpoint holds (the engine's arrays, the items' states, the messages).
    public var retainedBytes: Int {
        scene.retainedBytes + messages.reduce(0) { $0 + $1.utf8.count + MemoryLayout<String>.stride }
            + (rules?.retainedBytes ?? 0)
    }

    /// Whether the engine's part is packed.
    public var isPacked: Bool { scene.isPacked }

    /// The same checkpoint with the engine's contacts packed (World+Checkpoint): fewer bytes,
    /// restored to the same bits, at the cost of packing once and unpacking at each restore.
    /// `scratch` holds the packing's buffers, for reuse (PackedArray.swift).
    public func packed(scratch: PackingScratch = PackingScratch()) -> SessionCheckpoint {
        SessionCheckpoint(step: step, messages: messages, scene: scene.packed(scratch: scratch), animations: animations, spawns: spawns,
                          rules: rules, animationItems: animationItems, runTimeChanges: runTimeChanges)
    }

    /// The same checkpoint unpacked, in pieces (SceneCheckpoint.unpacking); restoring the
    /// result puts back the same bits as restoring this one.
    public func unpacking() -> Piecework<SessionCheckpoint> {
        scene.unpacking().map { s in
            SessionCheckpoint(step: step, messages: messages, scene: s, animations: animations, spawns: spawns,
                              rules: rules, animationItems: animationItems, runTimeChanges: runTimeChanges)
        }
    }
}

extension SceneSession {
    /// The session's state now, or nil where one cannot be taken (see the top of this file).
    public func checkpoint() -> SessionCheckpoint? {
        guard !router.isTracking, router.nextDeadline == nil, !gestures.isHolding,
              let animationState = animations.checkpoint(key: { ($0 as? SceneItem)?.id }),
              let sceneState = scene.checkpoint() else { return nil }
        var ruleState: RuleRunner.Checkpoint?
        if let rules {
            guard let state = rules.checkpoint() else { return nil }
            ruleState = state
        }
        return SessionCheckpoint(step: stepCount, messages: messages, scene: sceneState,
                                 animations: animationState, spawns: gestures.spawnState, rules: ruleState,
                                 animationItems: animationItems, runTimeChanges: runTimeChanges)
    }

    /// Puts back `c` (see the top of this file); false when this session is not of its make.
    public func restore(_ c: SessionCheckpoint) -> Bool {
        guard (rules == nil) == (c.rules == nil) else { return false }
        if runTimeChanges.isEmpty {
            for change in c.runTimeChanges where !replay(change) { return false }
        }
        guard structureMatches(c.runTimeChanges) else { return false }
        runTimeChanges = c.runTimeChanges
        if let rules, let state = c.rules, !rules.restoreBehaviors(state) { return false }
        guard scene.restore(c.scene),
              animations.restore(c.animations, item: { scene.item(withID: $0) }) else { return false }
        if let rules, let state = c.rules, !rules.restore(state) { return false }
        stepCount = c.step
        messages = c.messages
        gestures.spawnState = c.spawns
        animationItems = c.animationItems
        router.advance(to: time)
        return true
    }
}
