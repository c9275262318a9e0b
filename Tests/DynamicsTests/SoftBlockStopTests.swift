// SoftBlockStopTests: the biased pass's two-point block (ContactSolver.blockSoft) never pushes a
// point out faster than its soft row asks, even when the two rows are nearly parallel.
//
// A soft contact row pushes an overlap out at no more than the push-out speed
// (WorldSettings.contactPushMaxVelocity, 300 pt/s) beyond the approach it stops, and its stop at
// maxSoftOverlap only bounds how fast a point may still approach. The contact here is the one
// the energy audit's seed 93260 met at step 121: a thin ellipse (10.2 × 54.1 pt, density 0.196)
// standing in a corner with its end on the right wall, its two points 1.6 pt apart and 27 pt
// from its center, so that the block's rows are nearly parallel (det/(k₁₁·k₂₂) = 0.0015). The
// stop bound the second row only (its impulse to stop at 2 pt was +60, the soft one −0.4); the
// block raised that row to its stop and kept the first row's soft share, which threw the
// ellipse off the wall at 21,000 pt/s at the point, spinning at 700 rad/s.
import Testing
import Geometry
@testable import Dynamics

@Suite struct SoftBlockStopTests {
    @Test("a thin item's two points on a wall, rows nearly parallel: the biased pass pushes them out no faster than the push-out speed")
    func nearlyParallelRows() {
        let h = 1.0 / 240
        let set = SolverSettings(h: h, invH: 1 / h,
                                 contactSoftness: Softness(hertz: 60, dampingRatio: 10, h: h),
                                 staticSoftness: Softness(hertz: 120, dampingRatio: 10, h: h),
                                 maxBiasVelocity: 300, maxSoftOverlap: 2, restitutionThreshold: 2, linearSlop: 0.5)
        let mass = 0.196 * Double.pi * 5.1 * 27.05 / 10_000
        let inertia = mass * (5.1 * 5.1 + 27.05 * 27.05) / 4
        let n = Vector(1, 0), mA = 1 / mass, iA = 1 / inertia
        var c = ContactConstraint()
        c.bodyA = 1; c.bodyB = 0
        c.normal = n
        c.mA = mA; c.iA = iA
        c.softness = set.staticSoftness
        c.friction = 0.02
        c.count = 2
        func point(_ r: Vector, separation: Double, normalImpulse: Double) -> ContactConstraintPoint {
            var p = ContactConstraintPoint()
            p.rA = r; p.rB = r
            let terms = ContactSolver.pointTerms(rA: r, rB: r, normal: n, separation: separation,
                                                 mA: mA, iA: iA, mB: 0, iB: 0)
            p.adjustedSeparation = terms.adjustedSeparation
            p.normalMass = 1 / terms.kN
            p.tangentMass = 1 / terms.kT
            p.normalImpulse = normalImpulse
            return p
        }
        c.p1 = point(Vector(18.191, 20.188), separation: -0.088, normalImpulse: 0.783)
        c.p2 = point(Vector(18.377, 18.621), separation: -0.348, normalImpulse: 0)
        var states = [BodyState(), BodyState(v: Vector(-112.716, 109.92), w: -5.762)]
        let before = states[1]
        // How fast a point leaves the wall (body A against the still wall B: −v·n at the point).
        func leaving(_ s: BodyState, _ r: Vector) -> Double { -(s.v + cross(s.w, r)).dot(n) }
        let first = [leaving(before, c.p1.rA), leaving(before, c.p2.rA)]
        states.withUnsafeMutableBufferPointer { ContactSolver.solve(&c, $0.baseAddress!, set, useBias: true) }
        for (k, r) in [c.p1.rA, c.p2.rA].enumerated() {
            let speed = leaving(states[1], r)
            #expect(speed <= max(first[k], 0) + set.maxBiasVelocity,
                    "point \(k + 1) leaves the wall at \(speed) pt/s (spin \(states[1].w) rad/s)")
        }
    }
}
