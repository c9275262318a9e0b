// Size: a width and height in points, as CGSize.

public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    @inlinable public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }

    public static let zero = Size(0, 0)

    @inlinable public var area: Double { width * height }
    @inlinable public var isPositive: Bool { width > 0 && height > 0 }
    @inlinable public func scaled(by s: Double) -> Size { Size(width * s, height * s) }

    public var description: String { "\(width)×\(height)" }
}
