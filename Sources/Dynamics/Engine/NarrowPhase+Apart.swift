// NarrowPhase+Apart: pairs with a polygon that the separating-axis test would find apart, told
// from their boxes without reading a vertex.
//
// A pair's contact lives while the two fat boxes overlap, and fat boxes reach ten points around
// a shape and up to forty ahead of its motion, so most contacts of a moving crowd have no points:
// a ram's wall flying apart held 80,000 to 98,000 contacts for 16,000 to 33,000 with points. Each
// was collided every step, its vertices read and the separating axis searched, to learn that the
// shapes are farther apart than the pair's margin. The shapes' tight boxes, already placed this
// step (BroadPhase.update, swept over the step's travel and turn, so they hold the shapes at the
// step's start), often say so at once.
//
// Why the boxes suffice. Collision.polygons gives no points when the largest separation along
// the two polygons' face normals exceeds the margin. Those separations are the distances from
// the origin to the faces of the difference B − A, one per normal of A and per reversed normal
// of B. Let d be the distance between the polygons and x the point of B − A nearest the origin.
// If x lies inside a face, that face's separation is d. If x is a corner, the direction to it
// lies between the corner's two face normals, within half their angle of the nearer one, so
// that face's separation is at least d·cos(θ/2) for θ the angle between them. The normals of
// B − A are those of A and of B together: no two neighbours among them are farther apart than
// the widest turn between neighbouring normals of A alone, or of B alone. So the separation
// the test finds is at least d·c with c = max(cos(θA/2), cos(θB/2)), θA and θB each polygon's
// widest turn (a rectangle's is a right angle: c = 0.707; a hexagon's 60°: 0.866). And d is at
// least the gap between the boxes along x or y. Where that gap times c exceeds the margin, the
// test would find the pair apart, and the contact gets the empty manifold it would have got.
//
// The rounded tests measure the cores and ask for the margin plus the radii: a rounded polygon's
// box is its core's grown by its radius, so the cores' gap is the boxes' plus both radii, and
// the pair is apart where (gap + radii)·c exceeds margin + radii (RoundedCollision.roundedPolygons,
// with a capsule's core a segment). A circle against a polygon is tested along the polygon's
// normals alone (Collision.polygonCircle), so only the polygon's c counts there; its center lies
// at least the gap plus the circle's radius and the polygon's rounding from the core. A segment
// turns by half a circle (c = 0) and a circle has no normals: pairs of those alone keep their
// own closed-form tests.
//
// The result is the same bits: the manifold is the same empty one, the warm starting and the
// recycling poses go on from it as before. c is stored rounded down (Shape.halfTurnCosine), and a
// millionth of a point more than the reach is asked for, far beyond the rounding of the tests'
// own arithmetic at the scenes' coordinates.
extension NarrowPhase {
    /// Whether the narrow phase's test for shapes A and B (in the contact's order: a polygon
    /// before a capsule before a circle) would find them farther apart than `margin`, and so
    /// give no points: true only where it would.
    @inline(__always)
    static func apart(_ A: Shape, _ B: Shape, margin: Double) -> Bool {
        let q: UInt16
        switch (A.kind, B.kind) {
        case (.polygon, .polygon): q = max(A.halfTurnCosine, B.halfTurnCosine)
        case (.polygon, .circle), (.polygon, .capsule): q = A.halfTurnCosine
        default: return false
        }
        if q == 0 { return false }
        let reach = A.radius + B.radius
        return (A.aabb.gap(to: B.aabb) + reach) * (Double(q) / 65_535) > margin + reach + 1e-6
    }
}
