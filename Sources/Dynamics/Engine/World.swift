// World: the rigid-body engine under DynamicAnimator. Pure simulation: no clock, no I/O.
//
// A step of length dt (1/60 s from the animator) runs Box2D v3's soft step:
//   1. pending one-shot impulses; broad phase (only shapes that left their fat box are re-queried);
//   2. narrow phase once per step, with a speculative margin that grows with the pair's speed, so
//      a contact exists before fast bodies meet (no tunneling without a separate sweep); a pair
//      whose relative pose has hardly moved keeps its manifold (ContactRecycling.swift);
//   3. `substeps` times: integrate velocities, resolve impacts (ContactSolver.impact), warm start,
//      solve with soft bias, integrate positions, relax without bias, then friction once more;
//   4. store impulses for warm starting, report began/ended contacts, write poses back;
//   5. islands that have come to rest go to sleep (IslandSleeper.swift); sleeping bodies are left
//      out of every stage above until something wakes their island.
// All state is in contiguous arrays of plain structs indexed by Int32 handles; the hot loops run
// over unsafe buffer pointers, with no reference counting or dynamic dispatch inside them.
// Nothing iterates a dictionary, so the same calls always produce bit-identical results.
import Geometry

struct WorldSettings: Sendable {
    /// Solver substeps per step: Box2D v3's four.
    var substeps = 4
    /// Relax passes per substep: one for contact and friction, as Box2D v3 runs, and then
    /// friction alone. With the first only, a pyramid of a hundred layers spreads sideways at
    /// 60 Hz contacts, because friction (solved only while relaxing) has not converged through
    /// its layers; the second holds it (the drifts are in docs/performance-log.md).
    var relaxIterations = 2
    /// Allowed overlap, in points (Box2D's 0.005 m at 100 pt per meter).
    var linearSlop = 0.5
    /// Contacts closer than this (plus the pair's closing distance per step) get speculative points.
    var speculativeDistance = 2.0
    /// A touching contact keeps its manifold while its bodies' relative pose moves less than this
    /// (ContactRecycling.swift): ten linear slops, Box2D v3's default. Zero turns recycling off.
    var contactRecycleDistance = 5.0
    /// ... and while neither body has turned further than this cosine's angle (about 11.5°).
    var contactRecycleCosine = 0.98
    /// How much fat boxes exceed tight ones in the broad phase.
    var aabbMargin = 10.0
    /// Contact stiffness. Box2D v3 uses 30 Hz, and a soft contact compresses by its load·g/(m·ω²),
    /// which summed over a hundred layers sinks the top of a tall pyramid past the quarter-box
    /// criterion. At 60 Hz the sink is a quarter of that, within the criterion (DECISIONS.md).
    var contactHertz = 60.0
    var contactDampingRatio = 10.0
    var jointHertz = 60.0
    var jointDampingRatio = 2.0
    /// Contact stiffness is capped at this fraction of the substep rate (Box2D v3's 1/4).
    var contactHertzPerSubstepRate = 0.25
    /// Cap on the push-out speed for overlapping shapes (3 m/s).
    var contactPushMaxVelocity = 300.0
    /// Approach speeds below this bounce inelastically (1 m/s, as in Box2D and UIKit).
    var restitutionThreshold = 100.0
    var maxLinearSpeed = 400_000.0
    var maxImpactSweeps = 64
    /// Islands of bodies at rest stop being simulated until something wakes them.
    var enableSleep = true
    /// Bodies slower than this (|v| + |ω|·extent), pt/s, are at rest: Box2D's 0.05 m/s.
    var sleepThreshold = 5.0
    /// An island sleeps once all its bodies have been at rest this long, s.
    var timeToSleep = 0.5
}

final class World {
    var settings: WorldSettings
    private(set) var bodies: [Body] = []
    private(set) var states: [BodyState] = []
    private var freeBodies: [Int32] = []
    private(set) var shapes: [Shape] = []
    private var freeShapes: [Int32] = []
    private(set) var vertices: [Vector] = []
    private(set) var normals: [Vector] = []
    /// Vertices and normals in world coordinates, refreshed once per step for moving bodies.
    private var worldVertices: [Vector] = []
    private var worldNormals: [Vector] = []
    private(set) var joints: [Joint] = []
    private var freeJoints: [Int32] = []
    private var broadPhase = BroadPhase()
    private var contactSet = ContactSet()
    private var sleeper = IslandSleeper()
    /// The ground: a fixed body at the origin that holds boundaries and anchors.
    let ground: Int32 = 0

    /// The contacts, in no particular order (ContactSet.swift).
    var contacts: [Contact] { contactSet.contacts }
    /// Contacts that began or ended touching during the last step.
    var beginEvents: [ContactEvent] { contactSet.beginEvents }
    var endEvents: [ContactEvent] { contactSet.endEvents }
    /// Contacts whose manifold the last step kept instead of colliding them again.
    var recycledContactCount: Int { contactSet.recycledCount }

    init(settings: WorldSettings = WorldSettings()) {
        self.settings = settings
        var g = Body()
        g.kind = .fixed
        bodies.append(g)
        states.append(BodyState())
    }

    // MARK: Bodies

    func createBody(_ body: Body) -> Int32 {
        if let id = freeBodies.popLast() {
            bodies[Int(id)] = body
            states[Int(id)] = BodyState()
            return id
        }
        bodies.append(body)
        states.append(BodyState())
        return Int32(bodies.count - 1)
    }

    func destroyBody(_ id: Int32) {
        precondition(id != ground, "the ground body is permanent")
        wake(id)
        for s in shapes.indices where shapes[s].isActive && shapes[s].body == id { destroyShape(Int32(s)) }
        for j in joints.indices where joints[j].isActive && (joints[j].bodyA == id || joints[j].bodyB == id) {
            destroyJoint(Int32(j))
        }
        bodies[Int(id)].isActive = false
        freeBodies.append(id)
    }

    func body(_ id: Int32) -> Body { bodies[Int(id)] }

    /// Clears every body's acceleration (the behaviors set it again before each step).
    func resetAccelerations() {
        bodies.withUnsafeMutableBufferPointer { bp in
            for i in 0..<bp.count { bp[i].acceleration = .zero }
        }
    }

    /// Adds the same acceleration to several bodies (gravity); ids below zero are skipped. An
    /// acceleration is a load, not a velocity change, so it wakes nothing by itself here; the
    /// sleeper compares a sleeping body's load with the one it fell asleep under.
    func addAcceleration(_ a: Vector, to ids: [Int32]) {
        bodies.withUnsafeMutableBufferPointer { bp in
            for id in ids where id >= 0 { bp[Int(id)].acceleration += a }
        }
    }

    /// Changes a body; a change of velocity, impulse, mass or kind wakes a sleeping body's island.
    func withBody(_ id: Int32, _ change: (inout Body) -> Void) {
        guard bodies[Int(id)].isAsleep else { change(&bodies[Int(id)]); return }
        let before = bodies[Int(id)]
        change(&bodies[Int(id)])
        if IslandSleeper.wakes(before, bodies[Int(id)]) { wake(id) }
    }

    /// Wakes the island of a sleeping body (nothing for an awake one).
    private func wake(_ id: Int32) {
        if bodies[Int(id)].isAsleep { sleeper.wake(island: bodies[Int(id)].island, &bodies) }
    }

    /// Wakes the bodies on the other side of every contact of a shape, and the shape's own.
    private func wakeContacts(of shape: Int32) {
        wake(shapes[Int(shape)].body)
        guard sleeper.hasSleepers else { return }
        for c in contactSet.contacts where c.shapeA == shape || c.shapeB == shape {
            wake(shapes[Int(c.shapeA)].body)
            wake(shapes[Int(c.shapeB)].body)
        }
    }

    /// The velocity that forces depending on velocity (drag, magnetic fields) see: a sleeping body
    /// reports zero velocity, but is loaded as at the step before it fell asleep, so an unchanged
    /// field keeps giving it the load it fell asleep with and does not wake it.
    func velocityForForces(of id: Int32) -> Vector {
        bodies[Int(id)].isAsleep ? sleeper.velocityBeforeSleep(of: id) : bodies[Int(id)].velocity
    }

    /// Moves a body to a pose (the owner changed the item); contacts are re-evaluated next step.
    func setTransform(_ id: Int32, position: Vector, angle: Double) {
        sleeper.noteMovedByOwner(id, &bodies)
        bodies[Int(id)].position = position
        bodies[Int(id)].rotation = Rotation(angle: angle)
        let xf = bodies[Int(id)].transform
        for i in shapes.indices where shapes[i].isActive && shapes[i].body == id {
            if refreshProxy(i, xf) { broadPhase.markMoved(Int32(i)) }
        }
    }

    // MARK: Shapes

    func addCircle(body: Int32, radius: Double) -> Int32 {
        var s = Shape(body: body, kind: .circle)
        s.radius = radius
        bodies[Int(body)].extent = max(bodies[Int(body)].extent, radius)
        return insertShape(s)
    }

    /// Adds a convex polygon (vertices in winding order, body coordinates) or, with two vertices,
    /// a two-sided segment.
    func addPolygon(body: Int32, vertices v: [Vector]) -> Int32 {
        precondition(v.count >= 2)
        var s = Shape(body: body, kind: .polygon)
        s.vertexStart = Int32(vertices.count)
        s.vertexCount = Int32(v.count)
        vertices.append(contentsOf: v)
        if v.count == 2 {
            let n = Vector((v[1] - v[0]).y, -(v[1] - v[0]).x).normalized
            normals.append(n)
            normals.append(-n)
        } else {
            let n = PolygonBuilder.normals(v)
            normals.append(contentsOf: n)
            s.isBox = Shape.isRectangle(v, normals: n)
        }
        worldVertices.append(contentsOf: v)
        worldNormals.append(contentsOf: normals[Int(s.vertexStart)...])
        var extent = bodies[Int(body)].extent
        for p in v { extent = max(extent, p.length) }
        bodies[Int(body)].extent = extent
        return insertShape(s)
    }

    private func insertShape(_ shape: Shape) -> Int32 {
        var s = shape
        let core = vertices.withUnsafeBufferPointer { v in
            normals.withUnsafeBufferPointer { n in
                ContinuousCollision.coreRadius(of: s, vertices: v.baseAddress!, normals: n.baseAddress!, linearSlop: settings.linearSlop)
            }
        }
        bodies[Int(s.body)].coreRadius = max(bodies[Int(s.body)].coreRadius, core)
        let id: Int32
        if let free = freeShapes.popLast() { id = free } else {
            id = Int32(shapes.count)
            shapes.append(s)
        }
        s.aabb = withGeometry { $0.place(s, bodies[Int(s.body)].transform) }
        s.proxy = broadPhase.createProxy(id, box: s.aabb, margin: settings.aabbMargin)
        shapes[Int(id)] = s
        if bodies[Int(s.body)].firstShape < 0 { bodies[Int(s.body)].firstShape = id }
        return id
    }

    func destroyShape(_ id: Int32) {
        wakeContacts(of: id)
        contactSet.destroyContacts(of: id)
        broadPhase.destroyProxy(id, proxy: shapes[Int(id)].proxy)
        shapes[Int(id)].isActive = false
        shapes[Int(id)].proxy = DynamicTree.null
        let owner = Int(shapes[Int(id)].body)
        if bodies[owner].firstShape == id { bodies[owner].firstShape = -1 }
        freeShapes.append(id)
    }

    func shape(_ id: Int32) -> Shape { shapes[Int(id)] }

    func withShape(_ id: Int32, _ change: (inout Shape) -> Void) { change(&shapes[Int(id)]) }

    /// Changes what a shape collides with: its contacts are dropped and found again next step.
    func setFilter(_ id: Int32, itemMask: UInt64, boundaryMask: UInt64) {
        if shapes[Int(id)].itemMask == itemMask && shapes[Int(id)].boundaryMask == boundaryMask { return }
        wakeContacts(of: id)
        shapes[Int(id)].itemMask = itemMask
        shapes[Int(id)].boundaryMask = boundaryMask
        contactSet.destroyContacts(of: id) { !ContactSet.shouldCollide($0.shapeA, $0.shapeB, shapes: shapes, bodies: bodies) }
        broadPhase.markMoved(id)
    }

    /// Material of a shape changed: refresh the mixed friction and restitution of its contacts.
    func refreshMaterials(of id: Int32) {
        for c in contactSet.refreshMaterials(of: id, shapes: shapes) {
            wake(shapes[Int(c.shapeA)].body)
            wake(shapes[Int(c.shapeB)].body)
        }
    }

    // MARK: Joints

    func createJoint(_ joint: Joint) -> Int32 {
        wake(joint.bodyA)
        wake(joint.bodyB)
        if let id = freeJoints.popLast() {
            joints[Int(id)] = joint
            return id
        }
        joints.append(joint)
        return Int32(joints.count - 1)
    }

    func destroyJoint(_ id: Int32) {
        wake(joints[Int(id)].bodyA)
        wake(joints[Int(id)].bodyB)
        joints[Int(id)].isActive = false
        freeJoints.append(id)
    }

    func joint(_ id: Int32) -> Joint { joints[Int(id)] }

    /// Changes a joint; a changed definition wakes the bodies it holds.
    func withJoint(_ id: Int32, _ change: (inout Joint) -> Void) {
        let before = joints[Int(id)]
        change(&joints[Int(id)])
        if !IslandSleeper.sameDefinition(before, joints[Int(id)]) {
            wake(before.bodyA); wake(before.bodyB)
            wake(joints[Int(id)].bodyA); wake(joints[Int(id)].bodyB)
        }
    }

    // MARK: Queries

    /// Shapes whose tight boxes overlap `rect`, in a deterministic order.
    func shapes(overlapping rect: Rect) -> [Int32] {
        if broadPhase.hasStaleProxies {
            broadPhase.clearStaleProxies()
            for i in shapes.indices where shapes[i].isActive && shapes[i].itemMask == 0 && shapes[i].boundaryMask == 0 {
                let b = bodies[Int(shapes[i].body)]
                if b.kind != .fixed { refreshProxy(i, b.transform) }
            }
        }
        let box = AABB(lower: Vector(rect.minX, rect.minY), upper: Vector(rect.maxX, rect.maxY))
        var found: [Int32] = []
        broadPhase.query(box) { id in
            if shapes[Int(id)].isActive && shapes[Int(id)].aabb.overlaps(box) { found.append(id) }
        }
        return found.sorted()
    }

    /// Whether the point lies inside the shape.
    func shape(_ id: Int32, contains point: Vector) -> Bool {
        let s = shapes[Int(id)]
        let xf = bodies[Int(s.body)].transform
        let local = xf.inverseApply(point)
        switch s.kind {
        case .circle:
            return local.lengthSquared <= s.radius * s.radius
        case .polygon:
            if s.vertexCount < 3 { return false }
            for i in 0..<Int(s.vertexCount) {
                let k = Int(s.vertexStart) + i
                if normals[k].dot(local - vertices[k]) > 0 { return false }
            }
            return true
        }
    }

    // MARK: The step

    func step(dt: Double) {
        contactSet.clearEvents()
        sleeper.beginStep(&bodies, joints: joints, enabled: settings.enableSleep)
        applyPendingImpulses()
        updateBroadPhase(dt: dt)
        updateContacts(dt: dt)
        solve(dt: dt)
        sleeper.endStep(&bodies, movers: movers, contacts: contactSet.contacts, shapes: shapes, joints: joints,
                        timeToSleep: settings.timeToSleep)
    }

    private func applyPendingImpulses() {
        for i in bodies.indices where bodies[i].isActive {
            let b = bodies[i]
            if b.pendingImpulse != .zero || b.pendingAngularImpulse != 0 {
                if b.kind == .dynamic {
                    bodies[i].velocity += b.pendingImpulse * b.invMass
                    bodies[i].angularVelocity += b.pendingAngularImpulse * b.invInertia
                }
                bodies[i].pendingImpulse = .zero
                bodies[i].pendingAngularImpulse = 0
            }
        }
    }

    /// The shapes' local and world geometry as raw pointers, for placing shapes and colliding them.
    private func withGeometry<R>(_ body: (ShapeGeometry) -> R) -> R {
        vertices.withUnsafeBufferPointer { lv in
        normals.withUnsafeBufferPointer { ln in
        worldVertices.withUnsafeMutableBufferPointer { wv in
        worldNormals.withUnsafeMutableBufferPointer { wn in
            body(ShapeGeometry(localVertices: lv.baseAddress!, localNormals: ln.baseAddress!,
                               worldVertices: wv.baseAddress!, worldNormals: wn.baseAddress!))
        }}}}
    }

    /// Recomputes shape `i`'s box at `xf` and moves its proxy if the box left the fat box;
    /// returns whether it did.
    @discardableResult
    private func refreshProxy(_ i: Int, _ xf: Transform) -> Bool {
        let box = withGeometry { $0.place(shapes[i], xf) }
        shapes[i].aabb = box
        return broadPhase.refit(shapes[i].proxy, box: box, margin: settings.aabbMargin)
    }

    private func updateBroadPhase(dt: Double) {
        let margin = settings.aabbMargin
        shapes.withUnsafeMutableBufferPointer { sp in
        bodies.withUnsafeBufferPointer { bp in
        withGeometry { geometry in
            broadPhase.update(dt: dt, margin: margin, shapes: sp, bodies: bp, geometry: geometry)
        }}}
        broadPhase.updatePairs(&contactSet, shapes: shapes, bodies: bodies)
    }

    private func updateContacts(dt: Double) {
        broadPhase.dropSeparatedPairs(&contactSet, shapes: shapes)
        let sleepers = sleeper.hasSleepers
        let touched = shapes.withUnsafeBufferPointer { sp in
            bodies.withUnsafeBufferPointer { bp in
                withGeometry { geometry in
                    contactSet.update(dt: dt, settings: settings, shapes: sp, bodies: bp, geometry: geometry,
                                      sleepers: sleepers)
                }
            }
        }
        if !touched.isEmpty { sleeper.wake(touched: touched, &bodies, contacts: contactSet.contacts, shapes: shapes) }
    }

    private var graph = ConstraintGraph()
    /// Dynamic bodies and their per-substep velocity change, built once per step.
    private var motions: [BodyMotion] = []
    /// Bodies that move during the step: dynamic and anchored ones that are awake.
    private var movers: [Int32] = []
    /// Every body's masses and flags, compact, for building the contact constraints.
    private var solverBodies: [SolverBody] = []
    /// Active joints whose bodies are awake.
    private var awakeJoints: [Int32] = []
    /// Awake joints whose rigid rows are solved together with their neighbours' (JointGroups.swift).
    private var jointGroups = JointGroups()

    /// One pass over the joints: each joint alone in its group by itself, then each group at once.
    @inline(__always)
    private func solveJoints(_ jp: UnsafeMutablePointer<Joint>, _ s: UnsafeMutablePointer<BodyState>, _ set: SolverSettings,
                             _ soft: Softness, _ awake: UnsafeBufferPointer<Int32>, useBias: Bool) {
        for j in awake where !jointGroups.isGrouped[Int(j)] {
            JointSolver.solve(&jp[Int(j)], s, set, jointSoftness: soft, useBias: useBias)
        }
        for g in 0..<jointGroups.count { jointGroups.solve(g, jp, s, set, soft: soft, useBias: useBias) }
    }

    /// What one substep does to a dynamic body's velocity before the constraints: damping, then
    /// the constant acceleration of the step's forces and fields.
    private struct BodyMotion {
        var index: Int32
        var linearScale: Float
        var angularScale: Float
        var dw: Float
        var dvx: Float
        var dvy: Float
    }

    /// The body states the substeps start from, and the lists of bodies they integrate.
    private func prepareBodies(h: Double) {
        motions.removeAll(keepingCapacity: true)
        movers.removeAll(keepingCapacity: true)
        if solverBodies.count != bodies.count {
            solverBodies = [SolverBody](repeating: SolverBody(), count: bodies.count)
        }
        bodies.withUnsafeBufferPointer { bp in
        states.withUnsafeMutableBufferPointer { sp in
        solverBodies.withUnsafeMutableBufferPointer { sb in
            for i in 0..<bp.count {
                sb[i] = SolverBody(bp[i])
                guard bp[i].isActive && bp[i].kind != .fixed && !bp[i].isAsleep else {
                    sp[i] = BodyState()
                    continue
                }
                // Anchored bodies keep the velocity their owner gave them (kinematic motion).
                sp[i] = BodyState(v: bp[i].velocity, w: bp[i].angularVelocity)
                movers.append(Int32(i))
                if bp[i].kind == .dynamic {
                    let b = bp[i]
                    let dv = (b.force * b.invMass + b.acceleration) * h
                    motions.append(BodyMotion(index: Int32(i),
                                              linearScale: Float(1 / (1 + h * b.linearDamping)),
                                              angularScale: Float(1 / (1 + h * b.angularDamping)),
                                              dw: Float(h * b.invInertia * b.torque),
                                              dvx: Float(dv.x), dvy: Float(dv.y)))
                }
            }
        }}}
    }

    private func solve(dt: Double) {
        let n = max(1, settings.substeps)
        let h = dt / Double(n)
        let contactHertz = min(settings.contactHertz, settings.contactHertzPerSubstepRate / h)
        let set = SolverSettings(
            h: h, invH: 1 / h,
            contactSoftness: Softness(hertz: contactHertz, dampingRatio: settings.contactDampingRatio, h: h),
            staticSoftness: Softness(hertz: 2 * contactHertz, dampingRatio: settings.contactDampingRatio, h: h),
            maxBiasVelocity: settings.contactPushMaxVelocity,
            restitutionThreshold: settings.restitutionThreshold,
            linearSlop: settings.linearSlop)
        let jointSoftness = Softness(hertz: 2 * contactHertz, dampingRatio: settings.jointDampingRatio, h: h)

        prepareBodies(h: h)
        let bodyCount = bodies.count
        contactSet.contacts.withUnsafeBufferPointer { cp in
        solverBodies.withUnsafeBufferPointer { sb in
        bodies.withUnsafeMutableBufferPointer { bp in
            graph.build(contacts: cp, solverBodies: sb.baseAddress!, bodies: bp.baseAddress!, bodyCount: bodyCount,
                        settings: set)
            awakeJoints.removeAll(keepingCapacity: true)
            for j in joints.indices where joints[j].isActive
                && !bp[Int(joints[j].bodyA)].isAsleep && !bp[Int(joints[j].bodyB)].isAsleep {
                awakeJoints.append(Int32(j))
                JointSolver.prepare(&joints[j], bp.baseAddress!, set)
            }
        }}}
        awakeJoints.withUnsafeBufferPointer { awake in
            joints.withUnsafeBufferPointer { jp in jointGroups.build(awake: awake, joints: jp, bodyCount: bodyCount) }
        }

        let maxSpeed = Float(settings.maxLinearSpeed)
        let relaxIterations = max(1, settings.relaxIterations)
        let sweeps = settings.maxImpactSweeps
        let hf = Float(h)
        let wide = WideSettings(set)
        states.withUnsafeMutableBufferPointer { sp in
        graph.withConstraints { wp, op, ip in
        joints.withUnsafeMutableBufferPointer { jp in
        motions.withUnsafeBufferPointer { mp in
        movers.withUnsafeBufferPointer { movers in
        awakeJoints.withUnsafeBufferPointer { awakeJoints in
            let s = sp.baseAddress!
            func resolveImpacts() {
                if ip.isEmpty { return }
                for _ in 0..<sweeps {
                    var any = false
                    for k in 0..<ip.count where ContactSolver.impact(&ip[k], s, set) { any = true }
                    if !any { break }
                }
            }
            for _ in 0..<n {
                // Integrate velocities.
                for m in mp {
                    let st = s + Int(m.index)
                    var vx = st.pointee.vx * m.linearScale + m.dvx
                    var vy = st.pointee.vy * m.linearScale + m.dvy
                    let speed2 = vx * vx + vy * vy
                    if speed2 > maxSpeed * maxSpeed {
                        let k = maxSpeed / speed2.squareRoot()
                        vx *= k; vy *= k
                    }
                    st.pointee.vx = vx; st.pointee.vy = vy
                    st.pointee.angular = st.pointee.angular * m.angularScale + m.dw
                }
                // Impacts: pairwise, from current velocities, until nothing approaches. This runs
                // before each pass that could clamp an approach (the speculative part of solve and
                // relax), so an elastic contact always bounces from its full approach speed.
                resolveImpacts()
                for j in awakeJoints { JointSolver.warmStart(&jp[Int(j)], s) }
                for w in 0..<wp.count { WideContactSolver.warmStart(&wp[w], s) }
                for c in 0..<op.count { ContactSolver.warmStart(&op[c], s) }
                solveJoints(jp.baseAddress!, s, set, jointSoftness, awakeJoints, useBias: true)
                for w in 0..<wp.count { WideContactSolver.solve(&wp[w], s, wide) }
                for c in 0..<op.count { ContactSolver.solve(&op[c], s, set, useBias: true) }
                // Integrate positions.
                for i in movers { s[Int(i)].advance(by: hf) }
                resolveImpacts()
                solveJoints(jp.baseAddress!, s, set, jointSoftness, awakeJoints, useBias: false)
                for r in 0..<relaxIterations {
                    if r == 0 {
                        for w in 0..<wp.count { WideContactSolver.relax(&wp[w], s, wide) }
                    } else {
                        for w in 0..<wp.count { WideContactSolver.relaxFriction(&wp[w], s) }
                    }
                    for c in 0..<op.count { ContactSolver.solve(&op[c], s, set, useBias: false) }
                }
            }
        }}}}}}

        // Store impulses, decide touching, report events.
        contactSet.withContacts { graph.store(into: $0) }
        contactSet.updateTouching(linearSlop: settings.linearSlop)

        // Write poses back. The rotation is renormalized in double precision, so the single
        // precision of a step's turn never accumulates into the pose. Dynamic bodies advance their
        // rest timers here, before their forces and the velocity the step started from are
        // replaced (IslandSleeper remembers both).
        let sleep = settings.enableSleep, threshold = settings.sleepThreshold, timeToSleep = settings.timeToSleep
        sleeper.reserve(bodyCount: bodies.count)
        bodies.withUnsafeMutableBufferPointer { bp in
        states.withUnsafeBufferPointer { sp in
            for i in movers {
                let st = sp[Int(i)]
                let q = st.dq.multiply(bp[Int(i)].rotation)
                let inv = 1 / (q.c * q.c + q.s * q.s).squareRoot()
                bp[Int(i)].position += st.dp
                bp[Int(i)].rotation = Rotation(c: q.c * inv, s: q.s * inv)
                if bp[Int(i)].kind == .dynamic {
                    if sleep {
                        sleeper.advance(&bp[Int(i)], i, st, dt: dt, threshold: threshold, timeToSleep: timeToSleep)
                    } else {
                        bp[Int(i)].sleepTime = 0
                    }
                }
                bp[Int(i)].velocity = st.v
                bp[Int(i)].angularVelocity = st.w
                bp[Int(i)].force = .zero
                bp[Int(i)].torque = 0
            }
        }}
        sweepFastBodies()
    }

    /// Puts back every dynamic body whose center passed into a static shape this step
    /// (ContinuousCollision.swift).
    private func sweepFastBodies() {
        let slop = settings.linearSlop
        for i in movers {
            let b = bodies[Int(i)]
            guard b.kind == .dynamic, b.firstShape >= 0 else { continue }
            let travel = states[Int(i)].dp
            let distance = travel.length
            guard distance > b.coreRadius else { continue }
            let end = b.position, start = end - travel, core = b.coreRadius
            let path = AABB(lower: Vector(min(start.x, end.x), min(start.y, end.y)),
                            upper: Vector(max(start.x, end.x), max(start.y, end.y))).enlarged(by: core)
            var first = Double.infinity
            vertices.withUnsafeBufferPointer { v in
            normals.withUnsafeBufferPointer { n in
                broadPhase.query(path) { id in
                    let s = shapes[Int(id)]
                    guard s.isActive, bodies[Int(s.body)].kind == .fixed,
                          ContactSet.shouldCollide(id, b.firstShape, shapes: shapes, bodies: bodies) else { return }
                    let xf = bodies[Int(s.body)].transform
                    guard ContinuousCollision.crosses(from: start, to: end, shape: s, transform: xf, vertices: v.baseAddress!),
                          let t = ContinuousCollision.entry(from: start, to: end, radius: core, shape: s, transform: xf,
                                                            vertices: v.baseAddress!, normals: n.baseAddress!) else { return }
                    first = min(first, t)
                }
            }}
            if first <= 1 {
                bodies[Int(i)].position = start + travel * max(0, first - slop / distance)
            }
        }
    }
}
