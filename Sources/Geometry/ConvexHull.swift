// ConvexHull: the smallest convex polygon around a set of points.
//
// Andrew's monotone chain: sort, then build the lower and upper chains, dropping every point
// that does not turn the same way, so points on an edge and repeated points are left out and
// the hull has no three collinear vertices (what a convex polygon item needs).
extension Polygon {
    /// The convex hull of `points`, counter-clockwise in y-up terms (positive shoelace area),
    /// without collinear or repeated vertices; fewer than three vertices when the points span
    /// no area.
    public static func convexHull(of points: [Point]) -> [Point] {
        let sorted = points.filter(\.isFinite).sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        guard sorted.count >= 3 else { return sorted }
        func chain(_ points: [Point]) -> [Point] {
            var out: [Point] = []
            for p in points {
                while out.count >= 2, (out[out.count - 1] - out[out.count - 2]).cross(p - out[out.count - 2]) <= 1e-9 {
                    out.removeLast()
                }
                out.append(p)
            }
            return out
        }
        let lower = chain(sorted), upper = chain(sorted.reversed())
        let hull = Array(lower.dropLast()) + Array(upper.dropLast())
        return hull.count >= 3 ? hull : []
    }
}
