// DynamicItem: what UIKit Dynamics moves (UIDynamicItem). In UIKit it is a view; here any class
// with a center, a bounds size and a transform. The animator reads the size once, when the item
// first joins, and afterwards writes the center and a pure-rotation transform every step.
import Geometry

public enum DynamicItemCollisionBoundsType: Sendable, Equatable {
    /// The rotated bounds rectangle (UIKit's default).
    case rectangle
    /// The ellipse inscribed in the bounds: a circle when the bounds are square.
    case ellipse
    /// `collisionBoundingPath`: a convex polygon around the center.
    case path
}

public protocol DynamicItem: AnyObject {
    var center: Point { get set }
    /// Origin zero; the size is the item's size in points.
    var bounds: Rect { get }
    var transform: AffineTransform { get set }
    var collisionBoundsType: DynamicItemCollisionBoundsType { get }
    /// For `.path`: convex, in points relative to the center.
    var collisionBoundingPath: [Point]? { get }
}

extension DynamicItem {
    public var collisionBoundsType: DynamicItemCollisionBoundsType { .rectangle }
    public var collisionBoundingPath: [Point]? { nil }
}
