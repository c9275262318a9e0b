// Scene: a live scene, the items and the animator that moves them.
//
// Built by SceneBuilder from a validated description. Gestures and animations stay descriptions
// here; the modules that run them look items and behaviors up through this object.
import Dynamics
import Geometry

public final class Scene {
    /// What the scene was built from.
    public let sceneDescription: SceneDescription
    public let referenceBounds: Rect
    /// In the scene file's order.
    public private(set) var items: [SceneItem]
    public let animator: DynamicAnimator
    /// The behaviors that carry an `id` in the file.
    public let behaviorsByID: [String: DynamicBehavior]

    private var dynamicItems: Set<ObjectIdentifier>

    init(sceneDescription: SceneDescription, referenceBounds: Rect, items: [SceneItem], animator: DynamicAnimator,
         behaviorsByID: [String: DynamicBehavior], dynamicItems: Set<ObjectIdentifier>) {
        self.sceneDescription = sceneDescription
        self.referenceBounds = referenceBounds
        self.items = items
        self.animator = animator
        self.behaviorsByID = behaviorsByID
        self.dynamicItems = dynamicItems
    }

    public var gestures: [GestureDescription] { sceneDescription.gestures }
    public var animations: [AnimationDescription] { sceneDescription.animations }

    public func item(withID id: String) -> SceneItem? { items.first { $0.id == id } }

    public func behavior(withID id: String) -> DynamicBehavior? { behaviorsByID[id] }

    /// Whether any behavior drives `item` (only those have velocities in the animator).
    public func isDynamic(_ item: SceneItem) -> Bool { dynamicItems.contains(ObjectIdentifier(item)) }

    /// The item's velocity in pt/s, zero for items no behavior drives.
    public func linearVelocity(of item: SceneItem) -> Vector {
        isDynamic(item) ? animator.linearVelocity(for: item) : .zero
    }

    /// The item's angular velocity in rad/s, zero for items no behavior drives.
    public func angularVelocity(of item: SceneItem) -> Double {
        isDynamic(item) ? animator.angularVelocity(for: item) : 0
    }
}
