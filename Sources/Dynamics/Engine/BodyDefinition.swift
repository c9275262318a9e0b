// BodyDefinition: what the owner of a body says about it (its kind, pose, motion, mass and any
// impulse waiting for the next step), beside JointDefinition for joints.
//
// A body is made from a definition (World.createBody), and a change made through World.withBody
// wakes a sleeping body exactly when its definition changed: `!=` on this value, so a field that
// must wake a body is added here once and compared with no hand-kept list. Materials, damping
// and charge are not part of it: setting them again to the values they had, as every commit
// does, must not wake anything, and a changed charge or damping reaches a sleeping body through
// its load (IslandSleeper compares the forces the behaviors apply).
//
// Body keeps its fields flat, in the order the solver's stages read them (kind and island in
// the first bytes), rather than holding this value: the definition is the owner's view of a
// body, read out of it when compared, so the hot loops see the layout they were tuned for.
import Geometry

extension Rotation: Equatable {
    static func == (a: Rotation, b: Rotation) -> Bool { a.c == b.c && a.s == b.s }
}

/// What an owner sets on a body; any change of it wakes the body's island.
struct BodyDefinition: Equatable, Sendable {
    var kind: BodyKind = .dynamic
    var isActive = true
    var position: Vector = .zero
    var rotation: Rotation = .identity
    var velocity: Vector = .zero
    var angularVelocity: Double = 0
    var mass: Double = 0
    var inertia: Double = 0
    var invMass: Double = 0
    var invInertia: Double = 0
    /// One-shot impulse to apply at the start of the next step.
    var pendingImpulse: Vector = .zero
    var pendingAngularImpulse: Double = 0
}

extension Body {
    /// A body as `definition` describes it, with nothing else set yet.
    init(_ definition: BodyDefinition) {
        self.init()
        kind = definition.kind
        isActive = definition.isActive
        position = definition.position
        rotation = definition.rotation
        velocity = definition.velocity
        angularVelocity = definition.angularVelocity
        mass = definition.mass
        inertia = definition.inertia
        invMass = definition.invMass
        invInertia = definition.invInertia
        pendingImpulse = definition.pendingImpulse
        pendingAngularImpulse = definition.pendingAngularImpulse
    }

    /// The body's definition now.
    var definition: BodyDefinition {
        BodyDefinition(kind: kind, isActive: isActive, position: position, rotation: rotation, velocity: velocity,
                       angularVelocity: angularVelocity, mass: mass, inertia: inertia, invMass: invMass,
                       invInertia: invInertia, pendingImpulse: pendingImpulse,
                       pendingAngularImpulse: pendingAngularImpulse)
    }
}
