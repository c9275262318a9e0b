// World+Queries: which shapes lie in a rectangle, and whether a point is inside a shape.
//
// A query reads and never writes. The broad phase's tree answers for the shapes that collide;
// a shape in no collision behavior has a proxy the steps leave stale (BroadPhase.swift), so its
// box is worked out here from its body's pose, with the same arithmetic the broad phase uses to
// place a shape, and neither its proxy nor its world vertices are touched. So asking between two
// steps can never change what the next step does.
import Geometry

extension World {
    /// Shapes whose tight boxes overlap `rect`, in a deterministic order (by handle).
    func shapes(overlapping rect: Rect) -> [ShapeID] {
        let box = AABB(lower: Vector(rect.minX, rect.minY), upper: Vector(rect.maxX, rect.maxY))
        var found: [Int32] = []
        broadPhase.query(box) { id in
            let s = shapes[Int(id)]
            if s.isActive && !hasStaleProxy(s) && s.aabb.overlaps(box) { found.append(id) }
        }
        for i in shapes.indices where shapes[i].isActive && hasStaleProxy(shapes[i]) {
            if tightBox(of: shapes[i]).overlaps(box) { found.append(Int32(i)) }
        }
        return found.sorted().map(ShapeID.init)
    }

    /// Whether the point lies inside the shape.
    func shape(_ id: ShapeID, contains point: Vector) -> Bool {
        let s = shapes[Int(id.index)]
        let xf = bodies[Int(s.body)].transform
        let local = xf.inverseApply(point)
        switch s.kind {
        case .circle:
            return (local - s.center).lengthSquared <= s.radius * s.radius
        case .capsule:
            let a = vertices[Int(s.vertexStart)], b = vertices[Int(s.vertexStart) + 1]
            return Collision.nearestPoints(local, local, a, b).c2.distance(to: local) <= s.radius
        case .polygon:
            if s.vertexCount < 3 { return false }
            var outside = 0.0
            for i in 0..<Int(s.vertexCount) {
                let k = Int(s.vertexStart) + i
                let d = normals[k].dot(local - vertices[k])
                if d > 0 && s.radius == 0 { return false }
                outside = max(outside, d)
            }
            if outside == 0 { return true }
            // Outside the core of a rounded polygon: within the radius of its nearest edge.
            var nearest = Double.infinity
            for i in 0..<Int(s.vertexCount) {
                let k = Int(s.vertexStart) + i, next = Int(s.vertexStart) + (i + 1) % Int(s.vertexCount)
                nearest = min(nearest, Collision.nearestPoints(local, local, vertices[k], vertices[next]).c2.distance(to: local))
            }
            return nearest <= s.radius
        }
    }

    /// A shape that collides with nothing on a body that can move: the steps leave its proxy
    /// where it was.
    private func hasStaleProxy(_ s: Shape) -> Bool {
        s.itemMask == 0 && s.boundaryMask == 0 && bodies[Int(s.body)].kind != .fixed
    }

    /// The shape's tight box at its body's pose now (ShapeGeometry.place, without the writes).
    private func tightBox(of s: Shape) -> AABB {
        let xf = bodies[Int(s.body)].transform
        switch s.kind {
        case .circle:
            let c = s.circleCenter(xf)
            return AABB(lower: Vector(c.x - s.radius, c.y - s.radius), upper: Vector(c.x + s.radius, c.y + s.radius))
        case .polygon, .capsule:
            var lo = Vector(Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude)
            var hi = -lo
            let start = Int(s.vertexStart)
            for k in start..<(start + Int(s.vertexCount)) {
                let p = xf.apply(vertices[k])
                lo = Vector(min(lo.x, p.x), min(lo.y, p.y))
                hi = Vector(max(hi.x, p.x), max(hi.y, p.y))
            }
            let r = Vector(s.radius, s.radius)
            return AABB(lower: lo - r, upper: hi + r)
        }
    }
}
