// SubstepManifolds: the manifolds of pairs that turn past their features within a step,
// collided again at every substep.
//
// The narrow phase finds a pair's points once a step, where the step begins, and the substeps
// measure each point's separation from the bodies' displacement since then, along the normal
// turned with its face. That holds while the same features touch. A bar turning at 10 rad/s
// moves its tip 28 pt a step, three times a small box's size: within the step the bar's corner
// against a box's face becomes the box's corner against the bar's face, a corner no point
// describes, and boxes went 2.4 to 2.8 pt into the bar, one to stay there. A light box pressed
// flat against a wall by a field of 10⁶ pt/s² tips within a step, and on points found where the
// step began it tumbled and gained energy (docs/dynamics.md, "Pairs collided again within the
// step"). Collided at every substep, the drum keeps every body within the soft contact's overlap
// from 2 to 12 rad/s, and the pressed box stays put.
//
// So a polygon pair with a body whose surface moves farther in a step than twice the soft
// contact's largest overlap and than half the smaller body's extent, whose bodies turn relative
// to each other by more than 0.05 rad or slide along each other (`turnsPastFeatures`), is
// collided again at the start of each substep after the first, from the bodies' poses then. The
// new manifold is expressed where the step began, as every constraint is: anchors turned back by
// their bodies' turns so far (a round part, if any, along the normal: `rolling`), the normal
// turned back by its face's, and the separation chosen so that the passes' own formula
// (TurnedNormal) gives the one just measured. The constraint is prepared again from it at the
// masses it had, and its impulses carry over to points of the same feature, as from step to
// step; at the end they go back to the manifold's points by feature (ConstraintGraph.store).
// Such a contact takes no color (the scalar solver solves it), and it is not an elastic one (the
// impact pass keeps a copy of those for the step) nor one a joint group solves (the group's rows
// are made for the step). Few contacts qualify: those of a body turning fast against small
// ones, and of fast tumbling debris; a pyramid, a rolling ball and a drum's load riding with it
// have none.
import Geometry

/// The World's shapes and their vertices in body coordinates, lent for a step.
struct ShapeSource {
    let shapes: UnsafeBufferPointer<Shape>
    let geometry: ShapeGeometry
}

/// The step's SubstepManifolds, with the shapes they are collided from.
struct TurningContacts {
    let manifolds: UnsafeMutablePointer<SubstepManifolds>
    let source: ShapeSource
}

struct SubstepManifolds {
    /// A contact collided again at each substep: its constraint's place in the overflow, its
    /// shapes, its bodies' poses where the step began, and the distance apart a point may be
    /// and still be kept (the narrow phase's speculative margin for the pair).
    struct Entry {
        var constraint: Int32
        var shapeA: Int32, shapeB: Int32
        var startA: Transform, startB: Transform
        var margin: Double
    }

    private(set) var entries: [Entry] = []
    /// The two shapes' world vertices and normals at the substep's poses.
    private var vertices: [Vector] = []
    private var normals: [Vector] = []

    /// The least relative turn in a step, in radians, at which a contact is collided again: a
    /// pair that turns less keeps the features it touches with over the step.
    static let minimumTurn = 0.05

    /// Whether the contact with manifold `m` between bodies `a` and `b` turns past its features
    /// within a step of `dt`: the faster body's surface moves farther than twice `overlap` (the
    /// soft contact's largest) and farther than half the smaller body's extent, and the pair
    /// turns relative to each other by more than `minimumTurn` or slides along each other at its
    /// first point by more than `overlap`. A body riding a turning drum turns and moves with its
    /// wall, and a pile's tumbling bodies move their surfaces little in a step. A pair with a
    /// round shape (a circle, `Manifold.radiusA`) is left out: its one point is wherever the
    /// circle's center is nearest the other shape, and the passes already turn its round part
    /// with the normal (`rolling`); collided again, the drum's balls went deeper, not less deep
    /// (docs/dynamics.md, "Pairs collided again within the step").
    static func turnsPastFeatures(_ a: Body, _ b: Body, _ m: Manifold, dt: Double, overlap: Double) -> Bool {
        if m.radiusA > 0 || m.radiusB > 0 { return false }
        let wA = a.angularVelocity, wB = b.angularVelocity
        let surface = max(abs(wA) * a.extent, abs(wB) * b.extent) * dt
        guard surface > 2 * overlap && surface > 0.5 * min(a.extent, b.extent) else { return false }
        if abs(wA - wB) * dt > minimumTurn { return true }
        let vA = a.velocity + cross(wA, m.p1.anchorA), vB = b.velocity + cross(wB, m.p1.anchorB)
        return (vB - vA).length * dt > overlap
    }

    /// Whether a body's surface moves farther than twice `overlap` in a step of `dt`: the graph
    /// asks `turnsPastFeatures` only of a contact with such a body.
    static func movesFast(_ b: Body, dt: Double, overlap: Double) -> Bool {
        abs(b.angularVelocity) * b.extent * dt > 2 * overlap
    }

    /// The step's entries: the overflow constraints at `turning`, marked as collided again.
    /// A point is kept while it is less than `speculativeDistance` plus what the pair may close
    /// within the step of `dt` apart, as in the narrow phase.
    mutating func build(turning: [Int32], overflow: UnsafeMutableBufferPointer<ContactConstraint>,
                        contacts: UnsafeBufferPointer<Contact>, bodies: UnsafePointer<Body>,
                        dt: Double, speculativeDistance: Double) {
        entries.removeAll(keepingCapacity: true)
        for k in turning {
            overflow[Int(k)].recollided = true
            let c = contacts[Int(overflow[Int(k)].contact)]
            let a = ContactBody(bodies + Int(c.bodyA)), b = ContactBody(bodies + Int(c.bodyB))
            entries.append(Entry(constraint: k, shapeA: c.shapeA, shapeB: c.shapeB, startA: a.transform, startB: b.transform,
                                 margin: speculativeDistance + NarrowPhase.closingSpeed(a, b) * dt))
        }
    }

    /// Collides each entry's shapes at the bodies' current poses (`states` since the step began)
    /// and prepares its constraint again; those a joint group solves (`grouped`) stay as they are.
    mutating func recollide(_ overflow: UnsafeMutableBufferPointer<ContactConstraint>, states: UnsafePointer<BodyState>,
                            grouped: [Bool], source: ShapeSource, linearSlop: Double) {
        for e in entries where !grouped[Int(e.constraint)] {
            let c = overflow.baseAddress! + Int(e.constraint)
            let sA = states[Int(c.pointee.bodyA)], sB = states[Int(c.pointee.bodyB)]
            let xfA = sA.pose(from: e.startA), xfB = sB.pose(from: e.startB)
            var m = collide(e, xfA, xfB, source: source, margin: e.margin, linearSlop: linearSlop)
            m.keepShapes(source.shapes[Int(e.shapeA)], source.shapes[Int(e.shapeB)], sA.w, sB.w)
            Self.prepare(c, from: m, sA, sB)
        }
    }

    /// The manifold of the entry's shapes at poses `xfA` and `xfB`, anchors in world orientation.
    private mutating func collide(_ e: Entry, _ xfA: Transform, _ xfB: Transform, source: ShapeSource,
                                  margin: Double, linearSlop: Double) -> Manifold {
        var A = source.shapes[Int(e.shapeA)], B = source.shapes[Int(e.shapeB)]
        let countA = Int(A.vertexCount), countB = Int(B.vertexCount)
        if vertices.count < countA + countB {
            vertices = [Vector](repeating: .zero, count: countA + countB)
            normals = vertices
        }
        let local = source.geometry
        for k in 0..<countA {
            vertices[k] = xfA.apply(local.localVertices[Int(A.vertexStart) + k])
            normals[k] = xfA.q.rotate(local.localNormals[Int(A.vertexStart) + k])
        }
        for k in 0..<countB {
            vertices[countA + k] = xfB.apply(local.localVertices[Int(B.vertexStart) + k])
            normals[countA + k] = xfB.q.rotate(local.localNormals[Int(B.vertexStart) + k])
        }
        A.vertexStart = 0
        B.vertexStart = Int32(countA)
        return vertices.withUnsafeBufferPointer { v in
            normals.withUnsafeBufferPointer { n in
                NarrowPhase.collide(A, B, ContactBody(at: xfA), ContactBody(at: xfB), margin: margin,
                                    linearSlop: linearSlop, v.baseAddress!, n.baseAddress!)
            }
        }
    }

    /// The constraint prepared again from manifold `m`, found with the bodies displaced and
    /// turned as `sA` and `sB` say, expressed where the step began; impulses carried by feature.
    private static func prepare(_ c: UnsafeMutablePointer<ContactConstraint>, from m: Manifold,
                                _ sA: BodyState, _ sB: BodyState) {
        let old = c.pointee
        let dqA = sA.dq, dqB = sB.dq
        var start = m
        let n0 = m.frame.turn(dqA, dqB).inverseRotate(m.normal)
        start.normal = n0
        let turned = TurnedNormal(n0, m.frame, radiusA: Double(m.radiusA), radiusB: Double(m.radiusB),
                                  dqA: dqA, dqB: dqB)
        // An anchor is its shape's core point, which turns with the body, plus the round part
        // along the normal, which the passes take as lying along the normal where the step
        // began (`rolling`): turned back, the core goes with its body and the round part with
        // the normal.
        let roundA = Double(m.radiusA), roundB = Double(m.radiusB)
        @inline(__always) func back(_ p: inout ManifoldPoint) {
            p.anchorA = dqA.inverseRotate(p.anchorA - m.normal * roundA) + n0 * roundA
            p.anchorB = dqB.inverseRotate(p.anchorB + m.normal * roundB) - n0 * roundB
            // The separation the passes would measure now with an adjusted separation of 0;
            // the point's own is what they must measure.
            let measured = turned.separation(rA: p.anchorA, rB: p.anchorB, adjusted: 0,
                                             dpA: sA.dp, dqA: dqA, dpB: sB.dp, dqB: dqB)
            p.separation = p.separation - measured + (p.anchorB - p.anchorA).dot(n0)
            if old.count > 0 && old.id1 == p.id {
                p.normalImpulse = old.p1.normalImpulse; p.tangentImpulse = old.p1.tangentImpulse
            } else if old.count > 1 && old.id2 == p.id {
                p.normalImpulse = old.p2.normalImpulse; p.tangentImpulse = old.p2.tangentImpulse
            }
        }
        if start.count > 0 { back(&start.p1) }
        if start.count > 1 { back(&start.p2) }
        ContactSolver.preparePoints(&c.pointee, manifold: start)
        // The largest normal impulse so far decides whether the pair touched this step.
        let largest = max(old.p1.maxNormalImpulse, old.count > 1 ? old.p2.maxNormalImpulse : 0)
        c.pointee.p1.maxNormalImpulse = largest
        c.pointee.p2.maxNormalImpulse = start.count > 1 ? largest : 0
        if start.count == 0 {
            // No point within the margin: a point with no mass, which no pass moves.
            c.pointee.p1 = ContactConstraintPoint()
            c.pointee.p1.adjustedSeparation = 1e6
            c.pointee.p1.maxNormalImpulse = largest
        }
    }
}
