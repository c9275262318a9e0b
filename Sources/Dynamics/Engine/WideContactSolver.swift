// WideContactSolver: the contact solver eight constraints at a time.
//
// Graph coloring (World.colorConstraints) guarantees that the constraints of one color share no
// moving body, so eight of them can be solved in the lanes of SIMD8<Float> at once with no write
// conflicts: body states are gathered into lanes, the same soft-step formulas as ContactSolver
// run lane-wise, and velocities are scattered back. The lanes are single precision, as in Box2D:
// the solver is bound by memory traffic, and halving it matters more than the digits past the
// seventh in an impulse; positions and the bodies' own velocities stay in double precision. Lanes that a batch does not fill point at the
// ground body with zero mass, so they change nothing. Static and kinematic bodies may appear in
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

    /// Writes scalar constraint `c` into `lane`.
    mutating func set(lane: Int, from c: ContactConstraint, source index: Int32) {
        bodyA[lane] = c.bodyA; bodyB[lane] = c.bodyB; source[lane] = index
        nx[lane] = Float(c.normal.x); ny[lane] = Float(c.normal.y)
        friction[lane] = Float(c.friction)
        mA[lane] = Float(c.mA); iA[lane] = Float(c.iA); mB[lane] = Float(c.mB); iB[lane] = Float(c.iB)
        biasRate[lane] = Float(c.softness.biasRate)
        massScale[lane] = Float(c.softness.massScale)
        impulseScale[lane] = Float(c.softness.impulseScale)
        func put(_ w: inout WidePoint, _ p: ContactConstraintPoint) {
            w.rAx[lane] = Float(p.rA.x); w.rAy[lane] = Float(p.rA.y)
            w.rBx[lane] = Float(p.rB.x); w.rBy[lane] = Float(p.rB.y)
            w.baseSeparation[lane] = Float(p.adjustedSeparation)
            w.normalMass[lane] = Float(p.normalMass); w.tangentMass[lane] = Float(p.tangentMass)
            w.normalImpulse[lane] = Float(p.normalImpulse); w.tangentImpulse[lane] = Float(p.tangentImpulse)
            w.maxNormalImpulse[lane] = Float(p.maxNormalImpulse)
        }
        put(&p1, c.p1)
        if c.count > 1 { put(&p2, c.p2) }
    }

    /// Copies the accumulated impulses of `lane` back into scalar constraint `c`.
    func get(lane: Int, into c: inout ContactConstraint) {
        // The scalar copy may hold the largest impulse of an impact; keep whichever is larger.
        c.p1.normalImpulse = Double(p1.normalImpulse[lane])
        c.p1.tangentImpulse = Double(p1.tangentImpulse[lane])
        c.p1.maxNormalImpulse = max(c.p1.maxNormalImpulse, Double(p1.maxNormalImpulse[lane]))
        if c.count > 1 {
            c.p2.normalImpulse = Double(p2.normalImpulse[lane])
            c.p2.tangentImpulse = Double(p2.tangentImpulse[lane])
            c.p2.maxNormalImpulse = max(c.p2.maxNormalImpulse, Double(p2.maxNormalImpulse[lane]))
        }
    }
}

/// Velocities of the A (or B) bodies of a batch, one lane each.
struct WideBody {
    var vx = Wide(), vy = Wide(), w = Wide()

    @inline(__always) init(_ s: UnsafeMutablePointer<BodyState>, _ idx: WideIndex) {
        for lane in 0..<wideLanes {
            let st = s[Int(idx[lane])]
            vx[lane] = Float(st.v.x); vy[lane] = Float(st.v.y); w[lane] = Float(st.w)
        }
    }

    @inline(__always) func store(_ s: UnsafeMutablePointer<BodyState>, _ idx: WideIndex) {
        for lane in 0..<wideLanes {
            let i = Int(idx[lane])
            s[i].v = Vector(Double(vx[lane]), Double(vy[lane]))
            s[i].w = Double(w[lane])
        }
    }
}

/// The displacement of the A (or B) bodies since the step began.
struct WideDelta {
    var dpx = Wide(), dpy = Wide(), c = Wide(), s = Wide()

    @inline(__always) init(_ st: UnsafeMutablePointer<BodyState>, _ idx: WideIndex) {
        for lane in 0..<wideLanes {
            let b = st[Int(idx[lane])]
            dpx[lane] = Float(b.dp.x); dpy[lane] = Float(b.dp.y)
            c[lane] = Float(b.dq.c); s[lane] = Float(b.dq.s)
        }
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

    static func solve(_ c: inout WideContact, _ s: UnsafeMutablePointer<BodyState>, _ set: SolverSettings, useBias: Bool) {
        var A = WideBody(s, c.bodyA), B = WideBody(s, c.bodyB)
        let dA = WideDelta(s, c.bodyA), dB = WideDelta(s, c.bodyB)
        let terms = BiasTerms(c, set, useBias: useBias)
        let k = Coefficients(c)
        normal(&c.p1, k, &A, &B, dA, dB, terms)
        normal(&c.p2, k, &A, &B, dA, dB, terms)
        if !useBias {
            friction(&c.p1, k, &A, &B)
            friction(&c.p2, k, &A, &B)
        }
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

    /// Lane-wise soft-constraint coefficients for touching points and the inverse substep.
    struct BiasTerms {
        var bias: Wide, massScale: Wide, impulseScale: Wide, invH: Wide, maxBias: Wide
        var useBias: Bool
        @inline(__always) init(_ c: WideContact, _ set: SolverSettings, useBias: Bool) {
            self.useBias = useBias
            bias = c.biasRate
            massScale = useBias ? c.massScale : Wide(repeating: 1)
            impulseScale = useBias ? c.impulseScale : Wide(repeating: 0)
            invH = Wide(repeating: Float(set.invH))
            maxBias = Wide(repeating: Float(-set.maxBiasVelocity))
        }
    }

    @inline(__always)
    static func normal(_ p: inout WidePoint, _ c: Coefficients, _ A: inout WideBody, _ B: inout WideBody,
                       _ dA: WideDelta, _ dB: WideDelta, _ t: BiasTerms) {
        let zero = Wide(repeating: 0)
        let nx = c.nx, ny = c.ny
        // Current separation from the bodies' displacement since the step began.
        let prAx = dA.c * p.rAx - dA.s * p.rAy, prAy = dA.s * p.rAx + dA.c * p.rAy
        let prBx = dB.c * p.rBx - dB.s * p.rBy, prBy = dB.s * p.rBx + dB.c * p.rBy
        let sep = (dB.dpx - dA.dpx + prBx - prAx) * nx + (dB.dpy - dA.dpy + prBy - prAy) * ny + p.baseSeparation
        let speculative = sep .> zero
        var bias = t.useBias ? wmax(t.bias * sep, t.maxBias) : zero
        bias.replace(with: sep * t.invH, where: speculative)
        let massScale = t.massScale.replacing(with: 1, where: speculative)
        let impulseScale = t.impulseScale.replacing(with: 0, where: speculative)
        let dvx = (B.vx - B.w * p.rBy) - (A.vx - A.w * p.rAy)
        let dvy = (B.vy + B.w * p.rBx) - (A.vy + A.w * p.rAx)
        let vn = dvx * nx + dvy * ny
        let impulse = -p.normalMass * massScale * (vn + bias) - impulseScale * p.normalImpulse
        let newImpulse = wmax(p.normalImpulse + impulse, zero)
        let applied = newImpulse - p.normalImpulse
        p.normalImpulse = newImpulse
        p.maxNormalImpulse = wmax(p.maxNormalImpulse, applied)
        let px = applied * nx, py = applied * ny
        A.vx -= c.mA * px; A.vy -= c.mA * py; A.w -= c.iA * (p.rAx * py - p.rAy * px)
        B.vx += c.mB * px; B.vy += c.mB * py; B.w += c.iB * (p.rBx * py - p.rBy * px)
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
