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
    public var elasticity: Double = 0 { didSet { explicitly.insert(.elasticity); setNeedsCommit() } }
    /// Coulomb friction coefficient of sliding contacts, ≥ 0. Default 0.
    public var friction: Double = 0 { didSet { explicitly.insert(.friction); setNeedsCommit() } }
    /// Mass per area: mass = density × width × height / 10⁴, so a 100 × 100 pt item of
    /// density 1 has mass 1. Default 1.
    public var density: Double = 1 { didSet { explicitly.insert(.density); setNeedsCommit() } }
    /// Linear damping in 1/s, ≥ 0: the velocity decays about as e^(−resistance·t). Default 0.
    public var resistance: Double = 0 { didSet { explicitly.insert(.resistance); setNeedsCommit() } }
    /// Angular damping in 1/s, ≥ 0, as ``resistance`` for turning. Default 0.
    public var angularResistance: Double = 0 { didSet { explicitly.insert(.angularResistance); setNeedsCommit() } }
    /// Whether the items may turn. Default true.
    public var allowsRotation = true { didSet { explicitly.insert(.allowsRotation); setNeedsCommit() } }
    /// Whether the items are anchored: they take part in collisions as immovable obstacles and
    /// move only at velocities given with ``addLinearVelocity(_:for:)`` and
    /// ``addAngularVelocity(_:for:)``. Default false. UIKit: `isAnchored`.
    public var isAnchored = false { didSet { explicitly.insert(.anchored); setNeedsCommit() } }
    /// Electric charge, for electric and magnetic fields (``FieldBehavior``). Default 0.
    public var charge: Double = 0 { didSet { explicitly.insert(.charge); setNeedsCommit() } }

    /// The properties set explicitly, as bits: every commit asks each item's behaviors for them
    /// (ItemMaterial.take), eight questions an item, which a hashed set made a few percent of a
    /// step that adds items often.
    struct Properties: OptionSet {
        let rawValue: UInt8
        static let elasticity = Properties(rawValue: 1 << 0), friction = Properties(rawValue: 1 << 1)
        static let density = Properties(rawValue: 1 << 2), resistance = Properties(rawValue: 1 << 3)
        static let angularResistance = Properties(rawValue: 1 << 4), allowsRotation = Properties(rawValue: 1 << 5)
        static let anchored = Properties(rawValue: 1 << 6), charge = Properties(rawValue: 1 << 7)
    }
    private(set) var explicitly: Properties = []
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

    /// Each item's materials: the properties this behavior set explicitly override those of
    /// behaviors before it (ItemMaterial.swift).
    override func declare(into plan: inout CommitPlan) {
        for item in items { plan.materials[ObjectIdentifier(item), default: ItemMaterial()].take(from: self) }
    }

    override func sync(_ context: SyncContext) {
        let queued = pendingVelocities
        pendingVelocities.removeAll()
        for (item, v, w) in queued {
            if v != .zero { context.animator.addLinearVelocity(v, for: item) }
            if w != 0 { context.animator.addAngularVelocity(w, for: item) }
        }
        super.sync(context)
    }

    /// Checkpoints: velocities set before the items joined the engine refer to items, so a
    /// checkpoint waits until the commit that applies them.
    override var canCaptureState: Bool { pendingVelocities.isEmpty }
}
