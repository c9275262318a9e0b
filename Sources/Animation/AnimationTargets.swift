// AnimationTargets: the end values of an animation, for any subset of the animatable properties.
//
// In UIKit the animation block sets the properties it wants to change; a property it leaves alone
// is not animated. Optionals say the same thing here: nil means "leave this property alone", so
// an alpha-only fade never fights the dynamics for the center.
import Geometry

/// The end values of an animation; `nil` leaves a property alone. UIKit's counterpart is the
/// set of properties changed inside an animation block.
public struct AnimationTargets: Hashable, Sendable {
    /// The center to move to, in points, or `nil`.
    public var center: Point?
    /// The bounds size to reach, in points (the center stays), or `nil`.
    public var size: Size?
    /// The opacity to reach, 0...1, or `nil`.
    public var alpha: Double?
    /// The uniform scale to reach, or `nil`.
    public var scale: Double?
    /// The rotation to reach, in radians (interpolated as a number: 0 → 2π is a full turn), or
    /// `nil`.
    public var angle: Double?

    /// Targets for the properties given; the others are left alone.
    public init(center: Point? = nil, size: Size? = nil, alpha: Double? = nil,
                scale: Double? = nil, angle: Double? = nil) {
        self.center = center
        self.size = size
        self.alpha = alpha
        self.scale = scale
        self.angle = angle
    }

    /// The properties that have a target.
    public var properties: Set<AnimatableProperty> {
        var set = Set<AnimatableProperty>()
        if center != nil { set.insert(.center) }
        if size != nil { set.insert(.size) }
        if alpha != nil { set.insert(.alpha) }
        if scale != nil { set.insert(.scale) }
        if angle != nil { set.insert(.angle) }
        return set
    }

    /// Whether no property has a target.
    public var isEmpty: Bool { properties.isEmpty }

    /// True when every target is a finite number (sizes also non-negative).
    public var isValid: Bool {
        (center?.isFinite ?? true)
            && (size.map { $0.width.isFinite && $0.height.isFinite && $0.width >= 0 && $0.height >= 0 } ?? true)
            && (alpha?.isFinite ?? true) && (scale?.isFinite ?? true) && (angle?.isFinite ?? true)
    }

    /// `from` moved `progress` of the way toward these targets, for the properties in `only`;
    /// the others keep `from`'s values. Progress 1 gives the targets exactly. Progress outside
    /// 0...1 (springs) extrapolates; alpha is kept in 0...1 as UIKit's rendering clamps opacity,
    /// and sizes stay non-negative. Angles interpolate as plain numbers: 0 → 2π makes a full turn
    /// (UIKit's transform matrices would take the short way; a number says what was meant).
    public func interpolate(from: AnimatableProperties, progress p: Double,
                            only properties: Set<AnimatableProperty>) -> AnimatableProperties {
        func lerp(_ a: Double, _ b: Double) -> Double { p == 1 ? b : a + (b - a) * p }
        var v = from
        if properties.contains(.center), let c = center {
            v.center = Point(lerp(from.center.x, c.x), lerp(from.center.y, c.y))
        }
        if properties.contains(.size), let s = size {
            v.size = Size(max(lerp(from.size.width, s.width), 0), max(lerp(from.size.height, s.height), 0))
        }
        if properties.contains(.alpha), let a = alpha { v.alpha = min(max(lerp(from.alpha, a), 0), 1) }
        if properties.contains(.scale), let s = scale { v.scale = lerp(from.scale, s) }
        if properties.contains(.angle), let a = angle { v.angle = lerp(from.angle, a) }
        return v
    }
}
