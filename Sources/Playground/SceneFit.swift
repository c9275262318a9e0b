// SceneFit: reference bounds in which a scene's items and joints all lie, for any window.
//
// A scene without `size` takes the play area as its reference bounds, but many place things in
// points: the cradle hangs its balls 240 pt down and 400 pt across, the pendulum 240 pt down,
// numbers chosen for an 80×24 terminal. In a 60×16 window (240 pt of play area) the balls
// would hang below the status line. So the bounds grow, keeping the play area's shape, until
// everything the scene starts with is inside them: every item's outline (turned and scaled),
// every joint's ends and snap point, and every place an animation takes an item (the Scaling
// scene's picture doubles). The viewport then scales those bounds down into the play area
// (Viewport.fitting), which keeps a circle round.
//
// Bounds grow from the origin, since points are measured from it, and a position in percent
// grows with them: every point of the scene moves linearly with the growth g, p(g) = p₀ + s·g
// (s is the percent part times the play area, p₀ the part in points). So the scene is built at
// two growths, each point's line is read off the two, and the least g at which every line stays
// within 0…g·(play area) is solved for exactly: past the right and bottom edges when p₀ + s·g ≤
// g·L, past the left and top when p₀ + s·g ≥ 0 (a point in points left of the origin cannot
// be brought in, and is left where it is).
//
// When the window changes while the scene plays, the new bounds are those of the scene's start
// in the new window, grown again if need be until what the scene shows now fits as well (a
// scene started in a big window has its items spread over it).
// In a window the scene fits, nothing changes: the bounds are the play area, one point per
// point, and the simulation is the one `nudge simulate` runs.
import Dynamics
import Geometry
import SceneFormat
import Scenes

enum SceneFit {
    /// Largest growth: a scene that needs more (items thousands of points away) is shown as far
    /// as this allows rather than as a speck.
    static let maximumGrowth = 64.0

    /// The reference bounds for `description` in a play area of `available` points: its own
    /// `size` when it has one, else the play area grown until the scene's start fits in it.
    static func referenceBounds(for description: SceneDescription, available: Size) -> Rect {
        let area = Rect(origin: .zero, size: available)
        guard description.size == nil else { return description.referenceBounds(available: available) }
        guard available.width > 0, available.height > 0, available.width.isFinite, available.height.isFinite else { return area }
        let grown = Rect(origin: .zero, size: Size(available.width * 2, available.height * 2))
        let at1 = points(of: SceneBuilder().build(description, referenceBounds: area), plannedIn: area)
        let at2 = points(of: SceneBuilder().build(description, referenceBounds: grown), plannedIn: grown)
        guard at1.count == at2.count else { return area }
        var growth = 1.0
        for (p1, p2) in zip(at1, at2) {
            // p(g) = p₀ + s·g, from p(1) and p(2).
            let s = Point(p2.x - p1.x, p2.y - p1.y), p0 = Point(p1.x - s.x, p1.y - s.y)
            growth = max(growth, least(p0.x, s.x, available.width), least(p0.y, s.y, available.height))
        }
        guard growth > 1 + 1e-9 else { return area }
        growth = min(growth * (1 + 1e-9), maximumGrowth)
        return Rect(origin: .zero, size: Size(available.width * growth, available.height * growth))
    }

    /// The least growth g ≥ 1 at which p₀ + s·g lies in 0…g·length, where one exists.
    static func least(_ p0: Double, _ s: Double, _ length: Double) -> Double {
        guard p0.isFinite, s.isFinite else { return 1 }
        var g = 1.0
        if length - s > 0 { g = max(g, p0 / (length - s)) }   // right or bottom edge
        if s > 0 { g = max(g, -p0 / s) }                        // left or top edge
        return g.isFinite ? g : 1
    }

    /// `bounds` grown from the origin, keeping its shape, until everything `scene` shows now
    /// (items where they are and where running animations take them, joints) lies inside: after
    /// a window shrinks, what the larger window's scene has spread out over stays in sight, and
    /// the walls that follow the bounds never close in on an item.
    static func bounds(_ bounds: Rect, holding scene: Scene) -> Rect {
        var growth = 1.0
        for p in points(of: scene, plannedIn: scene.referenceBounds) {
            guard p.isFinite else { continue }
            growth = max(growth, p.x / bounds.width, p.y / bounds.height)
        }
        guard growth.isFinite, growth > 1 + 1e-9 else { return bounds }
        growth = min(growth * (1 + 1e-9), maximumGrowth)
        return Rect(origin: bounds.origin, size: Size(bounds.width * growth, bounds.height * growth))
    }

    /// Every point that must be in sight, in a fixed order: each item's outline, each
    /// animation's target outline (its positions resolved in `planned`), each joint's two ends
    /// and each snap point.
    static func points(of scene: Scene, plannedIn planned: Rect) -> [Point] {
        var points: [Point] = []
        for item in scene.items {
            points += outline(of: item, center: item.center, size: item.size, scale: item.scale)
        }
        for animation in scene.animations {
            guard let item = scene.item(withID: animation.item) else { continue }
            let to = animation.to
            points += outline(of: item, center: to.center?.resolve(in: planned) ?? item.center, size: to.size ?? item.size,
                              scale: to.scale ?? item.scale)
        }
        for behavior in SceneRenderer.flattened(scene.animator.behaviors) {
            if let attachment = behavior as? AttachmentBehavior {
                let (a, b) = attachment.attachmentPoints
                points += [a, b]
            } else if let snap = behavior as? SnapBehavior {
                points.append(snap.snapPoint)
            }
        }
        return points
    }

    /// The extreme points of `item`'s outline at `center`, `size` and `scale`, turned by its
    /// angle: a polygon's vertices, an ellipse's leftmost, rightmost, top and bottom points,
    /// any other shape's corners.
    static func outline(of item: SceneItem, center: Point, size: Size, scale: Double) -> [Point] {
        let w = size.width * scale / 2, h = size.height * scale / 2
        let t = item.transform
        func placed(_ p: Point) -> Point { let q = t.apply(to: p); return Point(center.x + q.x, center.y + q.y) }
        switch item.shape {
        case .polygon:
            return (item.vertices ?? []).map { placed(Point($0.x * scale, $0.y * scale)) }
        case .ellipse:
            // A turned ellipse reaches √((w·cos)² + (h·sin)²) across and √((w·sin)² + (h·cos)²) down.
            let cos = t.a / max(t.scale, 1e-12), sin = t.b / max(t.scale, 1e-12)
            let across = ((w * cos) * (w * cos) + (h * sin) * (h * sin)).squareRoot()
            let down = ((w * sin) * (w * sin) + (h * cos) * (h * cos)).squareRoot()
            return [Point(center.x - across, center.y), Point(center.x + across, center.y),
                    Point(center.x, center.y - down), Point(center.x, center.y + down)]
        default:
            return [Point(-w, -h), Point(w, -h), Point(w, h), Point(-w, h)].map(placed)
        }
    }
}
