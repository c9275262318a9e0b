// BodyState: the per-body velocity and displacement the solver works on during one step.
//
// Eight floats, 32 bytes: a body is half a cache line, and the wide contact solver reads one
// whole state with a single load (Box2D v3's b2BodyState has the same shape). Single precision
// is enough for what lives here: a velocity to seven digits, and a displacement that never
// exceeds one step's travel (the pose itself stays in double precision in `Body` and takes the
// displacement once, when the step finishes). The scalar solvers (joints, the impact pass, the
// contacts that fit no color) keep their double-precision arithmetic through the `v`, `w`, `dp`
// and `dq` accessors, which convert on the way in and out.
import Geometry

struct BodyState: Sendable {
    var vx: Float = 0
    var vy: Float = 0
    var angular: Float = 0
    /// Unused; keeps the displacement in the second half of the 32 bytes. (The wide solver's
    /// scatter stores the first half whole and leaves the angular velocity here too.)
    var padding: Float = 0
    var dpx: Float = 0
    var dpy: Float = 0
    var qc: Float = 1
    var qs: Float = 0

    init() {}

    init(v: Vector, w: Double) {
        vx = Float(v.x); vy = Float(v.y); angular = Float(w)
    }

    var v: Vector {
        @inline(__always) get { Vector(Double(vx), Double(vy)) }
        @inline(__always) set { vx = Float(newValue.x); vy = Float(newValue.y) }
    }

    var w: Double {
        @inline(__always) get { Double(angular) }
        @inline(__always) set { angular = Float(newValue) }
    }

    var dp: Vector {
        @inline(__always) get { Vector(Double(dpx), Double(dpy)) }
        @inline(__always) set { dpx = Float(newValue.x); dpy = Float(newValue.y) }
    }

    var dq: Rotation {
        @inline(__always) get { Rotation(c: Double(qc), s: Double(qs)) }
        @inline(__always) set { qc = Float(newValue.c); qs = Float(newValue.s) }
    }

    /// The pose a body at `start` has after this state's displacement and turn, the rotation
    /// renormalized in double precision (Stepper.finalize writes it back; SubstepManifolds
    /// collides at it within the step).
    @inline(__always) func pose(from start: Transform) -> Transform {
        let q = dq.multiply(start.q)
        let inv = 1 / (q.c * q.c + q.s * q.s).squareRoot()
        return Transform(p: start.p + dp, q: Rotation(c: q.c * inv, s: q.s * inv))
    }

    /// Moves on by a substep of `h` seconds at the current velocities: the displacement grows and
    /// the turn advances by a small angle, renormalized (Rotation.integrated, in single precision).
    @inline(__always) mutating func advance(by h: Float) {
        dpx += vx * h
        dpy += vy * h
        let da = h * angular
        let c = qc - da * qs, s = qs + da * qc
        let inv = 1 / (c * c + s * s).squareRoot()
        qc = c * inv; qs = s * inv
    }
}
