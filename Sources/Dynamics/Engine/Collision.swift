// Collision: the narrow phase. Each function fills a manifold in world coordinates with the normal
// from shape A to shape B, keeping points whose separation is under `margin` (speculative).
//
// Polygons use the separating-axis test on face normals, computed in A's frame with B's vertices
// moved there in a stack buffer (no heap allocation per pair), then clip the most anti-parallel
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

    /// Polygon A against circle B (center `cb` in world coordinates).
    static func polygonCircle(_ a: PolygonRef, _ cb: Vector, _ r: Double, posB: Vector, margin: Double) -> Manifold {
        var m = Manifold()
        let c = a.xf.inverseApply(cb)
        let v = a.vertices, nrm = a.normals, n = a.count
        var best = -Double.greatestFiniteMagnitude
        var edge = 0
        for i in 0..<n {
            let s = nrm[i].dot(c - v[i])
            if s > best { best = s; edge = i }
        }
        if best - r > margin { return m }
        let v1 = v[edge], v2 = v[(edge + 1) % n]
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
        let localPoint = c - normal * (r + 0.5 * separation)
        let point = a.xf.apply(localPoint)
        m.normal = a.xf.q.rotate(normal)
        m.add(ManifoldPoint(anchorA: point - a.xf.p, anchorB: point - posB, point: point,
                            separation: separation, id: UInt32(edge)))
        return m
    }

    /// The face of polygon 1 with the largest separation from polygon 2 (both in one frame).
    @inline(__always)
    private static func maxSeparation(_ v1: UnsafePointer<Vector>, _ n1: UnsafePointer<Vector>, _ c1: Int,
                                      _ v2: UnsafePointer<Vector>, _ c2: Int) -> (Int, Double) {
        var bestIndex = 0
        var best = -Double.greatestFiniteMagnitude
        for i in 0..<c1 {
            let n = n1[i], v = v1[i]
            var si = Double.greatestFiniteMagnitude
            for j in 0..<c2 {
                let s = n.x * (v2[j].x - v.x) + n.y * (v2[j].y - v.y)
                if s < si { si = s }
            }
            if si > best { best = si; bestIndex = i }
        }
        return (bestIndex, best)
    }

    static func polygons(_ a: PolygonRef, _ b: PolygonRef, posB: Vector, margin: Double, linearSlop: Double) -> Manifold {
        // B's pose in A's frame.
        let q = Rotation(c: a.xf.q.c * b.xf.q.c + a.xf.q.s * b.xf.q.s, s: a.xf.q.c * b.xf.q.s - a.xf.q.s * b.xf.q.c)
        let p = a.xf.q.inverseRotate(b.xf.p - a.xf.p)
        let nb = b.count
        return withUnsafeTemporaryAllocation(of: Vector.self, capacity: 2 * nb) { buf -> Manifold in
            let bv = buf.baseAddress!, bn = bv + nb
            for i in 0..<nb {
                (bv + i).initialize(to: q.rotate(b.vertices[i]) + p)
                (bn + i).initialize(to: q.rotate(b.normals[i]))
            }
            var m = Manifold()
            let (edgeA, sepA) = maxSeparation(a.vertices, a.normals, a.count, bv, nb)
            if sepA > margin { return m }
            let (edgeB, sepB) = maxSeparation(bv, bn, nb, a.vertices, a.count)
            if sepB > margin { return m }

            let flip = sepB > sepA + 0.1 * linearSlop
            let refV = flip ? UnsafePointer(bv) : a.vertices
            let refN = flip ? UnsafePointer(bn) : a.normals
            let refCount = flip ? nb : a.count
            let incV = flip ? a.vertices : UnsafePointer(bv)
            let incN = flip ? a.normals : UnsafePointer(bn)
            let incCount = flip ? a.count : nb
            let refEdge = flip ? edgeB : edgeA
            let refNormal = refN[refEdge]

            // The incident edge: its normal is the most anti-parallel to the reference normal.
            var incEdge = 0
            var minDot = Double.greatestFiniteMagnitude
            for i in 0..<incCount {
                let d = refNormal.dot(incN[i])
                if d < minDot { minDot = d; incEdge = i }
            }
            let rv1 = refV[refEdge], rv2 = refV[(refEdge + 1) % refCount]
            var i1 = incV[incEdge], i2 = incV[(incEdge + 1) % incCount]
            var id1 = UInt32(incEdge), id2 = UInt32((incEdge + 1) % incCount)

            // Clip the incident edge to the reference face's extent along its tangent.
            let tangent = (rv2 - rv1).normalized
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
            let refKey = UInt32(refEdge) << 8 | (flip ? 0x8000 : 0)
            let normal = flip ? -refNormal : refNormal
            m.normal = a.xf.q.rotate(normal)
            let s1 = refNormal.dot(c1 - rv1)
            if s1 <= margin {
                let point = a.xf.apply(c1 - refNormal * (0.5 * s1))
                m.add(ManifoldPoint(anchorA: point - a.xf.p, anchorB: point - posB, point: point,
                                    separation: s1, id: refKey | id1 << 16))
            }
            let s2 = refNormal.dot(c2 - rv1)
            if s2 <= margin && span > 1e-12 {
                let point = a.xf.apply(c2 - refNormal * (0.5 * s2))
                m.add(ManifoldPoint(anchorA: point - a.xf.p, anchorB: point - posB, point: point,
                                    separation: s2, id: refKey | id2 << 16 | 1))
            }
            return m
        }
    }
}
