// SubstepManifoldsTests: a contact collided again within a step is measured by the passes, from
// the step's start, exactly as the geometry says at the substep's poses; and only pairs that
// turn past their features are collided again.
//
// A bar 340 × 16 pt and an 8 pt box 1 pt above its face near its tip. Within the step the bar
// has turned by 0.1 rad about its center and moved, the box moved and turned the other way.
// The constraint collided again from those poses must give, through TurnedNormal (the formula
// every pass uses, with the displacements since the step began), each point's separation and
// the normal the shapes have at those poses, its anchors turned back to where the step began,
// and an impulse must stay with its feature.
import Foundation
import Testing
import Geometry
@testable import Dynamics

@Suite struct SubstepManifoldsTests {
    @Test("a contact collided again at a substep measures, from the step's start, the geometry's separation there")
    func recollidedSeparationIsTheGeometrys() throws {
        let world = World(settings: WorldSettings())
        var bar = Body()
        bar.setMass(10, inertia: 10 * (340.0 * 340 + 16 * 16) / 12)
        let barID = world.createBody(bar.definition)
        world.setFilter(world.addPolygon(body: barID, vertices: [Vector(-170, -8), Vector(170, -8), Vector(170, 8), Vector(-170, 8)]),
                        itemMask: 1, boundaryMask: 0)
        var box = Body()
        box.position = Vector(150, 8 + 4 + 1)
        box.setMass(1, inertia: 1)
        let boxID = world.createBody(box.definition)
        world.setFilter(world.addPolygon(body: boxID, vertices: [Vector(-4, -4), Vector(4, -4), Vector(4, 4), Vector(-4, 4)]),
                        itemMask: 1, boundaryMask: 0)
        world.step(dt: 1.0 / 60)
        let index = try #require(world.contacts.firstIndex { $0.manifold.count > 0 })
        let contact = world.contacts[index]
        let a = Int(contact.bodyA), b = Int(contact.bodyB)
        let bodies = world.bodies
        var constraint = ContactConstraint()
        constraint.contact = Int32(index)
        constraint.bodyA = contact.bodyA; constraint.bodyB = contact.bodyB
        constraint.mA = bodies[a].invMass; constraint.iA = bodies[a].invInertia
        constraint.mB = bodies[b].invMass; constraint.iB = bodies[b].invInertia
        ContactSolver.preparePoints(&constraint, manifold: contact.manifold)
        constraint.p1.normalImpulse = 7
        let carriedID = constraint.id1

        // The bar turns by +0.1 rad and moves; the box moves and turns by −0.05 rad.
        var states = [BodyState](repeating: BodyState(), count: bodies.count)
        let barIndex = Int(barID.index), boxIndex = Int(boxID.index)
        states[barIndex].dp = Vector(1, 2); states[barIndex].dq = Rotation(angle: 0.1)
        states[boxIndex].dp = Vector(-3, -1); states[boxIndex].dq = Rotation(angle: -0.05)

        let c = Self.recollide(constraint, in: world, states: states)
        #expect(c.recollided)
        try #require(c.count > 0)

        // The shapes at the substep's poses, collided afresh. The states keep the turn in single
        // precision, a rotation 10⁻⁷ off unit length: 10⁻⁴ pt is that at the bar's 170 pt.
        func posed(_ i: Int) -> Transform {
            let q = states[i].dq.multiply(bodies[i].rotation), r = (q.c * q.c + q.s * q.s).squareRoot()
            return Transform(p: bodies[i].position + states[i].dp, q: Rotation(c: q.c / r, s: q.s / r))
        }
        let xfA = posed(a), xfB = posed(b)
        let A = world.shapes[Int(contact.shapeA)], B = world.shapes[Int(contact.shapeB)]
        let local = world.vertices, localNormals = world.normals
        func placed(_ s: Shape, _ xf: Transform) -> ([Vector], [Vector]) {
            let range = Int(s.vertexStart)..<Int(s.vertexStart + s.vertexCount)
            return (range.map { xf.apply(local[$0]) }, range.map { xf.q.rotate(localNormals[$0]) })
        }
        let (vA, nA) = placed(A, xfA), (vB, nB) = placed(B, xfB)
        let expected = vA.withUnsafeBufferPointer { va in nA.withUnsafeBufferPointer { na in
            vB.withUnsafeBufferPointer { vb in nB.withUnsafeBufferPointer { nb in
                Collision.polygons(PolygonRef(vertices: va.baseAddress!, normals: na.baseAddress!, count: va.count),
                                   PolygonRef(vertices: vb.baseAddress!, normals: nb.baseAddress!, count: vb.count),
                                   posA: xfA.p, posB: xfB.p, margin: 20, linearSlop: 0.5, boxes: true)
            }}
        }}
        #expect(c.count == expected.count)
        let dA = states[a], dB = states[b]
        let turned = TurnedNormal(c.normal, c.frame, radiusA: c.radiusA, radiusB: c.radiusB, dqA: dA.dq, dqB: dB.dq)
        #expect((turned.turned - expected.normal).length < 1e-4, "normal \(turned.turned), the shapes' \(expected.normal)")
        for (id, p) in c.count > 1 ? [(c.id1, c.p1), (c.id2, c.p2)] : [(c.id1, c.p1)] {
            let e = expected.p1.id == id ? expected.p1 : expected.p2
            #expect(e.id == id)
            let measured = turned.separation(p, dpA: dA.dp, dqA: dA.dq, dpB: dB.dp, dqB: dB.dq)
            #expect(abs(measured - e.separation) < 1e-4, "point \(id): measured \(measured), the shapes' \(e.separation)")
            #expect((dA.dq.rotate(p.rA) - e.anchorA).length < 1e-4 && (dB.dq.rotate(p.rB) - e.anchorB).length < 1e-4,
                    "point \(id): anchors turned back and forth move by more than the single-precision turn")
        }
        // The impulse stays with its feature.
        let points = c.count > 1 ? [(c.id1, c.p1), (c.id2, c.p2)] : [(c.id1, c.p1)]
        for (id, p) in points {
            #expect(p.normalImpulse == (id == carriedID ? 7 : 0), "point \(id): impulse \(p.normalImpulse)")
        }
    }

    /// `constraint`, of one of `world`'s contacts, collided again through SubstepManifolds with
    /// the bodies displaced and turned as `states` say.
    static func recollide(_ constraint: ContactConstraint, in world: World, states: [BodyState]) -> ContactConstraint {
        var manifolds = SubstepManifolds()
        var overflow = [constraint]
        let shapes = world.shapes, bodies = world.bodies
        var worldVertices = world.worldVertices, worldNormals = world.worldNormals
        overflow.withUnsafeMutableBufferPointer { op in
        world.contacts.withUnsafeBufferPointer { cp in
        bodies.withUnsafeBufferPointer { bp in
        shapes.withUnsafeBufferPointer { sp in
        world.vertices.withUnsafeBufferPointer { lv in
        world.normals.withUnsafeBufferPointer { ln in
        worldVertices.withUnsafeMutableBufferPointer { wv in
        worldNormals.withUnsafeMutableBufferPointer { wn in
        states.withUnsafeBufferPointer { st in
            manifolds.build(turning: [0], overflow: op, contacts: cp, bodies: bp.baseAddress!, dt: 1.0 / 60,
                            speculativeDistance: 20)
            let geometry = ShapeGeometry(localVertices: lv.baseAddress!, localNormals: ln.baseAddress!,
                                         worldVertices: wv.baseAddress!, worldNormals: wn.baseAddress!)
            manifolds.recollide(op, states: st.baseAddress!, grouped: [false],
                                source: ShapeSource(shapes: sp, geometry: geometry), linearSlop: 0.5)
        }}}}}}}}}
        return overflow[0]
    }

    /// The scalar constraint of `world`'s contact `index`, as the graph prepares it.
    static func constraint(_ index: Int, in world: World) -> ContactConstraint {
        let contact = world.contacts[index]
        let a = Int(contact.bodyA), b = Int(contact.bodyB)
        var c = ContactConstraint()
        c.contact = Int32(index)
        c.bodyA = contact.bodyA; c.bodyB = contact.bodyB
        c.mA = world.bodies[a].invMass; c.iA = world.bodies[a].invInertia
        c.mB = world.bodies[b].invMass; c.iB = world.bodies[b].invInertia
        ContactSolver.preparePoints(&c, manifold: contact.manifold)
        return c
    }

    /// A ball of 10 pt spinning in place 1 pt above a floor, collided again after turning by
    /// 0.8 rad: its round part stays facing the floor however far the ball turns on, so the gap
    /// the passes measure stays 1 pt, but for what any contact's anchor does: it lies midway
    /// between the surfaces, and the half gap beyond the round part turns with the ball, which
    /// reads (g/2)·(1 − cos Δθ) off after a further turn Δθ. Turned with the ball like a corner's,
    /// the round part read 4.2 pt off after a further 0.8 rad, and a ball spinning fast on a
    /// floor jumped off it at 130 to 280 pt/s (RollingTests).
    @Test("a spinning ball collided again within the step keeps its gap to the floor however far it turns")
    func spinningBallKeepsItsGap() throws {
        let world = World(settings: WorldSettings())
        world.setFilter(world.addPolygon(body: world.ground, vertices: [Vector(-200, 0), Vector(200, 0), Vector(200, 20), Vector(-200, 20)]),
                        itemMask: 1, boundaryMask: 0)
        var ball = Body()
        ball.position = Vector(30, -11)
        ball.setMass(1, inertia: 50)
        let ballID = world.createBody(ball.definition)
        world.setFilter(world.addCircle(body: ballID, radius: 10), itemMask: 1, boundaryMask: 0)
        world.step(dt: 1.0 / 60)
        let index = try #require(world.contacts.firstIndex { $0.manifold.count > 0 })
        let gap = -(world.body(ballID).position.y + 10)
        var states = [BodyState](repeating: BodyState(), count: world.bodies.count)
        states[Int(ballID.index)].dq = Rotation(angle: 0.8)
        let c = Self.recollide(Self.constraint(index, in: world), in: world, states: states)
        for angle in [0.8, 1.6, 2.5, 3.3] {
            var later = states[Int(ballID.index)]
            later.dq = Rotation(angle: angle)
            let (dA, dB) = c.bodyA == Int32(ballID.index) ? (later, BodyState()) : (BodyState(), later)
            let turned = TurnedNormal(c.normal, c.frame, radiusA: c.radiusA, radiusB: c.radiusB, dqA: dA.dq, dqB: dB.dq)
            let measured = turned.separation(c.p1, dpA: dA.dp, dqA: dA.dq, dpB: dB.dp, dqB: dB.dq)
            let halfGapTurned = 0.5 * gap * (1 - cos(angle - 0.8))
            #expect(abs(measured - gap) < halfGapTurned + 1e-4, "turned by \(angle) rad: gap \(measured) pt, the ball's \(gap)")
        }
    }

    @Test("only pairs that turn past their features are collided again")
    func whichPairsTurnPastTheirFeatures() {
        let dt = 1.0 / 60, overlap = WorldSettings().maxSoftOverlap
        var bar = Body(), box = Body(), floor = Body(), ball = Body()
        bar.extent = 170; box.extent = 5.7; floor.extent = 400; ball.extent = 20
        var m = Manifold()
        m.count = 1
        m.p1.anchorA = Vector(160, 8); m.p1.anchorB = Vector(0, -4)
        // A bar at 10 rad/s against a still box: its tip sweeps 28 pt a step.
        bar.angularVelocity = 10
        #expect(SubstepManifolds.turnsPastFeatures(bar, box, m, dt: dt, overlap: overlap))
        // A box carried at the tip turns with the bar but slides out along it at 900 pt/s.
        var carried = box
        carried.angularVelocity = 10
        carried.velocity = Vector(-10 * 8, 10 * 160) + Vector(900, 0)
        #expect(SubstepManifolds.turnsPastFeatures(bar, carried, m, dt: dt, overlap: overlap))
        // A box riding a drum turning at 0.44 rad/s, turning and moving with its wall.
        var drum = bar
        drum.extent = 2000; drum.angularVelocity = 0.44
        var rider = box
        rider.angularVelocity = 0.44
        m.p1.anchorA = Vector(0, 1990)
        rider.velocity = cross(0.44, Vector(0, 1994))
        #expect(!SubstepManifolds.turnsPastFeatures(drum, rider, m, dt: dt, overlap: overlap))
        // A ball rolling on a floor at 300 pt/s.
        ball.angularVelocity = -300 / 20; ball.velocity = Vector(300, 0)
        m.p1.anchorA = Vector(50, 0); m.p1.anchorB = Vector(0, -20)
        #expect(!SubstepManifolds.turnsPastFeatures(floor, ball, m, dt: dt, overlap: overlap))
        // A slowly turning bar (1 rad/s: its tip moves 2.8 pt a step).
        bar.angularVelocity = 1
        m.p1.anchorA = Vector(160, 8); m.p1.anchorB = Vector(0, -4)
        #expect(!SubstepManifolds.turnsPastFeatures(bar, box, m, dt: dt, overlap: overlap))
    }
}
