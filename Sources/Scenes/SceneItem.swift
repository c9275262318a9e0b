// SceneItem: one item of a live scene, the DynamicItem the animator moves.
//
// A class because identity matters: the animator, gestures, animations and the renderer all
// hold the same item and see each other's changes (as a UIView is shared). The animator writes
// `center` and a pure-rotation `transform`; drawing reads everything.
import Dynamics
import Geometry
import Images
import SceneFormat

public final class SceneItem: DynamicItem {
    public let id: String
    public let shape: ItemShape
    public var color: SceneColor
    /// 0 (invisible) ... 1 (opaque).
    public var alpha: Double
    /// The drawn scale about the center (1 = natural size); only drawing reads it, the collision
    /// shape keeps `size` (as a UIView's transform scale leaves UIKit Dynamics' bounds alone).
    public var scale: Double = 1
    /// A label's text.
    public var text: String?
    /// An image item's file, as written in the scene.
    public var image: String?
    /// An image item's decoded pixels (shared, never re-read); nil for other shapes and for
    /// scenes parsed from text without reading their images.
    public var bitmap: Bitmap?
    /// The item's size in points (its bounds' size). Tell the animator
    /// (`updateItem(usingCurrentState:)`) after changing it while dynamics drive the item.
    public var size: Size
    /// A polygon's vertices around the center.
    public let vertices: [Point]?
    /// A rectangle's corner radius in points (UIKit's `layer.cornerRadius`): drawing and the
    /// collision shape clamp it to half the short side.
    public var cornerRadius: Double = 0
    /// The collision categories the item is in, those it collides with (nil: all) and its
    /// collision group, as the scene names them; the scene sets ``collisionFilter`` from them.
    public var category: [String] = []
    public var collidesWith: [String]?
    public var collisionGroup = 0
    /// The engine filter of the names above (Scene.collisionCategories gives the bits).
    public var collisionFilter: CollisionFilter = .default

    public var center: Point
    public var transform: AffineTransform

    public var bounds: Rect { Rect(origin: .zero, size: size) }

    public var collisionBoundsType: DynamicItemCollisionBoundsType {
        switch shape {
        case .ellipse: return .ellipse
        case .polygon: return .path
        case .capsule: return .capsule
        case .rectangle, .label, .image: return .rectangle
        }
    }

    public var collisionBoundingPath: [Point]? { shape == .polygon ? vertices : nil }

    /// The item as described, placed in `referenceBounds`.
    public init(_ description: ItemDescription, in referenceBounds: Rect) {
        id = description.id
        shape = description.shape
        color = description.color
        alpha = description.alpha
        text = description.text
        image = description.image
        bitmap = description.bitmap
        size = description.size
        vertices = description.vertices
        center = description.center.resolve(in: referenceBounds)
        transform = AffineTransform(rotationAngle: description.angle)
        scale = description.scale
        cornerRadius = description.shape == .rectangle ? description.cornerRadius : 0
        category = description.category
        collidesWith = description.collidesWith
        collisionGroup = description.collisionGroup
    }

    /// The corner radius drawing and collisions use: a rectangle's `cornerRadius` clamped to
    /// [0, half the short side], half the short side for a capsule, else 0.
    public var roundedCornerRadius: Double {
        let half = min(size.width, size.height) / 2
        switch shape {
        case .capsule: return half
        case .rectangle: return cornerRadius.isFinite ? min(max(cornerRadius, 0), half) : 0
        default: return 0
        }
    }
}
