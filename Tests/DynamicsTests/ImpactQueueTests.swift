// The impact pass looks again only at the elastic constraints whose bodies an impulse changed
// (ImpactQueue.swift). Its answer must be the full sweeps' answer bit for bit: the same impulses,
// in the same order, so the same velocities and the same largest impulses. Checked here against
// the plain loop (every constraint, every sweep, until a sweep applies nothing) on a crowded pile
// of overlapping, approaching bodies with a floor, and on a row of touching balls struck at one
// end (a cradle, where the impact travels one swap per constraint down the row).
import Testing
import Geometry
@testable import Dynamics

@Suite struct ImpactQueueTests {
    struct Scene {
        var states: [BodyState] = []
        var impacts: [ContactConstraint] = []
    }

    static let settings = SolverSettings(h: 1.0 / 240, invH: 240, contactSoftness: .rigid, staticSoftness: .rigid,
                                         maxBiasVelocity: 300, maxSoftOverlap: 20, restitutionThreshold: 2, linearSlop: 0.5)

    /// One contact point between the bodies at `a` and `b` (radius `r`, normal from a to b),
    /// `offset` along the tangent, with the separation their distance gives.
    static func point(_ a: Vector, _ b: Vector, r: Double, offset: Double, mA: Double, iA: Double,
                      mB: Double, iB: Double) -> (ContactConstraintPoint, Vector) {
        let d = b - a, n = d * (1 / d.length), t = Vector(n.y, -n.x)
        let contact = a + n * r + t * offset
        var p = ContactConstraintPoint()
        p.rA = contact - a
        p.rB = contact - b
        let terms = ContactSolver.pointTerms(rA: p.rA, rB: p.rB, normal: n, separation: d.length - 2 * r,
                                             mA: mA, iA: iA, mB: mB, iB: iB)
        p.adjustedSeparation = terms.adjustedSeparation
        p.normalMass = 1 / terms.kN
        return (p, n)
    }

    /// Bodies scattered (overlapping) in a square above a floor (body 0, which cannot move), with
    /// random velocities; a constraint for each close pair and for each body near the floor.
    static func pile(seed: UInt64) -> Scene {
        var rng = SeededLcg(state: seed)
        func random() -> Double { rng.unit() }
        let r = 8.0, count = 120
        var centers: [Vector] = [.zero], scene = Scene()
        var masses: [(Double, Double)] = [(0, 0)]
        scene.states.append(BodyState())
        for _ in 0..<count {
            centers.append(Vector(random() * 120, 10 + random() * 120))
            masses.append((1 / (0.5 + random()), 1 / (30 + 60 * random())))
            scene.states.append(BodyState(v: Vector(400 * random() - 200, 400 * random() - 200), w: 6 * random() - 3))
        }
        for i in 1...count {
            for j in (i + 1)..<(count + 1) where (centers[j] - centers[i]).length < 2 * r + 1 {
                var c = ContactConstraint()
                c.bodyA = Int32(i); c.bodyB = Int32(j)
                (c.mA, c.iA) = masses[i]; (c.mB, c.iB) = masses[j]
                c.restitution = [0.1, 0.5, 1.0][Int(random() * 3)]
                c.impactThreshold = 2
                let (p1, n) = point(centers[i], centers[j], r: r, offset: 2 * random() - 1,
                                    mA: c.mA, iA: c.iA, mB: c.mB, iB: c.iB)
                c.normal = n; c.p1 = p1; c.count = 1
                if random() < 0.5 {
                    c.p2 = point(centers[i], centers[j], r: r, offset: 3 + random(), mA: c.mA, iA: c.iA, mB: c.mB, iB: c.iB).0
                    c.count = 2
                }
                scene.impacts.append(c)
            }
            if centers[i].y < r + 12 {
                // The floor below: body 0 at the body's foot, normal up into the body.
                var c = ContactConstraint()
                c.bodyA = 0; c.bodyB = Int32(i)
                (c.mB, c.iB) = masses[i]
                c.restitution = 0.5; c.impactThreshold = 2
                let foot = Vector(centers[i].x, centers[i].y - 2 * r)
                (c.p1, c.normal) = point(foot, centers[i], r: r, offset: 0, mA: 0, iA: 0, mB: c.mB, iB: c.iB)
                c.count = 1
                scene.impacts.append(c)
            }
        }
        return scene
    }

    /// `count` equal balls in a row, touching, the first moving into the second.
    static func cradle(count: Int) -> Scene {
        var scene = Scene()
        let r = 10.0
        for k in 0..<count { scene.states.append(BodyState(v: Vector(k == 0 ? 300 : 0, 0), w: 0)) }
        for k in 0..<(count - 1) {
            var c = ContactConstraint()
            c.bodyA = Int32(k); c.bodyB = Int32(k + 1)
            c.mA = 1; c.mB = 1; c.iA = 0.01; c.iB = 0.01
            c.restitution = 1; c.impactThreshold = 2
            (c.p1, c.normal) = point(Vector(2 * r * Double(k), 0), Vector(2 * r * Double(k + 1), 0), r: r, offset: 0,
                                     mA: 1, iA: 0.01, mB: 1, iB: 0.01)
            c.count = 1
            scene.impacts.append(c)
        }
        return scene
    }

    /// The plain loop the queue replaces. Returns the sweeps it took.
    static func fullSweeps(_ scene: inout Scene, sweeps: Int) -> Int {
        var taken = 0
        scene.states.withUnsafeMutableBufferPointer { sp in
            for _ in 0..<sweeps {
                taken += 1
                var any = false
                for k in 0..<scene.impacts.count where ContactSolver.impact(&scene.impacts[k], sp.baseAddress!, settings) {
                    any = true
                }
                if !any { break }
            }
        }
        return taken
    }

    static func queued(_ scene: inout Scene, sweeps: Int) {
        var queue = ImpactQueue()
        scene.impacts.withUnsafeBufferPointer { queue.build(impacts: $0, bodyCount: scene.states.count) }
        let impacts = scene.impacts.count
        queue.withBuffers { starts, neighbours, pending, looks in
            scene.impacts.withUnsafeMutableBufferPointer { ip in
                scene.states.withUnsafeMutableBufferPointer { sp in
                    let sweepsOf = ImpactSweeps(starts: starts, neighbours: neighbours, pending: pending, looks: looks)
                    #expect(ip.count == impacts)
                    sweepsOf.resolve(ip, sp.baseAddress!, settings, sweeps: sweeps)
                }
            }
        }
    }

    static func expectSame(_ a: Scene, _ b: Scene) {
        for (x, y) in zip(a.states, b.states) {
            #expect(x.vx.bitPattern == y.vx.bitPattern && x.vy.bitPattern == y.vy.bitPattern
                    && x.angular.bitPattern == y.angular.bitPattern)
        }
        for (x, y) in zip(a.impacts, b.impacts) {
            #expect(x.p1.maxNormalImpulse.bitPattern == y.p1.maxNormalImpulse.bitPattern)
            #expect(x.p2.maxNormalImpulse.bitPattern == y.p2.maxNormalImpulse.bitPattern)
        }
    }

    @Test("a crowded elastic pile: the queued pass gives the full sweeps' velocities and impulses bit for bit",
          arguments: [1 as UInt64, 7, 1234, 99_991])
    func pileMatchesFullSweeps(seed: UInt64) {
        var full = Self.pile(seed: seed), queued = full
        let taken = Self.fullSweeps(&full, sweeps: 64)
        Self.queued(&queued, sweeps: 64)
        // The pile must need several sweeps, so the queue is tested carrying impacts onward.
        #expect(taken > 3)
        #expect(full.impacts.count > 100)
        Self.expectSame(full, queued)
    }

    /// The compact look (ImpactLook) answers as the full look does: every constraint of the
    /// pile, struck alone from the same velocities and displacements, applies an impulse exactly
    /// when the look says it strikes, and never where the constraint's own velocity test
    /// (ContactSolver.mayArrive) turns it away. The pile's bodies are displaced and turned, and
    /// its normals turn with either face or none and join rounded shapes, so the separation the
    /// look measures counts; half its constraints separate and some of the approaching ones are
    /// too far apart to meet within the substep or too deep, so each answer comes up.
    @Test("the compact look strikes exactly the constraints the full look strikes",
          arguments: [1 as UInt64, 7, 1234, 99_991])
    func compactLookAnswersAsTheFullLook(seed: UInt64) {
        var scene = Self.pile(seed: seed)
        var rng = SeededLcg(state: seed ^ 0x5EED)
        for i in 1..<scene.states.count {
            scene.states[i].dp = Vector(rng.unit() - 0.5, rng.unit() - 0.5) * 2
            scene.states[i].dq = Rotation(angle: (rng.unit() - 0.5) * 0.2)
        }
        // Overlaps in the pile go to 16 pt: a soft overlap of 4 makes some points too deep to strike.
        var settings = Self.settings
        settings.maxSoftOverlap = 4
        var slow = 0, apart = 0, struck = 0
        for var c in scene.impacts {
            // Normals that turn with either face, and rounded shapes, as the narrow phase gives them.
            c.frame = [.fixed, .faceA, .faceB][Int(rng.unit() * 3)]
            c.radiusA = rng.unit() < 0.5 ? 0 : 4 * rng.unit()
            c.radiusB = rng.unit() < 0.5 ? 0 : 4 * rng.unit()
            var states = scene.states, copy = c
            let look = ImpactLook(c)
            let (may, strikes) = states.withUnsafeMutableBufferPointer {
                (ContactSolver.mayArrive(c, $0.baseAddress!, moment: .afterKick),
                 look.strikes($0.baseAddress!, h: settings.h, deepest: settings.maxSoftOverlap))
            }
            let fullStrikes = states.withUnsafeMutableBufferPointer {
                ContactSolver.impact(&copy, $0.baseAddress!, settings)
            }
            if !may { slow += 1 } else if !strikes { apart += 1 }
            if fullStrikes { struck += 1 }
            #expect(strikes == fullStrikes, "seed \(seed): the look says \(strikes), the full look \(fullStrikes)")
            #expect(may || !fullStrikes, "seed \(seed): a constraint the velocity test turned away strikes")
        }
        #expect(slow > 0 && apart > 0 && struck > 0, "slow \(slow), apart \(apart), struck \(struck)")
    }

    @Test("a struck row of ten balls: the impact reaches the last ball (e = 1, equal masses) with either pass")
    func cradleMatchesFullSweeps() {
        var full = Self.cradle(count: 10), queued = full
        _ = Self.fullSweeps(&full, sweeps: 64)
        Self.queued(&queued, sweeps: 64)
        Self.expectSame(full, queued)
        // Equal masses and e = 1 swap velocities: the last ball leaves at the first one's speed.
        #expect(abs(queued.states[9].v.x - 300) < 1e-3)
        #expect(abs(queued.states[0].v.x) < 1e-3)
    }

    @Test("a sweep cap that stops the pile early stops both passes at the same impulse")
    func capMatchesFullSweeps() {
        var full = Self.pile(seed: 5), queued = full
        _ = Self.fullSweeps(&full, sweeps: 2)
        Self.queued(&queued, sweeps: 2)
        Self.expectSame(full, queued)
    }
}
