// AffineTransform: CGAffineTransform's matrix [a b; c d] plus translation (tx, ty).
//
// A view's transform is applied about its center. Dynamics writes back a pure rotation; property
// animations add a scale. `rotationAngle` and `scale` read those two back out of the matrix.

public struct AffineTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    @inlinable public static var identity: AffineTransform { AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

    /// A rotation by `angle` radians (clockwise on screen, since y points down).
    public init(rotationAngle angle: Double) {
        let c = cos(angle), s = sin(angle)
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Rotation by `angle` after a uniform scale `s`.
    public init(rotationAngle angle: Double, scale s: Double) {
        let c = cos(angle), sn = sin(angle)
        self.init(a: c * s, b: sn * s, c: -sn * s, d: c * s, tx: 0, ty: 0)
    }

    /// The rotation this transform applies, in radians.
    public var rotationAngle: Double { atan2(b, a) }
    /// The uniform scale along x (the length of the first column).
    public var scale: Double { (a * a + b * b).squareRoot() }

    public func apply(to p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// `self` followed by `t`.
    public func concatenating(_ t: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                        c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                        tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }
}
