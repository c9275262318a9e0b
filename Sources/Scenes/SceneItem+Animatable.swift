// SceneItem+Animatable: the scene's items are what UIView-style animations animate.
//
// Animatable wants an `angle`; a SceneItem keeps its rotation in `transform` (a pure rotation,
// as the animator writes it), so the angle reads and writes that transform.
import Animation
import Geometry
import SceneFormat

extension SceneItem: Animatable {
    /// Radians, clockwise on screen: the rotation of `transform`.
    public var angle: Double {
        get { transform.rotationAngle }
        set { transform = AffineTransform(rotationAngle: newValue) }
    }
}
