// DynamicAnimator+Checkpoint: the animator's moving state as one opaque value, and putting it back.
//
// What a step changes lives in three places: the World (every array of the engine, taken whole:
// World+Checkpoint.swift), the animator's own clocks (elapsed time, whether it runs, the rest
// clock) and the behaviors' state (a joint's id, a push that fired, a collision behavior's
// boundary shapes: DynamicBehavior.captureState). What a step does not change is the structure:
// which behaviors, in which tree, naming which items, with which settings. That is rebuilt by
// whoever owns the behaviors (a scene built from its description with its edits made again), and
// a checkpoint restores only into an animator of the same structure: the same behavior classes
// in the same flattened order and as many items. The item records' bodies and shapes are taken
// by position, since the engine's ids depend on the order bodies were made and destroyed in,
// which a rebuilt animator need not repeat.
//
// A checkpoint is taken between steps with everything committed: uncommitted changes would mean
// records of a structure that no longer stands, and requests made during a step wait in
// `pending`. `checkpoint()` returns nil then, and the caller takes one a step later.
import Geometry

/// The animator's state at a step, to restore into an animator of the same structure.
public struct AnimatorCheckpoint {
    fileprivate let world: WorldCheckpoint
    fileprivate let elapsedTime: Double
    fileprivate let isRunning: Bool
    fileprivate let restClock: Double
    fileprivate let recordIDs: [(body: BodyID, shapes: [ShapeID])]
    fileprivate let behaviorClasses: [ObjectIdentifier]
    fileprivate let behaviorStates: [Any?]

    /// Bytes the checkpoint holds (the engine's arrays dominate; RetainedBytes.swift).
    public var retainedBytes: Int {
        world.retainedBytes + recordIDs.reduce(0) { $0 + MemoryLayout<BodyID>.stride + $1.shapes.count * MemoryLayout<ShapeID>.stride }
            + behaviorStates.count * MemoryLayout<Any?>.stride
    }

    /// Whether the engine's contacts are packed (World+Checkpoint.swift).
    public var isPacked: Bool { world.isPacked }

    /// The same checkpoint with the engine's contacts packed: fewer bytes, restored to the same
    /// bits. `scratch` holds the packing's buffers (PackedArray.swift).
    public func packed(scratch: PackingScratch = PackingScratch()) -> AnimatorCheckpoint {
        AnimatorCheckpoint(world: world.packed(scratch: scratch), elapsedTime: elapsedTime, isRunning: isRunning, restClock: restClock,
                           recordIDs: recordIDs, behaviorClasses: behaviorClasses, behaviorStates: behaviorStates)
    }

    /// The same checkpoint unpacked, as pieces a caller runs between frames (Piecework.swift;
    /// a packed crowd's contacts take longer than a frame to unpack).
    public func unpacking() -> Piecework<AnimatorCheckpoint> {
        world.unpacking().map { w in
            AnimatorCheckpoint(world: w, elapsedTime: elapsedTime, isRunning: isRunning, restClock: restClock,
                               recordIDs: recordIDs, behaviorClasses: behaviorClasses, behaviorStates: behaviorStates)
        }
    }
}

extension DynamicAnimator {
    /// The animator's state now, or nil when it cannot be taken (changes not yet committed, a
    /// step's requests waiting, a behavior holding items for the next commit).
    public func checkpoint() -> AnimatorCheckpoint? {
        guard !hasUncommittedChanges, !isStepping, pending.isEmpty,
              committedBehaviors.allSatisfy(\.canCaptureState) else { return nil }
        return AnimatorCheckpoint(world: world.checkpoint(), elapsedTime: elapsedTime, isRunning: isRunning,
                                  restClock: restClock, recordIDs: records.map { ($0.body, $0.shapes) },
                                  behaviorClasses: committedBehaviors.map { ObjectIdentifier(type(of: $0)) },
                                  behaviorStates: committedBehaviors.map { $0.captureState() })
    }

    /// Puts back `c` into this animator, after committing its own changes, when its structure
    /// matches the one `c` was taken from (see the top of this file); returns false, changing
    /// nothing but that commit, when it does not.
    public func restore(_ c: AnimatorCheckpoint) -> Bool {
        commitIfNeeded()
        guard pending.isEmpty, records.count == c.recordIDs.count,
              zip(records, c.recordIDs).allSatisfy({ $0.shapes.count == $1.shapes.count }),
              committedBehaviors.map({ ObjectIdentifier(type(of: $0)) }) == c.behaviorClasses else { return false }
        for (behavior, state) in zip(committedBehaviors, c.behaviorStates) { behavior.restoreState(state) }
        // Fails only when packed contacts do not unpack; the behaviors are changed by then, and
        // the caller throws the animator away (as Scene.restore's callers do).
        guard world.restore(c.world) else { return false }
        records = zip(records, c.recordIDs).map { ItemRecord(item: $0.item, body: $1.body, shapes: $1.shapes, parts: $0.parts) }
        recordIndex = [:]
        shapeOwner = [:]
        for (i, r) in records.enumerated() {
            recordIndex[ObjectIdentifier(r.item)] = i
            for s in r.shapes { shapeOwner[s] = i }
        }
        elapsedTime = c.elapsedTime
        isRunning = c.isRunning
        restClock = c.restClock
        hasUncommittedChanges = false
        return true
    }
}
