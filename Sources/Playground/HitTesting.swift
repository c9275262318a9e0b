// HitTesting: which scene item lies under a point, as UIKit's hit test finds a view.
//
// The drawn shape decides (rectangle, rounded rectangle, capsule, ellipse or polygon, turned by the item's angle and scaled
// by its drawn scale), not the collision shape, so what you see is what you grab; the topmost
// item (the last drawn) wins, and invisible items (alpha 0) are not hit.
import Geometry
import SceneFormat
import Scenes

extension SceneItem {
    /// Whether `point` (reference coordinates) lies inside the item as drawn.
    public func contains(_ point: Point) -> Bool {
        let s = scale > 0 && scale.isFinite ? scale : 1
        let local = (point - center).rotated(by: -angle) / s
        let r = roundedCornerRadius
        switch shape {
        case .rectangle where r > 0, .capsule:
            // Beyond the core rectangle (shrunk by r on every side) by at most r.
            let qx = max(abs(local.x) - (size.width / 2 - r), 0), qy = max(abs(local.y) - (size.height / 2 - r), 0)
            return qx * qx + qy * qy <= r * r
        case .rectangle, .label, .image:
            return abs(local.x) <= size.width / 2 && abs(local.y) <= size.height / 2
        case .ellipse:
            let a = size.width / 2, b = size.height / 2
            guard a > 0, b > 0 else { return false }
            return (local.x * local.x) / (a * a) + (local.y * local.y) / (b * b) <= 1
        case .polygon:
            guard let v = vertices else { return false }
            return Polygon(v).contains(local)
        }
    }
}

extension Scene {
    /// The topmost visible item whose drawn shape contains `point`.
    public func item(at point: Point) -> SceneItem? {
        items.last { $0.isHit(by: point) }
    }

    /// Every visible item whose drawn shape contains `point`, topmost first (a hinge clicked
    /// where two items overlap pins the top two).
    public func items(at point: Point) -> [SceneItem] {
        items.reversed().filter { $0.isHit(by: point) }
    }
}

extension SceneItem {
    /// Whether a click at `point` hits the item: it is visible and its drawn shape holds the point.
    func isHit(by point: Point) -> Bool { alpha > 0 && contains(point) }
}
