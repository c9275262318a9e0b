// BehaviorBuildContext: what building one behavior entry may use (the items by id, the reference
// bounds) and leave behind (work for after it joins the animator, boundaries laid out again when
// the bounds change). SceneBuilder and Scene+Editing make one and hand it to BehaviorRuntime.build.
import Dynamics
import Geometry
import SceneFormat

/// What building one behavior may use and leave behind.
final class BehaviorBuildContext {
    let referenceBounds: Rect
    /// Every item of the file, in file order.
    let items: [SceneItem]
    private var byID: [String: SceneItem] = [:]
    /// The live group of each item in one (SceneBuilder makes them before any behavior).
    private var groupOf: [ObjectIdentifier: DynamicItemGroup] = [:]
    /// Work that needs the behavior to be in the animator first (initial velocities).
    var afterAdding: [() -> Void] = []
    /// Named boundaries given in percent, laid out again when the bounds change.
    var boundaryLayouts: [(Rect) -> Void] = []

    init(referenceBounds: Rect, items: [SceneItem], groups: [DynamicItemGroup] = []) {
        self.referenceBounds = referenceBounds
        self.items = items
        for item in items { byID[item.id] = item }
        for group in groups {
            for item in group.items { groupOf[ObjectIdentifier(item)] = group }
        }
    }

    /// The items a behavior names, all items when it names none; the items of a group are
    /// given as their group, once, where the first of them stands (UIKit adds the group).
    func select(_ ids: [String]?) -> [DynamicItem] {
        let chosen = ids.map { $0.compactMap { byID[$0] } } ?? items
        if groupOf.isEmpty { return chosen }
        var seen = Set<ObjectIdentifier>()
        return chosen.map(dynamic).filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    /// The one item a behavior names, or its group.
    func one(_ id: String) -> DynamicItem {
        guard let item = byID[id] else { preconditionFailure("SceneParser lets no unknown item id through: \(id)") }
        return dynamic(item)
    }

    private func dynamic(_ item: SceneItem) -> DynamicItem { groupOf[ObjectIdentifier(item)] ?? item }

    /// A position resolved against the reference bounds.
    func point(_ p: Position) -> Point { p.resolve(in: referenceBounds) }
}
