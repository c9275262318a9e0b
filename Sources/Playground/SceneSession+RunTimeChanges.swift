// SceneSession+RunTimeChanges: the structure a session's play adds to its scene, kept so a
// scene built again from the description can be given the same structure before a checkpoint
// is restored into it.
//
// Edits and resizes are in the timeline and made again in a rebuilt scene; pointer events are
// not replayed (SessionHistory+Checkpoints). What play itself changes in the structure is kept
// here, in the order it happened: an item a gesture's `spawn` or a rule's `add`/`spawn` added
// (its template with the id and center it was given, and the behaviors it was asked to join,
// named as the spawn named them), and an item of a group taken out by a rule or an animation
// (the group left is made where its items were then: Scene+RunTimeRegroup). Replaying the
// changes in order in a rebuilt scene makes the same items, in the same order, in the same
// places in every behavior's list, so the animator's records (and so the World's arrays) line up
// with the checkpoint's. An item removed without a group is not kept: removing only takes out of
// lists, so the order of what is left does not depend on when it happened, and the restore
// removes the items the checkpoint lacks (Scene+Checkpoint).
//
// Each change carries its place in time, for interleaving with the timeline's edits: a change
// made while a step ran (a rule, an animation) comes before the entries delivered after that
// step; one made while delivering an event (a tap) after the edits of the same step.
import Geometry
import SceneFormat
import Scenes

/// A change to the scene's structure made by play (SceneSession+RunTimeChanges.swift).
public struct RunTimeChange {
    enum Kind {
        case add(ItemDescription, joining: [String]?)
        case regroup(removing: String, places: [GroupedItemPlace])
    }
    /// The step count when it happened.
    let step: Int
    /// Whether it happened while a step ran (else while an event was delivered).
    let duringStep: Bool
    let kind: Kind

    /// Orders the change among timeline entries: before the entries of `step` when made during
    /// the step, after them otherwise.
    var comesBeforeEntries: Bool { duringStep }

    /// What names the change (its step, when, and the item), for telling two logs apart.
    var key: String {
        switch kind {
        case .add(let template, _): "\(step)\(duringStep ? "s" : "e")+\(template.id)"
        case .regroup(let id, _): "\(step)\(duringStep ? "s" : "e")-\(id)"
        }
    }
}

extension SceneSession {
    /// Notes a change play made to the structure.
    func noteRunTimeChange(_ kind: RunTimeChange.Kind) {
        runTimeChanges.append(RunTimeChange(step: stepCount, duringStep: isRunningStep, kind: kind))
    }

    /// Makes `change` again in this session (a rebuilt one); false when it cannot.
    func replay(_ change: RunTimeChange) -> Bool {
        switch change.kind {
        case .add(let template, let ids):
            guard scene.item(withID: template.id) == nil else { return false }
            gestures.add(template, joining: ids)
        case .regroup(let id, let places):
            guard scene.replayRegroup(removing: id, places: places) else { return false }
        }
        runTimeChanges.append(change)
        return true
    }

    /// Whether this session's structure is the one `changes` made, give or take items added
    /// after them (which the restore removes, as it removes any item the checkpoint lacks).
    func structureMatches(_ changes: [RunTimeChange]) -> Bool {
        guard runTimeChanges.count >= changes.count,
              zip(runTimeChanges, changes).allSatisfy({ $0.key == $1.key }) else { return false }
        return runTimeChanges[changes.count...].allSatisfy {
            if case .add = $0.kind { return true }
            return false
        }
    }
}
