// Size: a width and height in points, as CGSize.

/// A width and a height in points. UIKit: `CGSize`.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The width, in points.
    public var width: Double
    /// The height, in points.
    public var height: Double

    /// A size of `width` by `height` points.
    @inlinable public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    /// A size of `width` by `height` points.
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }

    /// 0 by 0. UIKit: `CGSize.zero`.
    public static let zero = Size(0, 0)

    /// Width × height, in square points.
    @inlinable public var area: Double { width * height }
    /// Whether both width and height are greater than 0.
    @inlinable public var isPositive: Bool { width > 0 && height > 0 }
    /// Both dimensions multiplied by `s`.
    @inlinable public func scaled(by s: Double) -> Size { Size(width * s, height * s) }

    /// `width×height`.
    public var description: String { "\(width)×\(height)" }
}
