// CollisionFilter: which items an item collides with, beyond the collision behaviors it shares
// with them: categories it belongs to, the categories it collides with, and a group.
//
// UIKit Dynamics has only collision behaviors (an item collides with every item of a behavior it
// shares); SpriteKit's physics bodies add category and collision bit masks, and Box2D the same
// with a group index on top. This is that filter, in SpriteKit's words for the masks and Box2D's
// rule: two items in the same non-zero group always collide (positive) or never do (negative),
// whatever their masks; otherwise each must collide with a category of the other. The engine
// tests it once, when the broad phase first finds a pair, so it costs nothing per step.
// It applies between items only: walls and boundaries are a collision behavior's own
// (`collisionMode`).

/// The categories an item is in, those it collides with, and its group. The default (category 1,
/// collides with every category, group 0) collides with everything, as an item always did.
public struct CollisionFilter: Equatable, Sendable {
    /// The categories this item belongs to, one bit each (SpriteKit's `categoryBitMask`).
    public var categories: UInt32
    /// The categories this item collides with (SpriteKit's `collisionBitMask`).
    public var collidesWith: UInt32
    /// Items of the same negative group never collide with each other, of the same positive group
    /// always do; 0 is no group (Box2D's group index).
    public var group: Int32

    /// A filter; the defaults are category 1, every category, no group.
    public init(categories: UInt32 = 1, collidesWith: UInt32 = .max, group: Int32 = 0) {
        self.categories = categories
        self.collidesWith = collidesWith
        self.group = group
    }

    /// Category 1, colliding with every category, in no group.
    public static let `default` = CollisionFilter()

    /// Whether items with filters `a` and `b` may collide: a shared non-zero group decides by its
    /// sign, else both must accept the other's categories.
    @inline(__always) public static func accepts(_ a: CollisionFilter, _ b: CollisionFilter) -> Bool {
        if a.group == b.group && a.group != 0 { return a.group > 0 }
        return a.collidesWith & b.categories != 0 && b.collidesWith & a.categories != 0
    }
}
