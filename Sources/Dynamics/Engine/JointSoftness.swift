// JointSoftness: the give of a substep's joints, by how the solver takes them.
//
// The soft step gives every joint row a spring (stiffness, damping ratio) in the biased pass and
// none in the relax pass. How much damping that give wants depends on what else pulls on it:
// - A group solved exactly (JointGroups) may hold rows that fight: a net's closed loops, a pin and
//   a rod locking one item while a motor turns it, the contacts of a cradle's balls. The give
//   stores the work of that fight, and undamped it hands the work back as motion (an item locked
//   by a pin and a rod against a motor gained 1.06 % of its scene's scale). Box2D v3's ratio of 2
//   takes it out.
// - A joint solved on its own (no exact group: alone on its moving bodies, or in a group whose
//   joints the solver takes one at a time) has no other row to fight. Its give stretches with the
//   joint's pull, and a damper on that stretch takes out energy wherever the pull changes fast:
//   an item swung from a point off its center, whose pull changes within a fraction of its
//   swing, lost on average 2.3 % of its swing in 10 s on a rod under a spring field and 1.5 % on
//   a pin under radial gravity at ratio 2, and 0.53 % and 0.22 % undamped (docs/dynamics.md,
//   "Rods turning within a substep"). So its give is undamped, unless one of its bodies turns
//   more than `fastTurn` a substep as the step begins: a drift that turns a body that far
//   carries the joint's anchor well off its circle, the give takes that stretch up, and undamped
//   it hands it back as motion (audit seed 23108: an ellipse whipped to 108 rad/s on a rod,
//   0.45 rad a substep, made 1.26 % of its scene's scale). Such a joint's give is damped as an
//   exact group's is.
// - Joints solved one at a time beside others of a group too large to solve exactly are softer
//   and heavily damped (JointGroups.swift, WorldSettings.iterativeJointDampingRatio).
struct JointSoftness {
    /// The turn a substep (radians) past which a joint on its own keeps the damped give. The
    /// swings the undamped give is for turn up to 0.1 rad a substep (24 rad/s); 23108's whip 0.45.
    static let fastTurn = 0.2
    /// The rows of a group solved exactly.
    let exact: Softness
    /// A joint solved on its own whose bodies turn slowly (`onItsOwn` chooses).
    let lone: Softness
    /// A joint solved one at a time beside others of a group too large to solve exactly.
    let iterative: Softness

    /// The softness of joint `j` solved on its own: `lone`, or `exact` where it turns fast.
    @inline(__always) func onItsOwn(_ j: Joint) -> Softness { j.turnsFast ? exact : lone }

    /// The softness of a substep of length `h`: twice the contacts' stiffness `contactHertz` for
    /// the exact and lone joints, the settings' fraction of the substep rate for iterative ones.
    init(h: Double, contactHertz: Double, _ settings: WorldSettings) {
        exact = Softness(hertz: 2 * contactHertz, dampingRatio: settings.jointDampingRatio, h: h)
        lone = Softness(hertz: 2 * contactHertz, dampingRatio: settings.loneJointDampingRatio, h: h)
        let iterativeHertz = min(2 * contactHertz, settings.iterativeJointHertzPerSubstepRate / h)
        iterative = Softness(hertz: iterativeHertz, dampingRatio: settings.iterativeJointDampingRatio, h: h)
    }
}
