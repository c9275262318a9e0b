// Selection: what a tool or a panel acts on, an item or a joint of a live scene.
//
// A value, not a reference to the live object, so it can sit in an undo record and survive the
// scene being rebuilt from its description: an item by its id (unique in a scene), a joint by
// its place among the scene's behaviors (`Scene.fileBehaviors`, one to one with
// `sceneDescription.behaviors`).

/// An item or a joint of a scene, as a tool or a panel addresses it.
public enum Selection: Hashable, Sendable {
    /// The item with this id.
    case item(id: String)
    /// The attachment at this index of `Scene.fileBehaviors` (and `sceneDescription.behaviors`).
    case joint(index: Int)
}
