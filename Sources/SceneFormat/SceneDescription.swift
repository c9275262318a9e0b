// SceneDescription: a scene file after validation, before it meets an animator.
//
// Plain values only: positions stay percentages until the live scene knows its bounds, and ids
// stay strings (every id referenced here is known to exist). Building, drawing, gestures and
// animations all start from this one checked value, so none of them has to re-validate.
import Geometry
import Images

public struct SceneDescription: Hashable, Sendable {
    /// Shown in the status line.
    public var name: String
    /// One line telling the player what to do.
    public var summary: String
    /// The reference bounds' size; nil means "whatever the terminal (or --size) gives".
    public var size: Size?
    /// The most items the player may add while playing (edit mode's box, ball and polygon,
    /// gestures' `spawn` and `add`), counting those in the scene at a time; nil: no cap beyond
    /// the gestures' 200.
    public var addLimit: Int?
    public var items: [ItemDescription]
    /// Items that move as one rigid body (GroupDescription.swift); empty for most scenes.
    public var groups: [GroupDescription] = []
    public var behaviors: [BehaviorDescription]
    public var gestures: [GestureDescription]
    public var animations: [AnimationDescription]
    /// What the scene does when something happens: each rule an event and its actions.
    public var rules: [RuleDescription]
    /// Whether parts of the scene that come to rest may sleep (`sleeping`, default true): off,
    /// every body is simulated every step, as Box2D's benchmarks run.
    public var sleeping = true

    public init(name: String, summary: String = "", size: Size? = nil, items: [ItemDescription] = [],
                behaviors: [BehaviorDescription] = [], gestures: [GestureDescription] = [],
                animations: [AnimationDescription] = [], rules: [RuleDescription] = []) {
        self.name = name; self.summary = summary; self.size = size; self.items = items
        self.behaviors = behaviors; self.gestures = gestures; self.animations = animations; self.rules = rules
    }

    /// The reference bounds a scene uses when the host offers `available`: its own size if it has one.
    public func referenceBounds(available: Size) -> Rect {
        Rect(origin: .zero, size: size ?? available)
    }
}

public enum ItemShape: String, CaseIterable, Hashable, Sendable {
    case rectangle, ellipse, polygon, label, image
    /// A bar with round ends filling its size: its radius is half the short side.
    case capsule
}

public struct ItemDescription: Hashable, Sendable {
    public var id: String
    public var shape: ItemShape
    /// Points; for a label without `size`, 8 pt per character by 16 pt per line.
    public var size: Size
    public var center: Position
    /// Radians, clockwise on screen.
    public var angle: Double
    public var color: SceneColor
    /// 0 (invisible) ... 1 (opaque).
    public var alpha: Double
    /// A label's text.
    public var text: String?
    /// A polygon's vertices relative to the center, convex, in the order given.
    public var vertices: [Point]?
    /// Whether the item starts asleep (`asleep`): it sleeps from the end of the first step if it
    /// is at rest then, until something touches it (DynamicAnimator.setStartsAsleep).
    public var asleep = false
    /// An image item's file, as written (resolved against the scene file's folder later).
    public var image: String?
    /// An image item's pixels, decoded once when the scene is loaded from a file (nil when the
    /// scene was parsed from text alone).
    public var bitmap: Bitmap?
    /// The drawn scale about the center (1 = natural size); the collision shape keeps `size`.
    public var scale: Double
    /// The item's velocity when the scene starts, pt/s (items a behavior drives only).
    public var velocity: Vector
    /// The item's angular velocity when the scene starts, rad/s, clockwise on screen.
    public var angularVelocity: Double
    /// A rectangle's corner radius in points (UIKit's `layer.cornerRadius`), 0 ... half the
    /// short side; it rounds the drawn corners and the collision shape's.
    public var cornerRadius: Double
    /// The collision categories the item is in (`category`); empty: the `default` category.
    public var category: [String] = []
    /// The categories it collides with (`collidesWith`); nil: every category.
    public var collidesWith: [String]?
    /// Items of the same negative `collisionGroup` never collide with each other, of the same
    /// positive one always do; 0: no group (docs/scene-format.md).
    public var collisionGroup = 0
    /// The category of an item that names none.
    public static let defaultCategory = "default"
    /// Category names a scene may use, `default` included (the engine has 32 bits).
    public static let maximumCategories = 32

    public init(id: String, shape: ItemShape = .rectangle, size: Size, center: Position = .center,
                angle: Double = 0, color: SceneColor = .white, alpha: Double = 1, text: String? = nil,
                vertices: [Point]? = nil, image: String? = nil, bitmap: Bitmap? = nil, scale: Double = 1,
                velocity: Vector = .zero, angularVelocity: Double = 0, cornerRadius: Double = 0) {
        self.id = id; self.shape = shape; self.size = size; self.center = center; self.angle = angle
        self.color = color; self.alpha = alpha; self.text = text; self.vertices = vertices; self.image = image
        self.bitmap = bitmap; self.scale = scale; self.velocity = velocity; self.angularVelocity = angularVelocity
        self.cornerRadius = cornerRadius
    }

    /// The size a label's text takes at the default cell size: 8 pt per character, 16 pt per line.
    public static func labelSize(for text: String) -> Size {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let widest = lines.map(\.count).max() ?? 0
        return Size(Double(max(widest, 1)) * 8, Double(max(lines.count, 1)) * 16)
    }
}
