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
    /// Each shape's radius if it is a circle, else 0: the part of each anchor that runs along
    /// the normal from the circle's center to its surface, which does not turn with the body
    /// (`rolling`). A capsule's side and a rounded polygon's face are flat, and their radius
    /// part turns with the face, so they keep 0 (treated as turning with the body, as before;
    /// their round ends and corners would need the feature the point lies on).
    var radiusA: Float = 0, radiusB: Float = 0
    var p1 = ManifoldPoint()
    var p2 = ManifoldPoint()

    // Spelled out so it inlines: the narrow phase makes one per pair per step, and an out-of-line
    // initializer followed by a copy cost a store-forwarding stall each time.
    @inline(__always) init() {}

    /// Keeps the radius of each shape that is a circle, and 0 for the others: a capsule's side and
    /// a rounded polygon's face are flat, and their radius part turns with the face (`radiusA`).
    @inline(__always) mutating func keepRadii(_ A: Shape, _ B: Shape) {
        radiusA = A.kind == .circle ? Float(A.radius) : 0
        radiusB = B.kind == .circle ? Float(B.radius) : 0
    }

    @inline(__always) mutating func add(_ p: ManifoldPoint) {
        if count == 0 { p1 = p } else { p2 = p }
        count += 1
    }
}

/// How much nearer two surfaces are than their turned anchors say, for bodies turned by
/// rotations with cosines `cosA` and `cosB` since the anchors were taken. An anchor is the
/// shape's core point plus its radius along the normal; the core point turns with its body, but
/// a round surface's point facing the other shape stays facing it however the body turns, so
/// the radius part must not turn. Turned with the rest, it tilts off the normal and the
/// separation seems to grow by ρ(1 − cos θ): a ball of 20 pt spinning at 5 rad/s took a gap of
/// 0.08 pt a step for granted and sank into the floor (docs/dynamics.md, "Rolling anchors").
@inline(__always)
func rolling(_ radiusA: Double, _ radiusB: Double, cosA: Double, cosB: Double) -> Double {
    radiusA * (1 - cosA) + radiusB * (1 - cosB)
}

/// A polygon (or segment) as the narrow phase sees it: world-space vertices and normals,
/// transformed once per step by the World. No copies: the pointers look into its arrays.
struct PolygonRef {
    var vertices: UnsafePointer<Vector>
    var normals: UnsafePointer<Vector>
    var count: Int
}
