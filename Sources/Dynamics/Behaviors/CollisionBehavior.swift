// CollisionBehavior (UICollisionBehavior): which items collide, and the boundaries they hit.
//
// Items collide only with items of the same collision behavior. `collisionMode` says whether
// this behavior's items collide with each other, with its boundaries, or both. Each collision
// behavior in an animator gets one bit (up to 64 behaviors); an item's shape carries the bits of
// the behaviors whose items it collides with and of those whose boundaries it hits, so the
// engine's pair filter is two AND operations.
//
// Boundaries: the reference bounds (optionally inset) become four walls, made thick outside the
// bounds so nothing that gets pushed deep can come out on the wrong side, and each reaching past
// the corners so that an item inside a wall is pushed out into the bounds, never into the seam
// where two walls meet (the side walls' inner faces are split at the corners: the narrow phase
// keeps the first of equal separations, and the part between the corners comes first);
// named boundaries are two-sided segments or open paths of segments. The delegate hears began
// and ended contacts after the step, for item pairs and for item–boundary pairs (the identifier
// is nil for the reference-bounds walls, as in UIKit).
import Geometry

/// Hears contacts begin and end, after the step in which they did.
/// UIKit: `UICollisionBehaviorDelegate`. Every method has an empty default.
public protocol CollisionBehaviorDelegate: AnyObject {
    /// Two items of `behavior` started touching; `point` is a contact point, in points.
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem, at point: Point)
    /// Two items of `behavior` stopped touching.
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem, with item2: DynamicItem)
    /// An item started touching a boundary: `identifier` names it, or is `nil` for the walls
    /// made from the reference bounds; `point` is a contact point, in points.
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem, withBoundaryIdentifier identifier: String?, at point: Point)
    /// An item stopped touching a boundary (`nil`: the reference-bounds walls).
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem, withBoundaryIdentifier identifier: String?)
}

extension CollisionBehaviorDelegate {
    /// Does nothing.
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem, at point: Point) {}
    /// Does nothing.
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem, with item2: DynamicItem) {}
    /// Does nothing.
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem, withBoundaryIdentifier identifier: String?, at point: Point) {}
    /// Does nothing.
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem, withBoundaryIdentifier identifier: String?) {}
}

/// Makes its items collide with each other and with boundaries. UIKit: `UICollisionBehavior`.
///
/// Items collide only with items of the same collision behavior. Boundaries are the reference
/// bounds (optionally inset) and named segments or open paths, in the reference view's points.
/// An animator takes at most 64 collision behaviors.
public final class CollisionBehavior: ItemListBehavior {
    /// What the items collide with. UIKit: `UICollisionBehavior.Mode`.
    public enum Mode: Sendable {
        /// Only with each other.
        case items
        /// Only with the boundaries.
        case boundaries
        /// With each other and with the boundaries (the default).
        case everything
    }

    /// What this behavior's items collide with. Default ``Mode/everything``.
    public var collisionMode: Mode = .everything { didSet { setNeedsCommit() } }
    /// Told about contacts that begin and end. Default `nil`.
    public weak var collisionDelegate: CollisionBehaviorDelegate?
    /// Whether the reference bounds (inset by ``referenceBoundsInsets``) are walls. Default false.
    public private(set) var translatesReferenceBoundsIntoBoundary = false
    /// How far inside the reference bounds the walls stand, in points. Default zero.
    public private(set) var referenceBoundsInsets = EdgeInsets.zero
    private var boundaries: [(id: String, points: [Point])] = []
    private var boundaryShapes: [ShapeID] = []
    private var boundaryShapeNames: [ShapeID: String?] = [:]
    var bit: UInt64 = 0
    private var boundariesDirty = true
    private var builtFor: (Rect, UInt64)?

    /// The thickness of the walls made from the reference bounds.
    static let wallThickness = 1000.0

    /// Turns the walls along the reference bounds on or off; they follow the bounds when the
    /// animator's ``DynamicAnimator/referenceBounds`` change.
    /// UIKit: `translatesReferenceBoundsIntoBoundary`.
    public func setTranslatesReferenceBoundsIntoBoundary(_ on: Bool) {
        translatesReferenceBoundsIntoBoundary = on
        boundariesDirty = true
        setNeedsCommit()
    }

    /// Turns the walls on, `insets` points inside the reference bounds.
    /// UIKit: `setTranslatesReferenceBoundsIntoBoundary(with:)`.
    public func setTranslatesReferenceBoundsIntoBoundary(with insets: EdgeInsets) {
        translatesReferenceBoundsIntoBoundary = true
        referenceBoundsInsets = insets
        boundariesDirty = true
        setNeedsCommit()
    }

    /// The names of the added boundaries, in the order they were added.
    public var boundaryIdentifiers: [String] { boundaries.map(\.id) }

    /// Adds (or replaces) a segment boundary.
    public func addBoundary(withIdentifier id: String, from p1: Point, to p2: Point) {
        addBoundary(withIdentifier: id, for: [p1, p2])
    }

    /// Adds (or replaces) a boundary along a path of points (an open polyline; repeat the first
    /// point at the end to close it).
    public func addBoundary(withIdentifier id: String, for path: [Point]) {
        precondition(path.count >= 2, "a boundary path needs at least two points")
        boundaries.removeAll { $0.id == id }
        boundaries.append((id, path))
        boundariesDirty = true
        setNeedsCommit()
    }

    /// The points of the boundary named `id`, or `nil` when there is none.
    public func boundary(withIdentifier id: String) -> [Point]? {
        boundaries.first { $0.id == id }?.points
    }

    /// Removes the boundary named `id`, if there is one.
    public func removeBoundary(withIdentifier id: String) {
        boundaries.removeAll { $0.id == id }
        boundariesDirty = true
        setNeedsCommit()
    }

    /// Removes every named boundary and turns off the reference-bounds walls.
    public func removeAllBoundaries() {
        boundaries.removeAll()
        translatesReferenceBoundsIntoBoundary = false
        boundariesDirty = true
        setNeedsCommit()
    }

    /// Takes the next free bit (one per collision behavior, in the animator's order) and adds it
    /// to the masks of this behavior's items.
    override func declare(into plan: inout CommitPlan) {
        bit = 1 << UInt64(plan.collisionBehaviors.count)
        plan.collisionBehaviors.append(self)
        for item in items {
            var m = plan.masks[ObjectIdentifier(item)] ?? (0, 0)
            if collisionMode != .boundaries { m.items |= bit }
            if collisionMode != .items { m.boundaries |= bit }
            plan.masks[ObjectIdentifier(item)] = m
        }
    }

    override func sync(_ context: SyncContext) {
        syncBoundaries(context)
        super.sync(context)
    }

    /// Builds the boundary walls again when they, the reference bounds or the bit changed.
    private func syncBoundaries(_ context: SyncContext) {
        let world = context.world
        let key = (context.animator.referenceBounds, bit)
        if !boundariesDirty, let built = builtFor, built.0 == key.0, built.1 == key.1 { return }
        boundariesDirty = false
        builtFor = key
        for s in boundaryShapes { world.destroyShape(s) }
        boundaryShapes.removeAll()
        boundaryShapeNames.removeAll()
        func add(_ vertices: [Vector], name: String?) {
            let s = world.addPolygon(body: world.ground, vertices: vertices)
            world.withShape(s) { $0.ownerMask = bit }
            boundaryShapes.append(s)
            boundaryShapeNames[s] = .some(name)
        }
        if translatesReferenceBoundsIntoBoundary {
            let r = context.animator.referenceBounds.inset(by: referenceBoundsInsets)
            let t = Self.wallThickness
            func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [Vector] {
                [Vector(x0, y0), Vector(x1, y0), Vector(x1, y1), Vector(x0, y1)]
            }
            add(box(r.minX - t, r.minY - t, r.maxX + t, r.minY), name: nil)      // top
            add(box(r.minX - t, r.maxY, r.maxX + t, r.maxY + t), name: nil)      // bottom
            // Hexagons: the inner face's part between the corners comes first, so a contact with
            // it is clipped to the corners as with a wall that stops there.
            add([Vector(r.minX, r.minY), Vector(r.minX, r.maxY), Vector(r.minX, r.maxY + t),
                 Vector(r.minX - t, r.maxY + t), Vector(r.minX - t, r.minY - t), Vector(r.minX, r.minY - t)], name: nil)  // left
            add([Vector(r.maxX, r.maxY), Vector(r.maxX, r.minY), Vector(r.maxX, r.minY - t),
                 Vector(r.maxX + t, r.minY - t), Vector(r.maxX + t, r.maxY + t), Vector(r.maxX, r.maxY + t)], name: nil)  // right
        }
        for boundary in boundaries {
            for k in 0..<(boundary.points.count - 1) where boundary.points[k] != boundary.points[k + 1] {
                add([boundary.points[k], boundary.points[k + 1]], name: boundary.id)
            }
        }
    }

    override func detach(_ context: SyncContext) {
        builtFor = nil
        boundariesDirty = true
        for s in boundaryShapes { context.world.destroyShape(s) }
        boundaryShapes.removeAll()
        boundaryShapeNames.removeAll()
    }

    /// Hands the step's contact events to the delegates of the behaviors they belong to.
    static func deliver(_ events: [ContactEvent], began: Bool, animator: DynamicAnimator) {
        if events.isEmpty { return }
        let behaviors = animator.collisionBehaviors
        let world = animator.world
        for e in events {
            let shapeA = ShapeID(e.shapeA), shapeB = ShapeID(e.shapeB)
            let a = world.shape(shapeA), b = world.shape(shapeB)
            if a.isBoundary || b.isBoundary {
                let (boundary, itemShape) = a.isBoundary ? (shapeA, shapeB) : (shapeB, shapeA)
                guard let item = animator.item(forShape: itemShape) else { continue }
                let owner = world.shape(boundary).ownerMask
                for cb in behaviors where cb.bit & owner != 0 {
                    guard let delegate = cb.collisionDelegate else { continue }
                    let name = cb.boundaryShapeNames[boundary] ?? nil
                    if began {
                        delegate.collisionBehavior(cb, beganContactFor: item, withBoundaryIdentifier: name, at: e.point)
                    } else {
                        delegate.collisionBehavior(cb, endedContactFor: item, withBoundaryIdentifier: name)
                    }
                }
            } else {
                guard let i1 = animator.item(forShape: shapeA), let i2 = animator.item(forShape: shapeB) else { continue }
                let common = a.itemMask & b.itemMask
                for cb in behaviors where cb.bit & common != 0 {
                    guard let delegate = cb.collisionDelegate else { continue }
                    if began {
                        delegate.collisionBehavior(cb, beganContactFor: i1, with: i2, at: e.point)
                    } else {
                        delegate.collisionBehavior(cb, endedContactFor: i1, with: i2)
                    }
                }
            }
        }
    }

    /// Checkpoints: the boundary shapes the engine gave the walls, the bit of the last commit
    /// and what the walls were built for.
    override func captureState() -> Any? {
        (super.captureState(), boundaryShapes, boundaryShapeNames, bit, boundariesDirty, builtFor)
    }
    override func restoreState(_ state: Any?) {
        guard let (list, shapes, names, b, dirty, built)
                = state as? (Any?, [ShapeID], [ShapeID: String?], UInt64, Bool, (Rect, UInt64)?) else { return }
        super.restoreState(list)
        boundaryShapes = shapes
        boundaryShapeNames = names
        bit = b
        boundariesDirty = dirty
        builtFor = built
    }
}
