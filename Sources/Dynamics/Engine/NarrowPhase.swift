// NarrowPhase: a contact's manifold for the step, kept from the last step or computed again from
// its two shapes, one contact at a time; ContactSet.update runs it over the active contacts.
//
// Each contact's work reads the two bodies, the two shapes and their world vertices, and writes
// only that contact (its manifold, with the impulses carried over to points of the same
// feature, and its poses for the recycling test), so contacts can be collided in any order and
// on any thread: a large step's contacts are shared by two workers (SolverWorkers.swift) in
// chunks, as Box2D v3 shares its collide task. What depends on the order is kept out of the
// chunks: the sleeping islands a contact wakes are listed afterwards in one pass in contact
// order, and the count of recycled manifolds is summed from one flag a contact. So a step's
// manifolds, and every result, are the same bytes with one worker or two.
import Geometry

struct NarrowPhase {
    /// The fewest active contacts a step needs before two workers share its narrow phase.
    static let sharedContacts = 1_024
    /// The fewest contacts in a worker's chunk.
    static let contactsPerChunk = 128

    /// The step's length, over which a pair's closing speed widens its speculative margin.
    let dt: Double
    /// The speculative distance every pair's margin starts from.
    let base: Double
    let linearSlop: Double
    /// How far a pair's relative pose may move, and how far its normal turn (as a cosine), before
    /// a kept manifold is collided again (ContactRecycling.swift).
    let recycleDistance: Double
    let recycleCosine: Double
    /// The World's shapes and bodies, each body's drive speed (World+DriveSpeeds.swift) and the
    /// shapes' world vertices and normals, lent for the pass.
    let shapes: UnsafeBufferPointer<Shape>
    let bodies: UnsafeBufferPointer<Body>
    let drives: UnsafeBufferPointer<Double>
    let vertices: UnsafePointer<Vector>
    let normals: UnsafePointer<Vector>
    /// Whether some island sleeps: only then can a contact be left as it is, or wake one.
    let sleepers: Bool

    init(dt: Double, settings: WorldSettings, shapes: UnsafeBufferPointer<Shape>, bodies: UnsafeBufferPointer<Body>,
         drives: UnsafeBufferPointer<Double>, geometry: ShapeGeometry, sleepers: Bool) {
        self.dt = dt
        base = settings.speculativeDistance
        linearSlop = settings.linearSlop
        recycleDistance = settings.contactRecycleDistance
        recycleCosine = settings.contactRecycleCosine
        self.shapes = shapes
        self.bodies = bodies
        self.drives = drives
        vertices = UnsafePointer(geometry.worldVertices)
        normals = UnsafePointer(geometry.worldNormals)
        self.sleepers = sleepers
    }

    /// Whether the contact is collided this step: contacts among sleeping and static bodies keep
    /// their manifolds as they are.
    @inline(__always)
    func isCollided(_ c: Contact) -> Bool {
        !(sleepers && !IslandSleeper.isActive(bodies[Int(c.bodyA)]) && !IslandSleeper.isActive(bodies[Int(c.bodyB)]))
    }

    /// The sleeping island a collided contact (`isCollided`) with points joins to an active
    /// body, if any.
    @inline(__always)
    func touchedIsland(_ c: Contact) -> Int32? {
        guard c.manifold.count > 0 else { return nil }
        // A body sleeps when it has an island (Body.isAsleep).
        let a = bodies[Int(c.bodyA)].island, b = bodies[Int(c.bodyB)].island
        return a >= 0 || b >= 0 ? max(a, b) : nil
    }

    /// The contact's manifold for the step, its `flags` following its points; returns whether
    /// the last step's was kept (recycled, with the same points).
    @inline(__always)
    func update(_ c: UnsafeMutablePointer<Contact>, flags: UnsafeMutablePointer<ContactFlags>) -> Bool {
        let ia = Int(c.pointee.bodyA), ib = Int(c.pointee.bodyB)
        // Only the fields the narrow phase reads (ContactBody.swift).
        let a = ContactBody(bodies.baseAddress! + ia), b = ContactBody(bodies.baseAddress! + ib)
        // The elasticity first: it sits in the contact's first cache line, the poses in its
        // last, which an elastic contact (never recycled) then does not wait for.
        if recycleDistance > 0 && c.pointee.restitution == 0 && c.pointee.poses.isValid {
            let tolerance = c.pointee.touching ? recycleDistance : min(recycleDistance, base)
            if c.pointee.poses.update(&c.pointee.manifold, a, b, tolerance: tolerance, minimumCosine: recycleCosine) {
                return true
            }
        }
        // Only a pair collided again reads its shapes.
        let A = shapes[Int(c.pointee.shapeA)], B = shapes[Int(c.pointee.shapeB)]
        // The closing speed's bound, with what each body's drive adds within the step
        // (World+DriveSpeeds.swift).
        let margin = base + (Self.closingSpeed(a, b) + drives[ia] + drives[ib]) * dt
        var m = Self.apart(A, B, margin: margin) ? Manifold()
            : Self.collide(A, B, a, b, margin: margin, linearSlop: linearSlop, vertices, normals)
        m.keepShapes(A, B, a.angularVelocity, b.angularVelocity)
        // Carry impulses over to points with the same feature (warm starting).
        let old = c.pointee.manifold
        @inline(__always) func carry(_ p: inout ManifoldPoint) {
            if old.count > 0 && old.p1.id == p.id {
                p.normalImpulse = old.p1.normalImpulse; p.tangentImpulse = old.p1.tangentImpulse
            } else if old.count > 1 && old.p2.id == p.id {
                p.normalImpulse = old.p2.normalImpulse; p.tangentImpulse = old.p2.tangentImpulse
            }
        }
        if m.count > 0 { carry(&m.p1) }
        if m.count > 1 { carry(&m.p2) }
        c.pointee.manifold = m
        flags.pointee = flags.pointee.withPoints(m.count)
        c.pointee.poses.remember(a, b, m)
        return false
    }

    /// An upper bound of how fast bodies `a` and `b` close on each other at their velocities:
    /// |Δv| ≤ |Δvx| + |Δvy|, as a square root stalled the pair on its latency, and a wider
    /// margin only admits a spare point.
    @inline(__always)
    static func closingSpeed(_ a: ContactBody, _ b: ContactBody) -> Double {
        let dv = b.velocity - a.velocity
        return abs(dv.x) + abs(dv.y) + abs(a.angularVelocity) * a.extent + abs(b.angularVelocity) * b.extent
    }

    /// The active contacts collided by both workers; returns how many manifolds were kept.
    func run(_ contacts: UnsafeMutablePointer<Contact>, flags: UnsafeMutablePointer<ContactFlags>,
             active: ActiveContacts, count: Int, workers: SolverWorkers) -> Int {
        let n = active.count(of: count)
        var kept = [Bool](repeating: false, count: n)
        return active.withIndices { indices in
            kept.withUnsafeMutableBufferPointer { kp in
                var chunk = SharedNarrowPhase(phase: self, contacts: contacts, flags: flags, indices: indices,
                                              kept: kp.baseAddress!)
                withUnsafeMutablePointer(to: &chunk) {
                    workers.run(n, minimumChunk: Self.contactsPerChunk, collideChunk, UnsafeMutableRawPointer($0))
                }
                var total = 0
                for k in kp where k { total &+= 1 }
                return total
            }
        }
    }

    /// The manifold of shapes A and B on bodies a and b (a circle's center may lie off its body's).
    @inline(__always)
    static func collide(_ A: Shape, _ B: Shape, _ a: ContactBody, _ b: ContactBody, margin: Double, linearSlop: Double,
                                _ v: UnsafePointer<Vector>, _ n: UnsafePointer<Vector>) -> Manifold {
        let pA = a.position, pB = b.position
        switch (A.kind, B.kind) {
        case (.circle, .circle):
            let cA = A.circleCenter(a.transform), cB = B.circleCenter(b.transform)
            return Collision.circles(cA, A.radius, cB, B.radius, posA: pA, posB: pB, margin: margin)
        case (.polygon, .circle):
            let pa = PolygonRef(vertices: v + Int(A.vertexStart), normals: n + Int(A.vertexStart), count: Int(A.vertexCount))
            return Collision.polygonCircle(pa, B.circleCenter(b.transform), B.radius, radiusA: A.radius,
                                           posA: pA, posB: pB, margin: margin)
        case (.polygon, .polygon):
            let pa = PolygonRef(vertices: v + Int(A.vertexStart), normals: n + Int(A.vertexStart), count: Int(A.vertexCount))
            let pb = PolygonRef(vertices: v + Int(B.vertexStart), normals: n + Int(B.vertexStart), count: Int(B.vertexCount))
            if A.radius != 0 || B.radius != 0 {
                return Collision.roundedPolygons(pa, A.radius, pb, B.radius, posA: pA, posB: pB, margin: margin,
                                                 linearSlop: linearSlop)
            }
            return Collision.polygons(pa, pb, posA: pA, posB: pB, margin: margin, linearSlop: linearSlop,
                                      boxes: A.isBox && B.isBox)
        default:
            return collideCapsule(A, B, a, b, margin: margin, linearSlop: linearSlop, v, n)
        }
    }

    /// The pairs with a capsule: A is the polygon, else the capsule (ContactSet.create's order).
    @inline(never)
    private static func collideCapsule(_ A: Shape, _ B: Shape, _ a: ContactBody, _ b: ContactBody, margin: Double,
                                       linearSlop: Double, _ v: UnsafePointer<Vector>,
                                       _ n: UnsafePointer<Vector>) -> Manifold {
        let pA = a.position, pB = b.position
        let vA = v + Int(A.vertexStart), vB = v + Int(B.vertexStart)
        switch (A.kind, B.kind) {
        case (.capsule, .circle):
            return Collision.capsuleCircle(vA[0], vA[1], A.radius, B.circleCenter(b.transform), B.radius,
                                           posA: pA, posB: pB, margin: margin)
        case (.capsule, .capsule):
            return Collision.capsules(vA[0], vA[1], A.radius, vB[0], vB[1], B.radius, posA: pA, posB: pB, margin: margin)
        case (.polygon, .capsule) where A.vertexCount == 2:
            // A segment boundary is a capsule of its own radius (0).
            return Collision.capsules(vA[0], vA[1], A.radius, vB[0], vB[1], B.radius, posA: pA, posB: pB, margin: margin)
        case (.polygon, .capsule):
            let pa = PolygonRef(vertices: vA, normals: n + Int(A.vertexStart), count: Int(A.vertexCount))
            let pb = PolygonRef(vertices: vB, normals: n + Int(B.vertexStart), count: 2)
            return Collision.roundedPolygons(pa, A.radius, pb, B.radius, posA: pA, posB: pB, margin: margin,
                                             linearSlop: linearSlop)
        default:
            preconditionFailure("contacts keep a polygon before a capsule before a circle")
        }
    }
}

/// What a chunk of the shared narrow phase reads and where it writes.
private struct SharedNarrowPhase {
    let phase: NarrowPhase
    let contacts: UnsafeMutablePointer<Contact>
    let flags: UnsafeMutablePointer<ContactFlags>
    /// The active contacts' indices, or nil when every contact is active.
    let indices: UnsafePointer<Int32>?
    /// By position in the active list: whether the manifold was kept.
    let kept: UnsafeMutablePointer<Bool>
}

/// A chunk of the active contacts collided: `lo..<hi` of the active list.
private func collideChunk(_ raw: UnsafeMutableRawPointer, _ lo: Int, _ hi: Int) {
    let s = raw.assumingMemoryBound(to: SharedNarrowPhase.self).pointee
    for k in lo..<hi {
        let i = ActiveContacts.contact(k, of: s.indices)
        guard s.phase.isCollided(s.contacts[i]) else { continue }
        s.kept[k] = s.phase.update(s.contacts + i, flags: s.flags + i)
    }
}
