// BehaviorBuilding: the runtime half of a behavior kind, description → Dynamics behavior.
//
// The scene format (SceneFormat) reads and writes each kind without knowing the engine; here
// each kind gets the one function that turns its checked description into a UIKit-style
// behavior, in a file per kind beside this one. SceneBuilder calls it for every entry through
// this protocol, so it holds no switch over kinds. Values the file leaves out stay at the
// behavior classes' own defaults (UIKit's), so the defaults live in one place.
import Dynamics
import Geometry
import SceneFormat

protocol BehaviorBuilding {
    /// The behavior this description makes, not yet added to the animator.
    func build(in context: BehaviorBuildContext) -> DynamicBehavior
}

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
