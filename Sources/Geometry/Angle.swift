// Angle helpers. Angles are plain Doubles in radians (UIKit's convention); these functions keep
// the arithmetic on them in one place.

public enum Angle {
    /// `angle` wrapped into (-π, π].
    public static func normalized(_ angle: Double) -> Double {
        var a = angle.truncatingRemainder(dividingBy: 2 * Double.pi)
        if a <= -Double.pi { a += 2 * Double.pi }
        if a > Double.pi { a -= 2 * Double.pi }
        return a
    }

    /// The signed smallest turn from `from` to `to`, in (-π, π].
    public static func difference(from: Double, to: Double) -> Double {
        normalized(to - from)
    }

    public static func degrees(_ radians: Double) -> Double { radians * 180 / Double.pi }
    public static func radians(_ degrees: Double) -> Double { degrees * Double.pi / 180 }
}
