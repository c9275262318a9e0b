// Rect: an axis-aligned rectangle in points, origin at the top left (y grows downward), as CGRect.

/// An axis-aligned rectangle in points, its origin at the top-left corner (y grows downward).
/// UIKit: `CGRect`. Sizes are expected to be non-negative.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner, in points.
    public var origin: Point
    /// The width and height, in points.
    public var size: Size

    /// The rectangle with top-left corner `origin` and size `size`.
    @inlinable public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// The rectangle with top-left corner (`x`, `y`) and the given width and height, in points.
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x, y), size: Size(width, height))
    }
    /// The rectangle of `size` whose center is `center`.
    @inlinable public init(center: Point, size: Size) {
        self.init(origin: Point(center.x - size.width / 2, center.y - size.height / 2), size: size)
    }

    /// The empty rectangle at (0, 0). UIKit: `CGRect.zero`.
    public static let zero = Rect(origin: .zero, size: .zero)

    /// The left edge's x, in points.
    @inlinable public var minX: Double { origin.x }
    /// The top edge's y, in points.
    @inlinable public var minY: Double { origin.y }
    /// The right edge's x, in points.
    @inlinable public var maxX: Double { origin.x + size.width }
    /// The bottom edge's y, in points.
    @inlinable public var maxY: Double { origin.y + size.height }
    /// The width, in points.
    @inlinable public var width: Double { size.width }
    /// The height, in points.
    @inlinable public var height: Double { size.height }
    /// The center point. UIKit: `CGRect.midX` and `midY` together.
    @inlinable public var center: Point { Point(origin.x + size.width / 2, origin.y + size.height / 2) }

    /// Whether `p` lies inside or on the edge of the rectangle (edges included, unlike
    /// `CGRect.contains`, which leaves out the right and bottom edges).
    @inlinable public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
    }
    /// Whether the two rectangles overlap or touch.
    @inlinable public func intersects(_ r: Rect) -> Bool {
        r.minX <= maxX && r.maxX >= minX && r.minY <= maxY && r.maxY >= minY
    }
    /// The rectangle moved inward by the edge insets. UIKit: `CGRect.inset(by:)`.
    @inlinable public func inset(by e: EdgeInsets) -> Rect {
        Rect(x: minX + e.left, y: minY + e.top,
             width: width - e.left - e.right, height: height - e.top - e.bottom)
    }

    /// `{(x, y), width×height}`.
    public var description: String { "{\(origin), \(size)}" }
}

/// Insets from a rectangle's edges, in UIKit's order: top, left, bottom, right.
/// UIKit: `UIEdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
    /// Points in from the top edge.
    public var top: Double
    /// Points in from the left edge.
    public var left: Double
    /// Points in from the bottom edge.
    public var bottom: Double
    /// Points in from the right edge.
    public var right: Double
    /// Insets of the given sizes in points, each 0 by default; negative values move outward.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// No insets. UIKit: `UIEdgeInsets.zero`.
    public static let zero = EdgeInsets()
}
