// BenchItem: the plain dynamic item the benchmark scenes are made of (a UIView stand-in with no
// drawing attributes), so engine timings measure the engine and the animator, nothing else.
import Geometry
import Dynamics

public final class BenchItem: DynamicItem {
    public var center: Point
    public let bounds: Rect
    public var transform: AffineTransform = .identity
    public let collisionBoundsType: DynamicItemCollisionBoundsType
    public let collisionBoundingPath: [Point]?
    /// A `.rectangle`'s corner radius (0: square corners).
    public let cornerRadius: Double
    /// Its categories, what it collides with and its group (a ragdoll's bones share a negative one).
    public var collisionFilter: CollisionFilter = .default

    public init(center: Point, size: Size, type: DynamicItemCollisionBoundsType = .rectangle, path: [Point]? = nil,
                cornerRadius: Double = 0) {
        self.center = center
        self.cornerRadius = cornerRadius
        self.bounds = Rect(origin: .zero, size: size)
        self.collisionBoundsType = type
        self.collisionBoundingPath = path
    }
}
