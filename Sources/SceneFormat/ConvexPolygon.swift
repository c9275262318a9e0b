// ConvexPolygon: the checks a polygon item's vertices must pass before the engine sees them.
//
// The engine's collision code assumes a convex polygon around the body's center with a fixed
// winding; a hand-typed vertex list can be anything. This names the first thing wrong in words
// a scene author can act on (which vertex, which edges), or normalizes the winding. The geometry
// itself (winding, turns, crossings) is Geometry's Polygon; this file only words its answers.
import Geometry

enum ConvexPolygon {
    static let vertexCount = 3...16

    /// Why `vertices` (relative to the item's center) are not a usable convex polygon, or nil.
    static func problem(with vertices: [Point]) -> String? {
        let n = vertices.count
        guard vertexCount.contains(n) else {
            return "a polygon needs \(vertexCount.lowerBound) to \(vertexCount.upperBound) vertices, found \(n)"
        }
        for i in 0..<n where vertices[i] == vertices[(i + 1) % n] {
            return "vertices \(i) and \((i + 1) % n) are the same point"
        }
        let polygon = Polygon(vertices)
        if let (i, j) = polygon.firstSelfIntersection {
            return "the polygon is self-intersecting: edge \(i)–\((i + 1) % n) crosses edge \(j)–\((j + 1) % n)"
        }
        guard abs(polygon.signedArea) > 1e-9 else { return "the vertices enclose no area (they lie on one line)" }
        if let k = polygon.firstNonConvexVertex {
            let b = vertices[k]
            if polygon.turn(at: k) * polygon.orientation < 0 {
                return "the polygon is not convex: it bends inward at vertex \(k) \(pointText(b))"
            }
            return "vertex \(k) \(pointText(b)) lies on the straight line between its neighbours; remove it"
        }
        for k in 0..<n where polygon.side(ofEdge: k, .zero) * polygon.orientation <= 0 {
            return "the vertices must surround the item's center [0, 0]; they are relative to the center"
        }
        return nil
    }

    /// The vertices in one winding (positive shoelace area), starting where they started.
    static func normalized(_ v: [Point]) -> [Point] {
        Polygon(v).positivelyWound.vertices
    }

    private static func pointText(_ p: Point) -> String {
        "[\(NodeReader.format(p.x)), \(NodeReader.format(p.y))]"
    }
}
