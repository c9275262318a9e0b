// ConvexPolygon: the checks a polygon item's vertices must pass before the engine sees them.
//
// The engine's collision code assumes a convex polygon around the body's center with a fixed
// winding; a hand-typed vertex list can be anything. This names the first thing wrong in words
// a scene author can act on (which vertex, which edges), or normalizes the winding.
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
        // Self-intersection: any two edges that share no vertex must not touch.
        for i in 0..<n {
            for j in (i + 1)..<n where j != i + 1 && !(i == 0 && j == n - 1) {
                if segmentsIntersect(vertices[i], vertices[(i + 1) % n], vertices[j], vertices[(j + 1) % n]) {
                    return "the polygon is self-intersecting: edge \(i)–\((i + 1) % n) crosses edge \(j)–\((j + 1) % n)"
                }
            }
        }
        let area = signedArea(vertices)
        guard abs(area) > 1e-9 else { return "the vertices enclose no area (they lie on one line)" }
        let sign: Double = area > 0 ? 1 : -1
        for k in 0..<n {
            let a = vertices[(k + n - 1) % n], b = vertices[k], c = vertices[(k + 1) % n]
            let turn = (b - a).cross(c - b) * sign
            if turn < 0 { return "the polygon is not convex: it bends inward at vertex \(k) \(pointText(b))" }
            if turn == 0 { return "vertex \(k) \(pointText(b)) lies on the straight line between its neighbours; remove it" }
        }
        for k in 0..<n {
            let a = vertices[k], b = vertices[(k + 1) % n]
            if (b - a).cross(Point.zero - a) * sign <= 0 {
                return "the vertices must surround the item's center [0, 0]; they are relative to the center"
            }
        }
        return nil
    }

    /// The shoelace area, positive when the vertices turn clockwise on screen (y down).
    static func signedArea(_ v: [Point]) -> Double {
        var sum = 0.0
        for i in 0..<v.count { sum += v[i].cross(v[(i + 1) % v.count]) }
        return sum / 2
    }

    /// The vertices in one winding (positive shoelace area), starting where they started.
    static func normalized(_ v: [Point]) -> [Point] {
        signedArea(v) >= 0 ? v : [v[0]] + v.dropFirst().reversed()
    }

    private static func segmentsIntersect(_ p1: Point, _ p2: Point, _ q1: Point, _ q2: Point) -> Bool {
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

    private static func pointText(_ p: Point) -> String {
        "[\(NodeReader.format(p.x)), \(NodeReader.format(p.y))]"
    }
}
