// RoundedMass: the exact mass, center of mass and rotational inertia of a uniform rounded shape.
//
// A convex polygon grown by a radius r is, without overlap, the polygon itself, a rectangle of
// depth r on each edge (outside it, along the edge's normal) and a circular sector of radius r
// at each corner, whose angle is the turn between the two edges' normals; the sectors' angles
// add up to a full turn, so together they are one disc. A capsule is the degenerate case: the
// segment as a polygon of two edges (the segment run both ways), no area of its own, two
// rectangles of 2r × length together and two half discs. Each piece's area, first moment and
// polar second moment about the body's origin are closed forms; their sums give the shape's
// mass, its center and, by the parallel-axis theorem, its inertia about that center.
import Geometry

/// A uniform shape's mass, center of mass (body coordinates) and rotational inertia about that
/// center.
struct MassData: Equatable {
    var mass: Double
    var center: Vector
    var inertia: Double
}

enum RoundedMass {
    /// The mass data of the points within `radius` of the convex polygon `vertices` (in winding
    /// order; two vertices: a capsule's centers), at `density` (mass per unit area).
    static func of(vertices v: [Vector], radius r: Double, density: Double) -> MassData {
        var area = 0.0, first = Vector.zero, second = 0.0
        if v.count >= 3 {
            let polygon = Polygon(v)
            area = polygon.signedArea
            first = (polygon.centroid ?? .zero) * area
            second = polygon.secondMomentOfArea
        }
        let count = v.count
        if r > 0 && count >= 2 {
            @inline(__always) func normal(_ i: Int) -> Vector {
                let e = v[(i + 1) % count] - v[i]
                return Vector(e.y, -e.x).normalized
            }
            for i in 0..<count {
                // The rectangle on edge i.
                let a = v[i], b = v[(i + 1) % count]
                let length = (b - a).length, n = normal(i)
                let center = (a + b) * 0.5 + n * (r / 2), piece = length * r
                area += piece
                first += center * piece
                second += piece * ((length * length + r * r) / 12 + center.lengthSquared)
                // The sector at vertex i, between the normals of edges i − 1 and i.
                let before = normal((i + count - 1) % count)
                let turn = acos(min(max(before.dot(n), -1), 1))
                guard turn > 0 else { continue }
                let sector = turn * r * r / 2
                // Its centroid lies on the bisector, 4r·sin(θ/2)/(3θ) from the corner; the normals
                // turn the positive way along a positively wound outline.
                let half = turn / 2
                let bisector = Vector(before.x * cos(half) - before.y * sin(half), before.x * sin(half) + before.y * cos(half))
                let offset = bisector * (4 * r * sin(half) / (3 * turn))
                let corner = v[i]
                area += sector
                first += (corner + offset) * sector
                // ∫|corner + x|² = ∫|x|² + 2 corner·∫x + area·|corner|², with ∫|x|² = θr⁴/4.
                second += turn * r * r * r * r / 4 + 2 * sector * corner.dot(offset) + sector * corner.lengthSquared
            }
        }
        guard area > 0 else { return MassData(mass: 0, center: .zero, inertia: 0) }
        let center = first / area
        return MassData(mass: density * area, center: center, inertia: density * (second - area * center.lengthSquared))
    }

    /// A capsule's mass data: centers `center1`, `center2`, `radius`, `density`.
    static func capsule(center1: Vector, center2: Vector, radius: Double, density: Double) -> MassData {
        of(vertices: [center1, center2], radius: radius, density: density)
    }
}
