// LaneContact: one contact constraint as a lane of a WideContact batch holds it.
//
// ContactSolver.prepare's values, computed in double precision once per step in contact order
// and stored in single precision, ready to be written into a batch's lane (WideContact.write).
// The effective masses stay as their inverses here, so the batch takes the reciprocals of eight
// at once.
import Geometry

/// One contact point as a lane holds it.
struct LanePoint {
    /// The lever arms, rn = r × n and rt = r × t for each body's anchor r.
    var rnA: Float = 0, rnB: Float = 0, rtA: Float = 0, rtB: Float = 0
    var baseSeparation: Float = 0
    /// The effective masses' inverses, K = 1/m_eff along the normal and the tangent; the batch
    /// takes their reciprocals eight at a time (one vector division instead of eight scalar ones).
    var normalK: Float = 0, tangentK: Float = 0
    var normalImpulse: Float = 0, tangentImpulse: Float = 0
}

/// One contact constraint as a lane holds it: prepared once per step, in contact order, and
/// written into its lane (WideContact.write). (A second point of a one-point manifold is all
/// zeros: no mass, no effect.)
struct LaneContact {
    var bodyA: Int32, bodyB: Int32, contact: Int32
    var nx: Float, ny: Float, friction: Float
    var mA: Float, iA: Float, mB: Float, iB: Float
    var biasRate: Float, massScale: Float, impulseScale: Float
    /// 1 where the soft pass may solve the two points as a block (an inelastic contact with a
    /// still body, a wall: WideContactSolver.blockSoft), 0 where it goes one point at a time.
    var blocks: Float = 0
    /// 1 where the biased pass solves friction too (a body under a field, as
    /// ContactConstraint.frictionWhenBiased), 0 where only the relax passes do.
    var biasedFriction: Float = 0
    /// The shapes' rounding radii (Manifold.radiusA, radiusB).
    var radiusA: Float = 0, radiusB: Float = 0
    /// 1 in `frameA` where the normal turns with A's face, in `frameB` with B's (Manifold.frame).
    var frameA: Float = 0, frameB: Float = 0
    var p1 = LanePoint(), p2 = LanePoint()

    /// Filler for staging storage that is overwritten before it is read.
    static let empty = LaneContact(bodyA: 0, bodyB: 0, contact: -1, nx: 0, ny: 0, friction: 0,
                                   mA: 0, iA: 0, mB: 0, iB: 0, biasRate: 0, massScale: 0, impulseScale: 0)

    init(bodyA: Int32, bodyB: Int32, contact: Int32, nx: Float, ny: Float, friction: Float,
         mA: Float, iA: Float, mB: Float, iB: Float, biasRate: Float, massScale: Float, impulseScale: Float) {
        self.bodyA = bodyA; self.bodyB = bodyB; self.contact = contact
        self.nx = nx; self.ny = ny; self.friction = friction
        self.mA = mA; self.iA = iA; self.mB = mB; self.iB = iB
        self.biasRate = biasRate; self.massScale = massScale; self.impulseScale = impulseScale
    }

    /// ContactSolver.prepare's values, computed in double and stored in single (the effective
    /// masses stay inverted; the batch inverts eight at a time).
    @inline(__always)
    init(_ edge: ConstraintGraph.Edge, _ contact: UnsafePointer<Contact>, _ bodies: UnsafePointer<SolverBody>,
         _ settings: SolverSettings) {
        let a = Int(edge.bodyA), b = Int(edge.bodyB)
        let mA = bodies[a].invMass, iA = bodies[a].invInertia, mB = bodies[b].invMass, iB = bodies[b].invInertia
        let soft = settings.softness(mA: mA, mB: mB)
        let n = contact.pointee.manifold.normal
        bodyA = edge.bodyA; bodyB = edge.bodyB; self.contact = edge.contact
        nx = Float(n.x); ny = Float(n.y); friction = Float(contact.pointee.friction)
        self.mA = Float(mA); self.iA = Float(iA); self.mB = Float(mB); self.iB = Float(iB)
        biasRate = Float(soft.biasRate); massScale = Float(soft.massScale); impulseScale = Float(soft.impulseScale)
        blocks = contact.pointee.restitution == 0 && (bodies[a].standsStill || bodies[b].standsStill) ? 1 : 0
        biasedFriction = bodies[a].underField || bodies[b].underField ? 1 : 0
        radiusA = contact.pointee.manifold.radiusA; radiusB = contact.pointee.manifold.radiusB
        let frame = contact.pointee.manifold.frame
        frameA = frame == .faceA ? 1 : 0; frameB = frame == .faceB ? 1 : 0
        @inline(__always) func point(_ mp: ManifoldPoint) -> LanePoint {
            let rA = mp.anchorA, rB = mp.anchorB
            let terms = ContactSolver.pointTerms(rA: rA, rB: rB, normal: n, separation: mp.separation,
                                                 mA: mA, iA: iA, mB: mB, iB: iB)
            return LanePoint(rnA: Float(terms.rnA), rnB: Float(terms.rnB), rtA: Float(terms.rtA), rtB: Float(terms.rtB),
                             baseSeparation: Float(terms.adjustedSeparation),
                             normalK: Float(terms.kN), tangentK: Float(terms.kT),
                             normalImpulse: Float(mp.normalImpulse), tangentImpulse: Float(mp.tangentImpulse))
        }
        p1 = point(contact.pointee.manifold.p1)
        if contact.pointee.manifold.count > 1 { p2 = point(contact.pointee.manifold.p2) }
    }
}
