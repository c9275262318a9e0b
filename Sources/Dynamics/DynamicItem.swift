// DynamicItem: what UIKit Dynamics moves (UIDynamicItem). In UIKit it is a view; here any class
// with a center, a bounds size and a transform. The animator reads the size once, when the item
// first joins, and afterwards writes the center and a pure-rotation transform every step.
import Geometry

/// The shape an item collides with. UIKit: `UIDynamicItemCollisionBoundsType`.
public enum DynamicItemCollisionBoundsType: Sendable, Equatable {
    /// The rotated bounds rectangle (UIKit's default).
    case rectangle
    /// The ellipse inscribed in the bounds: a circle when the bounds are square.
    case ellipse
    /// `collisionBoundingPath`: a convex polygon around the center.
    case path
    /// Nudge extension: the capsule (stadium) inscribed in the bounds: a bar as long as the long
    /// side with round ends, its radius half the short side (a circle when the bounds are square).
    case capsule
}

/// Anything the animator moves: a class with a center, a bounds size and a transform.
/// UIKit: `UIDynamicItem` (there, usually a view).
///
/// The animator reads ``bounds`` (for the size and mass) and the collision shape once, when the
/// item first joins; from then on it writes ``center`` and a pure-rotation ``transform`` after
/// every step in which the item moved. The size must be positive and finite.
public protocol DynamicItem: AnyObject {
    /// The center in the reference view's coordinates, in points; written by the animator.
    var center: Point { get set }
    /// Origin zero; the size is the item's size in points.
    var bounds: Rect { get }
    /// The rotation about the center (radians, clockwise on screen); the animator writes a
    /// pure rotation here.
    var transform: AffineTransform { get set }
    /// The shape collisions use; ``DynamicItemCollisionBoundsType/rectangle`` unless the item
    /// says otherwise.
    var collisionBoundsType: DynamicItemCollisionBoundsType { get }
    /// For `.path`: convex, in points relative to the center.
    var collisionBoundingPath: [Point]? { get }
    /// For `.rectangle`: the radius of its rounded corners, in points (UIKit's
    /// `layer.cornerRadius`); 0 for square corners, and at most half the short side (larger
    /// values are clamped to it, where the rectangle becomes a capsule).
    var cornerRadius: Double { get }
    /// Nudge extension: the categories the item is in, those it collides with and its group
    /// (SpriteKit's category and collision masks, Box2D's group index), read at every commit;
    /// ``CollisionFilter/default`` collides with every item of a shared collision behavior.
    var collisionFilter: CollisionFilter { get }
}

extension DynamicItem {
    /// ``DynamicItemCollisionBoundsType/rectangle``, as in UIKit.
    public var collisionBoundsType: DynamicItemCollisionBoundsType { .rectangle }
    /// `nil`: no path, for items that do not collide as `.path`.
    public var collisionBoundingPath: [Point]? { nil }
    /// 0: square corners.
    public var cornerRadius: Double { 0 }
    /// ``CollisionFilter/default``: no category filtering.
    public var collisionFilter: CollisionFilter { .default }
}
