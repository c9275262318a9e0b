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

typealias Wide = SIMD8<Float>
typealias WideIndex = SIMD8<Int32>
let wideLanes = 8

// The standard library's pointwiseMin/Max are generic and stay out of line; these compile to
// one compare and one blend.
@inline(__always) func wmax(_ a: Wide, _ b: Wide) -> Wide { a.replacing(with: b, where: a .< b) }
@inline(__always) func wmin(_ a: Wide, _ b: Wide) -> Wide { a.replacing(with: b, where: b .< a) }

struct WidePoint {
    var rAx = Wide(), rAy = Wide(), rBx = Wide(), rBy = Wide()
    var baseSeparation = Wide()
    var normalMass = Wide(), tangentMass = Wide()
    var normalImpulse = Wide(), tangentImpulse = Wide(), maxNormalImpulse = Wide()
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

    /// Fills the batch from `count` prepared constraints (lanes past `count` become empty: they
    /// point at the ground with zero mass and change nothing). Every field is written as one
    /// whole vector; the lane loops have a constant trip count and unroll.
    @inline(__always)
    mutating func fill(from c: UnsafePointer<ContactConstraint>, count: Int) {
        @inline(__always) func lanes(_ value: (ContactConstraint) -> Double) -> Wide {
            var w = Wide()
            for lane in 0..<wideLanes where lane < count { w[lane] = Float(value(c[lane])) }
            return w
        }
        @inline(__always) func point(_ first: Bool) -> WidePoint {
            var w = WidePoint()
            for lane in 0..<wideLanes where lane < count && (first || c[lane].count > 1) {
                let p = first ? c[lane].p1 : c[lane].p2
                w.rAx[lane] = Float(p.rA.x); w.rAy[lane] = Float(p.rA.y)
                w.rBx[lane] = Float(p.rB.x); w.rBy[lane] = Float(p.rB.y)
                w.baseSeparation[lane] = Float(p.adjustedSeparation)
                w.normalMass[lane] = Float(p.normalMass); w.tangentMass[lane] = Float(p.tangentMass)
                w.normalImpulse[lane] = Float(p.normalImpulse); w.tangentImpulse[lane] = Float(p.tangentImpulse)
            }
            return w
        }
        var a = WideIndex(repeating: 0), b = WideIndex(repeating: 0), src = WideIndex(repeating: -1)
        for lane in 0..<wideLanes where lane < count {
            a[lane] = c[lane].bodyA; b[lane] = c[lane].bodyB; src[lane] = c[lane].contact
        }
        bodyA = a; bodyB = b; source = src
        nx = lanes { $0.normal.x }; ny = lanes { $0.normal.y }
        friction = lanes { $0.friction }
        mA = lanes { $0.mA }; iA = lanes { $0.iA }; mB = lanes { $0.mB }; iB = lanes { $0.iB }
        biasRate = lanes { $0.softness.biasRate }
        massScale = lanes { $0.softness.massScale }
        impulseScale = lanes { $0.softness.impulseScale }
        p1 = point(true)
        p2 = point(false)
    }

    /// Copies the accumulated impulses back into the manifolds of the lanes' contacts.
    @inline(__always)
    func store(into contacts: UnsafeMutableBufferPointer<Contact>) {
        for lane in 0..<wideLanes where source[lane] >= 0 {
            let ci = Int(source[lane])
            contacts[ci].manifold.p1.normalImpulse = Double(p1.normalImpulse[lane])
            contacts[ci].manifold.p1.tangentImpulse = Double(p1.tangentImpulse[lane])
            contacts[ci].manifold.p1.maxNormalImpulse = Double(p1.maxNormalImpulse[lane])
            if contacts[ci].manifold.count > 1 {
                contacts[ci].manifold.p2.normalImpulse = Double(p2.normalImpulse[lane])
                contacts[ci].manifold.p2.tangentImpulse = Double(p2.tangentImpulse[lane])
                contacts[ci].manifold.p2.maxNormalImpulse = Double(p2.maxNormalImpulse[lane])
            }
        }
    }
}

/// Velocities of the A (or B) bodies of a batch, one lane each.
struct WideBody {
    var vx = Wide(), vy = Wide(), w = Wide()

    @inline(__always) init(_ s: UnsafeMutablePointer<BodyState>, _ idx: WideIndex) {
        self = WideBody.gather(s, idx)
    }

    private init() {}

    /// Reads the lanes from their bodies. Out of line for the same reason as `scatter`: inlined,
    /// LLVM rebuilds the lanes with broadcasts and blends spread through the arithmetic.
    @inline(never)
    static func gather(_ s: UnsafeMutablePointer<BodyState>, _ idx: WideIndex) -> WideBody {
        var b = WideBody()
        for lane in 0..<wideLanes {
            let st = s + Int(idx[lane])
            b.vx[lane] = st.pointee.vx; b.vy[lane] = st.pointee.vy; b.w[lane] = st.pointee.angular
        }
        return b
    }

    @inline(__always) func store(_ s: UnsafeMutablePointer<BodyState>, _ idx: WideIndex) {
        WideBody.scatter(vx, vy, w, s, idx)
    }

    /// Writes the lanes back to their bodies. Kept out of line on purpose: when LLVM sees every
    /// lane of a result extracted, it turns the vector arithmetic that produced it back into
    /// eight scalar copies; a call boundary keeps that arithmetic in vectors.
    @inline(never)
    static func scatter(_ vx: Wide, _ vy: Wide, _ w: Wide, _ s: UnsafeMutablePointer<BodyState>, _ idx: WideIndex) {
        for lane in 0..<wideLanes {
            let st = s + Int(idx[lane])
            st.pointee.vx = vx[lane]; st.pointee.vy = vy[lane]; st.pointee.angular = w[lane]
        }
    }
}

/// The displacement of the A (or B) bodies since the step began.
struct WideDelta {
    var dpx = Wide(), dpy = Wide(), c = Wide(), s = Wide()

    @inline(__always) init(_ st: UnsafeMutablePointer<BodyState>, _ idx: WideIndex) {
        self = WideDelta.gather(st, idx)
    }

    private init() {}

    /// Out of line, as WideBody.gather.
    @inline(never)
    static func gather(_ st: UnsafeMutablePointer<BodyState>, _ idx: WideIndex) -> WideDelta {
        var d = WideDelta()
        for lane in 0..<wideLanes {
            let b = st + Int(idx[lane])
            d.dpx[lane] = b.pointee.dpx; d.dpy[lane] = b.pointee.dpy
            d.c[lane] = b.pointee.qc; d.s[lane] = b.pointee.qs
        }
        return d
    }
}

/// Step-wide constants in lanes.
struct WideSettings {
    var invH: Wide
    /// Minus the largest push-out speed.
    var maxBias: Wide
    init(_ set: SolverSettings) {
        invH = Wide(repeating: Float(set.invH))
        maxBias = Wide(repeating: Float(-set.maxBiasVelocity))
    }
}

enum WideContactSolver {
    static func warmStart(_ c: inout WideContact, _ s: UnsafeMutablePointer<BodyState>) {
        var A = WideBody(s, c.bodyA), B = WideBody(s, c.bodyB)
        let tx = c.ny, ty = -c.nx
        @inline(__always) func apply(_ p: WidePoint) {
            let px = c.nx * p.normalImpulse + tx * p.tangentImpulse
            let py = c.ny * p.normalImpulse + ty * p.tangentImpulse
            A.w -= c.iA * (p.rAx * py - p.rAy * px)
            A.vx -= c.mA * px; A.vy -= c.mA * py
            B.w += c.iB * (p.rBx * py - p.rBy * px)
            B.vx += c.mB * px; B.vy += c.mB * py
        }
        apply(c.p1)
        apply(c.p2)
        A.store(s, c.bodyA)
        B.store(s, c.bodyB)
    }

    /// The biased pass: normal impulses only, soft, pushing overlapping shapes apart.
    static func solve(_ c: inout WideContact, _ s: UnsafeMutablePointer<BodyState>, _ t: WideSettings) {
        var A = WideBody(s, c.bodyA), B = WideBody(s, c.bodyB)
        let dA = WideDelta(s, c.bodyA), dB = WideDelta(s, c.bodyB)
        let k = Coefficients(c)
        let soft = Soft(bias: c.biasRate, massScale: c.massScale, impulseScale: c.impulseScale)
        softNormal(&c.p1, k, &A, &B, dA, dB, t, soft)
        softNormal(&c.p2, k, &A, &B, dA, dB, t, soft)
        A.store(s, c.bodyA)
        B.store(s, c.bodyB)
    }

    /// The relax pass: rigid normal impulses without position bias (so the push-out adds no
    /// energy), then friction.
    static func relax(_ c: inout WideContact, _ s: UnsafeMutablePointer<BodyState>, _ t: WideSettings) {
        var A = WideBody(s, c.bodyA), B = WideBody(s, c.bodyB)
        let dA = WideDelta(s, c.bodyA), dB = WideDelta(s, c.bodyB)
        let k = Coefficients(c)
        rigidNormal(&c.p1, k, &A, &B, dA, dB, t)
        rigidNormal(&c.p2, k, &A, &B, dA, dB, t)
        friction(&c.p1, k, &A, &B)
        friction(&c.p2, k, &A, &B)
        A.store(s, c.bodyA)
        B.store(s, c.bodyB)
    }

    /// The per-batch constants the point solvers read (passed instead of the whole batch, which
    /// the point being updated belongs to).
    struct Coefficients {
        var nx: Wide, ny: Wide, mA: Wide, iA: Wide, mB: Wide, iB: Wide, friction: Wide
        @inline(__always) init(_ c: WideContact) {
            nx = c.nx; ny = c.ny; mA = c.mA; iA = c.iA; mB = c.mB; iB = c.iB; friction = c.friction
        }
    }

    /// Soft-constraint coefficients of the biased pass.
    struct Soft {
        var bias: Wide, massScale: Wide, impulseScale: Wide
    }

    /// The current separation of each lane's point, from the bodies' displacement since the
    /// step began.
    @inline(__always)
    static func separation(_ p: WidePoint, _ c: Coefficients, _ dA: WideDelta, _ dB: WideDelta) -> Wide {
        let prAx = dA.c * p.rAx - dA.s * p.rAy, prAy = dA.s * p.rAx + dA.c * p.rAy
        let prBx = dB.c * p.rBx - dB.s * p.rBy, prBy = dB.s * p.rBx + dB.c * p.rBy
        return (dB.dpx - dA.dpx + prBx - prAx) * c.nx + (dB.dpy - dA.dpy + prBy - prAy) * c.ny + p.baseSeparation
    }

    /// Applies a normal impulse `impulse` (before clamping the accumulated total at zero).
    @inline(__always)
    static func applyNormal(_ p: inout WidePoint, _ c: Coefficients, _ A: inout WideBody, _ B: inout WideBody,
                            _ impulse: Wide) {
        let newImpulse = wmax(p.normalImpulse + impulse, Wide(repeating: 0))
        let applied = newImpulse - p.normalImpulse
        p.normalImpulse = newImpulse
        p.maxNormalImpulse = wmax(p.maxNormalImpulse, applied)
        let px = applied * c.nx, py = applied * c.ny
        A.vx -= c.mA * px; A.vy -= c.mA * py; A.w -= c.iA * (p.rAx * py - p.rAy * px)
        B.vx += c.mB * px; B.vy += c.mB * py; B.w += c.iB * (p.rBx * py - p.rBy * px)
    }

    @inline(__always)
    static func normalVelocity(_ p: WidePoint, _ c: Coefficients, _ A: WideBody, _ B: WideBody) -> Wide {
        let dvx = (B.vx - B.w * p.rBy) - (A.vx - A.w * p.rAy)
        let dvy = (B.vy + B.w * p.rBx) - (A.vy + A.w * p.rAx)
        return dvx * c.nx + dvy * c.ny
    }

    /// Soft normal impulse: touching points feed back their overlap as a damped spring; a
    /// speculative point (positive separation) only keeps the gap from closing within the substep.
    @inline(__always)
    static func softNormal(_ p: inout WidePoint, _ c: Coefficients, _ A: inout WideBody, _ B: inout WideBody,
                           _ dA: WideDelta, _ dB: WideDelta, _ t: WideSettings, _ soft: Soft) {
        let sep = separation(p, c, dA, dB)
        let speculative = sep .> Wide(repeating: 0)
        let bias = wmax(soft.bias * sep, t.maxBias).replacing(with: sep * t.invH, where: speculative)
        let massScale = soft.massScale.replacing(with: 1, where: speculative)
        let impulseScale = soft.impulseScale.replacing(with: 0, where: speculative)
        let vn = normalVelocity(p, c, A, B)
        applyNormal(&p, c, &A, &B, -p.normalMass * massScale * (vn + bias) - impulseScale * p.normalImpulse)
    }

    /// Rigid normal impulse without position bias (the relax pass); speculative points as above.
    @inline(__always)
    static func rigidNormal(_ p: inout WidePoint, _ c: Coefficients, _ A: inout WideBody, _ B: inout WideBody,
                            _ dA: WideDelta, _ dB: WideDelta, _ t: WideSettings) {
        let sep = separation(p, c, dA, dB)
        let bias = wmax(sep, Wide(repeating: 0)) * t.invH
        let vn = normalVelocity(p, c, A, B)
        applyNormal(&p, c, &A, &B, -p.normalMass * (vn + bias))
    }

    @inline(__always)
    static func friction(_ p: inout WidePoint, _ c: Coefficients, _ A: inout WideBody, _ B: inout WideBody) {
        let tx = c.ny, ty = -c.nx
        let dvx = (B.vx - B.w * p.rBy) - (A.vx - A.w * p.rAy)
        let dvy = (B.vy + B.w * p.rBx) - (A.vy + A.w * p.rAx)
        let vt = dvx * tx + dvy * ty
        let maxF = c.friction * p.normalImpulse
        let newImpulse = wmin(wmax(p.tangentImpulse - p.tangentMass * vt, -maxF), maxF)
        let applied = newImpulse - p.tangentImpulse
        p.tangentImpulse = newImpulse
        let px = applied * tx, py = applied * ty
        A.vx -= c.mA * px; A.vy -= c.mA * py; A.w -= c.iA * (p.rAx * py - p.rAy * px)
        B.vx += c.mB * px; B.vy += c.mB * py; B.w += c.iB * (p.rBx * py - p.rBy * px)
    }
}
