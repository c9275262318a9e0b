// DynamicAnimator+Items: the items in the engine, what can be asked about each, and the
// mutators that change an item's motion directly.
//
// Queries answer from the last commit and change nothing: an item a behavior names since then
// has no body yet, so it has zero velocity and mass and no hit until the next step (or a
// mutator) commits. Mutators that need the item's body commit first, then wake the animator.
import Geometry

extension DynamicAnimator {
    /// Every item some behavior acts on, in the order they joined (as of the last commit).
    public var items: [DynamicItem] { records.map(\.item) }

    /// Whether some behavior in the animator acts on `item` now: an item is in the animator
    /// exactly while a behavior names it. While changes wait for the next commit, the behavior
    /// tree is searched instead of the engine's items, so the answer is already the new one.
    public func contains(_ item: DynamicItem) -> Bool {
        guard hasUncommittedChanges else { return recordIndex[ObjectIdentifier(item)] != nil }
        func names(_ b: DynamicBehavior) -> Bool {
            b.ownItems.contains { $0 === item } || b.childBehaviors.contains(where: names)
        }
        return behaviors.contains(where: names)
    }

    func record(for item: DynamicItem) -> ItemRecord? {
        recordIndex[ObjectIdentifier(item)].map { records[$0] }
    }

    func body(for item: DynamicItem) -> BodyID? { record(for: item)?.body }

    func item(forShape shape: ShapeID) -> DynamicItem? { shapeOwner[shape].map { records[$0].item } }

    /// Items whose frames intersect `rect` (points), in the order they joined.
    /// UIKit: `items(in:)`.
    public func items(in rect: Rect) -> [DynamicItem] {
        let hits = Set(world.shapes(overlapping: rect).compactMap { shapeOwner[$0] })
        return hits.sorted().map { records[$0].item }
    }

    /// The item whose collision shape contains `point`, topmost (last joined) first.
    public func item(at point: Point) -> DynamicItem? {
        let box = Rect(center: point, size: Size(1, 1))
        let hits = world.shapes(overlapping: box).filter { world.shape($0, contains: point) }
        return hits.compactMap { shapeOwner[$0] }.max().map { records[$0].item }
    }

    /// The item's velocity in pt/s, or zero for an item no behavior names.
    public func linearVelocity(for item: DynamicItem) -> Vector {
        body(for: item).map { world.body($0).velocity } ?? .zero
    }

    /// The item's angular velocity in rad/s (clockwise on screen), or 0 for an item no
    /// behavior names.
    public func angularVelocity(for item: DynamicItem) -> Double {
        body(for: item).map { world.body($0).angularVelocity } ?? 0
    }

    /// The mass the engine gives the item (density × width × height / 10⁴).
    public func mass(for item: DynamicItem) -> Double {
        body(for: item).map { world.body($0).mass } ?? 0
    }

    /// Nudge extension: the item's moment of inertia about its center, in mass·pt² (0 for an
    /// item that may not turn or that no behavior names).
    public func inertia(for item: DynamicItem) -> Double {
        body(for: item).map { world.body($0).invInertia > 0 ? world.body($0).inertia : 0 } ?? 0
    }

    /// Copies the item's current center and rotation into the simulation (UIKit's
    /// updateItemUsingCurrentState:).
    public func updateItem(usingCurrentState item: DynamicItem) {
        commitIfNeeded()
        guard let b = body(for: item) else { return }
        world.setTransform(b, position: item.center, angle: item.transform.rotationAngle)
        resume()
    }

    func addLinearVelocity(_ v: Vector, for item: DynamicItem) {
        commitIfNeeded()
        guard let b = body(for: item) else { return }
        world.withBody(b) { if $0.kind != .fixed { $0.velocity += v } }
        resume()
    }

    func addAngularVelocity(_ w: Double, for item: DynamicItem) {
        commitIfNeeded()
        guard let b = body(for: item) else { return }
        world.withBody(b) { if ($0.kind == .dynamic && $0.invInertia > 0) || $0.kind == .anchored { $0.angularVelocity += w } }
        resume()
    }

    /// Nudge extension: sets the velocity of an anchored (kinematic) item, pt/s and rad/s.
    public func setKinematicVelocity(_ velocity: Vector, angular: Double, for item: DynamicItem) {
        commitIfNeeded()
        guard let b = body(for: item) else { return }
        world.withBody(b) { body in
            guard body.kind == .anchored else { return }
            body.velocity = velocity
            body.angularVelocity = angular
        }
        resume()
    }

    /// What the engine holds at the last commit and step: bodies (items), contact pairs with
    /// points, and joints.
    public var statistics: (bodies: Int, contacts: Int, joints: Int) {
        (records.count, world.contacts.reduce(0) { $0 + ($1.manifold.count > 0 ? 1 : 0) },
         world.joints.reduce(0) { $0 + ($1.isActive ? 1 : 0) })
    }

    /// The two ends of a joint, for drawing rods and ropes.
    func jointEnds(_ id: JointID) -> (Point, Point) {
        let j = world.joint(id)
        let (a, b) = (world.body(j.bodyIDs.a), world.body(j.bodyIDs.b))
        return (a.transform.apply(j.localAnchorA), b.transform.apply(j.localAnchorB))
    }
}
