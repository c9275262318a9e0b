// CollisionOutline: the collision shape an item's bounds type and corner radius give, about the
// item's center at rotation 0, before it becomes a shape of the World.
//
// A rectangle with rounded corners is its core rectangle, shrunk by the radius on every side,
// grown back by the radius (a rounded polygon); when the radius reaches half the short side the
// core has no area left and the shape is a capsule along the long side, and when both sides are
// equal, a circle. So `.capsule` items and rectangles with the largest corner radius are the same
// shape, and one square item has one kind of shape however it is described.
import Geometry

enum CollisionOutline {
    case circle(Double)
    /// A convex polygon, rounded by `radius` (0: sharp corners).
    case polygon([Vector], radius: Double)
    case capsule(Vector, Vector, radius: Double)

    /// The `size` rectangle with corners rounded by `radius`, clamped to [0, half the short side].
    static func roundedBox(_ size: Size, radius: Double) -> CollisionOutline {
        let half = min(size.width, size.height) / 2
        let r = min(max(radius, 0), half)
        if r == 0 { return .polygon(PolygonBuilder.box(width: size.width, height: size.height), radius: 0) }
        let coreWidth = size.width - 2 * r, coreHeight = size.height - 2 * r
        // Within a rounding error of no area: a capsule, or a circle.
        let tiny = 1e-9 * max(size.width, size.height)
        if coreWidth <= tiny && coreHeight <= tiny { return .circle(half) }
        if coreHeight <= tiny { return .capsule(Vector(-coreWidth / 2, 0), Vector(coreWidth / 2, 0), radius: half) }
        if coreWidth <= tiny { return .capsule(Vector(0, -coreHeight / 2), Vector(0, coreHeight / 2), radius: half) }
        return .polygon(PolygonBuilder.box(width: coreWidth, height: coreHeight), radius: r)
    }

    /// Adds the shape to body `id`, centered on it.
    func add(to id: BodyID, in world: World) -> ShapeID {
        add(to: id, in: world, place: nil, offset: .zero)
    }

    /// Adds the shape to body `id`, turned by `turn` and moved by `offset` (an item's place in a
    /// group).
    func add(to id: BodyID, in world: World, turn: Rotation, offset: Vector) -> ShapeID {
        add(to: id, in: world, place: { turn.rotate($0) + offset }, offset: offset)
    }

    private func add(to id: BodyID, in world: World, place placing: ((Vector) -> Vector)?, offset: Vector) -> ShapeID {
        @inline(__always) func place(_ p: Vector) -> Vector { placing.map { $0(p) } ?? p }
        switch self {
        case .circle(let radius):
            return world.addCircle(body: id, radius: radius, center: offset)
        case .polygon(let vertices, let radius):
            return world.addPolygon(body: id, vertices: vertices.map(place), radius: radius)
        case .capsule(let a, let b, let radius):
            return world.addCapsule(body: id, center1: place(a), center2: place(b), radius: radius)
        }
    }

    /// The inertia of the uniform shape about its center, per unit mass.
    var inertiaPerMass: Double {
        switch self {
        case .circle(let radius):
            return radius * radius / 2
        case .polygon(let vertices, let radius):
            if radius == 0 { return PolygonBuilder.inertia(vertices, mass: 1) }
            let data = RoundedMass.of(vertices: vertices, radius: radius, density: 1)
            return data.inertia / data.mass
        case .capsule(let a, let b, let radius):
            let data = RoundedMass.capsule(center1: a, center2: b, radius: radius, density: 1)
            return data.inertia / data.mass
        }
    }
}
