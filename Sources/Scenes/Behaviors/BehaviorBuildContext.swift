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
    /// Work that needs the behavior to be in the animator first (initial velocities).
    var afterAdding: [() -> Void] = []
    /// Named boundaries given in percent, laid out again when the bounds change.
    var boundaryLayouts: [(Rect) -> Void] = []

    init(referenceBounds: Rect, items: [SceneItem]) {
        self.referenceBounds = referenceBounds
        self.items = items
        for item in items { byID[item.id] = item }
    }

    /// The items a behavior names, all items when it names none.
    func select(_ ids: [String]?) -> [SceneItem] {
        ids.map { $0.compactMap { byID[$0] } } ?? items
    }

    func one(_ id: String) -> SceneItem {
        guard let item = byID[id] else { preconditionFailure("SceneParser lets no unknown item id through: \(id)") }
        return item
    }

    /// A position resolved against the reference bounds.
    func point(_ p: Position) -> Point { p.resolve(in: referenceBounds) }
}
