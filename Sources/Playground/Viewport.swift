// Viewport: where a scene's points land on the screen.
//
// A scene without its own `size` takes the play area as its reference bounds, one point per
// point, and the viewport is the identity. A scene that sets `size` is shown whole: scaled
// uniformly (a circle stays round) by the largest factor at which it fits the play area, and
// centered in it. Drawing maps scene points to the screen through the viewport and the pointer
// maps back through its inverse, so a click lands on the item drawn under it.
import Geometry

public struct Viewport: Hashable, Sendable {
    /// Screen points per scene point.
    public var scale: Double
    /// Where the scene's origin lands on the screen, in points.
    public var origin: Point

    public init(scale: Double = 1, origin: Point = .zero) {
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.origin = origin.isFinite ? origin : .zero
    }

    public static let identity = Viewport()

    /// The viewport that shows `bounds` whole in `area`, scaled uniformly and centered.
    public static func fitting(_ bounds: Rect, into area: Size) -> Viewport {
        guard bounds.width > 0, bounds.height > 0, area.width > 0, area.height > 0 else { return .identity }
        let scale = min(area.width / bounds.width, area.height / bounds.height)
        let origin = Point((area.width - bounds.width * scale) / 2 - bounds.minX * scale,
                           (area.height - bounds.height * scale) / 2 - bounds.minY * scale)
        return Viewport(scale: scale, origin: origin)
    }

    /// A scene point on the screen.
    @inlinable public func screenPoint(_ p: Point) -> Point { Point(origin.x + p.x * scale, origin.y + p.y * scale) }

    /// A screen point in the scene.
    @inlinable public func scenePoint(_ p: Point) -> Point { Point((p.x - origin.x) / scale, (p.y - origin.y) / scale) }

    public var isIdentity: Bool { scale == 1 && origin == .zero }
}
