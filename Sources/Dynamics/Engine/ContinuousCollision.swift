// ContinuousCollision: a fast body never ends a step on the far side of what does not move.
//
// Speculative contacts stop a body whose travel lies in the box swept at the step's start. They
// miss motion that turns within the step: a ball bounced off one wall in the first substep flies
// at the opposite wall, which had no contact, and at 50,000 pt/s a 24 pt ball in a 640 pt box
// ended every step 100 pt behind a wall, at 100,000 pt/s beyond it for good. So after each step
// the center of every body that moved further than its core radius is swept from where the step
// began to where it ended, against the static shapes (walls, boundaries) that path passes. Where
// the path goes through a shape's surface (a body the contacts could no longer push back out the
// side it came from), the body is put back where its path entered the shape grown by the core
// radius, less a linear slop, with its velocity kept but for the speed its forces, gravity and
// fields gave it beyond that point (speedAtEntry): a light charged item pulled at 10⁶ pt/s²
// into a wall crossed it within a step and, put back with all of the speed it gained behind the
// wall, left with a third of the scene's energy scale from nowhere. The next step's contact then
// meets it there and bounces it. A path that only dips into the grown shape is the contact's
// business: moving such a body would pull it away from the joints that hold it. A path that
// starts within the grown shape (a body already pressed into a wall) and crosses its surface is
// put back where it crosses (edgeCrossing): a thin item pulled at 18,000 pt/s² into a corner,
// 5 pt into the wall, went 23 pt past it in one step and never came back. The same holds for a
// slow body pressed through a wall it touches (WallGuard.holdCenters).
// This is Box2D v3's continuous step for fast bodies against static ones, with the shape cast
// reduced to its core: a circle of the body's inner radius about its center (less four slops,
// so that a body resting against a wall, which overlaps it by up to a slop, is outside the grown
// wall and slides along it freely). The core never crosses a wall, so the rest of the body can
// overlap one by at most its extent beyond the core, which the contact pushes out.
import Geometry

enum ContinuousCollision {
    /// The radius about the body's center that stays clear of static shapes: the largest circle
    /// inside the shape (its radius for a circle; for a polygon the nearest edge's distance), less
    /// four linear slops, and at least half of it.
    static func coreRadius(of shape: Shape, vertices: UnsafePointer<Vector>, normals: UnsafePointer<Vector>,
                           linearSlop: Double) -> Double {
        var inner: Double
        switch shape.kind {
        case .circle:
            // A ball off the body's center holds a smaller circle about the center, or none.
            inner = shape.center == .zero ? shape.radius : max(shape.radius - shape.center.length, 0)
        case .polygon:
            inner = .infinity
            let start = Int(shape.vertexStart)
            for k in start..<(start + Int(shape.vertexCount)) { inner = min(inner, normals[k].dot(vertices[k])) }
            // A rounded polygon holds its core's circle grown by the radius.
            inner = inner >= 0 ? inner + shape.radius : 0
        case .capsule:
            let a = vertices[Int(shape.vertexStart)], b = vertices[Int(shape.vertexStart) + 1]
            let ab = b - a
            let along = min(max(-a.dot(ab) / ab.lengthSquared, 0), 1)
            inner = max(shape.radius - (a + ab * along).length, 0)
        }
        return max(inner - 4 * linearSlop, inner / 2)
    }

    /// The velocity `v` a body ended the step with, put back by `taken` from where it ended to
    /// where its path entered a wall: the speed its drive (the acceleration of its forces,
    /// gravity and fields) gave it over that stretch beyond the wall is taken off, so that
    /// |v'|² = |v|² − 2·drive·taken and the body has the kinetic energy it had where it is put,
    /// not where it ended; the direction is kept. A drive that pulled it back over the stretch
    /// leaves the velocity as it is.
    @inline(__always)
    static func speedAtEntry(_ v: Vector, drive: Vector, taken: Vector) -> Vector {
        let gained = 2 * drive.dot(taken)
        let v2 = v.lengthSquared
        guard gained > 0, v2 > 0 else { return v }
        return v * (max(0, v2 - gained) / v2).squareRoot()
    }

    /// The first time t in [0, 1] at which the point start + t·(end − start) comes within
    /// `radius` of the segment a–b, entering from outside; nil when it never does, or when it
    /// starts within already (a body leaving a wall is never held back).
    static func entry(from start: Vector, to end: Vector, radius: Double, segment a: Vector, _ b: Vector) -> Double? {
        let d = end - start
        let ab = b - a
        let length2 = ab.lengthSquared
        // Already within: leave it to the contact.
        let along = length2 > 0 ? min(max((start - a).dot(ab) / length2, 0), 1) : 0
        if (start - (a + ab * along)).lengthSquared <= radius * radius { return nil }
        var first: Double?
        @inline(__always) func keep(_ t: Double) { if t >= 0 && t <= 1 && t < (first ?? .infinity) { first = t } }
        // The two long sides of the capsule.
        if length2 > 0 {
            let length = length2.squareRoot()
            let u = ab / length, n = u.perpendicular
            let s0 = n.dot(start - a), ds = n.dot(d)
            if ds != 0 {
                for side in [radius, -radius] {
                    let t = (side - s0) / ds
                    // Entering: moving toward the segment's line from this side.
                    guard (side > 0 && ds < 0) || (side < 0 && ds > 0) else { continue }
                    let p = start + d * t
                    let x = u.dot(p - a)
                    if x >= 0 && x <= length { keep(t) }
                }
            }
        }
        // The two round ends.
        let dd = d.lengthSquared
        if dd > 0 {
            for c in [a, b] {
                let m = start - c
                let bq = m.dot(d), cq = m.lengthSquared - radius * radius
                let disc = bq * bq - dd * cq
                if disc >= 0 && bq < 0 { keep((-bq - disc.squareRoot()) / dd) }
            }
        }
        return first
    }

    /// Whether the path from `start` to `end` passes through the shape's surface: crosses one of
    /// its edges or, for a circle, comes within its radius.
    static func crosses(from start: Vector, to end: Vector, shape: Shape, transform: Transform,
                        vertices: UnsafePointer<Vector>) -> Bool {
        switch shape.kind {
        case .circle:
            let c = shape.circleCenter(transform)
            return entry(from: start, to: end, radius: shape.radius, segment: c, c) != nil
        case .capsule:
            let a = transform.apply(vertices[Int(shape.vertexStart)]), b = transform.apply(vertices[Int(shape.vertexStart) + 1])
            return entry(from: start, to: end, radius: shape.radius, segment: a, b) != nil
        case .polygon:
            let startIndex = Int(shape.vertexStart), count = Int(shape.vertexCount)
            let edges = count == 2 ? 1 : count
            let d = end - start
            for k in 0..<edges {
                let a = transform.apply(vertices[startIndex + k])
                let b = transform.apply(vertices[startIndex + (k + 1) % count])
                let e = b - a
                let denominator = d.cross(e)
                if denominator == 0 { continue }
                // start + t·d = a + u·e with t, u in [0, 1].
                let t = (a - start).cross(e) / denominator, u = (a - start).cross(d) / denominator
                if t >= 0 && t <= 1 && u >= 0 && u <= 1 { return true }
            }
            return false
        }
    }

    /// The first time t in [0, 1] at which the path from `start` to `end` crosses into the
    /// shape through one of its edges: any crossing of a segment (a wall from both sides), a
    /// crossing of a polygon's edge from outside it; nil when there is none. A circle or a capsule
    /// is never crossed here (a center that comes within its radius is `entry`'s case).
    static func edgeCrossing(from start: Vector, to end: Vector, shape: Shape, transform: Transform,
                             vertices: UnsafePointer<Vector>, normals: UnsafePointer<Vector>) -> Double? {
        guard shape.kind == .polygon else { return nil }
        let startIndex = Int(shape.vertexStart), count = Int(shape.vertexCount)
        // Leaving the polygon is never held back.
        if count > 2 && polygon(shape, transform: transform, vertices: vertices, normals: normals, contains: start) { return nil }
        let edges = count == 2 ? 1 : count
        let d = end - start
        var first: Double?
        for k in 0..<edges {
            let a = transform.apply(vertices[startIndex + k])
            let b = transform.apply(vertices[startIndex + (k + 1) % count])
            let e = b - a
            let denominator = d.cross(e)
            if denominator == 0 { continue }
            let t = (a - start).cross(e) / denominator, u = (a - start).cross(d) / denominator
            if t >= 0 && t <= 1 && u >= 0 && u <= 1 && t < (first ?? .infinity) { first = t }
        }
        return first
    }

    /// The earliest entry of the path into `shape` (in the world poses of its vertices) grown by
    /// `radius`: the first entry into any of its edges' capsules, which together with the polygon
    /// make up the grown shape. A path that starts inside the polygon is never held back.
    static func entry(from start: Vector, to end: Vector, radius: Double, shape: Shape, transform: Transform,
                      vertices: UnsafePointer<Vector>, normals: UnsafePointer<Vector>) -> Double? {
        var first: Double?
        switch shape.kind {
        case .circle:
            let c = shape.circleCenter(transform)
            first = entry(from: start, to: end, radius: radius + shape.radius, segment: c, c)
        case .capsule:
            let a = transform.apply(vertices[Int(shape.vertexStart)]), b = transform.apply(vertices[Int(shape.vertexStart) + 1])
            first = entry(from: start, to: end, radius: radius + shape.radius, segment: a, b)
        case .polygon:
            let startIndex = Int(shape.vertexStart), count = Int(shape.vertexCount)
            if count > 2 && polygon(shape, transform: transform, vertices: vertices, normals: normals, contains: start) { return nil }
            // A segment is stored as two vertices; its one edge is enough.
            let edges = count == 2 ? 1 : count
            for k in 0..<edges {
                let a = transform.apply(vertices[startIndex + k])
                let b = transform.apply(vertices[startIndex + (k + 1) % count])
                if let t = entry(from: start, to: end, radius: radius + shape.radius, segment: a, b),
                   t < (first ?? .infinity) { first = t }
            }
        }
        return first
    }

    /// Whether `point` lies inside the polygon (on or behind every edge's outward normal).
    @inline(__always)
    static func polygon(_ shape: Shape, transform: Transform, vertices: UnsafePointer<Vector>,
                        normals: UnsafePointer<Vector>, contains point: Vector) -> Bool {
        let startIndex = Int(shape.vertexStart)
        for k in 0..<Int(shape.vertexCount)
        where transform.q.rotate(normals[startIndex + k]).dot(point - transform.apply(vertices[startIndex + k])) > 0 {
            return false
        }
        return true
    }
}
