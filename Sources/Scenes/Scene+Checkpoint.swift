// Scene+Checkpoint: a live scene's moving state as a value, put back into a scene of the same make.
//
// A scene's state splits in two. What steps, gestures, animations and behaviors' actions change:
// each item's center, rotation, size, alpha, scale, color and text, which items are still there (an animation's
// `then: remove` takes some out), and the animator's state (DynamicAnimator+Checkpoint). That
// is what a checkpoint holds. Everything else (the items' colors, text and shapes, the
// behaviors and their settings, the description, the reference bounds) changes only with edits
// and resizes, so a scene built from the same description with the same edits and resizes made
// again (and the items play added: SceneSession+RunTimeChanges) has it already; the checkpoint
// does not copy it. It does hold each group's center and rotation: a group at rest is not
// written by a step, and its items' velocities are read about its center. Items are named by id, so the
// checkpoint holds no reference to the scene it was taken from and restores into a new one.
//
// `restore` checks what it relies on: the items (once the ones the checkpoint lacks are removed)
// must have the checkpoint's ids in its order, and the animator's items too; otherwise it
// returns false, the scene may be half changed, and the caller throws it away.
import Dynamics
import Geometry
import SceneFormat

/// A scene's moving state at a step (Scene+Checkpoint.swift).
public struct SceneCheckpoint {
    struct ItemState {
        let center: Point
        let transform: AffineTransform
        let size: Size
        let alpha: Double
        let scale: Double
        let color: SceneColor
        let text: String?
    }

    let itemIDs: [String]
    let items: [ItemState]
    let animatorItemIDs: [String?]
    let animator: AnimatorCheckpoint
    /// Each live group's center and rotation (a group at rest is not written by a step).
    var groupPlaces: [(center: Point, transform: AffineTransform)] = []

    /// Bytes the checkpoint holds: the animator's, and the items' states and ids.
    public var retainedBytes: Int {
        animator.retainedBytes + items.count * (MemoryLayout<ItemState>.stride + 2 * MemoryLayout<String>.stride)
    }

    /// Whether the engine's part is packed.
    public var isPacked: Bool { animator.isPacked }

    /// The same checkpoint with the engine's contacts packed (DynamicAnimator+Checkpoint).
    public func packed(scratch: PackingScratch = PackingScratch()) -> SceneCheckpoint {
        var copy = SceneCheckpoint(itemIDs: itemIDs, items: items, animatorItemIDs: animatorItemIDs,
                                   animator: animator.packed(scratch: scratch))
        copy.groupPlaces = groupPlaces
        return copy
    }

    /// The same checkpoint unpacked, in pieces (AnimatorCheckpoint.unpacking).
    public func unpacking() -> Piecework<SceneCheckpoint> {
        animator.unpacking().map { a in
            var copy = SceneCheckpoint(itemIDs: itemIDs, items: items, animatorItemIDs: animatorItemIDs, animator: a)
            copy.groupPlaces = groupPlaces
            return copy
        }
    }
}

extension Scene {
    /// The scene's moving state now, or nil when the animator's cannot be taken now (see
    /// `DynamicAnimator.checkpoint()`) or a group was made again while playing (Scene+Groups).
    public func checkpoint() -> SceneCheckpoint? {
        guard !regroupedWhilePlaying, let animatorState = animator.checkpoint() else { return nil }
        return SceneCheckpoint(
            itemIDs: items.map(\.id),
            items: items.map { SceneCheckpoint.ItemState(center: $0.center, transform: $0.transform, size: $0.size,
                                         alpha: $0.alpha, scale: $0.scale, color: $0.color, text: $0.text) },
            animatorItemIDs: animator.items.map { ($0 as? SceneItem)?.id },
            animator: animatorState,
            groupPlaces: groups.map { ($0.center, $0.transform) })
    }

    /// Whether `c` can be restored into this scene as it stands: the same items in the same
    /// order, give or take items the checkpoint no longer has.
    public func accepts(_ c: SceneCheckpoint) -> Bool {
        let ids = Set(c.itemIDs)
        return items.lazy.map(\.id).filter(ids.contains).elementsEqual(c.itemIDs)
    }

    /// Puts back `c`: removes the items it no longer has, then the items' states and the
    /// animator's. Returns false when the structure does not match (see the top of this file).
    public func restore(_ c: SceneCheckpoint) -> Bool {
        guard accepts(c) else { return false }
        let wanted = Set(c.itemIDs)
        for item in items where !wanted.contains(item.id) { removeItem(item) }
        animator.commitChanges()
        guard animator.items.map({ ($0 as? SceneItem)?.id }) == c.animatorItemIDs,
              animator.restore(c.animator), groups.count == c.groupPlaces.count else { return false }
        for (group, place) in zip(groups, c.groupPlaces) {
            group.transform = place.transform
            group.center = place.center
        }
        for (item, state) in zip(items, c.items) {
            item.center = state.center
            item.transform = state.transform
            item.size = state.size
            item.alpha = state.alpha
            item.scale = state.scale
            item.color = state.color
            item.text = state.text
        }
        return true
    }
}
