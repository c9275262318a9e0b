// Scene+RunTimeRegroup: taking an item of a group out while playing in a way a rebuilt scene can
// make again, so checkpoints go on being taken after it.
//
// The group left (Scene+Groups) is made where its items are at that moment: its center is the
// items' area-weighted center and each item's place in it is its offset from there. A scene
// built again from the description has its items elsewhere, so removing the same item there
// would make a group with other placements. `removeItemRecordingGroup` therefore notes where
// the group's items were (center, rotation, size: all the new group's making reads) before it
// takes the item out, and `replayRegroup` puts the rebuilt scene's items there first and then
// takes the item out the same way: the same group, bit for bit, in the same place in every
// behavior's list. The items' moving state is then put back by the checkpoint's restore.
// A regroup by an edit still stops checkpoints (`regroupedWhilePlaying`): an edit is made again
// at its step in a rebuilt scene whose items are not where they were. Edit mode's delete never
// regroups (it takes an item's whole group), so only a bare `.removeItem` edit of a grouped item does.
import Geometry

/// Where an item of a group was when another item of the group was taken out.
public struct GroupedItemPlace {
    let id: String
    let center: Point
    let transform: AffineTransform
    let size: Size
}

extension Scene {
    /// Removes `item` as `removeItem` does; when it is in a group, returns where the group's
    /// items were just before, for `replayRegroup`, and keeps checkpoints possible.
    public func removeItemRecordingGroup(_ item: SceneItem) -> [GroupedItemPlace]? {
        guard let group = group(of: item) else {
            removeItem(item)
            return nil
        }
        let places = group.items.compactMap { $0 as? SceneItem }.map {
            GroupedItemPlace(id: $0.id, center: $0.center, transform: $0.transform, size: $0.size)
        }
        let before = regroupedWhilePlaying
        removeItem(item)
        regroupedWhilePlaying = before
        return places
    }

    /// Puts the items named in `places` where they were and takes the item `id` out of its
    /// group (see the top of this file); false when the scene lacks them or the item is in no group.
    public func replayRegroup(removing id: String, places: [GroupedItemPlace]) -> Bool {
        guard let item = item(withID: id), group(of: item) != nil else { return false }
        for place in places {
            guard let placed = self.item(withID: place.id) else { return false }
            placed.center = place.center
            placed.transform = place.transform
            placed.size = place.size
        }
        _ = removeItemRecordingGroup(item)
        return true
    }
}
