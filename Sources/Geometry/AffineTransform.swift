// AffineTransform: CGAffineTransform's matrix [a b; c d] plus translation (tx, ty).
//
// A view's transform is applied about its center. Dynamics writes back a pure rotation; property
// animations add a scale. `rotationAngle` and `scale` read those two back out of the matrix.

/// A 2D affine transform: the matrix [a b; c d] and a translation (tx, ty), mapping a point
/// (x, y) to (a·x + c·y + tx, b·x + d·y + ty). UIKit: `CGAffineTransform`.
///
/// An item's transform applies about its center. With y pointing down, a positive rotation
/// turns clockwise on screen.
public struct AffineTransform: Hashable, Sendable {
    /// The matrix entry that scales x into x (row 1, column 1).
    public var a: Double
    /// The matrix entry that carries x into y (row 1, column 2).
    public var b: Double
    /// The matrix entry that carries y into x (row 2, column 1).
    public var c: Double
    /// The matrix entry that scales y into y (row 2, column 2).
    public var d: Double
    /// The translation along x, in points.
    public var tx: Double
    /// The translation along y, in points.
    public var ty: Double

    /// A transform with the given matrix entries and translation (points).
    @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that leaves every point where it is. UIKit: `CGAffineTransform.identity`.
    @inlinable public static var identity: AffineTransform { AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

    /// A rotation by `angle` radians (clockwise on screen, since y points down).
    /// UIKit: `CGAffineTransform(rotationAngle:)`.
    public init(rotationAngle angle: Double) {
        self.init(rotationCosine: cos(angle), sine: sin(angle))
    }

    /// A rotation by the angle whose cosine and sine are given.
    public init(rotationCosine c: Double, sine s: Double) {
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// A scale by `sx` along x and `sy` along y (1 keeps the size).
    /// UIKit: `CGAffineTransform(scaleX:y:)`.
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Rotation by `angle` radians after a uniform scale `s`.
    public init(rotationAngle angle: Double, scale s: Double) {
        let c = cos(angle), sn = sin(angle)
        self.init(a: c * s, b: sn * s, c: -sn * s, d: c * s, tx: 0, ty: 0)
    }

    /// The rotation this transform applies, in radians, from −π to π.
    public var rotationAngle: Double { atan2(b, a) }
    /// The uniform scale along x (the length of the first column).
    public var scale: Double { (a * a + b * b).squareRoot() }

    /// The point `p` transformed. UIKit: `CGPoint.applying(_:)`.
    public func apply(to p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// `self` followed by `t`. UIKit: `CGAffineTransform.concatenating(_:)`.
    public func concatenating(_ t: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                        c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                        tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }
}
