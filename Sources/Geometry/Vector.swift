// Vector: a 2D vector in points, the one numeric type the rest of Nudge builds on.
//
// UIKit keeps CGPoint and CGVector apart; in practice every Dynamics formula mixes them, so Nudge
// has one value type and calls it `Point` where it names a location (see `Point` below). Fields
// are Double: the simulation must be bit-identical run to run, and Double arithmetic in a fixed
// order is. The operators are plain functions the optimizer inlines into the solver's loops.

/// A 2D vector in points, and (as ``Point``) a location. UIKit: `CGVector` and `CGPoint`.
///
/// x grows to the right and y downward, as on screen; an angle of π/2 therefore points down.
public struct Vector: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal component, in points (positive to the right).
    public var x: Double
    /// The vertical component, in points (positive downward).
    public var y: Double

    /// The vector (`x`, `y`).
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    /// The vector (`x`, `y`).
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// (0, 0). UIKit: `CGPoint.zero`, `CGVector.zero`.
    @inlinable public static var zero: Vector { Vector(0, 0) }

    /// The unit vector at `angle` radians (0 points right, π/2 points down, as in UIKit).
    @inlinable public init(angle: Double) { self.init(cos(angle), sin(angle)) }

    /// The Euclidean length, √(x² + y²).
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    /// x² + y², the squared length (cheaper than ``length`` for comparisons).
    @inlinable public var lengthSquared: Double { x * x + y * y }
    /// The direction angle in radians, atan2(y, x).
    @inlinable public var angle: Double { atan2(y, x) }

    /// This vector scaled to length 1, or zero when it is (nearly) zero.
    @inlinable public var normalized: Vector {
        let l = length
        return l > 1e-12 ? Vector(x / l, y / l) : .zero
    }

    /// The vector turned a quarter turn: (-y, x). With y down this is clockwise on screen.
    @inlinable public var perpendicular: Vector { Vector(-y, x) }

    /// Whether both components are finite (neither infinite nor NaN).
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The dot product x·o.x + y·o.y.
    @inlinable public func dot(_ o: Vector) -> Double { x * o.x + y * o.y }
    /// The z component of the 3D cross product.
    @inlinable public func cross(_ o: Vector) -> Double { x * o.y - y * o.x }
    /// The distance from this point to `o`, in points.
    @inlinable public func distance(to o: Vector) -> Double { (self - o).length }

    /// This vector turned by `angle` radians.
    @inlinable public func rotated(by angle: Double) -> Vector {
        rotated(cosine: cos(angle), sine: sin(angle))
    }

    /// This vector turned by the angle whose cosine and sine are given (for many vectors turned
    /// by one angle, found once).
    @inlinable public func rotated(cosine c: Double, sine s: Double) -> Vector {
        Vector(c * x - s * y, s * x + c * y)
    }

    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }

    /// The componentwise sum.
    @inlinable public static func + (a: Vector, b: Vector) -> Vector { Vector(a.x + b.x, a.y + b.y) }
    /// The componentwise difference.
    @inlinable public static func - (a: Vector, b: Vector) -> Vector { Vector(a.x - b.x, a.y - b.y) }
    /// The vector pointing the opposite way.
    @inlinable public static prefix func - (a: Vector) -> Vector { Vector(-a.x, -a.y) }
    /// Both components multiplied by `s`.
    @inlinable public static func * (a: Vector, s: Double) -> Vector { Vector(a.x * s, a.y * s) }
    /// Both components multiplied by `s`.
    @inlinable public static func * (s: Double, a: Vector) -> Vector { Vector(a.x * s, a.y * s) }
    /// Both components divided by `s`.
    @inlinable public static func / (a: Vector, s: Double) -> Vector { Vector(a.x / s, a.y / s) }
    /// Adds `b` to `a`.
    @inlinable public static func += (a: inout Vector, b: Vector) { a.x += b.x; a.y += b.y }
    /// Subtracts `b` from `a`.
    @inlinable public static func -= (a: inout Vector, b: Vector) { a.x -= b.x; a.y -= b.y }
    /// Multiplies both components of `a` by `s`.
    @inlinable public static func *= (a: inout Vector, s: Double) { a.x *= s; a.y *= s }
}

/// A location in points. The same type as `Vector`; the name says which role a value plays.
public typealias Point = Vector

/// The scalar cross product s × v, a vector: (-s·v.y, s·v.x).
@inlinable public func cross(_ s: Double, _ v: Vector) -> Vector { Vector(-s * v.y, s * v.x) }
