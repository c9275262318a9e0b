// Rotation: a unit complex number (cos, sin). The solver turns bodies by small angles many times
// per step; multiplying and renormalizing a pair is cheaper than cos/sin and never drifts off the
// unit circle.
import Geometry

struct Rotation: Sendable {
    var c: Double
    var s: Double

    static let identity = Rotation(c: 1, s: 0)

    @inline(__always) init(c: Double, s: Double) { self.c = c; self.s = s }
    @inline(__always) init(angle: Double) { c = cos(angle); s = sin(angle) }

    @inline(__always) var angle: Double { atan2(s, c) }

    @inline(__always) func rotate(_ v: Vector) -> Vector { Vector(c * v.x - s * v.y, s * v.x + c * v.y) }
    @inline(__always) func inverseRotate(_ v: Vector) -> Vector { Vector(c * v.x + s * v.y, -s * v.x + c * v.y) }

    /// self ∘ q: first q, then self.
    @inline(__always) func multiply(_ q: Rotation) -> Rotation {
        Rotation(c: c * q.c - s * q.s, s: s * q.c + c * q.s)
    }

    /// This rotation as seen from `q`, q⁻¹ ∘ self: the turn from q to self (plane rotations
    /// commute, so it is also self ∘ q⁻¹).
    @inline(__always) func relative(to q: Rotation) -> Rotation {
        Rotation(c: q.c * c + q.s * s, s: q.c * s - q.s * c)
    }

    /// Advances by a small angle `da` (radians) and renormalizes.
    @inline(__always) func integrated(_ da: Double) -> Rotation {
        let c2 = c - da * s, s2 = s + da * c
        let inv = 1 / (c2 * c2 + s2 * s2).squareRoot()
        return Rotation(c: c2 * inv, s: s2 * inv)
    }
}

/// A rigid transform: rotate, then translate.
struct Transform: Sendable {
    var p: Vector
    var q: Rotation
    @inline(__always) func apply(_ v: Vector) -> Vector { q.rotate(v) + p }
    @inline(__always) func inverseApply(_ v: Vector) -> Vector { q.inverseRotate(v - p) }
}
