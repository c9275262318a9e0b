// Manifold: up to two contact points between two shapes, with the normal pointing from A to B.
//
// Points may be speculative (positive separation): the solver then only stops the bodies from
// closing the gap faster than it can shrink, which is what keeps fast items from tunneling.
// Each point carries a feature id so its impulse survives to the next step (warm starting).
import Geometry

struct ManifoldPoint: Sendable {
    /// Contact point relative to each body's center, world orientation, at the start of the step.
    var anchorA: Vector = .zero
    var anchorB: Vector = .zero
    var point: Vector = .zero
    var separation: Double = 0
    var normalImpulse: Double = 0
    var tangentImpulse: Double = 0
    var maxNormalImpulse: Double = 0
    var id: UInt32 = 0

    @inline(__always) init() {}

    @inline(__always)
    init(anchorA: Vector, anchorB: Vector, point: Vector, separation: Double, id: UInt32) {
        self.anchorA = anchorA; self.anchorB = anchorB; self.point = point
        self.separation = separation; self.id = id
    }
}

struct Manifold: Sendable {
    var normal: Vector = .zero
    var count: Int = 0
    var p1 = ManifoldPoint()
    var p2 = ManifoldPoint()

    // Spelled out so it inlines: the narrow phase makes one per pair per step, and an out-of-line
    // initializer followed by a copy cost a store-forwarding stall each time.
    @inline(__always) init() {}

    @inline(__always) mutating func add(_ p: ManifoldPoint) {
        if count == 0 { p1 = p } else { p2 = p }
        count += 1
    }
}

/// A polygon (or segment) as the narrow phase sees it: world-space vertices and normals,
/// transformed once per step by the World. No copies: the pointers look into its arrays.
struct PolygonRef {
    var vertices: UnsafePointer<Vector>
    var normals: UnsafePointer<Vector>
    var count: Int
}
