// Animatable: the seam between the animation runner and whatever owns an item (the scene's item
// class conforms). A class protocol, because an animation targets one particular item over time,
// and the runner tells items apart by identity (===), as UIKit animates a particular view.
import Geometry

public protocol Animatable: AnyObject {
    var center: Point { get set }
    /// The bounds size in points.
    var size: Size { get set }
    /// 0...1.
    var alpha: Double { get set }
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
