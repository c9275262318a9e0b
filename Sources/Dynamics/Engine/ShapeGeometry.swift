// ShapeGeometry: the shapes' vertices and normals as one step's stages read them, through raw
// pointers: in body coordinates (as the World stores them) and in world coordinates (the copy
// that placing a shape refreshes for the narrow phase).
//
// The World owns the four arrays, since shapes are created and destroyed there; the broad phase
// places shapes (writes the world copy and returns the tight box) and the narrow phase reads the
// world copy. Both run once per shape or contact per step, so they take these pointers once per
// step, from World.withGeometry, instead of each array through a closure of its own; no
// reference counting happens inside their loops.
import Geometry

struct ShapeGeometry {
    let localVertices: UnsafePointer<Vector>
    let localNormals: UnsafePointer<Vector>
    let worldVertices: UnsafeMutablePointer<Vector>
    let worldNormals: UnsafeMutablePointer<Vector>

    /// The shape's tight box at `xf`; for polygons and capsules it also writes the world-space
    /// vertices and normals the narrow phase reads. A rounded shape's box is its core's grown by
    /// the radius.
    @inline(__always)
    func place(_ s: Shape, _ xf: Transform) -> AABB {
        switch s.kind {
        case .circle:
            let c = s.circleCenter(xf)
            return AABB(lower: Vector(c.x - s.radius, c.y - s.radius), upper: Vector(c.x + s.radius, c.y + s.radius))
        case .polygon, .capsule:
            var lo = Vector(Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude)
            var hi = -lo
            let start = Int(s.vertexStart)
            for k in start..<(start + Int(s.vertexCount)) {
                let p = xf.apply(localVertices[k])
                worldVertices[k] = p
                worldNormals[k] = xf.q.rotate(localNormals[k])
                lo = Vector(min(lo.x, p.x), min(lo.y, p.y))
                hi = Vector(max(hi.x, p.x), max(hi.y, p.y))
            }
            if s.radius != 0 { return Self.grown(lo, hi, by: s.radius) }
            return AABB(lower: lo, upper: hi)
        }
    }

    /// A rounded shape's box: its core's grown by the radius (out of line, off the path of the
    /// shapes without one).
    @inline(never)
    static func grown(_ lo: Vector, _ hi: Vector, by radius: Double) -> AABB {
        let r = Vector(radius, radius)
        return AABB(lower: lo - r, upper: hi + r)
    }
}
