// World: the rigid-body engine under DynamicAnimator. Pure simulation: no clock, no I/O.
//
// The World holds the scene (bodies, shapes with their vertices, joints), answers queries about
// it, and runs a step of length dt (1/60 s from the animator) as Box2D v3's soft step, each part
// in a type of its own:
//   1. pending one-shot impulses (here);
//   2. BroadPhase: only shapes that left their fat box are moved and re-queried, and their new
//      pairs become contacts;
//   3. ContactSet: the narrow phase once per step, with a speculative margin that grows with the
//      pair's speed, so a contact exists before fast bodies meet (no tunneling without a separate
//      sweep); a pair whose relative pose has hardly moved keeps its manifold
//      (ContactRecycling.swift);
//   4. Stepper: `substeps` times the solver stages over a SolverContext (SolverStages.swift),
//      then store impulses, report began/ended contacts and write poses back;
//   5. WallGuard: no dynamic body's center ends the step beyond a wall or a still item;
//   6. islands that have come to rest go to sleep (IslandSleeper.swift); sleeping bodies are left
//      out of every stage above until something wakes their island.
// The World is the only owner of that state; the parts get what a call needs as arguments and
// keep only their own bookkeeping (the tree, the pair table, the solver's scratch arrays), so
// they have no references to each other and each can change without the others.
// All state is in contiguous arrays of plain structs indexed by Int32; the World's methods take
// and return typed handles (BodyID, ShapeID, JointID; Handles.swift) and convert at this edge,
// and a step returns what it did as a StepResult (Stepper.swift). The hot loops run
// over unsafe buffer pointers, with no reference counting or dynamic dispatch inside them.
// Nothing iterates a dictionary, so the same calls always produce bit-identical results.
import Geometry

final class World {
    var settings: WorldSettings
    // The stored state is internal, not private, for one reader and writer outside this file:
    // a checkpoint copies it whole and puts it back (World+Checkpoint.swift).
    var bodies: [Body] = []
    var freeBodies: [Int32] = []
    var shapes: [Shape] = []
    var freeShapes: [Int32] = []
    var vertices: [Vector] = []
    var normals: [Vector] = []
    /// Vertices and normals in world coordinates, refreshed once per step for moving bodies.
    var worldVertices: [Vector] = []
    var worldNormals: [Vector] = []
    var joints: [Joint] = []
    var freeJoints: [Int32] = []
    var broadPhase = BroadPhase()
    var contactSet = ContactSet()
    var stepper = Stepper()
    /// The threads the solver may share a large step with (SolverWorkers.swift); nil: one.
    var workers: SolverWorkers?
    /// Fields over bodies for the coming step (SubstepField.swift), cleared with the accelerations.
    var fieldLoads: [FieldLoad] = []
    var sleeper = IslandSleeper()
    /// The ground: a fixed body at the origin that holds boundaries and anchors.
    let ground = BodyID(0)

    /// The contacts, in no particular order (ContactSet.swift).
    var contacts: [Contact] { contactSet.contacts }
    /// Contacts that began or ended touching during the last step.
    var beginEvents: [ContactEvent] { contactSet.beginEvents }
    var endEvents: [ContactEvent] { contactSet.endEvents }
    /// Contacts whose manifold the last step kept instead of colliding them again.
    var recycledContactCount: Int { contactSet.recycledCount }
    /// The bodies the last step moved: active, not fixed, awake at its start (Stepper.movers).
    var movers: [Int32] { stepper.movers }

    init(settings: WorldSettings = WorldSettings()) {
        self.settings = settings
        var g = Body()
        g.kind = .fixed
        bodies.append(g)
    }

    // MARK: Bodies

    /// A new body as `definition` describes it.
    func createBody(_ definition: BodyDefinition) -> BodyID {
        let body = Body(definition)
        if let id = freeBodies.popLast() {
            bodies[Int(id)] = body
            return BodyID(id)
        }
        bodies.append(body)
        return BodyID(Int32(bodies.count - 1))
    }

    func destroyBody(_ body: BodyID) {
        precondition(body != ground, "the ground body is permanent")
        let id = body.index
        wake(id)
        // The body's own shapes (its list), in index order, as a scan of every shape finds them.
        var own: [Int32] = [], k = bodies[Int(id)].firstShape
        while k >= 0 { own.append(k); k = shapes[Int(k)].nextShape }
        for s in own.sorted() where shapes[Int(s)].isActive && shapes[Int(s)].body == id { destroyShape(ShapeID(s)) }
        for j in joints.indices where joints[j].isActive && (joints[j].bodyA == id || joints[j].bodyB == id) {
            destroyJoint(JointID(Int32(j)))
        }
        bodies[Int(id)].isActive = false
        freeBodies.append(id)
    }

    func body(_ id: BodyID) -> Body { bodies[Int(id.index)] }

    /// Clears every body's acceleration (the behaviors set it again before each step).
    func resetAccelerations() {
        bodies.withUnsafeMutableBufferPointer { bp in
            for i in 0..<bp.count { bp[i].acceleration = .zero; bp[i].fieldAcceleration = .zero }
        }
    }

    /// A field the solver applies to a body at every substep of the coming step.
    func addFieldLoad(_ load: FieldLoad) { fieldLoads.append(load) }

    /// Adds the same acceleration to several bodies (gravity). An acceleration is a load, not a
    /// velocity change, so it wakes nothing by itself here; the sleeper compares a sleeping
    /// body's load with the one it fell asleep under.
    func addAcceleration(_ a: Vector, to ids: [BodyID]) {
        bodies.withUnsafeMutableBufferPointer { bp in
            for id in ids { bp[Int(id.index)].acceleration += a }
        }
    }

    /// Changes a body; a change of its definition (velocity, impulse, mass, kind, pose) wakes a
    /// sleeping body's island.
    func withBody(_ body: BodyID, _ change: (inout Body) -> Void) {
        let id = body.index
        guard bodies[Int(id)].isAsleep else { change(&bodies[Int(id)]); return }
        let before = bodies[Int(id)].definition
        change(&bodies[Int(id)])
        if bodies[Int(id)].definition != before { wake(id) }
    }

    /// Wakes the island of a sleeping body (nothing for an awake one).
    func wake(_ id: Int32) {
        if bodies[Int(id)].isAsleep { sleeper.wake(island: bodies[Int(id)].island, &bodies) }
    }

    /// Wakes the bodies on the other side of every contact of a shape, and the shape's own.
    private func wakeContacts(of shape: Int32) {
        wake(shapes[Int(shape)].body)
        guard sleeper.hasSleepers else { return }
        for i in contactSet.contactIndices(of: shape) {
            let c = contactSet.contacts[i]
            wake(shapes[Int(c.shapeA)].body)
            wake(shapes[Int(c.shapeB)].body)
        }
    }

    /// The velocity that forces depending on velocity (drag, magnetic fields) see: a sleeping body
    /// reports zero velocity, but is loaded as at the step before it fell asleep, so an unchanged
    /// field keeps giving it the load it fell asleep with and does not wake it.
    func velocityForForces(of body: BodyID) -> Vector {
        let id = body.index
        return bodies[Int(id)].isAsleep ? sleeper.velocityBeforeSleep(of: id) : bodies[Int(id)].velocity
    }

    /// Moves a body to a pose (the owner changed the item); contacts are re-evaluated next step.
    func setTransform(_ body: BodyID, position: Vector, angle: Double) {
        let id = body.index
        sleeper.noteMovedByOwner(id, &bodies)
        bodies[Int(id)].position = position
        bodies[Int(id)].rotation = Rotation(angle: angle)
        let xf = bodies[Int(id)].transform
        for i in shapes.indices where shapes[i].isActive && shapes[i].body == id {
            if refreshProxy(i, xf) { broadPhase.markMoved(Int32(i)) }
        }
    }

    // MARK: Shapes

    /// Adds a circle centered at `center` in body coordinates (the body's center unless it has
    /// several shapes).
    func addCircle(body id: BodyID, radius: Double, center: Vector = .zero) -> ShapeID {
        let body = id.index
        var s = Shape(body: body, kind: .circle)
        s.radius = radius
        s.center = center
        bodies[Int(body)].extent = max(bodies[Int(body)].extent, center == .zero ? radius : center.length + radius)
        return ShapeID(insertShape(s))
    }

    /// Adds a convex polygon (vertices in winding order, body coordinates) or, with two vertices,
    /// a two-sided segment; with a `radius`, the polygon's corners (a segment's ends) are rounded
    /// by it: the shape is everything within `radius` of the polygon.
    func addPolygon(body id: BodyID, vertices v: [Vector], radius: Double = 0) -> ShapeID {
        addVertices(body: id, kind: .polygon, vertices: v, radius: radius)
    }

    /// Adds a capsule: the points within `radius` of the segment from `center1` to `center2`
    /// (body coordinates).
    func addCapsule(body id: BodyID, center1: Vector, center2: Vector, radius: Double) -> ShapeID {
        precondition(radius > 0 && center1 != center2, "a capsule has a radius and two distinct centers")
        return addVertices(body: id, kind: .capsule, vertices: [center1, center2], radius: radius)
    }

    private func addVertices(body id: BodyID, kind: ShapeKind, vertices v: [Vector], radius: Double) -> ShapeID {
        precondition(v.count >= 2 && radius >= 0 && radius.isFinite)
        let body = id.index
        var s = Shape(body: body, kind: kind)
        s.radius = radius
        s.vertexStart = Int32(vertices.count)
        s.vertexCount = Int32(v.count)
        vertices.append(contentsOf: v)
        if v.count == 2 {
            let n = Vector((v[1] - v[0]).y, -(v[1] - v[0]).x).normalized
            normals.append(contentsOf: [n, -n])
        } else {
            let n = PolygonBuilder.normals(v)
            normals.append(contentsOf: n)
            s.isBox = radius == 0 && Shape.isRectangle(v, normals: n)
            s.halfTurnCosine = Shape.halfTurnCosine(normals: n)
        }
        worldVertices.append(contentsOf: v)
        worldNormals.append(contentsOf: normals[Int(s.vertexStart)...])
        var extent = bodies[Int(body)].extent
        for p in v { extent = max(extent, radius == 0 ? p.length : p.length + radius) }
        bodies[Int(body)].extent = extent
        return ShapeID(insertShape(s))
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
        s.proxy = broadPhase.createProxy(id, box: s.aabb, margin: settings.aabbMargin,
                                         isWall: bodies[Int(s.body)].kind != .dynamic)
        shapes[Int(id)] = s
        appendToShapeList(id, body: Int(s.body))
        return id
    }

    func destroyShape(_ shape: ShapeID) {
        let id = shape.index
        wakeContacts(of: id)
        contactSet.destroyContacts(of: id)
        broadPhase.destroyProxy(id, proxy: shapes[Int(id)].proxy)
        shapes[Int(id)].isActive = false
        shapes[Int(id)].proxy = DynamicTree.null
        removeFromShapeList(id, body: Int(shapes[Int(id)].body))
        freeShapes.append(id)
    }

    /// Puts shape `id` last in its body's list of shapes (the wall guard walks it).
    private func appendToShapeList(_ id: Int32, body: Int) {
        shapes[Int(id)].nextShape = -1
        var last = bodies[body].firstShape
        guard last >= 0 else { bodies[body].firstShape = id; return }
        while shapes[Int(last)].nextShape >= 0 { last = shapes[Int(last)].nextShape }
        shapes[Int(last)].nextShape = id
    }

    /// Takes shape `id` out of its body's list of shapes.
    private func removeFromShapeList(_ id: Int32, body: Int) {
        let next = shapes[Int(id)].nextShape
        shapes[Int(id)].nextShape = -1
        if bodies[body].firstShape == id { bodies[body].firstShape = next; return }
        var k = bodies[body].firstShape
        while k >= 0 {
            if shapes[Int(k)].nextShape == id { shapes[Int(k)].nextShape = next; return }
            k = shapes[Int(k)].nextShape
        }
    }

    func shape(_ id: ShapeID) -> Shape { shapes[Int(id.index)] }

    func withShape(_ id: ShapeID, _ change: (inout Shape) -> Void) { change(&shapes[Int(id.index)]) }

    /// Changes what a shape collides with: its contacts are dropped and found again next step.
    func setFilter(_ shape: ShapeID, itemMask: UInt64, boundaryMask: UInt64, filter: CollisionFilter = .default) {
        let id = shape.index
        if shapes[Int(id)].itemMask == itemMask && shapes[Int(id)].boundaryMask == boundaryMask
            && shapes[Int(id)].filter == filter { return }
        wakeContacts(of: id)
        shapes[Int(id)].itemMask = itemMask
        shapes[Int(id)].boundaryMask = boundaryMask
        shapes[Int(id)].filter = filter
        contactSet.destroyContacts(of: id) {
            !ContactSet.shouldCollide($0.shapeA, $0.shapeB, shapes: shapes, bodies: bodies)
        }
        broadPhase.markMoved(id)
    }

    /// Material of a shape changed: refresh the mixed friction and restitution of its contacts.
    func refreshMaterials(of id: ShapeID) {
        for c in contactSet.refreshMaterials(of: id.index, shapes: shapes) {
            wake(shapes[Int(c.shapeA)].body)
            wake(shapes[Int(c.shapeB)].body)
        }
    }

    /// The same for many shapes, in their order, in one pass over the contacts.
    func refreshMaterials(of ids: [ShapeID]) {
        for c in contactSet.refreshMaterials(ofShapes: ids.map(\.index), shapes: shapes) {
            wake(shapes[Int(c.shapeA)].body)
            wake(shapes[Int(c.shapeB)].body)
        }
    }

    // MARK: The step

    func step(dt: Double) {
        contactSet.clearEvents()
        sleeper.beginStep(&bodies, joints: joints, enabled: settings.enableSleep)
        applyPendingImpulses()
        updateBroadPhase(dt: dt)
        updateContacts(dt: dt)
        let result = shapes.withUnsafeBufferPointer { sp in withGeometry { g in
            stepper.step(dt: dt, settings: settings, bodies: &bodies, joints: &joints, contacts: &contactSet, fields: fieldLoads,
                         sleeper: &sleeper, workers: workers, shapes: ShapeSource(shapes: sp, geometry: g)) }}
        fieldLoads.removeAll(keepingCapacity: true)
        holdBodiesInsideWalls(result)
        sleeper.endStep(&bodies, movers: result.movers, contacts: contactSet.contacts, active: contactSet.active,
                        shapes: shapes, joints: joints, timeToSleep: settings.timeToSleep)
    }

    /// No dynamic body's center ends the step beyond a still shape (WallGuard.swift).
    private func holdBodiesInsideWalls(_ result: StepResult) {
        vertices.withUnsafeBufferPointer { v in
        normals.withUnsafeBufferPointer { n in
            let walls = WallGuard(shapes: shapes, vertices: v.baseAddress!, normals: n.baseAddress!,
                                  linearSlop: settings.linearSlop)
            let moved = walls.sweepFastBodies(&bodies, result: result, broadPhase: broadPhase)
            walls.holdCenters(&bodies, contacts: contactSet.contacts, bodyPairs: contactSet.bodyPairs,
                              active: contactSet.active, result: result, moved: moved)
        }}
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
            broadPhase.update(dt: dt, margin: margin, shapes: sp, bodies: bp, geometry: geometry, workers: workers)
        }}}
        for id in contactSet.takeReopened() where shapes[Int(id)].isActive { broadPhase.markMoved(id) }
        broadPhase.updatePairs(&contactSet, shapes: shapes, bodies: bodies, contactLimit: settings.maxContactsPerShape,
                                workers: workers)
    }

    private func updateContacts(dt: Double) {
        broadPhase.dropSeparatedPairs(&contactSet, shapes: shapes)
        let sleepers = sleeper.hasSleepers
        let drives = driveSpeeds(dt: dt)
        let touched = shapes.withUnsafeBufferPointer { sp in
            bodies.withUnsafeBufferPointer { bp in
                contactSet.selectActive(bodies: bp, sleepers: sleepers)
                return withGeometry { geometry in
                    drives.withUnsafeBufferPointer { dp in
                        contactSet.update(dt: dt, settings: settings, shapes: sp, bodies: bp, drives: dp,
                                          geometry: geometry, sleepers: sleepers, workers: workers)
                    }
                }
            }
        }
        guard !touched.isEmpty else { return }
        sleeper.wake(touched: touched, &bodies, contacts: contactSet.contacts, shapes: shapes)
        bodies.withUnsafeBufferPointer { contactSet.selectActive(bodies: $0, sleepers: sleeper.hasSleepers) }
    }
}
