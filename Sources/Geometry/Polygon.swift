// Polygon: a closed path of vertices in points, and what plane geometry says about it.
//
// A polygon item is checked when its scene is read, handed to the engine as a collision shape,
// drawn by the rasterizer and hit-tested under the pointer; each of those asks the same few
// questions (which way do the vertices wind, how large is it, is it convex, is this point in
// it), and they must agree to the last bit, or a point could be drawn inside a polygon that does
// not grab it. So the answers live here, once. All sums run over the edges in vertex order, so a
// polygon gives the same bits every time (the simulation's determinism depends on it).
//
// Orientation: "positive" winding is the one in which every turn of a convex polygon has a
// positive cross product; with y growing downward (UIKit's convention) that is clockwise on
// screen. `signedArea` is positive for it.

/// A closed polygon in points: winding, area, centroid, convexity and point inside, asked in one
/// place by the scene checks, the engine, the rasterizer and hit testing. (UIKit has no type of
/// its own for this; `UIBezierPath` answers `contains(_:)` for any path.)
public struct Polygon: Hashable, Sendable {
    /// The corners in order; the last one joins the first.
    public let vertices: [Point]
    /// The shoelace area: positive when the vertices wind positively (clockwise on screen),
    /// negative the other way, 0 when they enclose nothing.
    public let signedArea: Double

    /// A polygon through `vertices` in order, the last joined to the first; its signed area is
    /// computed once here.
    public init(_ vertices: [Point]) {
        self.vertices = vertices
        var sum = 0.0
        for i in vertices.indices { sum += vertices[i].cross(vertices[(i + 1) % vertices.count]) }
        signedArea = sum / 2
    }

    /// The enclosed area, whichever way the vertices wind.
    @inlinable public var area: Double { abs(signedArea) }

    /// +1 for positive winding, -1 for negative; 0 when the area is 0.
    @inlinable public var orientation: Double { signedArea > 0 ? 1 : signedArea < 0 ? -1 : 0 }

    /// The same polygon wound positively, starting at the same vertex (the rest reversed when
    /// it wound the other way).
    public var positivelyWound: Polygon {
        signedArea >= 0 ? self : Polygon([vertices[0]] + vertices.dropFirst().reversed())
    }

    /// How vertex `k` turns: the cross product of the edge arriving at it and the edge leaving
    /// it. Its sign is the winding's at a convex corner, the opposite at a concave one, and 0
    /// where the vertex lies on the line through its neighbours.
    public func turn(at k: Int) -> Double {
        let n = vertices.count
        let a = vertices[(k + n - 1) % n], b = vertices[k], c = vertices[(k + 1) % n]
        return (b - a).cross(c - b)
    }

    /// The first vertex that does not turn the way the polygon winds (concave, or straight), or
    /// nil when every one does.
    public var firstNonConvexVertex: Int? {
        vertices.indices.first { turn(at: $0) * orientation <= 0 }
    }

    /// Strictly convex: at least three vertices, a nonzero area, and every vertex turning the
    /// way the polygon winds (none concave, none on a straight line).
    public var isConvex: Bool {
        vertices.count >= 3 && signedArea != 0 && firstNonConvexVertex == nil
    }

    /// Which side of edge `k` (from vertex k to vertex k+1) the point `p` lies on: the cross
    /// product of the edge and the way to `p`, of the winding's sign when `p` is on the inner side.
    @inlinable public func side(ofEdge k: Int, _ p: Point) -> Double {
        let a = vertices[k], b = vertices[(k + 1) % vertices.count]
        return (b - a).cross(p - a)
    }

    /// Whether `p` lies inside this convex polygon or on its boundary. A point may lie up to
    /// `tolerance` × max(1, edge length) outside an edge (sampling tests pass a small one, so
    /// that edges through sample centers cover them). A polygon with no area contains nothing.
    @inlinable public func contains(_ p: Point, tolerance: Double = 0) -> Bool {
        let sign = orientation
        guard vertices.count >= 3, sign != 0 else { return false }
        for k in vertices.indices {
            let a = vertices[k], b = vertices[(k + 1) % vertices.count]
            let edge = b - a
            if sign * edge.cross(p - a) < -(tolerance * max(1, edge.length)) { return false }
        }
        return true
    }

    /// The center of mass of the enclosed area (of a uniform plate), or nil when it has none.
    public var centroid: Point? {
        guard signedArea != 0 else { return nil }
        var sum = Point.zero
        for i in vertices.indices {
            let a = vertices[i], b = vertices[(i + 1) % vertices.count]
            sum += (a + b) * a.cross(b)
        }
        return sum / (6 * signedArea)
    }

    /// The polar second moment of the area about the origin, ∫ r² dA (signed as `signedArea`):
    /// a uniform plate of mass m turns about the origin with inertia m × this / signedArea.
    public var secondMomentOfArea: Double {
        var sum = 0.0
        for i in vertices.indices {
            let a = vertices[i], b = vertices[(i + 1) % vertices.count]
            sum += a.cross(b) * (a.dot(a) + a.dot(b) + b.dot(b)) / 12
        }
        return sum
    }

    /// The first two edges that touch or cross although they share no vertex, as the indices of
    /// their first vertices, or nil when the outline is simple.
    public var firstSelfIntersection: (Int, Int)? {
        let n = vertices.count
        for i in 0..<n {
            for j in (i + 1)..<n where j != i + 1 && !(i == 0 && j == n - 1) {
                if Self.segmentsTouch(vertices[i], vertices[(i + 1) % n], vertices[j], vertices[(j + 1) % n]) {
                    return (i, j)
                }
            }
        }
        return nil
    }

    /// Whether segment p1–p2 and segment q1–q2 have a point in common.
    static func segmentsTouch(_ p1: Point, _ p2: Point, _ q1: Point, _ q2: Point) -> Bool {
        func orient(_ a: Point, _ b: Point, _ c: Point) -> Double { (b - a).cross(c - a) }
        func onSegment(_ a: Point, _ b: Point, _ p: Point) -> Bool {
            min(a.x, b.x) <= p.x && p.x <= max(a.x, b.x) && min(a.y, b.y) <= p.y && p.y <= max(a.y, b.y)
        }
        let d1 = orient(q1, q2, p1), d2 = orient(q1, q2, p2), d3 = orient(p1, p2, q1), d4 = orient(p1, p2, q2)
        if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return true }
        if d1 == 0 && onSegment(q1, q2, p1) { return true }
        if d2 == 0 && onSegment(q1, q2, p2) { return true }
        if d3 == 0 && onSegment(p1, p2, q1) { return true }
        if d4 == 0 && onSegment(p1, p2, q2) { return true }
        return false
    }
}
