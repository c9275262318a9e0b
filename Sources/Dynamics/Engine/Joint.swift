// Joint: the constraints behind attachments, snaps and the mouse grab, one plain struct for all
// kinds so joints sit in one contiguous array and the solver switches on `kind`. A joint holds
// its definition (what the owner sets) beside the step's scratch and warm-start impulses.
//
// Rigid parts are solved soft with position bias during the "solve" pass and rigid without bias
// during "relax" (Box2D v3's soft step). Springs (a distance joint with frequency, the snap and
// grab joints) are soft by nature, and their softness is the physics: frequency and damping
// ratio go straight into `Softness`.
import Geometry

enum JointKind: UInt8, Sendable {
    /// Distance between two anchors: a rigid rod (hertz 0, min == max), a spring (hertz > 0),
    /// or a rope (min 0, max = length).
    case distance
    /// A shared point the bodies turn about (UIKit's pin), with friction torque and angle limits.
    case revolute
    /// Bodies slide along an axis fixed in A without turning relative to each other (sliding).
    case prismatic
    /// No relative motion at all (fixed).
    case weld
    /// A soft spring pulling an anchor of B toward a world target, optionally turning B toward
    /// an angle (snap, grab).
    case mouse
}

/// What an owner sets: the kind, the bodies and every parameter of the constraint. It is a
/// value apart from the solver's per-step scratch and accumulated impulses (as Box2D v3 keeps a
/// joint's definition apart from its solver data), so a changed definition is found by `!=`
/// with no field-by-field comparison to keep in step with new fields.
struct JointDefinition: Equatable, Sendable {
    var kind: JointKind
    var isActive = true
    var enableLimit = false
    var bodyA: Int32
    var bodyB: Int32
    var localAnchorA: Vector = .zero
    var localAnchorB: Vector = .zero
    /// Revolute and prismatic limits (an angle or a translation).
    var lower: Double = 0
    var upper: Double = 0
    var maxMotorTorque: Double = 0
    /// Revolute: the relative angular velocity (B − A) the motor drives toward; 0 is friction.
    var motorSpeed: Double = 0
    // Distance
    var length: Double = 0
    var minLength: Double = 0
    var maxLength: Double = 0
    var hertz: Double = 0
    var dampingRatio: Double = 0
    // Prismatic, weld and mouse
    var referenceAngle: Double = 0
    var localAxisA = Vector(1, 0)
    var target: Vector = .zero
    var maxForce: Double = .infinity
    /// Mouse: the turn toward `targetAngle`; revolute: the angular spring's frequency (Hz, 0 is
    /// none) toward the relative angle `targetAngle` (SpringForce.kickAngular).
    var angularHertz: Double = 0
    var targetAngle: Double = 0
    /// Revolute: the angular spring's damping ratio.
    var angularDampingRatio: Double = 0

    init(kind: JointKind, bodyA: Int32, bodyB: Int32) {
        self.kind = kind; self.bodyA = bodyA; self.bodyB = bodyB
    }

    /// A joint of `kind` between two bodies of the World (body A is often the ground).
    init(kind: JointKind, bodyA: BodyID, bodyB: BodyID) {
        self.init(kind: kind, bodyA: bodyA.index, bodyB: bodyB.index)
    }
}

/// A joint in the world: its definition and the solver data the step derives from it. The
/// solver reads the definition through the read-only accessors below; owners change it only
/// through `definition` (World.withJoint compares it before and after).
struct Joint: Sendable {
    var definition: JointDefinition

    // Prepared each step
    var rA: Vector = .zero
    var rB: Vector = .zero
    var deltaCenter: Vector = .zero
    /// Whether a body of the joint turns more than `JointSoftness.fastTurn` a substep as the
    /// step begins.
    var turnsFast = false
    var mA: Double = 0, iA: Double = 0, mB: Double = 0, iB: Double = 0
    var axialMass: Double = 0
    var deltaAngle: Double = 0
    var springSoftness = Softness.rigid
    var axisA: Vector = .zero
    var angleB: Double = 0
    var angularSoftness = Softness.rigid
    /// The relative angle `angle(_:)` last found, and the bits of the two bodies' step rotations
    /// it was found for (forgotten by each step's prepare, since deltaAngle changes).
    var angleKeyA: UInt64 = .max, angleKeyB: UInt64 = .max
    var lastAngle: Double = .nan

    // Accumulated impulses (warm starting)
    var linearImpulse: Vector = .zero
    var angularImpulse: Double = 0
    var impulse: Double = 0
    var lowerImpulse: Double = 0
    var upperImpulse: Double = 0
    var motorImpulse: Double = 0

    init(_ definition: JointDefinition) { self.definition = definition }

    init(kind: JointKind, bodyA: Int32, bodyB: Int32) {
        definition = JointDefinition(kind: kind, bodyA: bodyA, bodyB: bodyB)
    }

    // The definition, read-only, under the names the solver uses.
    var kind: JointKind { definition.kind }
    var isActive: Bool { definition.isActive }
    var enableLimit: Bool { definition.enableLimit }
    var bodyA: Int32 { definition.bodyA }
    var bodyB: Int32 { definition.bodyB }
    /// The two bodies as handles, for the World's owners.
    var bodyIDs: (a: BodyID, b: BodyID) { (BodyID(definition.bodyA), BodyID(definition.bodyB)) }
    var localAnchorA: Vector { definition.localAnchorA }
    var localAnchorB: Vector { definition.localAnchorB }
    var lower: Double { definition.lower }
    var upper: Double { definition.upper }
    var maxMotorTorque: Double { definition.maxMotorTorque }
    var motorSpeed: Double { definition.motorSpeed }
    var length: Double { definition.length }
    var minLength: Double { definition.minLength }
    var maxLength: Double { definition.maxLength }
    var hertz: Double { definition.hertz }
    var dampingRatio: Double { definition.dampingRatio }
    var referenceAngle: Double { definition.referenceAngle }
    var localAxisA: Vector { definition.localAxisA }
    var target: Vector { definition.target }
    var maxForce: Double { definition.maxForce }
    var angularHertz: Double { definition.angularHertz }
    var targetAngle: Double { definition.targetAngle }
    var angularDampingRatio: Double { definition.angularDampingRatio }
}

extension Joint {
    /// The relative angle of body B to body A, counted from the reference angle: the step's
    /// `deltaAngle` plus the turn between their rotations within the step. Within a substep the
    /// rotations change only when the positions are integrated, while a pin's limits and its
    /// angular spring ask for this angle in every solve, relax and kick, up to eight times
    /// between two integrations, and atan2 is the costliest part of such a pin's solve. So the
    /// angle is kept with the rotations' bits it was found for, and found again only when they
    /// differ: the very value the same arithmetic gives.
    @inline(__always) mutating func angle(_ s: UnsafeMutablePointer<BodyState>) -> Double {
        let a = s[Int(bodyA)], b = s[Int(bodyB)]
        let keyA = UInt64(a.qc.bitPattern) << 32 | UInt64(a.qs.bitPattern)
        let keyB = UInt64(b.qc.bitPattern) << 32 | UInt64(b.qs.bitPattern)
        if keyA == angleKeyA && keyB == angleKeyB { return lastAngle }
        let angle = deltaAngle + JointSolver.relativeAngle(b.dq, a.dq)
        angleKeyA = keyA; angleKeyB = keyB; lastAngle = angle
        return angle
    }

    /// Forgets the kept angle (each step's prepare, which sets a new deltaAngle).
    @inline(__always) mutating func forgetAngle() {
        angleKeyA = .max; angleKeyB = .max; lastAngle = .nan
    }
}
