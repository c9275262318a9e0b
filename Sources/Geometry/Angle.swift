// Angle helpers. Angles are plain Doubles in radians (UIKit's convention); these functions keep
// the arithmetic on them in one place.

/// Arithmetic on angles, which are plain `Double`s in radians as in UIKit. With y pointing
/// down, positive angles turn clockwise on screen.
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

    /// `radians` in degrees (π is 180).
    public static func degrees(_ radians: Double) -> Double { radians * 180 / Double.pi }
    /// `degrees` in radians (180 is π).
    public static func radians(_ degrees: Double) -> Double { degrees * Double.pi / 180 }
}
