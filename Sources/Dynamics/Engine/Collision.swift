// Collision: the narrow phase. Each function fills a manifold in world coordinates with the normal
// from shape A to shape B, keeping points whose separation is under `margin` (speculative).
//
// Polygons use the separating-axis test on face normals, on world-space vertices the World
// transforms once per step (no per-pair transform or allocation), then clip the most anti-parallel
// edge of the other polygon against the reference face's side planes: the classic two-point
// manifold. Between separated polygons the separation found is a lower bound of the distance,
// which only makes a speculative contact slightly conservative. Contact points sit halfway
// between the two surfaces so both bodies see the same lever arms.
import Geometry

enum Collision {
    static func circles(_ ca: Vector, _ ra: Double, _ cb: Vector, _ rb: Double,
                        posA: Vector, posB: Vector, margin: Double) -> Manifold {
        var m = Manifold()
        let d = cb - ca
        let dist = d.length
        let s = dist - ra - rb
        if s > margin { return m }
        let n = dist > 1e-9 ? d / dist : Vector(0, 1)
        m.normal = n
        let point = ca + n * (ra + 0.5 * s)
        m.add(ManifoldPoint(anchorA: point - posA, anchorB: point - posB, point: point, separation: s, id: 0))
        return m
    }

    /// Polygon A against circle B (both in world coordinates). A rounded polygon's `radiusA`
    /// adds to the circle's in every separation: the circle then meets the core polygon.
    static func polygonCircle(_ a: PolygonRef, _ c: Vector, _ circleRadius: Double, radiusA: Double = 0,
                              posA: Vector, posB: Vector, margin: Double) -> Manifold {
        var m = Manifold()
        let v = a.vertices, nrm = a.normals, n = a.count
        // The circle's own radius places the point on its surface; both radii part the shapes.
        let r = circleRadius + radiusA
        var best = -Double.greatestFiniteMagnitude
        var edge = 0
        for i in 0..<n {
            let s = nrm[i].dot(c - v[i])
            if s > best { best = s; edge = i }
        }
        if best - r > margin { return m }
        let v1 = v[edge], v2 = v[edge + 1 == n ? 0 : edge + 1]
        var normal = nrm[edge]
        var separation = best - r
        if best > 1e-9 {
            // Outside: a vertex region may be nearer than the face.
            let u1 = (c - v1).dot(v2 - v1)
            let u2 = (c - v2).dot(v1 - v2)
            let corner: Vector? = u1 <= 0 ? v1 : (u2 <= 0 ? v2 : nil)
            if let corner {
                let d = c - corner
                let dist = d.length
                if dist - r > margin { return m }
                if dist > 1e-9 { normal = d / dist }
                separation = dist - r
            }
        }
        let point = c - normal * (circleRadius + 0.5 * separation)
        m.normal = normal
        m.frame = .faceA
        m.add(ManifoldPoint(anchorA: point - posA, anchorB: point - posB, point: point,
                            separation: separation, id: UInt32(edge)))
        return m
    }

    /// The face of polygon 1 with the largest separation from polygon 2.
    @inline(__always)
    static func maxSeparation(_ p1: PolygonRef, _ p2: PolygonRef) -> (Int, Double) {
        var bestIndex = 0
        var best = -Double.greatestFiniteMagnitude
        let v2 = p2.vertices, c2 = p2.count
        for i in 0..<p1.count {
            let n = p1.normals[i], v = p1.vertices[i]
            var si = Double.greatestFiniteMagnitude
            for j in 0..<c2 {
                let s = n.x * (v2[j].x - v.x) + n.y * (v2[j].y - v.y)
                if s < si { si = s }
            }
            if si > best { best = si; bestIndex = i }
        }
        return (bestIndex, best)
    }

    /// `maxSeparation` both ways for two rectangles, in closed form: the deepest point of one box
    /// below a face of the other is its center minus its half-extents projected on the face
    /// normal, so each face costs a few products instead of a loop over the other box's corners,
    /// and the products the two directions share (centers, half-extents, the normals' dot
    /// products) are computed once. Faces are compared in index order with the same strict test
    /// as the loop, so ties resolve alike.
    @inline(__always)
    static func boxSeparations(_ p1: PolygonRef, _ p2: PolygonRef) -> (Int, Double, Int, Double) {
        let v1 = p1.vertices, n1 = p1.normals, v2 = p2.vertices, n2 = p2.normals
        let c1 = (v1[0] + v1[2]) * 0.5, c2 = (v2[0] + v2[2]) * 0.5
        // Distances from each center to faces 0 and 1 (faces 2 and 3 mirror them).
        let e10 = n1[0].dot(v1[0] - c1), e11 = n1[1].dot(v1[1] - c1)
        let e20 = n2[0].dot(v2[0] - c2), e21 = n2[1].dot(v2[1] - c2)
        let r00 = abs(n1[0].dot(n2[0])), r01 = abs(n1[0].dot(n2[1]))
        let r10 = abs(n1[1].dot(n2[0])), r11 = abs(n1[1].dot(n2[1]))
        let d = c2 - c1
        @inline(__always) func deepest(_ x: Double, _ y: Double, _ ex: Double, _ ey: Double,
                                       _ rx: Double, _ ry: Double) -> (Int, Double) {
            let s0 = x - ex - rx, s1 = y - ey - ry, s2 = -x - ex - rx, s3 = -y - ey - ry
            var best = s0, index = 0
            if s1 > best { best = s1; index = 1 }
            if s2 > best { best = s2; index = 2 }
            if s3 > best { best = s3; index = 3 }
            return (index, best)
        }
        // Box 2 below the faces of box 1, then box 1 below the faces of box 2 (seen from box 2
        // the center offset is −d).
        let (i1, s1) = deepest(n1[0].dot(d), n1[1].dot(d), e10, e11,
                               e20 * r00 + e21 * r01, e20 * r10 + e21 * r11)
        let (i2, s2) = deepest(-n2[0].dot(d), -n2[1].dot(d), e20, e21,
                               e10 * r00 + e11 * r10, e10 * r01 + e11 * r11)
        return (i1, s1, i2, s2)
    }

    /// Polygon A against polygon B (both in world coordinates); `boxes` when both are rectangles.
    static func polygons(_ a: PolygonRef, _ b: PolygonRef, posA: Vector, posB: Vector,
                         margin: Double, linearSlop: Double, boxes: Bool = false) -> Manifold {
        let edgeA: Int, sepA: Double, edgeB: Int, sepB: Double
        if boxes {
            (edgeA, sepA, edgeB, sepB) = boxSeparations(a, b)
            if sepA > margin || sepB > margin { return Manifold() }
        } else {
            (edgeA, sepA) = maxSeparation(a, b)
            if sepA > margin { return Manifold() }
            (edgeB, sepB) = maxSeparation(b, a)
            if sepB > margin { return Manifold() }
        }

        let flip = sepB > sepA + 0.1 * linearSlop
        let ref = flip ? b : a, inc = flip ? a : b
        let refEdge = flip ? edgeB : edgeA
        let incEdge = incidentEdge(of: inc, against: ref.normals[refEdge], boxes: boxes)
        var m = clip(ref: ref, refEdge: refEdge, inc: inc, incEdge: incEdge, flip: flip, posA: posA, posB: posB,
                     margin: margin)
        if abs(sepA - sepB) <= linearSlop { m.frame = .slowerFace }
        return m
    }

    /// The incident edge: the edge of `inc` whose normal is the most anti-parallel to the
    /// reference normal (the first of equal minima).
    @inline(__always)
    static func incidentEdge(of inc: PolygonRef, against refNormal: Vector, boxes: Bool) -> Int {
        var incEdge = 0
        if boxes {
            // A rectangle's normals 2 and 3 are exactly normals 0 and 1 negated, so two products
            // give all four; the choice is the loop's (the first of equal minima).
            let d0 = refNormal.dot(inc.normals[0]), d1 = refNormal.dot(inc.normals[1])
            var minDot = d0
            if d1 < minDot { minDot = d1; incEdge = 1 }
            if -d0 < minDot { minDot = -d0; incEdge = 2 }
            if -d1 < minDot { incEdge = 3 }
        } else {
            var minDot = Double.greatestFiniteMagnitude
            for i in 0..<inc.count {
                let d = refNormal.dot(inc.normals[i])
                if d < minDot { minDot = d; incEdge = i }
            }
        }
        return incEdge
    }

    /// The incident edge (vertices incEdge, incNext of `inc`) clipped to the extent of the
    /// reference face (vertices refEdge, refNext of `ref`) along its tangent: the clipped ends in
    /// the tangent's order, the incident vertex each end comes from, and the edge's extent along
    /// the tangent (0 when it stands square on the face: then both ends are its own vertices).
    /// Shared by the sharp and the rounded narrow phase (RoundedCollision.roundedClip).
    @inline(__always)
    static func clipIncident(ref: PolygonRef, refEdge: Int, refNext: Int, inc: PolygonRef, incEdge: Int, incNext: Int)
        -> (c1: Vector, c2: Vector, id1: Int, id2: Int, span: Double) {
        let refNormal = ref.normals[refEdge]
        let rv1 = ref.vertices[refEdge], rv2 = ref.vertices[refNext]
        var i1 = inc.vertices[incEdge], i2 = inc.vertices[incNext]
        var id1 = incEdge, id2 = incNext
        // Every face normal is its edge turned a right angle, n = (e.y, −e.x)/|e|, so the unit
        // tangent is (−n.y, n.x): no square root and division per pair.
        let tangent = Vector(-refNormal.y, refNormal.x)
        let lower = tangent.dot(rv1), upper = tangent.dot(rv2)
        var t1 = tangent.dot(i1), t2 = tangent.dot(i2)
        if t1 > t2 {
            swap(&i1, &i2); swap(&id1, &id2); swap(&t1, &t2)
        }
        let span = t2 - t1
        var c1 = i1, c2 = i2
        if span > 1e-12 {
            if t1 < lower { c1 = i1 + (i2 - i1) * ((min(lower, t2) - t1) / span) }
            if t2 > upper { c2 = i1 + (i2 - i1) * ((max(upper, t1) - t1) / span) }
        }
        return (c1, c2, id1, id2, span)
    }

    /// The manifold of the incident edge clipped against the reference face: up to two points,
    /// halfway between the surfaces, with feature ids that name the pair of vertices.
    @inline(__always)
    private static func clip(ref: PolygonRef, refEdge: Int, inc: PolygonRef, incEdge: Int, flip: Bool,
                             posA: Vector, posB: Vector, margin: Double) -> Manifold {
        var m = Manifold()
        let refNormal = ref.normals[refEdge]
        let refNext = refEdge + 1 == ref.count ? 0 : refEdge + 1
        let incNext = incEdge + 1 == inc.count ? 0 : incEdge + 1
        let rv1 = ref.vertices[refEdge]
        let (c1, c2, incV1, incV2, span) = clipIncident(ref: ref, refEdge: refEdge, refNext: refNext,
                                                        inc: inc, incEdge: incEdge, incNext: incNext)
        let id1 = UInt32(incV1), id2 = UInt32(incV2)
        // Feature ids name the pair (vertex of A, vertex of B), whichever face is the reference,
        // so a contact keeps its warm-start impulse when near-equal separations flip the choice.
        let refV1 = UInt32(refEdge), refV2 = UInt32(refNext)
        @inline(__always) func featureID(_ refVertex: UInt32, _ incVertex: UInt32) -> UInt32 {
            flip ? (incVertex << 8 | refVertex) : (refVertex << 8 | incVertex)
        }
        m.normal = flip ? -refNormal : refNormal
        m.frame = .face(flip: flip)
        let s1 = refNormal.dot(c1 - rv1)
        if s1 <= margin {
            let point = c1 - refNormal * (0.5 * s1)
            m.add(ManifoldPoint(anchorA: point - posA, anchorB: point - posB, point: point,
                                separation: s1, id: featureID(refV1, id1)))
        }
        let s2 = refNormal.dot(c2 - rv1)
        if s2 <= margin && span > 1e-12 {
            let point = c2 - refNormal * (0.5 * s2)
            m.add(ManifoldPoint(anchorA: point - posA, anchorB: point - posB, point: point,
                                separation: s2, id: featureID(refV2, id2)))
        }
        return m
    }
}
