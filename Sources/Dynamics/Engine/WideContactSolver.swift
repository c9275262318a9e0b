// WideContactSolver: the contact solver eight constraints at a time.
//
// Graph coloring (ConstraintGraph) guarantees that the constraints of one color share no
// moving body, so eight of them can be solved in the lanes of SIMD8<Float> at once with no write
// conflicts: body states are gathered into lanes, the same soft-step formulas as ContactSolver
// run lane-wise, and velocities are scattered back. The lanes are single precision, as in Box2D,
// and so are the body states they gather (BodyState). Lanes that a batch does not fill point at
// the ground body with zero mass, so they change nothing. Static and kinematic bodies may appear in
// several lanes; their velocities are never changed (zero inverse mass), so the duplicate writes
// store the same values. Elastic contacts are solved here too; their impacts are resolved by the
// scalar impact pass, which touches only body velocities.
// The batch layout is in WideContact.swift, a lane's prepared values in LaneContact.swift, and
// the gathers and scatters of body states in WideBody.swift.
import Geometry
import CLaneShuffles

typealias Wide = SIMD8<Float>
typealias WideIndex = SIMD8<Int32>
typealias WideMask = SIMDMask<Wide.MaskStorage>
/// Lanes per batch, as a shift: a constraint's slot among its color's constraints splits into
/// its batch, slot >> wideLaneShift, and its lane, slot & (wideLanes − 1).
let wideLaneShift = 3
let wideLanes = 1 << wideLaneShift

// The standard library's pointwiseMin/Max are generic and stay out of line; these compile to
// one compare and one blend.
@inline(__always) func wmax(_ a: Wide, _ b: Wide) -> Wide { a.replacing(with: b, where: a .< b) }
@inline(__always) func wmin(_ a: Wide, _ b: Wide) -> Wide { a.replacing(with: b, where: b .< a) }

/// Step-wide constants in lanes.
struct WideSettings {
    var invH: Wide
    /// Minus the largest push-out speed.
    var maxBias: Wide
    /// SolverSettings.maxSoftOverlap.
    var maxOverlap: Wide
    init(_ set: SolverSettings) {
        invH = Wide(repeating: Float(set.invH))
        maxBias = Wide(repeating: Float(-set.maxBiasVelocity))
        maxOverlap = Wide(repeating: Float(set.maxSoftOverlap))
    }
}

enum WideContactSolver {
    static func warmStart(_ c: inout WideContact, _ s: UnsafeMutablePointer<BodyState>) {
        var A = WideBody(s, c.bodyA), B = WideBody(s, c.bodyB)
        let k = Coefficients(c)
        @inline(__always) func apply(_ p: WidePoint) {
            let l = Levers(p)
            // P = λn·n + λt·t, with t = (ny, −nx).
            let px = k.nx * p.normalImpulse + k.ny * p.tangentImpulse
            let py = k.ny * p.normalImpulse - k.nx * p.tangentImpulse
            A.w -= k.iA * (l.rnA * p.normalImpulse + l.rtA * p.tangentImpulse)
            A.vx -= k.mA * px; A.vy -= k.mA * py
            B.w += k.iB * (l.rnB * p.normalImpulse + l.rtB * p.tangentImpulse)
            B.vx += k.mB * px; B.vy += k.mB * py
        }
        apply(c.p1)
        apply(c.p2)
        WideBody.scatter(A, B, s, c.bodyA, c.bodyB)
    }

    /// The biased pass: normal impulses, soft, pushing overlapping shapes apart (and friction in
    /// the lanes of a body under a field).
    static func solve(_ c: inout WideContact, _ s: UnsafeMutablePointer<BodyState>, _ t: WideSettings) {
        var A = WideBody(s, c.bodyA), B = WideBody(s, c.bodyB)
        let k = Coefficients(c)
        let soft = Soft(bias: c.biasRate, massScale: c.massScale, impulseScale: c.impulseScale)
        // Touching inelastic face contacts as blocks (ContactSolver.blockSoft has the reasons);
        // the other lanes one point at a time. Only a batch with a contact against a still body
        // has such lanes (most batches of a pile have none); the test keeps the call to
        // blockSoft, which stays out of line, and the spilling of both bodies' lanes around it,
        // out of every other batch (it returns no lanes for them, so the results are the same).
        let blocked = any(c.blocks .> Wide(repeating: 0))
            ? blockSoft(&c.p1, &c.p2, c.blocks, k, &A, &B, t, soft) : WideMask(repeating: false)
        // Arriving faces (both points still apart) as the relax pass's block; the point rows
        // after it find nothing left to do in those lanes, as in the scalar solver.
        speculativeBlock(&c.p1, &c.p2, k, &A, &B, t)
        if !all(blocked) {
            softNormal(&c.p1, k, &A, &B, t, soft, skip: blocked)
            softNormal(&c.p2, k, &A, &B, t, soft, skip: blocked)
        }
        // Lanes with a body under a field solve friction here too, after the normal rows, as the
        // scalar solver does (ContactSolver.solve has the reasons: the field's half kicks).
        let underField = c.biasedFriction .> Wide(repeating: 0)
        if any(underField) {
            friction(&c.p1, Levers(c.p1), k, &A, &B, lanes: underField)
            friction(&c.p2, Levers(c.p2), k, &A, &B, lanes: underField)
        }
        WideBody.scatter(A, B, s, c.bodyA, c.bodyB)
    }

    /// The relax pass: rigid normal impulses without position bias (so the push-out adds no
    /// energy), then friction.
    static func relax(_ c: inout WideContact, _ s: UnsafeMutablePointer<BodyState>, _ t: WideSettings) {
        var A = WideBody(s, c.bodyA), B = WideBody(s, c.bodyB)
        let dA = WideDelta(s, c.bodyA), dB = WideDelta(s, c.bodyB)
        let k = Coefficients(c)
        // The positions have moved: measure the separations (kept for the next substep's biased
        // pass). A speculative point (positive separation) only keeps its gap from closing.
        c.p1.separation = separation(c.p1, k, dA, dB)
        c.p2.separation = separation(c.p2, k, dA, dB)
        let bias1 = wmax(c.p1.separation, Wide(repeating: 0)) * t.invH
        let bias2 = wmax(c.p2.separation, Wide(repeating: 0)) * t.invH
        let l1 = Levers(c.p1), l2 = Levers(c.p2)
        // Lanes the block solved need no second look (it would find nothing to do); the
        // others, if any, go one point at a time.
        if blockNormal(&c.p1, &c.p2, bias1, bias2, l1, l2, k, &A, &B) {
            rigidNormal(&c.p1, bias1, l1, k, &A, &B)
            rigidNormal(&c.p2, bias2, l2, k, &A, &B)
        }
        friction(&c.p1, l1, k, &A, &B)
        friction(&c.p2, l2, k, &A, &B)
        WideBody.scatter(A, B, s, c.bodyA, c.bodyB)
    }

    /// A further relax pass for friction alone (World runs `relaxIterations − 1` of them after
    /// `relax`). Friction converges through a tall stack more slowly than contact does: with one
    /// relax pass per substep a pyramid of a hundred layers creeps sideways, and this pass holds it;
    /// solving the normals again in it does not help (the drifts measured are in
    /// docs/performance-log.md).
    static func relaxFriction(_ c: inout WideContact, _ s: UnsafeMutablePointer<BodyState>) {
        var A = WideBody(s, c.bodyA), B = WideBody(s, c.bodyB)
        let k = Coefficients(c)
        friction(&c.p1, Levers(c.p1), k, &A, &B)
        friction(&c.p2, Levers(c.p2), k, &A, &B)
        WideBody.scatter(A, B, s, c.bodyA, c.bodyB)
    }

    /// The per-batch constants the point solvers read (passed instead of the whole batch, which
    /// the point being updated belongs to).
    struct Coefficients {
        var nx: Wide, ny: Wide, mA: Wide, iA: Wide, mB: Wide, iB: Wide, friction: Wide
        var radiusA: Wide, radiusB: Wide, frameA: Wide, frameB: Wide
        @inline(__always) init(_ c: WideContact) {
            nx = c.nx; ny = c.ny; mA = c.mA; iA = c.iA; mB = c.mB; iB = c.iB; friction = c.friction
            radiusA = c.radiusA; radiusB = c.radiusB; frameA = c.frameA; frameB = c.frameB
        }
    }

    /// A point's lever arms across the normal and the tangent t = (ny, −nx): rn = r × n and
    /// rt = r × t. With them a body's share of the relative velocity along n is v·n + ω·rn, and
    /// an impulse λ along n turns it by λ·rn; each costs one product instead of a cross product
    /// per use. Computed once per step, in double precision, when the constraint is prepared;
    /// the arms are fixed for the step, as in the scalar solver.
    struct Levers {
        var rnA: Wide, rnB: Wide, rtA: Wide, rtB: Wide
        @inline(__always) init(_ p: WidePoint) {
            rnA = p.rnA; rnB = p.rnB; rtA = p.rtA; rtB = p.rtB
        }
    }

    /// Soft-constraint coefficients of the biased pass.
    struct Soft {
        var bias: Wide, massScale: Wide, impulseScale: Wide
    }

    /// The current separation of each lane's point, from the bodies' displacement since the
    /// step began, along the normal turned with its face (TurnedNormal has the formula). An
    /// anchor r turned by q = (c, s) has n·(q r) = c (n·r) + s (r × n) = s·rn − c·rt and
    /// t·(q r) = c (r·t) + s (r × t) = c·rn + s·rt, so the lever arms are all it takes; the
    /// normal turned by (cφ, sφ) is cφ·n − sφ·t.
    @inline(__always)
    static func separation(_ p: WidePoint, _ c: Coefficients, _ dA: WideDelta, _ dB: WideDelta) -> Wide {
        let one = Wide(repeating: 1)
        // The face's turn: A's, B's or none, by the lane's frame (no turn leaves the fixed
        // normal's formula, bit for bit).
        let cf = one + c.frameA * (dA.c - one) + c.frameB * (dB.c - one)
        let sf = c.frameA * dA.s + c.frameB * dB.s
        let dpx = dB.dpx - dA.dpx, dpy = dB.dpy - dA.dpy
        let alongN = dpx * c.nx + dpy * c.ny + (dB.s * p.rnB - dB.c * p.rtB) - (dA.s * p.rnA - dA.c * p.rtA)
        let alongT = dpx * c.ny - dpy * c.nx + (dB.c * p.rnB + dB.s * p.rtB) - (dA.c * p.rnA + dA.s * p.rtA)
        // (rB − rA)·(n − n'), with r·n = −rt and r·t = rn.
        let offset = (cf - one) * (p.rtB - p.rtA) + sf * (p.rnB - p.rnA)
        // The radius parts of the anchors turn only relative to the normal (`rolling`).
        let roll = c.radiusA * (one - (dA.c * cf + dA.s * sf)) + c.radiusB * (one - (dB.c * cf + dB.s * sf))
        return cf * alongN - sf * alongT + p.baseSeparation + offset - roll
    }

    /// Relative velocity of the point along the normal.
    @inline(__always)
    static func normalVelocity(_ l: Levers, _ c: Coefficients, _ A: WideBody, _ B: WideBody) -> Wide {
        (B.vx - A.vx) * c.nx + (B.vy - A.vy) * c.ny + B.w * l.rnB - A.w * l.rnA
    }

    /// Applies a normal impulse `impulse` (before clamping the accumulated total at zero).
    @inline(__always)
    static func applyNormal(_ p: inout WidePoint, _ l: Levers, _ c: Coefficients, _ A: inout WideBody,
                            _ B: inout WideBody, _ impulse: Wide) {
        let newImpulse = wmax(p.normalImpulse + impulse, Wide(repeating: 0))
        let applied = newImpulse - p.normalImpulse
        p.normalImpulse = newImpulse
        p.maxNormalImpulse = wmax(p.maxNormalImpulse, applied)
        let a = c.mA * applied, b = c.mB * applied
        A.vx -= a * c.nx; A.vy -= a * c.ny; A.w -= c.iA * applied * l.rnA
        B.vx += b * c.nx; B.vy += b * c.ny; B.w += c.iB * applied * l.rnB
    }

    /// Soft normal impulse: touching points feed back their overlap as a damped spring; a
    /// speculative point (positive separation) only keeps the gap from closing within the substep.
    /// Lanes in `skip` are left as they are (the block solved them).
    @inline(always)
    static func softNormal(_ p: inout WidePoint, _ c: Coefficients, _ A: inout WideBody, _ B: inout WideBody,
                           _ t: WideSettings, _ soft: Soft, skip: WideMask) {
        let sep = p.separation
        let speculative = sep .> Wide(repeating: 0)
        let bias = wmax(soft.bias * sep, t.maxBias).replacing(with: sep * t.invH, where: speculative)
        let massScale = soft.massScale.replacing(with: 1, where: speculative)
        let impulseScale = soft.impulseScale.replacing(with: 0, where: speculative)
        let l = Levers(p)
        let vn = normalVelocity(l, c, A, B)
        let soft = -p.normalMass * massScale * (vn + bias) - impulseScale * p.normalImpulse
        // However hard the push, the overlap deepens no further than maxSoftOverlap.
        let stop = -p.normalMass * (vn + wmax(sep + t.maxOverlap, Wide(repeating: 0)) * t.invH)
        applyNormal(&p, l, c, &A, &B, wmax(soft, stop).replacing(with: 0, where: skip))
    }

    /// The biased pass's two normal rows of each lane's touching inelastic face contact solved
    /// together, lane-wise, as ContactSolver.blockSoft does: the soft impulse
    /// −massScale·K⁻¹(vn + bias) − impulseScale·λ for both points at once, row by row no less than
    /// what stops the overlap at maxSoftOverlap. One point after the other, a push of 20,000 on
    /// a 20 pt box turned it by the first point's impulse until a corner was 10 pt into the wall.
    /// Returns the lanes it solved; the others (one point, a point speculative, an elastic
    /// contact, rows nearly parallel, a total that would pull) are unchanged.
    @inline(__always)
    static func blockSoft(_ p1: inout WidePoint, _ p2: inout WidePoint, _ blocks: Wide, _ c: Coefficients,
                          _ A: inout WideBody, _ B: inout WideBody, _ t: WideSettings, _ soft: Soft) -> WideMask {
        let zero = Wide(repeating: 0)
        let s1 = p1.separation, s2 = p2.separation
        var usable = (blocks .> zero) .& (s1 .<= zero) .& (s2 .<= zero)
            .& (p1.normalMass .> zero) .& (p2.normalMass .> zero)
        if !any(usable) { return usable }
        let l1 = Levers(p1), l2 = Levers(p2)
        let m = c.mA + c.mB
        let k11 = m + c.iA * l1.rnA * l1.rnA + c.iB * l1.rnB * l1.rnB
        let k22 = m + c.iA * l2.rnA * l2.rnA + c.iB * l2.rnB * l2.rnB
        let k12 = m + c.iA * l1.rnA * l2.rnA + c.iB * l1.rnB * l2.rnB
        let det = k11 * k22 - k12 * k12
        usable .&= det .> Wide(repeating: 1e-3) * k11 * k22
        if !any(usable) { return usable }
        let invDet = Wide(repeating: 1) / det.replacing(with: 1, where: .!usable)
        let vn1 = normalVelocity(l1, c, A, B), vn2 = normalVelocity(l2, c, A, B)
        let q1 = vn1 + wmax(soft.bias * s1, t.maxBias), q2 = vn2 + wmax(soft.bias * s2, t.maxBias)
        var d1 = -soft.massScale * (k22 * q1 - k12 * q2) * invDet - soft.impulseScale * p1.normalImpulse
        var d2 = -soft.massScale * (k11 * q2 - k12 * q1) * invDet - soft.impulseScale * p2.normalImpulse
        // The stop, lane by lane as ContactSolver.stopPush: the least push that keeps each
        // point's overlap within maxOverlap, only ever pushing.
        let y1 = vn1 + wmax(s1 + t.maxOverlap, zero) * t.invH, y2 = vn2 + wmax(s2 + t.maxOverlap, zero) * t.invH
        let e1 = y1 + k11 * d1 + k12 * d2, e2 = y2 + k12 * d1 + k22 * d2
        let first = -e1 / k11, second = -e2 / k22
        let firstOnly = (e1 .< zero) .& (e2 + k12 * first .>= zero)
        let secondOnly = .!firstOnly .& (e2 .< zero) .& (e1 + k12 * second .>= zero)
        let both = .!firstOnly .& .!secondOnly .& ((e1 .< zero) .| (e2 .< zero))
        let b1 = wmax((k12 * e2 - k22 * e1) * invDet, zero), b2 = wmax((k12 * e1 - k11 * e2) * invDet, zero)
        d1 += zero.replacing(with: first, where: firstOnly).replacing(with: b1, where: both)
        d2 += zero.replacing(with: second, where: secondOnly).replacing(with: b2, where: both)
        let x1 = p1.normalImpulse + d1, x2 = p2.normalImpulse + d2
        usable .&= (x1 .>= zero) .& (x2 .>= zero)
        d1 = d1.replacing(with: zero, where: .!usable)
        d2 = d2.replacing(with: zero, where: .!usable)
        p1.normalImpulse += d1; p2.normalImpulse += d2
        p1.maxNormalImpulse = wmax(p1.maxNormalImpulse, d1)
        p2.maxNormalImpulse = wmax(p2.maxNormalImpulse, d2)
        let sum = d1 + d2
        A.vx -= c.mA * sum * c.nx; A.vy -= c.mA * sum * c.ny; A.w -= c.iA * (d1 * l1.rnA + d2 * l2.rnA)
        B.vx += c.mB * sum * c.nx; B.vy += c.mB * sum * c.ny; B.w += c.iB * (d1 * l1.rnB + d2 * l2.rnB)
        return usable
    }

    /// The lanes whose face contact has both points still apart (a face arriving) solved as the
    /// relax pass's block, whose rows (rigid, the gap per substep as the bias) are exactly the
    /// speculative points' (ContactSolver.speculativeBlock has the reasons). One point after the
    /// other, the first point took the whole stop and turned its box, and the turn sent the
    /// second corner on into the wall: eight 20 pt boxes pushed down at 200 side by side on the
    /// floor turned by 1.2° and put a corner 4.4 pt into it, at 20 they turned by 9.9°.
    @inline(__always)
    static func speculativeBlock(_ p1: inout WidePoint, _ p2: inout WidePoint, _ c: Coefficients,
                                 _ A: inout WideBody, _ B: inout WideBody, _ t: WideSettings) {
        let zero = Wide(repeating: 0)
        let s1 = p1.separation, s2 = p2.separation
        let arriving = (s1 .> zero) .& (s2 .> zero) .& (p2.normalMass .> zero)
        if !any(arriving) { return }
        _ = blockNormal(&p1, &p2, s1 * t.invH, s2 * t.invH, Levers(p1), Levers(p2), c, &A, &B, lanes: arriving)
    }

    /// Rigid normal impulse without position bias (the relax pass); `bias` is a speculative
    /// point's gap per substep, zero for touching points.
    @inline(__always)
    static func rigidNormal(_ p: inout WidePoint, _ bias: Wide, _ l: Levers, _ c: Coefficients, _ A: inout WideBody,
                            _ B: inout WideBody) {
        let vn = normalVelocity(l, c, A, B)
        applyNormal(&p, l, c, &A, &B, -p.normalMass * (vn + bias))
    }

    /// The two normal rows of each lane's face contact solved together, lane-wise, as
    /// ContactSolver.blockRelax does (the reasons are there). Lanes with one point, rows too
    /// nearly parallel or no case fitting are left unchanged for the one-at-a-time pass after it.
    /// Only the lanes in `lanes` are solved. Returns whether any lane with a contact was left so.
    @inline(__always)
    static func blockNormal(_ p1: inout WidePoint, _ p2: inout WidePoint, _ bias1: Wide, _ bias2: Wide,
                            _ l1: Levers, _ l2: Levers, _ c: Coefficients, _ A: inout WideBody, _ B: inout WideBody,
                            lanes: WideMask = WideMask(repeating: true)) -> Bool {
        let zero = Wide(repeating: 0)
        let m = c.mA + c.mB
        let k11 = m + c.iA * l1.rnA * l1.rnA + c.iB * l1.rnB * l1.rnB
        let k22 = m + c.iA * l2.rnA * l2.rnA + c.iB * l2.rnB * l2.rnB
        let k12 = m + c.iA * l1.rnA * l2.rnA + c.iB * l1.rnB * l2.rnB
        let det = k11 * k22 - k12 * k12
        let occupied = p1.normalMass .> zero
        let usable = (det .> Wide(repeating: 1e-3) * k11 * k22) .& occupied .& (p2.normalMass .> zero) .& lanes
        if !any(usable) { return true }
        let vn1 = normalVelocity(l1, c, A, B) + bias1, vn2 = normalVelocity(l2, c, A, B) + bias2
        let a1 = p1.normalImpulse, a2 = p2.normalImpulse
        let b1 = vn1 - (k11 * a1 + k12 * a2), b2 = vn2 - (k12 * a1 + k22 * a2)
        let invDet = Wide(repeating: 1) / det.replacing(with: 1, where: .!usable)
        let both1 = (k12 * b2 - k22 * b1) * invDet, both2 = (k12 * b1 - k11 * b2) * invDet
        let only1 = -b1 * p1.normalMass, only2 = -b2 * p2.normalMass
        let caseBoth = (both1 .>= zero) .& (both2 .>= zero)
        let case1 = .!caseBoth .& (only1 .>= zero) .& (k12 * only1 + b2 .>= zero)
        let case2 = .!caseBoth .& .!case1 .& (only2 .>= zero) .& (k12 * only2 + b1 .>= zero)
        let caseNone = (b1 .>= zero) .& (b2 .>= zero)
        let solved = usable .& (caseBoth .| case1 .| case2 .| caseNone)
        if !any(solved) { return true }
        var x1 = zero.replacing(with: both1, where: caseBoth).replacing(with: only1, where: case1)
        var x2 = zero.replacing(with: both2, where: caseBoth).replacing(with: only2, where: case2)
        x1 = a1.replacing(with: x1, where: solved)
        x2 = a2.replacing(with: x2, where: solved)
        let d1 = x1 - a1, d2 = x2 - a2
        p1.normalImpulse = x1; p2.normalImpulse = x2
        p1.maxNormalImpulse = wmax(p1.maxNormalImpulse, d1)
        p2.maxNormalImpulse = wmax(p2.maxNormalImpulse, d2)
        let sum = d1 + d2
        A.vx -= c.mA * sum * c.nx; A.vy -= c.mA * sum * c.ny; A.w -= c.iA * (d1 * l1.rnA + d2 * l2.rnA)
        B.vx += c.mB * sum * c.nx; B.vy += c.mB * sum * c.ny; B.w += c.iB * (d1 * l1.rnB + d2 * l2.rnB)
        return any(occupied .& .!solved)
    }

    @inline(__always)
    static func friction(_ p: inout WidePoint, _ l: Levers, _ c: Coefficients, _ A: inout WideBody,
                         _ B: inout WideBody) {
        // t = (ny, −nx)
        let vt = (B.vx - A.vx) * c.ny - (B.vy - A.vy) * c.nx + B.w * l.rtB - A.w * l.rtA
        let maxF = c.friction * p.normalImpulse
        let newImpulse = wmin(wmax(p.tangentImpulse - p.tangentMass * vt, -maxF), maxF)
        let applied = newImpulse - p.tangentImpulse
        p.tangentImpulse = newImpulse
        let a = c.mA * applied, b = c.mB * applied
        A.vx -= a * c.ny; A.vy += a * c.nx; A.w -= c.iA * applied * l.rtA
        B.vx += b * c.ny; B.vy -= b * c.nx; B.w += c.iB * applied * l.rtB
    }

    /// `friction` in the lanes of `lanes` only; the others keep their impulse and velocities.
    /// A point still apart (positive separation) holds none, as in the scalar solver's biased
    /// pass under a field (ContactPass.frictionRow(touchingOnly:); docs/dynamics.md, "Friction in
    /// corners"). The separation is the one the last relax pass measured, which is the current
    /// one: the positions move only between a biased pass and its relax pass.
    @inline(__always)
    static func friction(_ p: inout WidePoint, _ l: Levers, _ c: Coefficients, _ A: inout WideBody,
                         _ B: inout WideBody, lanes: WideMask) {
        let vt = (B.vx - A.vx) * c.ny - (B.vy - A.vy) * c.nx + B.w * l.rtB - A.w * l.rtA
        let maxF = (c.friction * p.normalImpulse).replacing(with: 0, where: p.separation .> Wide(repeating: 0))
        let solved = wmin(wmax(p.tangentImpulse - p.tangentMass * vt, -maxF), maxF)
        let newImpulse = p.tangentImpulse.replacing(with: solved, where: lanes)
        let applied = newImpulse - p.tangentImpulse
        p.tangentImpulse = newImpulse
        let a = c.mA * applied, b = c.mB * applied
        A.vx -= a * c.ny; A.vy += a * c.nx; A.w -= c.iA * applied * l.rtA
        B.vx += b * c.ny; B.vy -= b * c.nx; B.w += c.iB * applied * l.rtB
    }
}
