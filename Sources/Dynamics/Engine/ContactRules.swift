// ContactSet's rules for a pair: the key it is filed under, whether two shapes may touch at
// all, and how their materials mix: static, they read the shapes and bodies only.
import Geometry

extension ContactSet {
    @inline(__always) static func pairKey(_ a: Int32, _ b: Int32) -> UInt64 {
        let lo = UInt64(UInt32(min(a, b))), hi = UInt64(UInt32(max(a, b)))
        return hi << 32 | lo
    }

    /// Whether shapes `a` and `b` may have a contact: both active, on different bodies, one of
    /// them dynamic, their collision behaviors' masks admit the pair and, between two items,
    /// their category filters do (a few bit tests, once per new pair).
    static func shouldCollide(_ a: Int32, _ b: Int32, shapes: [Shape], bodies: [Body]) -> Bool {
        let A = shapes[Int(a)], B = shapes[Int(b)]
        if !A.isActive || !B.isActive || A.body == B.body { return false }
        let ka = bodies[Int(A.body)].kind, kb = bodies[Int(B.body)].kind
        if ka != .dynamic && kb != .dynamic { return false }
        if A.isBoundary && B.isBoundary { return false }
        if A.isBoundary { return B.boundaryMask & A.ownerMask != 0 }
        if B.isBoundary { return A.boundaryMask & B.ownerMask != 0 }
        return A.itemMask & B.itemMask != 0 && CollisionFilter.accepts(A.filter, B.filter)
    }

    /// Friction mixes as the geometric mean and elasticity as the maximum (Box2D's rules, which
    /// UIKit inherits). A boundary has no material of its own: an item against a boundary uses its
    /// own friction and elasticity, so `friction` is the coefficient a user expects on a slope.
    static func mixMaterials(_ a: Shape, _ b: Shape) -> (Double, Double) {
        if a.isBoundary { return (b.friction, b.restitution) }
        if b.isBoundary { return (a.friction, a.restitution) }
        return ((a.friction * b.friction).squareRoot(), max(a.restitution, b.restitution))
    }
}
