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
import Geometry
import CLaneShuffles

typealias Wide = SIMD8<Float>
typealias WideIndex = SIMD8<Int32>
/// Lanes per batch, as a shift: a constraint's slot among its color's constraints splits into
/// its batch, slot >> wideLaneShift, and its lane, slot & (wideLanes − 1).
let wideLaneShift = 3
let wideLanes = 1 << wideLaneShift

// The standard library's pointwiseMin/Max are generic and stay out of line; these compile to
// one compare and one blend.
@inline(__always) func wmax(_ a: Wide, _ b: Wide) -> Wide { a.replacing(with: b, where: a .< b) }
@inline(__always) func wmin(_ a: Wide, _ b: Wide) -> Wide { a.replacing(with: b, where: b .< a) }

struct WidePoint {
    var baseSeparation = Wide()
    var normalMass = Wide(), tangentMass = Wide()
    var normalImpulse = Wide(), tangentImpulse = Wide(), maxNormalImpulse = Wide()
    /// The lever arms (WideContactSolver.Levers): all the solver needs of the anchors.
    var rnA = Wide(), rnB = Wide(), rtA = Wide(), rtB = Wide()
    /// The separation at the bodies' current positions: as prepared for the first substep, then
    /// as the relax pass measures it after each substep's positions move. Positions do not move
    /// again before the next substep's biased pass, so that pass reads it here instead of
    /// gathering the displacements and measuring it again.
    var separation = Wide()
}

struct WideContact {
    var bodyA = WideIndex(repeating: 0)
    var bodyB = WideIndex(repeating: 0)
    /// Index of each lane's scalar constraint, -1 for an empty lane.
    var source = WideIndex(repeating: -1)
    var nx = Wide(), ny = Wide()
    var friction = Wide()
    var mA = Wide(), iA = Wide(), mB = Wide(), iB = Wide()
    var biasRate = Wide(), massScale = Wide(), impulseScale = Wide()
    var p1 = WidePoint()
    var p2 = WidePoint()

    /// A batch is 35 rows of eight lanes, each row one field, in declaration order (a test checks
    /// the layout): the three index rows, the ten per-constraint rows, then each point's eleven
    /// (the last, the current separation, is set by `finish`).
    enum Row {
        static let bodyA = 0, bodyB = 1, source = 2, nx = 3, ny = 4, friction = 5
        static let mA = 6, iA = 7, mB = 8, iB = 9, biasRate = 10, massScale = 11, impulseScale = 12
        static let p1 = 13, p2 = 24
        // Within a point.
        static let baseSeparation = 0, normalMass = 1, tangentMass = 2
        static let normalImpulse = 3, tangentImpulse = 4, maxNormalImpulse = 5
        static let rnA = 6, rnB = 7, rtA = 8, rtB = 9, separation = 10
        static let count = 35
    }

    /// Writes one prepared constraint into lane `lane` of a batch in place, straight from the
    /// pass over the contacts, with no staging copy to transpose. The effective masses go in
    /// as K = 1/m; `finish` turns a batch's into masses eight lanes at a time.
    @inline(__always)
    static func write(_ l: LaneContact, into batch: UnsafeMutablePointer<WideContact>, lane: Int) {
        let base = UnsafeMutableRawPointer(batch) + lane &* MemoryLayout<Float>.stride
        @inline(__always) func put(_ row: Int, _ v: Float) {
            (base + row &* MemoryLayout<Wide>.stride).storeBytes(of: v, as: Float.self)
        }
        @inline(__always) func put(_ row: Int, _ v: Int32) {
            (base + row &* MemoryLayout<Wide>.stride).storeBytes(of: v, as: Int32.self)
        }
        @inline(__always) func put(_ point: Int, _ p: LanePoint) {
            put(point + Row.rnA, p.rnA); put(point + Row.rnB, p.rnB)
            put(point + Row.rtA, p.rtA); put(point + Row.rtB, p.rtB)
            put(point + Row.separation, Float(0))
            put(point + Row.baseSeparation, p.baseSeparation)
            put(point + Row.normalMass, p.normalK); put(point + Row.tangentMass, p.tangentK)
            put(point + Row.normalImpulse, p.normalImpulse); put(point + Row.tangentImpulse, p.tangentImpulse)
            put(point + Row.maxNormalImpulse, Float(0))
        }
        put(Row.bodyA, l.bodyA); put(Row.bodyB, l.bodyB); put(Row.source, l.contact)
        put(Row.nx, l.nx); put(Row.ny, l.ny); put(Row.friction, l.friction)
        put(Row.mA, l.mA); put(Row.iA, l.iA); put(Row.mB, l.mB); put(Row.iB, l.iB)
        put(Row.biasRate, l.biasRate); put(Row.massScale, l.massScale); put(Row.impulseScale, l.impulseScale)
        put(Row.p1, l.p1)
        put(Row.p2, l.p2)
    }

    /// Completes a batch once its lanes are written: turns the K values `write` left in the mass
    /// rows into effective masses (zero where K is zero: an empty lane, or the absent second
    /// point of a one-point manifold), and sets each point's separation at the start of the step
    /// (no displacement, no turn: WideContactSolver.separation with dp = 0, q = (1, 0)).
    @inline(__always)
    mutating func finish() {
        let zero = Wide(repeating: 0), one = Wide(repeating: 1)
        @inline(__always) func invert(_ k: Wide) -> Wide { (one / k).replacing(with: zero, where: k .<= zero) }
        @inline(__always) func complete(_ p: inout WidePoint) {
            p.normalMass = invert(p.normalMass); p.tangentMass = invert(p.tangentMass)
            p.separation = (zero - p.rtB) - (zero - p.rtA) + p.baseSeparation
        }
        complete(&p1)
        complete(&p2)
    }

    /// Copies the accumulated impulses into the lanes' entries of `impulses` (indexed by contact).
    @inline(__always)
    func store(into impulses: UnsafeMutablePointer<StoredImpulses>) {
        for lane in 0..<wideLanes where source[lane] >= 0 {
            impulses[Int(source[lane])] = StoredImpulses(
                p1: SIMD4(p1.normalImpulse[lane], p1.tangentImpulse[lane], p1.maxNormalImpulse[lane], 1),
                p2: SIMD4(p2.normalImpulse[lane], p2.tangentImpulse[lane], p2.maxNormalImpulse[lane], 0))
        }
    }
}

/// A batched contact's impulses at the end of the step, on their way back to its manifold:
/// normal, tangent and largest normal impulse of each point; `p1`'s last float is 1 when the
/// entry is set. Kept apart from the contacts, 32 bytes each, so the batches write into a small
/// array instead of across all the contacts once per color.
struct StoredImpulses {
    var p1: SIMD4<Float>
    var p2: SIMD4<Float>
    static let unset = StoredImpulses(p1: .zero, p2: .zero)
}

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

/// Velocities of the A (or B) bodies of a batch, one lane each.
struct WideBody {
    var vx = Wide(), vy = Wide(), w = Wide()

    @inline(__always) init(_ s: UnsafeMutablePointer<BodyState>, _ idx: WideIndex) {
        (vx, vy) = wideGather2(s, idx, offset: 0)
        // The angular velocity with the unused float after it (the second vector goes unused).
        w = wideGather2(s, idx, offset: 8).0
    }

    @inline(__always) init(vx: Wide, vy: Wide, w: Wide) {
        self.vx = vx; self.vy = vy; self.w = w
    }

    /// Writes both sides of a batch back to their bodies: each body's first sixteen bytes
    /// (velocity, angular velocity and the unused fourth float, which takes the angular velocity
    /// too) in one store, after transposing lanes into rows. Out of line on purpose: when LLVM
    /// sees every lane of a result extracted, it turns the vector arithmetic that produced it
    /// back into eight scalar copies; a call boundary keeps that arithmetic in vectors.
    @inline(never)
    static func scatter(_ a: WideBody, _ b: WideBody, _ s: UnsafeMutablePointer<BodyState>,
                        _ idxA: WideIndex, _ idxB: WideIndex) {
        scatterRows(a.vx, a.vy, a.w, s, idxA)
        scatterRows(b.vx, b.vy, b.w, s, idxB)
    }

    @inline(__always)
    static func scatterRows(_ vx: Wide, _ vy: Wide, _ w: Wide, _ s: UnsafeMutablePointer<BodyState>, _ idx: WideIndex) {
        let t0 = interleaveLow(vx, vy), t1 = interleaveHigh(vx, vy)
        let u0 = interleaveLow(w, w), u1 = interleaveHigh(w, w)
        let base = UnsafeMutableRawPointer(s)
        @inline(__always) func put(_ r: Wide, _ lane: Int) {
            (base + Int(idx[lane]) &* MemoryLayout<BodyState>.stride).storeBytes(of: r.lowHalf, as: SIMD4<Float>.self)
            (base + Int(idx[lane + 4]) &* MemoryLayout<BodyState>.stride).storeBytes(of: r.highHalf, as: SIMD4<Float>.self)
        }
        put(pairsLow(t0, u0), 0); put(pairsHigh(t0, u0), 1); put(pairsLow(t1, u1), 2); put(pairsHigh(t1, u1), 3)
    }
}

// The shuffles of a transpose between lanes and rows of four floats, each within the two
// four-lane halves of a vector (CLaneShuffles states each as one shuffle).
@inline(__always) func interleaveLow(_ a: Wide, _ b: Wide) -> Wide { nudge_interleave_low(a, b) }
@inline(__always) func interleaveHigh(_ a: Wide, _ b: Wide) -> Wide { nudge_interleave_high(a, b) }
@inline(__always) func pairsLow(_ a: Wide, _ b: Wide) -> Wide { nudge_pairs_low(a, b) }
@inline(__always) func pairsHigh(_ a: Wide, _ b: Wide) -> Wide { nudge_pairs_high(a, b) }

/// The displacement of the A (or B) bodies since the step began.
struct WideDelta {
    var dpx = Wide(), dpy = Wide(), c = Wide(), s = Wide()

    @inline(__always) init(_ st: UnsafeMutablePointer<BodyState>, _ idx: WideIndex) {
        (dpx, dpy) = wideGather2(st, idx, offset: 16)
        (c, s) = wideGather2(st, idx, offset: 24)
    }
}

// A gather reads each lane's pair of adjacent floats as one 64-bit load and splits the pairs
// into two vectors with shuffles: a third fewer micro-operations than filling the lanes one float
// at a time, and, inlined, LLVM keeps it as loads and shuffles (the one-float-at-a-time version
// was out of line, since inlined LLVM rebuilt its lanes with broadcasts and blends).

/// Two adjacent floats at byte `offset` of each lane's body state.
@inline(__always)
func wideGather2(_ s: UnsafeMutablePointer<BodyState>, _ idx: WideIndex, offset: Int) -> (Wide, Wide) {
    let base = UnsafeRawPointer(s) + offset
    var pairs = SIMD8<UInt64>()
    for lane in 0..<wideLanes {
        pairs[lane] = (base + Int(idx[lane]) &* MemoryLayout<BodyState>.stride).loadUnaligned(as: UInt64.self)
    }
    // Little-endian: a pair's first float is its low 32 bits.
    let first = SIMD8<UInt32>(truncatingIfNeeded: pairs), second = SIMD8<UInt32>(truncatingIfNeeded: pairs &>> 32)
    return (unsafeBitCast(first, to: Wide.self), unsafeBitCast(second, to: Wide.self))
}

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

    /// The biased pass: normal impulses only, soft, pushing overlapping shapes apart.
    static func solve(_ c: inout WideContact, _ s: UnsafeMutablePointer<BodyState>, _ t: WideSettings) {
        var A = WideBody(s, c.bodyA), B = WideBody(s, c.bodyB)
        let k = Coefficients(c)
        let soft = Soft(bias: c.biasRate, massScale: c.massScale, impulseScale: c.impulseScale)
        softNormal(&c.p1, k, &A, &B, t, soft)
        softNormal(&c.p2, k, &A, &B, t, soft)
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
        @inline(__always) init(_ c: WideContact) {
            nx = c.nx; ny = c.ny; mA = c.mA; iA = c.iA; mB = c.mB; iB = c.iB; friction = c.friction
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
    /// step began. An anchor r turned by q = (c, s) has n·(q r) = c (n·r) + s (r × n) = s·rn − c·rt,
    /// so the lever arms are all it takes.
    @inline(__always)
    static func separation(_ p: WidePoint, _ c: Coefficients, _ dA: WideDelta, _ dB: WideDelta) -> Wide {
        let shift = (dB.dpx - dA.dpx) * c.nx + (dB.dpy - dA.dpy) * c.ny
        let armB = dB.s * p.rnB - dB.c * p.rtB, armA = dA.s * p.rnA - dA.c * p.rtA
        return shift + armB - armA + p.baseSeparation
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
    @inline(always)
    static func softNormal(_ p: inout WidePoint, _ c: Coefficients, _ A: inout WideBody, _ B: inout WideBody,
                           _ t: WideSettings, _ soft: Soft) {
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
        applyNormal(&p, l, c, &A, &B, wmax(soft, stop))
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
    /// Returns whether any lane with a contact was left so.
    @inline(__always)
    static func blockNormal(_ p1: inout WidePoint, _ p2: inout WidePoint, _ bias1: Wide, _ bias2: Wide,
                            _ l1: Levers, _ l2: Levers, _ c: Coefficients, _ A: inout WideBody, _ B: inout WideBody) -> Bool {
        let zero = Wide(repeating: 0)
        let m = c.mA + c.mB
        let k11 = m + c.iA * l1.rnA * l1.rnA + c.iB * l1.rnB * l1.rnB
        let k22 = m + c.iA * l2.rnA * l2.rnA + c.iB * l2.rnB * l2.rnB
        let k12 = m + c.iA * l1.rnA * l2.rnA + c.iB * l1.rnB * l2.rnB
        let det = k11 * k22 - k12 * k12
        let occupied = p1.normalMass .> zero
        let usable = (det .> Wide(repeating: 1e-3) * k11 * k22) .& occupied .& (p2.normalMass .> zero)
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
}
