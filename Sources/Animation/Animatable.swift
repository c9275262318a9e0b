// Animatable: the seam between the animation runner and whatever owns an item (the scene's item
// class conforms). A class protocol, because an animation targets one particular item over time,
// and the runner tells items apart by identity (===), as UIKit animates a particular view.
import Geometry

/// Anything an ``AnimationRunner`` animates: a class with the five animatable properties.
/// UIKit's counterpart is the animatable part of `UIView`.
public protocol Animatable: AnyObject {
    /// The center in points (UIView.center).
    var center: Point { get set }
    /// The bounds size in points.
    var size: Size { get set }
    /// 0...1.
    var alpha: Double { get set }
    /// Uniform scale about the center; 1 is the natural size.
    var scale: Double { get set }
    /// Radians about the center.
    var angle: Double { get set }
}

extension Animatable {
    /// All five animatable properties at once.
    public var animatableProperties: AnimatableProperties {
        get { AnimatableProperties(center: center, size: size, alpha: alpha, scale: scale, angle: angle) }
        set {
            center = newValue.center
            size = newValue.size
            alpha = newValue.alpha
            scale = newValue.scale
            angle = newValue.angle
        }
    }
}
