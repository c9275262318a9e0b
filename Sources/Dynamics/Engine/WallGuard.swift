// WallGuard: after each step, no dynamic body's center ends beyond a wall.
//
// The contacts hold bodies outside walls while they can; two ways past them are closed here,
// after the solver has written the step's poses (the geometry is in ContinuousCollision.swift):
//   - fast bodies: the center of every body that moved further than its core radius is swept
//     from the step's start to its end against the walls its path passes, and put back where it
//     entered one (or, already pressed into it, where it crossed its surface), less its speed
//     gained beyond that point;
//   - slow bodies pressed through: a body touching a wall whose center crossed its surface,
//     moving against the contact's normal, is put back where it crossed, its approach speed
//     along the normal taken away. A light item squeezed against a wall by heavier ones or by
//     joints (a 60:1 mass ratio) sank through the soft contact a little each step.
// A wall is a shape of a body the moving one cannot push: the ground's (boundaries), an anchored
// item's that neither moves nor is moved by its owner, an anchored item its owner drives by
// velocity (a turning drum); not a heavier dynamic body (see `holds`). Against a wall that moved
// over the step the path is the one the wall saw, in its own frame (GuardPath.swift): a driven
// bar sweeps into small bodies that hardly moved in the world. A body of several shapes is held by its center
// of mass and by each shape's center (GuardPath.swift).
// Against a still wall a body is only moved back along its own step's path and only loses
// speed, so no energy is added. Against a moving wall it keeps the wall's speed where it is put
// back (the wall's driver does that work), and the impulse is inelastic.
import Geometry

struct WallGuard {
    let shapes: [Shape]
    let vertices: UnsafePointer<Vector>
    let normals: UnsafePointer<Vector>
    let linearSlop: Double

    /// Whether the guards hold bodies out of the body's shapes: the ground, and anchored items
    /// while their owner does not move them (a static item is a wall too).
    @inline(__always)
    static func standsStill(_ b: Body) -> Bool {
        b.kind == .fixed || (b.kind == .anchored && b.velocity == .zero && b.angularVelocity == 0 && !b.isMovedByOwner)
    }

    /// Whether `wall` holds a dynamic body out of its shapes: it stands still or its owner
    /// drives it by velocity. A much heavier dynamic body (a spinner's bar on a motor) is not a
    /// wall: putting a light body back along its path in such a body's frame carried bodies
    /// squeezed between it and a still wall through the still wall (audit seeds 1660, 13569,
    /// 16578, 51402, 60359), where the contacts had held them.
    @inline(__always)
    static func holds(_ wall: SolverBody, _ body: SolverBody) -> Bool {
        wall.standsStill || wall.isDriven
    }

    /// Where a point of a body went through a wall first: the fraction of the step to put the
    /// body back to (a slop short of the crossing), the point's path and the wall's body.
    struct Hit {
        var t: Double
        var path: GuardPath
        var wall: Int32
    }

    /// Puts back every dynamic body whose center (or, for a body of several shapes, a shape's
    /// center) passed into a wall this step. Returns the bodies it put back.
    func sweepFastBodies(_ bodies: inout [Body], result: StepResult, broadPhase: BroadPhase) -> [Int32] {
        // Without a wall no path goes through one: the queries would find only dynamic bodies
        // (a ram into a floating wall of boxes swept most of them every step for nothing).
        guard result.hasWalls else { return [] }
        var moved: [Int32] = []
        for i in result.movers {
            let b = bodies[Int(i)]
            guard b.kind == .dynamic, b.firstShape >= 0 else { continue }
            let swept = shapes[Int(b.firstShape)].nextShape < 0
                ? sweepCenter(i, &bodies, result: result, broadPhase: broadPhase)
                : sweepParts(i, &bodies, result: result, broadPhase: broadPhase)
            if swept { moved.append(i) }
        }
        return moved
    }

    /// A body of one shape: its center's path against the still shapes it passes (as the guard
    /// always did) and against the moving walls, in their frames.
    private func sweepCenter(_ i: Int32, _ bodies: inout [Body], result: StepResult, broadPhase: BroadPhase) -> Bool {
        let slop = linearSlop
        let b = bodies[Int(i)]
        let travel = result.displacement(of: i)
        let distance = travel.length
        guard distance > b.coreRadius else { return false }
        let end = b.position, start = end - travel
        let path = AABB(lower: Vector(min(start.x, end.x), min(start.y, end.y)),
                        upper: Vector(max(start.x, end.x), max(start.y, end.y))).enlarged(by: b.coreRadius)
        let me = result.solverBodies[Int(i)]
        let center = GuardPoint(offset: .zero, core: b.coreRadius)
        var first = Double.infinity
        var moving: Hit?
        // A dynamic body is no wall (`holds`): the tree hands over walls' shapes alone.
        broadPhase.queryWalls(path) { id in
            let s = shapes[Int(id)]
            guard s.isActive,
                  ContactSet.shouldCollide(id, b.firstShape, shapes: shapes, bodies: bodies) else { return }
            let wall = bodies[Int(s.body)]
            if Self.standsStill(wall) {
                if let t = firstCrossing(from: start, to: end, core: b.coreRadius, shape: s, transform: wall.transform) {
                    first = min(first, t)
                }
            } else if Self.holds(result.solverBodies[Int(s.body)], me),
                      let hit = crossing(center, of: Self.pose(i, bodies, result), shape: s, bodies: bodies, result: result),
                      hit.t < (moving?.t ?? .infinity) {
                moving = hit
            }
        }
        if first <= 1 && first <= (moving?.t ?? .infinity) {
            let back = start + travel * max(0, first - slop / distance)
            bodies[Int(i)].position = back
            bodies[Int(i)].velocity = ContinuousCollision.speedAtEntry(b.velocity, drive: result.drive(of: i),
                                                                       taken: end - back)
            return true
        }
        guard let hit = moving else { return false }
        putBack(i, &bodies, hit: hit, result: result)
        return true
    }

    /// A body of several shapes: its center of mass (with its first shape's filter) and each
    /// shape's center, each against the walls its own path passes.
    private func sweepParts(_ i: Int32, _ bodies: inout [Body], result: StepResult, broadPhase: BroadPhase) -> Bool {
        let b = bodies[Int(i)]
        let pose = Self.pose(i, bodies, result)
        let me = result.solverBodies[Int(i)]
        var first: Hit?
        // The points in order, each swept as it is found: no list of them is built.
        func sweep(_ point: GuardPoint, filter: Int32) {
            let from = pose.start.apply(point.offset), to = pose.end.apply(point.offset)
            guard (to - from).length > point.core else { return }
            let box = AABB(lower: Vector(min(from.x, to.x), min(from.y, to.y)),
                           upper: Vector(max(from.x, to.x), max(from.y, to.y))).enlarged(by: point.core)
            broadPhase.queryWalls(box) { id in
                let s = shapes[Int(id)]
                guard s.isActive, Self.holds(result.solverBodies[Int(s.body)], me),
                      ContactSet.shouldCollide(id, filter, shapes: shapes, bodies: bodies),
                      let hit = crossing(point, of: pose, shape: s, bodies: bodies, result: result),
                      hit.t < (first?.t ?? .infinity) else { return }
                first = hit
            }
        }
        sweep(GuardPoint(offset: .zero, core: b.coreRadius), filter: b.firstShape)
        var part = b.firstShape
        while part >= 0 {
            sweep(GuardPoint.center(of: shapes[Int(part)], vertices: vertices, normals: normals, linearSlop: linearSlop),
                  filter: part)
            part = shapes[Int(part)].nextShape
        }
        guard let hit = first else { return false }
        putBack(i, &bodies, hit: hit, result: result)
        return true
    }

    /// The step's start and end poses of body `i`.
    @inline(__always)
    static func pose(_ i: Int32, _ bodies: [Body], _ result: StepResult) -> StepPose {
        StepPose(end: bodies[Int(i)].transform, displacement: result.displacement(of: i), turn: result.turn(of: i))
    }

    /// Where the path of `point` of a body that moved as `pose` first goes through shape `s` of
    /// a wall, in the wall's frame when the wall moved.
    private func crossing(_ point: GuardPoint, of pose: StepPose, shape s: Shape, bodies: [Body],
                          result: StepResult) -> Hit? {
        let wall = bodies[Int(s.body)]
        let path = GuardPath(offset: point.offset, body: pose,
                             wall: Self.standsStill(wall) ? nil : Self.pose(s.body, bodies, result))
        let xf = wall.transform
        guard let t = path.firstCrossing(slop: linearSlop, entering: {
            ContinuousCollision.entry(from: $0, to: $1, radius: point.core, shape: s, transform: xf,
                                      vertices: vertices, normals: normals)
        }, {
            firstCrossing(from: $0, to: $1, core: point.core, shape: s, transform: xf)
        }) else { return nil }
        return Hit(t: t, path: path, wall: s.body)
    }

    /// Puts body `i` back where the hit's point entered the wall (turned as it was then, for a
    /// point off its center), with the speed its drive gave it beyond that point taken back as
    /// the wall sees it; a dynamic wall takes the opposite impulse.
    private func putBack(_ i: Int32, _ bodies: inout [Body], hit: Hit, result: StepResult) {
        let b = bodies[Int(i)]
        let xf = hit.path.poseWhenPutBack(at: hit.t), g = hit.path.point(at: hit.t)
        bodies[Int(i)].position = xf.p
        bodies[Int(i)].rotation = xf.q
        let w = bodies[Int(hit.wall)]
        let vw = w.velocity + cross(w.angularVelocity, g - w.position)
        let v = vw + ContinuousCollision.speedAtEntry(b.velocity - vw, drive: result.drive(of: i), taken: hit.path.end - g)
        bodies[Int(i)].velocity = v
        if w.kind == .dynamic {
            let impulse = (v - b.velocity) * b.mass
            bodies[Int(hit.wall)].velocity -= impulse * w.invMass
            bodies[Int(hit.wall)].angularVelocity -= w.invInertia * (g - w.position).cross(impulse)
        }
    }

    /// When the path from `start` to `end` goes through the shape's surface: the earlier of
    /// where it entered the shape grown by the core radius and where it crossed the surface.
    /// A path that starts within the grown shape by one edge (a body pressed into a wall) and
    /// ends within it by another (the floor of the same corner) enters the second edge's grown
    /// part late, after it went through the first edge; taking that entry alone put a body
    /// pressed into a corner back beyond the wall (audit seeds 46777 and 53577).
    @inline(__always)
    private func firstCrossing(from start: Vector, to end: Vector, core: Double, shape s: Shape,
                               transform xf: Transform) -> Double? {
        guard ContinuousCollision.crosses(from: start, to: end, shape: s, transform: xf, vertices: vertices) else {
            return nil
        }
        let entered = ContinuousCollision.entry(from: start, to: end, radius: core, shape: s, transform: xf,
                                                vertices: vertices, normals: normals)
        let crossed = ContinuousCollision.edgeCrossing(from: start, to: end, shape: s, transform: xf,
                                                       vertices: vertices, normals: normals)
        guard let t = entered else { return crossed }
        return min(t, crossed ?? t)
    }

    /// Puts back every slow dynamic body whose center crossed the surface of a wall it touches
    /// this step, moving against the contact's normal (relative to the wall, for one that
    /// moved); the sweep leaves a path shorter than the core radius to the contact. Bodies the
    /// sweep put back (`moved`) are left as they are.
    /// Only `active` contacts can hold an awake body (ActiveContacts.swift).
    func holdCenters(_ bodies: inout [Body], contacts: [Contact], bodyPairs: [SIMD2<Int32>], active: ActiveContacts,
                     result: StepResult, moved: [Int32]) {
        let slop = linearSlop
        contacts.withUnsafeBufferPointer { cp in
        bodyPairs.withUnsafeBufferPointer { pairs in
        result.solverBodies.withUnsafeBufferPointer { sb in
        bodies.withUnsafeMutableBufferPointer { bp in
            active.forEach(count: cp.count) { ci in
                // From the compact copies first (each contact's two bodies, their solver
                // records): most contacts are between two moving bodies, and their own record,
                // five cache lines, is read only for a contact with a wall.
                let sa = sb[Int(pairs[ci][0])], sbb = sb[Int(pairs[ci][1])]
                let staticIsA: Bool
                if sbb.isDynamic && !sbb.isAsleep && Self.holds(sa, sbb) { staticIsA = true }
                else if sa.isDynamic && !sa.isAsleep && Self.holds(sbb, sa) { staticIsA = false }
                else { return }
                guard cp[ci].touching else { return }
                let c = cp[ci]
                let body = staticIsA ? Int(c.bodyB) : Int(c.bodyA)
                // The normal pointing from the wall to the moving body.
                let n = staticIsA ? c.manifold.normal : -c.manifold.normal
                let wallStill = staticIsA ? sa.standsStill : sbb.standsStill
                let shape = staticIsA ? c.shapeA : c.shapeB
                if !wallStill || shapes[Int(bp[body].firstShape)].nextShape >= 0 {
                    if moved.isEmpty || !moved.contains(Int32(body)) {
                        holdPart(body, wall: staticIsA ? Int(c.bodyA) : Int(c.bodyB), shape: staticIsA ? c.shapeB : c.shapeA,
                                 wallShape: shape, still: wallStill, normal: n, bp, result: result)
                    }
                    return
                }
                let wall = staticIsA ? bp[Int(c.bodyA)] : bp[Int(c.bodyB)]
                let travel = result.displacement(of: Int32(body))
                let distance = travel.length
                guard distance > 0, distance <= bp[body].coreRadius, travel.dot(n) < 0 else { return }
                let end = bp[body].position, start = end - travel
                let s = shapes[Int(shape)]
                guard let t = ContinuousCollision.edgeCrossing(from: start, to: end, shape: s, transform: wall.transform,
                                                               vertices: vertices, normals: normals)
                else { return }
                bp[body].position = start + travel * max(0, t - slop / distance)
                let vn = bp[body].velocity.dot(n)
                if vn < 0 { bp[body].velocity -= n * vn }
            }
        }}}}
    }

    /// `holdCenters` for a wall that moved or a body of several shapes: the body's point (its
    /// center, or the center of its shape `shape` in the contact) against the wall's shape
    /// `wallShape`, along the point's path in the wall's frame; the approach along the normal is
    /// taken by an inelastic impulse between the two at the point (a dynamic wall takes its share).
    private func holdPart(_ body: Int, wall: Int, shape: Int32, wallShape: Int32, still: Bool, normal n: Vector,
                          _ bp: UnsafeMutableBufferPointer<Body>, result: StepResult) {
        let single = shapes[Int(bp[body].firstShape)].nextShape < 0
        let point = single ? GuardPoint(offset: .zero, core: bp[body].coreRadius)
            : GuardPoint.center(of: shapes[Int(shape)], vertices: vertices, normals: normals, linearSlop: linearSlop)
        let pose = StepPose(end: bp[body].transform, displacement: result.displacement(of: Int32(body)),
                            turn: result.turn(of: Int32(body)))
        let wallPose = still ? nil : StepPose(end: bp[wall].transform, displacement: result.displacement(of: Int32(wall)),
                                               turn: result.turn(of: Int32(wall)))
        // A point that moved further than its core is the sweep's.
        guard GuardPath.travel(offset: point.offset, body: pose) <= point.core else { return }
        let path = GuardPath(offset: point.offset, body: pose, wall: wallPose)
        let length = path.length
        guard length > 0, (path.end - path.start).dot(n) < 0 else { return }
        let s = shapes[Int(wallShape)], xf = bp[wall].transform, core = point.core
        let found = path.firstCrossing(slop: linearSlop) { from, to in
            length <= core
                ? ContinuousCollision.edgeCrossing(from: from, to: to, shape: s, transform: xf, vertices: vertices, normals: normals)
                : firstCrossing(from: from, to: to, core: core, shape: s, transform: xf)
        }
        guard let t = found else { return }
        let back = path.poseWhenPutBack(at: t)
        bp[body].position = back.p
        bp[body].rotation = back.q
        stopApproach(body, wall: wall, at: path.point(at: t), normal: n, bp)
    }

    /// Takes the approach along `n` of the body's point at `g` relative to the wall's: the
    /// inelastic impulse between the two there, which only takes energy (the wall's share is
    /// nothing when it is not dynamic).
    @inline(__always)
    private func stopApproach(_ body: Int, wall: Int, at g: Vector, normal n: Vector, _ bp: UnsafeMutableBufferPointer<Body>) {
        let b = bp[body], w = bp[wall]
        let rb = g - b.position, rw = g - w.position
        let vb = b.velocity + cross(b.angularVelocity, rb)
        let vw = w.velocity + cross(w.angularVelocity, rw)
        let vn = (vb - vw).dot(n)
        guard vn < 0 else { return }
        let rbn = rb.cross(n), rwn = rw.cross(n)
        let wallMoves = w.kind == .dynamic
        let k = b.invMass + b.invInertia * rbn * rbn + (wallMoves ? w.invMass + w.invInertia * rwn * rwn : 0)
        guard k > 0 else { return }
        let j = -vn / k
        bp[body].velocity += n * (j * b.invMass)
        bp[body].angularVelocity += b.invInertia * rbn * j
        if wallMoves {
            bp[wall].velocity -= n * (j * w.invMass)
            bp[wall].angularVelocity -= w.invInertia * rwn * j
        }
    }
}
