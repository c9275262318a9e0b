// ContactRecycling: a contact keeps its manifold from step to step while its two bodies hardly
// move relative to each other, and only its separations are brought up to date.
//
// Most contacts in a stack or a pile are between bodies that rest on each other: the whole
// structure may still settle or sway, but each pair's relative pose changes by hundredths of a
// point per step. Colliding such a pair again yields the same points, anchors and normal to
// within that motion, so the narrow phase, a large share of a step in a stack or a pile, is spent
// on nothing. Box2D v3 made the same observation (its "contact recycling", after the persistent
// manifolds of PhysX); the rule below is the same in Nudge's units:
//
// - When a manifold is computed, the contact remembers both bodies' world rotations and B's
//   pose in A's frame. Each point's anchors name one world point, so at that moment
//   (cB − cA) + rB − rA = 0 and the separation is the point's base separation.
// - In a later step, if neither body has turned more than about 11.5° in the world (the normal
//   and anchors are kept in world orientation) and B's pose in A's frame has moved less than a
//   tolerance — its center's displacement plus the largest extent times the sine of the relative
//   turn, which bounds how far any point of either shape moved relative to the other — the
//   manifold stays. Each point's anchors are turned by its body's rotation since then, and its
//   separation becomes base + ((cB − cA) + rB − rA)·n', along the normal turned with its face
//   (TurnedNormal): exactly what the substeps do within a step (the same formula with the
//   step's displacements), carried across steps.
// - The tolerance is ten linear slops (5 pt) for touching contacts, and for contacts not
//   touching no more than the speculative distance, so a gap cannot close unseen.
// - Elastic contacts are never recycled: the impact pass (Newton's cradle) reads their normal
//   fresh from the geometry every step. Fast pairs fail the test on their own, since their
//   relative pose moves by more than the tolerance in one step.
// The anchors and contact point the solver and the events see stay as computed, off by less than
// the tolerance. Warm-starting impulses stay with their points, as they would after a
// recomputation that found the same features.
import Geometry

/// What a contact remembers of the poses its manifold was computed at. Single precision: the
/// quantities are rotations and offsets of a few hundred points at most, compared with a
/// tolerance of points; 40 bytes on each contact.
struct ManifoldPoses: Sendable {
    var rotationA = SIMD2<Float>(1, 0)
    var rotationB = SIMD2<Float>(1, 0)
    /// B's center in A's frame, and B's rotation relative to A's.
    var relativeCenter = SIMD2<Float>(0, 0)
    var relativeRotation = SIMD2<Float>(1, 0)
    /// Each point's separation when computed.
    var baseSeparation = SIMD2<Float>(0, 0)
    var isValid = false

    /// Remembers the poses of `a` and `b`, at which `m` was just computed.
    @inline(__always)
    mutating func remember(_ a: ContactBody, _ b: ContactBody, _ m: Manifold) {
        let qA = a.rotation, qB = b.rotation
        let center = qA.inverseRotate(b.position - a.position)
        let turn = qB.relative(to: qA)
        rotationA = SIMD2(Float(qA.c), Float(qA.s))
        rotationB = SIMD2(Float(qB.c), Float(qB.s))
        relativeCenter = SIMD2(Float(center.x), Float(center.y))
        relativeRotation = SIMD2(Float(turn.c), Float(turn.s))
        baseSeparation = SIMD2(Float(m.p1.separation), Float(m.p2.separation))
        isValid = true
    }

    /// Whether `m`, computed at the remembered poses, still holds for `a` and `b` within
    /// `tolerance` points; if so, its separations are brought up to the current poses.
    @inline(__always)
    func update(_ m: inout Manifold, _ a: ContactBody, _ b: ContactBody, tolerance: Double, minimumCosine: Double) -> Bool {
        // Each body's turn in the world since: q · q0⁻¹.
        let qA = a.rotation, qB = b.rotation
        let turnA = qA.relative(to: Rotation(c: Double(rotationA.x), s: Double(rotationA.y)))
        let turnB = qB.relative(to: Rotation(c: Double(rotationB.x), s: Double(rotationB.y)))
        if min(turnA.c, turnB.c) <= minimumCosine { return false }
        // B's pose in A's frame against the remembered one.
        let center = qA.inverseRotate(b.position - a.position)
        let moved = Vector(center.x - Double(relativeCenter.x), center.y - Double(relativeCenter.y))
        // The sine of the relative turn's change since: (qA⁻¹ qB) seen from the remembered one.
        let sinTurn = qB.relative(to: qA)
            .relative(to: Rotation(c: Double(relativeRotation.x), s: Double(relativeRotation.y))).s
        let extent = max(a.kind == .fixed ? 0 : a.extent, b.kind == .fixed ? 0 : b.extent)
        // |moved| + extent·|sin| < tolerance, squared: a square root here stalled every contact.
        let room = tolerance - extent * abs(sinTurn)
        if room <= 0 || moved.lengthSquared >= room * room { return false }
        // Measured along the normal turned with its face since, as the substeps measure it.
        let dc = b.position - a.position
        let n = TurnedNormal(m.normal, m.frame, radiusA: Double(m.radiusA), radiusB: Double(m.radiusB),
                             dqA: turnA, dqB: turnB)
        @inline(__always) func separation(_ p: ManifoldPoint, _ base: Float) -> Double {
            let rA = turnA.rotate(p.anchorA), rB = turnB.rotate(p.anchorB)
            return Double(base) + (dc + rB - rA).dot(n.turned) - n.roll
        }
        if m.count > 0 { m.p1.separation = separation(m.p1, baseSeparation.x) }
        if m.count > 1 { m.p2.separation = separation(m.p2, baseSeparation.y) }
        return true
    }
}
