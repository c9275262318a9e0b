// SceneEdit: one change to a live scene, as a value.
//
// Editing a scene by hand (drawing a box, pinning it, deleting a rope) is a list of these
// values applied with `Scene.apply(_:)`, which changes the live scene and its description
// together and returns the edit that undoes it. They are values, naming items by id and
// behaviors by their index in `sceneDescription.behaviors`, never by object, so a list of them
// can be kept, compared, and applied again to a fresh copy of the scene: applying the same edits
// in the same order to the same state gives the same scene, bit for bit (nothing reads a clock
// or a random number). A time line that re-simulates from a snapshot re-applies them this way.
//
// The cases are few and small (an item in or out, a behavior in, out or replaced, an item put
// somewhere) so that each has an exact inverse; what a user does in one gesture is a `batch`
// of them, built by the `Scene` methods in SceneEdit+Making.swift (`addingItem`, `removingItem`,
// `settingAnchored`, ...), which read the scene to decide which lists a new item joins.
import Geometry
import SceneFormat

/// One change to a live scene and its description; ``Scene/apply(_:)`` applies it and returns
/// its inverse.
public enum SceneEdit: Hashable, Sendable {
    /// Inserts an item at `index` of `sceneDescription.items`; the live item is made from the
    /// description (placed at `placement` when one is given, else at the description's center)
    /// and joins every behavior whose `items` the description leaves out.
    case insertItem(ItemDescription, at: Int, placement: ItemPlacement?)
    /// Removes an item: from the description, the live items and every live behavior. Refused
    /// (nil) while a behavior of the description still names it; remove those first.
    case removeItem(id: String)
    /// Replaces an item's description; the live item takes its color, alpha and text.
    case replaceItem(at: Int, with: ItemDescription)
    /// Puts a live item at a center and angle, at rest (velocity zero). The description is
    /// unchanged: it says where the item started.
    case placeItem(id: String, ItemPlacement)
    /// Inserts a behavior at `index` of `sceneDescription.behaviors`, built as SceneBuilder
    /// builds one, and adds it to the animator.
    case insertBehavior(BehaviorDescription, at: Int)
    /// Removes the behavior at `index` from the description and the animator.
    case removeBehavior(at: Int)
    /// Replaces the behavior at `index`. The live behavior is changed in place where it can be
    /// (a list's items, an attachment's length, spring and motor, a dynamic item's properties);
    /// otherwise it is built again from the new description.
    case replaceBehavior(at: Int, with: BehaviorDescription)
    /// Inserts a group (`groups:` entry) at `index`: its items, already in the scene and in no
    /// group, move as one body from where they are.
    case insertGroup(GroupDescription, at: Int)
    /// Removes the group at `index`: its items move on alone, each at the group's velocity there.
    case removeGroup(at: Int)
    /// A property of an item or a joint set to a new value (the inspector's ←/→); its inverse
    /// sets the old value back (see PropertyChange and Scene+Tuning).
    case tune(PropertyChange)
    /// Several edits applied in order; its inverse is their inverses in reverse order.
    case batch([SceneEdit])

    /// The ids of the items this edit removes, in order.
    public var removedItemIDs: [String] {
        switch self {
        case .removeItem(let id): [id]
        case .batch(let edits): edits.flatMap(\.removedItemIDs)
        default: []
        }
    }
}

/// Where a live item is and how it is turned.
public struct ItemPlacement: Hashable, Sendable {
    /// The item's center, points.
    public var center: Point
    /// Radians, clockwise on screen.
    public var angle: Double

    /// A placement at `center`, turned by `angle`.
    public init(center: Point, angle: Double = 0) { self.center = center; self.angle = angle }
}
