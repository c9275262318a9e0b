// SceneEdit+Making: the edits a person makes in one gesture, as batches of SceneEdit.
//
// Each method reads the scene as it is now and returns the batch to apply (or nil with the
// reason, when the scene does not allow it), so the rules live here once, apart from the
// mouse:
// - A new item gets gravity, collision with everything and the walls, and a default material
//   (`Scene.newItemMaterial`). It joins every behavior whose `items` the file leaves out (as a
//   spawned item does) and every collision behavior that lists its items, so it collides with
//   whatever collides; when none of those gives it gravity or the reference walls, it joins
//   the behavior `edit-gravity` or `edit-collision` (made the first time, at the end).
// - One item's own properties live in a dynamicItem behavior of its own, id `ITEM-properties`,
//   `items: [ITEM]`, after the file's behaviors, so its values win (when several dynamic item
//   behaviors name an item, the last that sets a property decides). A drawn item's material is
//   there, and fixing or unfixing any item sets `anchored` there, made when the item has none.
// - Deleting an item first deletes the attachments and snaps that name it and takes it out of
//   the lists that name it (its own properties behavior goes with it).
import Geometry
import SceneFormat

extension Scene {
    /// The material of a drawn item: density 1, friction 0.5, elasticity 0.2 (a wooden block
    /// rather than UIKit's frictionless, bounceless default).
    public static let newItemMaterial: (density: Double, friction: Double, elasticity: Double) = (1, 0.5, 0.2)
    /// The id of the gravity behavior drawn items join when no gravity acts on every item.
    public static let editGravityID = "edit-gravity"
    /// The id of the collision behavior (with the reference walls) drawn items join when the
    /// scene gives them no walls.
    public static let editCollisionID = "edit-collision"

    /// The id of `item`'s own dynamicItem behavior.
    public static func propertiesID(of item: String) -> String { "\(item)-properties" }

    /// `base-1`, `base-2`, ...: the first that no item, live or described, has.
    public func newItemID(_ base: String) -> String {
        let taken = Set(items.map(\.id) + sceneDescription.items.map(\.id) + sceneDescription.behaviors.compactMap(\.id))
        var n = 1
        while taken.contains("\(base)-\(n)") || taken.contains(Self.propertiesID(of: "\(base)-\(n)")) { n += 1 }
        return "\(base)-\(n)"
    }

    /// The index of the behavior with `id`, if the description has one.
    public func behaviorIndex(withID id: String) -> Int? { sceneDescription.behaviors.firstIndex { $0.id == id } }

    /// Adds `item` as a drawn item: gravity, collision with everything and the walls, the
    /// default material.
    public func addingItem(_ item: ItemDescription) -> SceneEdit {
        var edits: [SceneEdit] = [.insertItem(item, at: sceneDescription.items.count, placement: nil)]
        var behaviors = sceneDescription.behaviors
        var hasGravity = false, hasWalls = false
        for (i, b) in behaviors.enumerated() {
            let joins: Bool
            if b.listsEveryItem {
                joins = true
            } else if let c = b.as(BehaviorDescription.Collision.self) {
                joins = true
                edits.append(.replaceBehavior(at: i, with: b.withListedItems((c.items ?? []) + [item.id])))
            } else {
                joins = false
            }
            guard joins else { continue }
            if b.type == BehaviorDescription.Gravity.type { hasGravity = true }
            if let c = b.as(BehaviorDescription.Collision.self), c.boundaries == .reference, c.mode != .items { hasWalls = true }
        }
        if !hasGravity {
            if let i = behaviorIndex(withID: Self.editGravityID), let listed = behaviors[i].listedItems {
                edits.append(.replaceBehavior(at: i, with: behaviors[i].withListedItems((listed ?? []) + [item.id])))
            } else {
                let g = BehaviorDescription.Gravity(id: Self.editGravityID, items: [item.id])
                edits.append(.insertBehavior(BehaviorDescription(g), at: behaviors.count))
                behaviors.append(BehaviorDescription(g))
            }
        }
        if !hasWalls {
            var c = BehaviorDescription.Collision(id: Self.editCollisionID, items: [item.id])
            c.boundaries = .reference
            edits.append(.insertBehavior(BehaviorDescription(c), at: behaviors.count))
            behaviors.append(BehaviorDescription(c))
        }
        var material = BehaviorDescription.DynamicItemProperties(id: Self.propertiesID(of: item.id), items: [item.id])
        material.density = Self.newItemMaterial.density
        material.friction = Self.newItemMaterial.friction
        material.elasticity = Self.newItemMaterial.elasticity
        edits.append(.insertBehavior(BehaviorDescription(material), at: behaviors.count))
        return .batch(edits)
    }

    /// Deletes the described item `id` with the attachments and snaps that name it, taking it
    /// out of every list; nil with the reason when the scene's gestures or animations need it.
    /// An item of a group goes with its whole group (the group entry first, then every item).
    public func removingItem(_ id: String) -> Result<SceneEdit, EditRefusal> {
        guard sceneDescription.items.contains(where: { $0.id == id }) else {
            return .failure(EditRefusal("\(id) was not in the scene's file (it appeared while playing); it cannot be deleted"))
        }
        let group = sceneDescription.group(containing: id)
        let ids = group.map { sceneDescription.groups[$0].items } ?? [id]
        for id in ids where sceneDescription.gestures.contains(where: { $0.action.item == id || $0.on == id || $0.actionsName(id) })
            || sceneDescription.animations.contains(where: { $0.item == id })
            || sceneDescription.rules.contains(where: { $0.namedItems.contains(id) }) {
            return .failure(EditRefusal("\(id) is used by the scene's gestures, animations or rules; it cannot be deleted"))
        }
        var edits: [SceneEdit] = group.map { [.removeGroup(at: $0)] } ?? []
        let gone = Set(ids)
        for (i, b) in sceneDescription.behaviors.enumerated().reversed() where b.namedItems.contains(where: gone.contains) {
            if let listed = b.listedItems, let list = listed {
                let rest = list.filter { !gone.contains($0) }
                if rest.isEmpty && ids.contains(where: { b.id == Self.propertiesID(of: $0) }) {
                    edits.append(.removeBehavior(at: i))
                } else {
                    edits.append(.replaceBehavior(at: i, with: b.withListedItems(rest)))
                }
            } else {
                edits.append(.removeBehavior(at: i))
            }
        }
        edits += ids.map { .removeItem(id: $0) }
        return .success(.batch(edits))
    }

    /// Whether the description anchors `id`: the last dynamicItem behavior naming it (or every
    /// item) that sets `anchored` says.
    public func isAnchored(_ id: String) -> Bool {
        var anchored = false
        for b in sceneDescription.behaviors {
            guard let d = b.as(BehaviorDescription.DynamicItemProperties.self), let value = d.anchored,
                  d.items?.contains(id) ?? true else { continue }
            anchored = value
        }
        return anchored
    }

    /// Fixes (`anchored: true`) or frees `id`, in its own properties behavior.
    public func settingAnchored(_ id: String, _ anchored: Bool) -> SceneEdit {
        let ownID = Self.propertiesID(of: id)
        if let i = behaviorIndex(withID: ownID), var d = sceneDescription.behaviors[i].as(BehaviorDescription.DynamicItemProperties.self) {
            d.anchored = anchored
            return .replaceBehavior(at: i, with: BehaviorDescription(d))
        }
        var d = BehaviorDescription.DynamicItemProperties(id: ownID, items: [id])
        d.anchored = anchored
        return .insertBehavior(BehaviorDescription(d), at: sceneDescription.behaviors.count)
    }

    /// Adds an attachment after the file's behaviors.
    public func addingAttachment(_ attachment: BehaviorDescription.Attachment) -> SceneEdit {
        .insertBehavior(BehaviorDescription(attachment), at: sceneDescription.behaviors.count)
    }

    /// The pin at `index` with a motor turning at `speed` rad/s (torque `torque`, or the
    /// pin's own when it has one); nil when that behavior is not a pin.
    public func settingMotor(ofBehavior index: Int, speed: Double, torque: Double) -> SceneEdit? {
        guard sceneDescription.behaviors.indices.contains(index), speed.isFinite,
              var a = sceneDescription.behaviors[index].as(BehaviorDescription.Attachment.self), a.kind == .pin else { return nil }
        a.motorSpeed = speed
        a.motorTorque = a.motorTorque ?? torque
        a.frictionTorque = nil
        return .replaceBehavior(at: index, with: BehaviorDescription(a))
    }
}

/// Why an edit cannot be made, in words for the status line.
public struct EditRefusal: Error, Hashable, Sendable {
    /// The reason, one sentence without a final period.
    public let message: String
    /// A refusal that says `message`.
    public init(_ message: String) { self.message = message }
}
