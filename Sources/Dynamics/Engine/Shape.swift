// Shape: the collision geometry attached to a body, plus the material and the filter that say
// what it touches.
//
// Three kinds cover everything UIKit offers: circles (an ellipse item that is square), convex
// polygons (rectangles, convex paths, and non-square ellipses approximated by 24 vertices) and
// segments (named boundaries). A segment is stored as a two-vertex polygon whose two "edges" are
// the segment run both ways, with opposite normals, so the polygon routines collide it for free.
// Vertices and normals live in one shared array owned by the World, in body coordinates.
// Two more round their corners, as Box2D v3 does: a capsule is a segment with a radius (stored
// like a segment, its two centers and the two normals) and a rounded polygon is a polygon whose
// `radius` is not zero: everything within that radius of its core polygon. The narrow phase
// works on the cores and takes the radii off the separations (RoundedCollision.swift), so a
// polygon with radius 0 goes through exactly the arithmetic it always did.
import Geometry

enum ShapeKind: UInt8, Sendable {
    case circle
    case polygon
    /// A segment (two vertices) with a radius: a stadium.
    case capsule
}

struct Shape: Sendable {
    var body: Int32
    var kind: ShapeKind
    var isActive = true
    /// A polygon's cos(θ/2) for θ the widest turn between neighbouring edge normals of its core,
    /// in units of 1/65,535 rounded down (0 for a segment, a capsule or a circle): the narrow
    /// phase's bound of the separating-axis test from the boxes (NarrowPhase+Apart.swift). In the
    /// two bytes the alignment leaves after the flags, so a shape does not grow.
    var halfTurnCosine: UInt16 = 0
    /// A circle's or a capsule's radius, a rounded polygon's corner radius (0: sharp corners).
    var radius: Double = 0
    /// A circle's center in body coordinates: zero for an item's own circle, off the center for
    /// a ball that is one of several shapes of a body (an item group's dumbbell).
    var center: Vector = .zero
    /// First vertex in World.vertices and the number of vertices (polygons and segments).
    var vertexStart: Int32 = 0
    var vertexCount: Int32 = 0
    /// A polygon that is a rectangle (opposite sides parallel, corners square, radius 0): the narrow phase
    /// then finds its separating axis in closed form (see Collision.boxSeparations).
    var isBox = false
    /// The next shape of the same body, or -1 (the body's shapes are a list from its
    /// `firstShape`: an item group's body has one per item).
    var nextShape: Int32 = -1

    var friction: Double = 0
    var restitution: Double = 0

    /// Collision behaviors whose `items` this shape belongs to (one bit per behavior).
    var itemMask: UInt64 = 0
    /// Collision behaviors whose boundaries this shape collides with.
    var boundaryMask: UInt64 = 0
    /// For boundary shapes: the collision behavior that owns the boundary (one bit), else 0.
    var ownerMask: UInt64 = 0

    /// The broad-phase proxy (and, below, its tight box from the last update).
    var proxy: Int32 = DynamicTree.null
    /// The item's categories, what it collides with and its group (CollisionFilter.accepts),
    /// tested between items when a pair is first found; after `proxy`, in the 4 bytes its
    /// alignment left free, so a shape grows by 8 bytes, not 16.
    var filter = CollisionFilter.default
    var aabb = AABB(lower: .zero, upper: .zero)

    var isBoundary: Bool { ownerMask != 0 }

    /// A circle's center in world coordinates at `xf`: the body's position itself when the
    /// circle is centered on the body, so a body of one shape does exactly the arithmetic it
    /// always did.
    @inline(__always)
    func circleCenter(_ xf: Transform) -> Vector { center == .zero ? xf.p : xf.apply(center) }
}

extension Shape {
    /// `halfTurnCosine` for a polygon with these outward edge normals, in winding order:
    /// the cosine of half the widest angle from one normal to the next, rounded down to a
    /// multiple of 1/65,535 and one step further, so it never exceeds the true value.
    static func halfTurnCosine(normals n: [Vector]) -> UInt16 {
        guard n.count >= 3 else { return 0 }
        var smallest = 1.0
        for i in n.indices {
            let a = n[i], b = n[(i + 1) % n.count]
            let turn = atan2(a.cross(b), a.dot(b))
            guard turn > 0 && turn < .pi else { return 0 }
            smallest = min(smallest, cos(turn / 2))
        }
        return UInt16(max(0, (smallest * 65_535).rounded(.down) - 1))
    }

    /// Whether four vertices in winding order, with their edge normals, form a rectangle.
    static func isRectangle(_ v: [Vector], normals n: [Vector]) -> Bool {
        guard v.count == 4, n.count == 4 else { return false }
        let tolerance = 1e-9
        let center = (v[0] + v[2]) * 0.5, other = (v[1] + v[3]) * 0.5
        return abs(n[0].dot(n[1])) < tolerance
            && (n[2] + n[0]).length < tolerance && (n[3] + n[1]).length < tolerance
            && (center - other).length < tolerance * max(1, v[0].length)
    }
}

/// Polygon construction helpers: the convex geometry the scene layer hands the engine.
enum PolygonBuilder {
    /// Vertices of a `width`×`height` rectangle around the origin, in winding order.
    static func box(width: Double, height: Double) -> [Vector] {
        let hx = width / 2, hy = height / 2
        return [Vector(-hx, -hy), Vector(hx, -hy), Vector(hx, hy), Vector(-hx, hy)]
    }

    /// `count` vertices on the ellipse of the given size, in winding order.
    static func ellipse(width: Double, height: Double, count: Int = 24) -> [Vector] {
        (0..<count).map { i in
            let t = 2 * Double.pi * Double(i) / Double(count)
            return Vector(width / 2 * cos(t), height / 2 * sin(t))
        }
    }

    /// Puts `points` in the winding order where every turn has a positive cross product (the
    /// first vertex first), or returns nil when they do not form a strictly convex polygon.
    static func convexWinding(_ points: [Vector]) -> [Vector]? {
        let polygon = Polygon(points)
        return polygon.isConvex ? polygon.positivelyWound.vertices : nil
    }

    /// Outward unit normals of each edge i → i+1 of a polygon in winding order.
    static func normals(_ v: [Vector]) -> [Vector] {
        (0..<v.count).map { i in
            let e = v[(i + 1) % v.count] - v[i]
            return Vector(e.y, -e.x).normalized
        }
    }

    /// The rotational inertia about the origin of a uniform polygon of total mass `mass`: mass
    /// times the second moment of its area over the area.
    static func inertia(_ v: [Vector], mass: Double) -> Double {
        let polygon = Polygon(v)
        return polygon.signedArea > 0 ? mass * polygon.secondMomentOfArea / polygon.signedArea : 0
    }
}
