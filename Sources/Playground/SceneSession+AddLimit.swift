// SceneSession+AddLimit: a scene's `addLimit`, the most items the player may add while playing.
//
// A puzzle ("get the ball into the basket with three planks") needs the player's materials
// counted. The player adds items two ways: edit mode's box, ball and polygon tools (edits: the
// new item joins the scene's description) and the scene's gestures (`spawn`, or a `do:` with
// `add`, and a rule a tap, pan or long press fires). The count is of those items in the scene
// now, read from the scene itself rather than kept as a tally: edit-made items are the
// description's items that the scene was not loaded with, gesture-made ones the ids
// SceneGestures noted. So undoing an edit, deleting a drawn item, or going back in time gives
// the item back with no bookkeeping of its own, and a checkpoint needs nothing beyond the
// gestures' spawn state. A rule's own `add` (a timer's, a contact's) is the scene's doing and
// is not counted. The cap counts from the scene as loaded: a scene saved with its added items
// and loaded again starts a new count.
import SceneFormat
import Scenes

extension SceneSession {
    /// The items the player has added that are in the scene now.
    public var playerItemCount: Int {
        guard scene.sceneDescription.addLimit != nil else { return 0 }
        let drawn = scene.sceneDescription.items.lazy.filter { !self.loadedItemIDs.contains($0.id) }.count
        return drawn + gestures.playerItemsInScene
    }

    /// How many more items the player may add; nil when the scene sets no `addLimit`.
    public var itemsLeft: Int? {
        scene.sceneDescription.addLimit.map { max(0, $0 - playerItemCount) }
    }

    /// "2 of 3 items left", for the status line; nil without an `addLimit`.
    public var addLimitText: String? {
        guard let limit = scene.sceneDescription.addLimit, let left = itemsLeft else { return nil }
        return "\(left) of \(limit) item\(limit == 1 ? "" : "s") left"
    }

    /// Why the player may not add an item now, or nil when they may.
    func addRefusal() -> String? {
        guard let limit = scene.sceneDescription.addLimit, itemsLeft == 0 else { return nil }
        return limit == 0 ? "no more items: this scene lets you add none"
            : "no more items: this scene lets you add \(limit), and all \(limit) are in it"
    }

    /// What the status line shows for the scene's game: the items left and the rules' counters
    /// and ending ("2 of 3 items left │ score 3"); nil when there is none.
    public var scoreboardText: String? {
        let parts = [addLimitText, rules?.statusText].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " │ ")
    }
}
