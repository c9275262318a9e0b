// Body: one rigid body's simulation state, a plain struct kept in the World's contiguous array.
//
// Positions are the body's center of mass, which Nudge puts at the item's center (a view turns
// about its center). During a step the solver works on each body's `BodyState` (its velocity and
// the step's displacement and turn so far); the pose here is written once, when the step
// finishes. This is Box2D v3's split, and it lets contacts measure their current separation from
// the displacements without recomputing any geometry in the substeps.
import Geometry

enum BodyKind: UInt8, Sendable {
    /// Never moves, infinite mass: the ground body that holds boundaries and anchors.
    case fixed
    /// Moved by forces, impulses and constraints.
    case dynamic
    /// An item marked `anchored`: collides as an immovable body; only its owner moves it.
    case anchored
}

struct Body: Sendable {
    var kind: BodyKind = .dynamic
    var isActive = true
    // Beside `kind`, in the first bytes, since every stage checks them with it.
    /// Moved by its owner (setTransform) since the last step.
    var isMovedByOwner = false
    /// The sleeping island the body belongs to, or -1 while it is awake (IslandSleeper.swift).
    var island: Int32 = -1
    var position: Vector = .zero
    var rotation: Rotation = .identity
    var velocity: Vector = .zero
    var angularVelocity: Double = 0

    var mass: Double = 0
    var inertia: Double = 0
    var invMass: Double = 0
    var invInertia: Double = 0
    var allowsRotation = true

    /// Acceleration from gravity behaviors and fields, pt/s², reset by the animator each step.
    var acceleration: Vector = .zero
    /// The part of `acceleration` that comes from fields the solver applies at every substep
    /// (SubstepField.swift): it stays in `acceleration` as the load the sleeper compares, and the
    /// solver leaves it out of the constant per-substep change.
    var fieldAcceleration: Vector = .zero
    /// Energy a field's kicks gave beyond its potential's fall that the body had no kinetic
    /// energy left to give back, taken from it in the next steps (FieldWork.swift).
    var fieldEnergyOwed = 0.0
    /// Force and torque accumulated for the current step, cleared after it.
    var force: Vector = .zero
    var torque: Double = 0
    /// One-shot impulse to apply at the start of the next step (instantaneous pushes).
    var pendingImpulse: Vector = .zero
    var pendingAngularImpulse: Double = 0

    /// UIKit's `resistance` and `angularResistance`: linear damping rates, 1/s.
    var linearDamping: Double = 0
    var angularDamping: Double = 0
    /// Electric charge, for electric and magnetic fields.
    var charge: Double = 0

    /// The largest distance from the center to the shape, for speculative margins.
    var extent: Double = 0
    /// The radius about the center that continuous collision keeps clear of static shapes
    /// (ContinuousCollision.coreRadius); 0 until the body has a shape.
    var coreRadius: Double = 0
    /// The body's first shape, whose filter continuous collision asks (an item has one shape).
    var firstShape: Int32 = -1

    /// How long the body has been slower than the sleep threshold, s (IslandSleeper.swift).
    var sleepTime: Double = 0
    /// What an impact of the last step's last substep owes the next step's first drift
    /// (ImpactShift.swift).
    var impactShift: CarriedImpactShift?

    var transform: Transform { Transform(p: position, q: rotation) }

    @inline(__always) var isDynamic: Bool { kind == .dynamic }
    @inline(__always) var isAsleep: Bool { island >= 0 }

    /// Sets mass and rotational inertia, honoring `allowsRotation`.
    mutating func setMass(_ m: Double, inertia i: Double) {
        mass = m
        inertia = i
        if kind == .dynamic && m > 0 {
            invMass = 1 / m
            invInertia = (allowsRotation && i > 0) ? 1 / i : 0
        } else {
            invMass = 0
            invInertia = 0
        }
    }
}
