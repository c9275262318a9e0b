// DynamicItemBehavior (UIDynamicItemBehavior): the physical properties of its items.
//
// Defaults are UIKit's documented ones (elasticity 0, friction 0, density 1, resistance 0,
// angularResistance 0, rotation allowed, not anchored, charge 0); the shipped framework quietly
// uses other values, which the docs do not mention, so Nudge follows the docs. When several of
// these behaviors name one item, each property comes from the last behavior (in the animator's
// order) that set it explicitly, so a behavior that only sets `density` does not reset
// another's `elasticity`. Nudge extension: an anchored item is a kinematic body; it ignores
// forces and collisions but moves at the velocity `addLinearVelocity`/`addAngularVelocity`
// give it (zero unless asked), so a scene can turn a tumbler or slide a paddle.
import Geometry

/// The physical properties of its items: bounce, friction, mass, damping, rotation, anchoring.
/// UIKit: `UIDynamicItemBehavior`.
///
/// Defaults are UIKit's documented ones. When several of these behaviors name one item, each
/// property comes from the last behavior (in the animator's order) that set it.
public final class DynamicItemBehavior: ItemListBehavior {
    /// Restitution of collisions, 0 (no bounce) to 1 (no energy lost). Default 0.
    public var elasticity: Double = 0 { didSet { explicitly.insert(.elasticity); setNeedsSync() } }
    /// Coulomb friction coefficient of sliding contacts, ≥ 0. Default 0.
    public var friction: Double = 0 { didSet { explicitly.insert(.friction); setNeedsSync() } }
    /// Mass per area: mass = density × width × height / 10⁴, so a 100 × 100 pt item of
    /// density 1 has mass 1. Default 1.
    public var density: Double = 1 { didSet { explicitly.insert(.density); setNeedsSync() } }
    /// Linear damping in 1/s, ≥ 0: the velocity decays about as e^(−resistance·t). Default 0.
    public var resistance: Double = 0 { didSet { explicitly.insert(.resistance); setNeedsSync() } }
    /// Angular damping in 1/s, ≥ 0, as ``resistance`` for turning. Default 0.
    public var angularResistance: Double = 0 { didSet { explicitly.insert(.angularResistance); setNeedsSync() } }
    /// Whether the items may turn. Default true.
    public var allowsRotation = true { didSet { explicitly.insert(.allowsRotation); setNeedsSync() } }
    /// Whether the items are anchored: they take part in collisions as immovable obstacles and
    /// move only at velocities given with ``addLinearVelocity(_:for:)`` and
    /// ``addAngularVelocity(_:for:)``. Default false. UIKit: `isAnchored`.
    public var isAnchored = false { didSet { explicitly.insert(.anchored); setNeedsSync() } }
    /// Electric charge, for electric and magnetic fields (``FieldBehavior``). Default 0.
    public var charge: Double = 0 { didSet { explicitly.insert(.charge); setNeedsSync() } }

    enum Property: Hashable { case elasticity, friction, density, resistance, angularResistance, allowsRotation, anchored, charge }
    private(set) var explicitly: Set<Property> = []
    private var pendingVelocities: [(DynamicItem, Vector, Double)] = []

    /// Adds to the item's velocity, pt/s (UIKit's addLinearVelocity:forItem:).
    public func addLinearVelocity(_ velocity: Vector, for item: DynamicItem) {
        if let animator = dynamicAnimator {
            animator.addLinearVelocity(velocity, for: item)
        } else {
            pendingVelocities.append((item, velocity, 0))
        }
    }

    /// The item's velocity in pt/s (before the behavior joins an animator: the velocity it
    /// has been given so far). UIKit: `linearVelocity(for:)`.
    public func linearVelocity(for item: DynamicItem) -> Vector {
        dynamicAnimator?.linearVelocity(for: item) ?? pendingVelocities.filter { $0.0 === item }.reduce(.zero) { $0 + $1.1 }
    }

    /// Adds to the item's angular velocity, rad/s.
    public func addAngularVelocity(_ velocity: Double, for item: DynamicItem) {
        if let animator = dynamicAnimator {
            animator.addAngularVelocity(velocity, for: item)
        } else {
            pendingVelocities.append((item, .zero, velocity))
        }
    }

    /// The item's angular velocity in rad/s, clockwise on screen. UIKit: `angularVelocity(for:)`.
    public func angularVelocity(for item: DynamicItem) -> Double {
        dynamicAnimator?.angularVelocity(for: item) ?? pendingVelocities.filter { $0.0 === item }.reduce(0) { $0 + $1.2 }
    }

    override func sync(_ context: SyncContext) {
        let queued = pendingVelocities
        pendingVelocities.removeAll()
        for (item, v, w) in queued {
            if v != .zero { context.animator.addLinearVelocity(v, for: item) }
            if w != 0 { context.animator.addAngularVelocity(w, for: item) }
        }
    }
}

/// Resolves the properties of every item from the dynamic item behaviors that name it and
/// writes them into the engine.
enum ItemPropertiesResolver {
    static func apply(_ behaviors: [DynamicItemBehavior], _ context: SyncContext) {
        struct Resolved {
            var elasticity = 0.0, friction = 0.0, density = 1.0, resistance = 0.0, angularResistance = 0.0
            var allowsRotation = true, anchored = false, charge = 0.0
        }
        var resolved: [ObjectIdentifier: Resolved] = [:]
        for b in behaviors {
            for item in b.items {
                var r = resolved[ObjectIdentifier(item)] ?? Resolved()
                let set = b.explicitly
                if set.contains(.elasticity) { r.elasticity = b.elasticity }
                if set.contains(.friction) { r.friction = b.friction }
                if set.contains(.density) { r.density = b.density }
                if set.contains(.resistance) { r.resistance = b.resistance }
                if set.contains(.angularResistance) { r.angularResistance = b.angularResistance }
                if set.contains(.allowsRotation) { r.allowsRotation = b.allowsRotation }
                if set.contains(.anchored) { r.anchored = b.isAnchored }
                if set.contains(.charge) { r.charge = b.charge }
                resolved[ObjectIdentifier(item)] = r
            }
        }
        let world = context.world
        for item in context.animator.items {
            guard let record = context.animator.record(for: item) else { continue }
            let r = resolved[ObjectIdentifier(item)] ?? Resolved()
            world.withShape(record.shape) {
                $0.restitution = min(max(r.elasticity, 0), 1)
                $0.friction = max(r.friction, 0)
            }
            world.withBody(record.body) { b in
                b.linearDamping = max(r.resistance, 0)
                b.angularDamping = max(r.angularResistance, 0)
                b.allowsRotation = r.allowsRotation
                b.charge = r.charge
                let kind: BodyKind = r.anchored ? .anchored : .dynamic
                if b.kind != kind {
                    b.kind = kind
                    if kind == .anchored { b.velocity = .zero; b.angularVelocity = 0 }
                }
                if !r.allowsRotation { b.angularVelocity = 0 }
            }
            setMass(density: max(r.density, 1e-9), record: record, world: world)
        }
    }

    /// Mass = density × width × height / 10⁴ (a 100×100 item of density 1 weighs 1); rotational
    /// inertia from the collision shape, about the center.
    static func setMass(density: Double, record: DynamicAnimator.ItemRecord, world: World) {
        let size = record.item.bounds.size
        let mass = density * size.width * size.height / 10_000
        let shape = world.shape(record.shape)
        let inertia: Double
        switch shape.kind {
        case .circle:
            inertia = mass * shape.radius * shape.radius / 2
        case .polygon:
            let v = (0..<Int(shape.vertexCount)).map { world.vertices[Int(shape.vertexStart) + $0] }
            inertia = PolygonBuilder.inertia(v, mass: mass)
        }
        world.withBody(record.body) { $0.setMass(mass, inertia: inertia) }
    }
}
