// Rect: an axis-aligned rectangle in points, origin at the top left (y grows downward), as CGRect.

public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    @inlinable public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x, y), size: Size(width, height))
    }
    /// The rectangle of `size` whose center is `center`.
    @inlinable public init(center: Point, size: Size) {
        self.init(origin: Point(center.x - size.width / 2, center.y - size.height / 2), size: size)
    }

    public static let zero = Rect(origin: .zero, size: .zero)

    @inlinable public var minX: Double { origin.x }
    @inlinable public var minY: Double { origin.y }
    @inlinable public var maxX: Double { origin.x + size.width }
    @inlinable public var maxY: Double { origin.y + size.height }
    @inlinable public var width: Double { size.width }
    @inlinable public var height: Double { size.height }
    @inlinable public var center: Point { Point(origin.x + size.width / 2, origin.y + size.height / 2) }

    @inlinable public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
    }
    @inlinable public func intersects(_ r: Rect) -> Bool {
        r.minX <= maxX && r.maxX >= minX && r.minY <= maxY && r.maxY >= minY
    }
    /// The rectangle moved inward by the edge insets.
    @inlinable public func inset(by e: EdgeInsets) -> Rect {
        Rect(x: minX + e.left, y: minY + e.top,
             width: width - e.left - e.right, height: height - e.top - e.bottom)
    }

    public var description: String { "{\(origin), \(size)}" }
}

/// Insets from a rectangle's edges, in UIKit's order: top, left, bottom, right.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double, left: Double, bottom: Double, right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = EdgeInsets()
}
