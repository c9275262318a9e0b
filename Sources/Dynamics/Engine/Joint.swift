// Joint: the constraints behind attachments, snaps and the mouse grab, one plain struct for all
// kinds so joints sit in one contiguous array and the solver switches on `kind`.
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

struct Joint: Sendable {
    // Fields the solver reads every pass come first, so a joint's hot data shares cache lines.
    var kind: JointKind
    var isActive = true
    var enableLimit = false
    var bodyA: Int32
    var bodyB: Int32

    // Prepared each step
    var rA: Vector = .zero
    var rB: Vector = .zero
    var deltaCenter: Vector = .zero
    var mA: Double = 0, iA: Double = 0, mB: Double = 0, iB: Double = 0
    var axialMass: Double = 0

    // Accumulated impulses (warm starting)
    var linearImpulse: Vector = .zero
    var angularImpulse: Double = 0
    var impulse: Double = 0
    var lowerImpulse: Double = 0
    var upperImpulse: Double = 0
    var motorImpulse: Double = 0

    var deltaAngle: Double = 0
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
    var springSoftness = Softness.rigid

    // Prismatic and mouse
    var axisA: Vector = .zero
    var angleB: Double = 0
    var angularSoftness = Softness.rigid
    var target: Vector = .zero
    var maxForce: Double = .infinity
    var angularHertz: Double = 0
    var targetAngle: Double = 0

    // Definition, read when preparing
    var localAnchorA: Vector = .zero
    var localAnchorB: Vector = .zero
    var dampingRatio: Double = 0
    var referenceAngle: Double = 0
    var localAxisA = Vector(1, 0)

    init(kind: JointKind, bodyA: Int32, bodyB: Int32) {
        self.kind = kind; self.bodyA = bodyA; self.bodyB = bodyB
    }
}
