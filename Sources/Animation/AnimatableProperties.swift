// AnimatableProperties: the part of an item's state that a view animation may change, as one value.
//
// UIKit animates frame/bounds/center, transform and alpha. Nudge's items are described by a
// center, a bounds size, and a transform restricted to a uniform scale and a rotation about the
// center, so those five numbers are the whole animatable state. Colors are not animated.
import Geometry

/// One animatable property, to name what an animation drives.
public enum AnimatableProperty: String, CaseIterable, Hashable, Sendable {
    /// The center, in points.
    case center
    /// The bounds size, in points.
    case size
    /// The opacity, 0...1.
    case alpha
    /// The uniform scale about the center.
    case scale
    /// The rotation about the center, in radians.
    case angle

    /// The properties UIKit Dynamics overwrites every step while a behavior drives an item, so
    /// an animation of them loses on such an item (see AnimationRunner's header).
    public static let ownedByDynamics: Set<AnimatableProperty> = [.center, .angle]
}

/// The whole animatable state of an item as one value: center, size, alpha, scale, angle.
public struct AnimatableProperties: Hashable, Sendable {
    /// The center in points (UIView.center).
    public var center: Point
    /// The bounds size in points (UIView.bounds.size); changing it keeps the center.
    public var size: Size
    /// Opacity, 0...1 (UIView.alpha, default 1).
    public var alpha: Double
    /// Uniform scale of the transform about the center (1 = natural size).
    public var scale: Double
    /// Rotation of the transform about the center, radians, clockwise on screen (y down).
    public var angle: Double

    /// A state with the given values; alpha and scale default to 1, angle to 0.
    public init(center: Point, size: Size, alpha: Double = 1, scale: Double = 1, angle: Double = 0) {
        self.center = center
        self.size = size
        self.alpha = alpha
        self.scale = scale
        self.angle = angle
    }
}
