// WallGuard: after each step, no dynamic body's center ends beyond a still shape.
//
// The contacts hold bodies outside walls while they can; two ways past them are closed here,
// after the solver has written the step's poses (the geometry is in ContinuousCollision.swift):
//   - fast bodies: the center of every body that moved further than its core radius is swept
//     from the step's start to its end against the still shapes its path passes, and put back
//     where it entered one (or, already pressed into it, where it crossed its surface), less
//     its speed gained beyond that point;
//   - slow bodies pressed through: a body touching a still shape whose center crossed its
//     surface, moving against the contact's normal, is put back where it crossed, its approach
//     speed along the normal taken away. A light item squeezed against a wall by heavier ones
//     or by joints (a 60:1 mass ratio) sank through the soft contact a little each step.
// Both only move a body back along its own step's path and only take speed, so they add no
// energy. A still shape is the ground's (boundaries) or an anchored item's that neither moves
// nor is moved by its owner this step.
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

    /// Puts back every dynamic body whose center passed into a still shape this step.
    func sweepFastBodies(_ bodies: inout [Body], result: StepResult, broadPhase: BroadPhase) {
        let slop = linearSlop
        for i in result.movers {
            let b = bodies[Int(i)]
            guard b.kind == .dynamic, b.firstShape >= 0 else { continue }
            let travel = result.displacement(of: i)
            let distance = travel.length
            guard distance > b.coreRadius else { continue }
            let end = b.position, start = end - travel
            let path = AABB(lower: Vector(min(start.x, end.x), min(start.y, end.y)),
                            upper: Vector(max(start.x, end.x), max(start.y, end.y))).enlarged(by: b.coreRadius)
            var first = Double.infinity
            broadPhase.query(path) { id in
                let s = shapes[Int(id)]
                guard s.isActive, Self.standsStill(bodies[Int(s.body)]),
                      ContactSet.shouldCollide(id, b.firstShape, shapes: shapes, bodies: bodies) else { return }
                if let t = firstCrossing(from: start, to: end, core: b.coreRadius, shape: s,
                                         transform: bodies[Int(s.body)].transform) {
                    first = min(first, t)
                }
            }
            if first <= 1 {
                let back = start + travel * max(0, first - slop / distance)
                bodies[Int(i)].position = back
                bodies[Int(i)].velocity = ContinuousCollision.speedAtEntry(b.velocity, drive: result.drive(of: i),
                                                                           taken: end - back)
            }
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

    /// Puts back every slow dynamic body whose center crossed the surface of a still shape it
    /// touches this step, moving against the contact's normal; the sweep leaves a path shorter
    /// than the core radius to the contact.
    func holdCenters(_ bodies: inout [Body], contacts: [Contact], result: StepResult) {
        let slop = linearSlop
        contacts.withUnsafeBufferPointer { cp in
        result.solverBodies.withUnsafeBufferPointer { sb in
        bodies.withUnsafeMutableBufferPointer { bp in
            for c in cp where c.touching {
                // From the compact copies first: most contacts are between two moving bodies.
                let sa = sb[Int(c.bodyA)], sbb = sb[Int(c.bodyB)]
                let staticIsA: Bool
                if sa.standsStill && sbb.isDynamic && !sbb.isAsleep { staticIsA = true }
                else if sbb.standsStill && sa.isDynamic && !sa.isAsleep { staticIsA = false }
                else { continue }
                let a = bp[Int(c.bodyA)], b = bp[Int(c.bodyB)]
                let body = staticIsA ? Int(c.bodyB) : Int(c.bodyA)
                let wall = staticIsA ? a : b
                // The normal pointing from the still shape to the moving body.
                let n = staticIsA ? c.manifold.normal : -c.manifold.normal
                let travel = result.displacement(of: Int32(body))
                let distance = travel.length
                guard distance > 0, distance <= bp[body].coreRadius, travel.dot(n) < 0 else { continue }
                let end = bp[body].position, start = end - travel
                let s = shapes[Int(staticIsA ? c.shapeA : c.shapeB)]
                guard let t = ContinuousCollision.edgeCrossing(from: start, to: end, shape: s, transform: wall.transform,
                                                               vertices: vertices, normals: normals)
                else { continue }
                bp[body].position = start + travel * max(0, t - slop / distance)
                let vn = bp[body].velocity.dot(n)
                if vn < 0 { bp[body].velocity -= n * vn }
            }
        }}}
    }
}
