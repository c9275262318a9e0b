// RoundedCollision: the narrow phase for shapes with a radius — capsules (a segment with a
// radius) and rounded polygons (a convex polygon with a corner radius).
//
// A rounded shape is its core (the segment or polygon) grown by its radius, so two rounded shapes
// touch where their cores come within the sum of the radii: every routine here finds the cores'
// nearest features, measures the separation between the cores and takes both radii off it. The
// contact point sits halfway between the two surfaces, as in Collision.swift.
//
// Capsule against circle is the nearest point of the segment against the center. Capsule against
// capsule (and against a segment boundary, a capsule of radius 0) starts from the segments'
// nearest points: where those lie across from each other inside one segment (the other capsule
// lies along it, or leans on it), the other segment is clipped to its extent and both ends kept
// as points, so a capsule lying on a bar rests on two points instead of rocking on one; elsewhere
// (end to end, crossed) the nearest points are the one contact. A rounded polygon (or a capsule
// against a polygon) goes through the separating-axis test on the cores; when the cores are
// apart, the reference and incident edges' nearest points decide between a corner against a
// corner (one point along the line between the two corners, the only direction rounded corners
// push each other) and a face (the clipped two-point manifold, with the radii taken off).
import Geometry

extension Collision {
    /// The parameters s, t in [0, 1] of the nearest points p1 + s·(q1 − p1) and p2 + t·(q2 − p2)
    /// of two segments (either may be a single point), and the points themselves.
    @inline(__always)
    static func nearestPoints(_ p1: Vector, _ q1: Vector, _ p2: Vector, _ q2: Vector)
        -> (s: Double, t: Double, c1: Vector, c2: Vector) {
        let d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2
        let a = d1.dot(d1), e = d2.dot(d2), f = d2.dot(r)
        let tiny = 1e-18
        @inline(__always) func unit(_ x: Double) -> Double { min(max(x, 0), 1) }
        var s = 0.0, t = 0.0
        if a <= tiny && e <= tiny {
            // Two points.
        } else if a <= tiny {
            t = unit(f / e)
        } else {
            let c = d1.dot(r)
            if e <= tiny {
                s = unit(-c / a)
            } else {
                let b = d1.dot(d2), denominator = a * e - b * b
                s = denominator > tiny * max(a * e, 1) ? unit((b * f - c * e) / denominator) : 0
                t = (b * s + f) / e
                if t < 0 {
                    t = 0; s = unit(-c / a)
                } else if t > 1 {
                    t = 1; s = unit((b - c) / a)
                }
            }
        }
        return (s, t, p1 + d1 * s, p2 + d2 * t)
    }

    /// Capsule A (centers p, q, radius rA) against circle B (center c, radius rB).
    static func capsuleCircle(_ p: Vector, _ q: Vector, _ rA: Double, _ c: Vector, _ rB: Double,
                              posA: Vector, posB: Vector, margin: Double) -> Manifold {
        var m = Manifold()
        let axis = q - p
        let length2 = axis.lengthSquared
        let along = length2 > 0 ? min(max((c - p).dot(axis) / length2, 0), 1) : 0
        let nearest = p + axis * along
        let d = c - nearest
        let dist = d.length
        let s = dist - rA - rB
        if s > margin { return m }
        let fallback = length2 > 0 ? (axis / length2.squareRoot()).perpendicular : Vector(0, 1)
        let n = dist > 1e-9 ? d / dist : fallback
        m.normal = n
        m.frame = .faceA
        let point = nearest + n * (rA + 0.5 * s)
        m.add(ManifoldPoint(anchorA: point - posA, anchorB: point - posB, point: point, separation: s, id: 0))
        return m
    }

    /// Capsule A (p1–q1, radius r1) against capsule B (p2–q2, radius r2); a segment boundary is
    /// a capsule of radius 0.
    static func capsules(_ p1: Vector, _ q1: Vector, _ r1: Double, _ p2: Vector, _ q2: Vector, _ r2: Double,
                         posA: Vector, posB: Vector, margin: Double) -> Manifold {
        let (s, t, c1, c2) = nearestPoints(p1, q1, p2, q2)
        let d = c2 - c1
        let dist = d.length
        if dist - r1 - r2 > margin { return Manifold() }
        // The reference segment: the one whose nearest point lies inside it (B when only B's
        // does), so that the line between the nearest points is its normal.
        let bIsReference = (s == 0 || s == 1) && t > 0 && t < 1
        if let m = capsuleFace(bIsReference ? p2 : p1, bIsReference ? q2 : q1, bIsReference ? r2 : r1,
                               bIsReference ? p1 : p2, bIsReference ? q1 : q2, bIsReference ? r1 : r2,
                               toward: bIsReference ? -d : d, flip: bIsReference,
                               posA: posA, posB: posB, margin: margin) {
            return m
        }
        var m = Manifold()
        let axis = q1 - p1
        let fallback = axis.lengthSquared > 0 ? axis.normalized.perpendicular : Vector(0, 1)
        let n = dist > 1e-9 ? d / dist : fallback
        let separation = dist - r1 - r2
        let point = c1 + n * (r1 + 0.5 * separation)
        m.normal = n
        // The id names the nearest features: an end (0, 1) or the inside (2) of each segment.
        @inline(__always) func feature(_ x: Double) -> UInt32 { x == 0 ? 0 : (x == 1 ? 1 : 2) }
        m.add(ManifoldPoint(anchorA: point - posA, anchorB: point - posB, point: point, separation: separation,
                            id: feature(s) << 8 | feature(t)))
        return m
    }

    /// The two-point manifold of segment i1–i2 (radius rInc) lying along reference segment
    /// r1–r2 (radius rRef), when the nearest points' offset `toward` (reference to incident) is
    /// the reference's normal, or the cores cross; nil when the incident segment is not across
    /// from the reference (end to end) or no point is within `margin`. `flip`: the reference is B.
    @inline(__always)
    private static func capsuleFace(_ r1: Vector, _ r2: Vector, _ rRef: Double, _ i1: Vector, _ i2: Vector,
                                    _ rInc: Double, toward: Vector, flip: Bool,
                                    posA: Vector, posB: Vector, margin: Double) -> Manifold? {
        let axis = r2 - r1
        let length = axis.length
        guard length > 1e-9 else { return nil }
        let u = axis / length
        var n = u.perpendicular
        let gap = toward.length
        if gap > 1e-9 {
            // Across from each other: the offset between the nearest points is the normal.
            guard abs(n.dot(toward)) >= 0.999 * gap else { return nil }
            if n.dot(toward) < 0 { n = -n }
        } else if n.dot((i1 + i2) * 0.5 - r1) < 0 {
            n = -n
        }
        // Clip the incident segment to the reference's extent along u.
        var t1 = u.dot(i1 - r1), t2 = u.dot(i2 - r1)
        var e1 = i1, e2 = i2
        if t1 > t2 { swap(&e1, &e2); swap(&t1, &t2) }
        if t2 < 0 || t1 > length { return nil }
        let span = t2 - t1
        var a = e1, b = e2
        if span > 1e-12 {
            if t1 < 0 { a = e1 + (e2 - e1) * (-t1 / span) }
            if t2 > length { b = e1 + (e2 - e1) * ((length - t1) / span) }
        }
        var m = Manifold()
        m.normal = flip ? -n : n
        m.frame = .face(flip: flip)
        @inline(__always) func keep(_ c: Vector, id: UInt32) {
            let separation = n.dot(c - r1) - rRef - rInc
            if separation > margin { return }
            let point = c - n * (rInc + 0.5 * separation)
            m.add(ManifoldPoint(anchorA: point - posA, anchorB: point - posB, point: point,
                                separation: separation, id: id))
        }
        keep(a, id: 3)
        if (b - a).lengthSquared > 1e-18 { keep(b, id: 4) }
        return m.count > 0 ? m : nil
    }

    /// Polygon A against polygon B (world coordinates) where either has a radius (a rounded
    /// polygon, or a capsule as its two-vertex core): the separating-axis test on the cores, the
    /// corner-against-corner case when the cores are apart, else the clipped face with the radii
    /// taken off. Kept out of line: inlined into the narrow phase's loop, which the polygon pair
    /// without a radius runs every step, it made that loop larger and the pyramid benchmark
    /// slower (11 % to 6 % over the build before capsules, measured paired under load).
    @inline(never)
    static func roundedPolygons(_ a: PolygonRef, _ rA: Double, _ b: PolygonRef, _ rB: Double,
                                posA: Vector, posB: Vector, margin: Double, linearSlop: Double) -> Manifold {
        let reach = margin + rA + rB
        let (edgeA, sepA) = maxSeparation(a, b)
        if sepA > reach { return Manifold() }
        let (edgeB, sepB) = maxSeparation(b, a)
        if sepB > reach { return Manifold() }
        let flip = sepB > sepA + 0.1 * linearSlop
        let ref = flip ? b : a, inc = flip ? a : b
        let rRef = flip ? rB : rA, rInc = flip ? rA : rB
        let refEdge = flip ? edgeB : edgeA
        let incEdge = incidentEdge(of: inc, against: ref.normals[refEdge], boxes: false)
        let refNext = refEdge + 1 == ref.count ? 0 : refEdge + 1
        let incNext = incEdge + 1 == inc.count ? 0 : incEdge + 1
        @inline(__always) func featureID(_ refVertex: Int, _ incVertex: Int) -> UInt32 {
            flip ? UInt32(incVertex << 8 | refVertex) : UInt32(refVertex << 8 | incVertex)
        }
        if max(sepA, sepB) > 0.1 * linearSlop {
            // The cores are apart (the separation is a lower bound of their distance, so the
            // nearest points can be told apart): two corners nearest each other touch along the
            // line between them.
            let (s, t, c1, c2) = nearestPoints(ref.vertices[refEdge], ref.vertices[refNext],
                                               inc.vertices[incEdge], inc.vertices[incNext])
            if (s == 0 || s == 1) && (t == 0 || t == 1) {
                let d = c2 - c1
                let dist = d.length
                let separation = dist - rRef - rInc
                if separation > margin { return Manifold() }
                let n = d / dist
                let point = c1 + n * (rRef + 0.5 * separation)
                var m = Manifold()
                m.normal = flip ? -n : n
                m.add(ManifoldPoint(anchorA: point - posA, anchorB: point - posB, point: point, separation: separation,
                                    id: featureID(s == 0 ? refEdge : refNext, t == 0 ? incEdge : incNext)))
                return m
            }
        }
        var m = roundedClip(ref: ref, rRef: rRef, refEdge: refEdge, refNext: refNext, inc: inc, rInc: rInc,
                            incEdge: incEdge, incNext: incNext, flip: flip, posA: posA, posB: posB, margin: margin)
        if abs(sepA - sepB) <= linearSlop { m.frame = .slowerFace }
        return m
    }

    /// The incident edge clipped against the reference face (Collision.clipIncident, then the
    /// points as Collision.clip keeps them, with radii): both
    /// clipped ends are kept when within `margin`, even when the incident edge stands square on
    /// the face (a capsule on its end), where its lower end is the contact.
    @inline(__always)
    private static func roundedClip(ref: PolygonRef, rRef: Double, refEdge: Int, refNext: Int, inc: PolygonRef,
                                    rInc: Double, incEdge: Int, incNext: Int, flip: Bool,
                                    posA: Vector, posB: Vector, margin: Double) -> Manifold {
        var m = Manifold()
        let refNormal = ref.normals[refEdge]
        let rv1 = ref.vertices[refEdge]
        let (c1, c2, id1, id2, _) = clipIncident(ref: ref, refEdge: refEdge, refNext: refNext,
                                                 inc: inc, incEdge: incEdge, incNext: incNext)
        m.normal = flip ? -refNormal : refNormal
        m.frame = .face(flip: flip)
        @inline(__always) func keep(_ c: Vector, _ refVertex: Int, _ incVertex: Int) {
            let separation = refNormal.dot(c - rv1) - rRef - rInc
            if separation > margin { return }
            let point = c - refNormal * (rInc + 0.5 * separation)
            let id = flip ? UInt32(incVertex << 8 | refVertex) : UInt32(refVertex << 8 | incVertex)
            m.add(ManifoldPoint(anchorA: point - posA, anchorB: point - posB, point: point,
                                separation: separation, id: id))
        }
        keep(c1, refEdge, id1)
        if (c2 - c1).lengthSquared > 1e-18 { keep(c2, refNext, id2) }
        return m
    }
}
