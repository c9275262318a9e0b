// WorldSettings: the numbers a World steps by: substeps and relax passes, slop and speculative
// distance, contact recycling, broad-phase margin, contact and joint softness, speed caps and
// sleeping. Defaults are Box2D v3's, converted at 100 pt per meter, except where a comment gives
// the reason that moved them.

struct WorldSettings: Sendable {
    /// Solver substeps per step: Box2D v3's four.
    var substeps = 4
    /// Relax passes per substep: one for contact and friction, as Box2D v3 runs, and then
    /// friction alone. With the first only, a pyramid of a hundred layers spreads sideways at
    /// 60 Hz contacts, because friction (solved only while relaxing) has not converged through
    /// its layers; the second holds it (the drifts are in docs/performance-log.md).
    var relaxIterations = 2
    /// Allowed overlap, in points (Box2D's 0.005 m at 100 pt per meter).
    var linearSlop = 0.5
    /// Contacts closer than this (plus the pair's closing distance per step) get speculative points.
    var speculativeDistance = 2.0
    /// A touching contact keeps its manifold while its bodies' relative pose moves less than this
    /// (ContactRecycling.swift): ten linear slops, Box2D v3's default. Zero turns recycling off.
    var contactRecycleDistance = 5.0
    /// ... and while neither body has turned further than this cosine's angle (about 11.5°).
    var contactRecycleCosine = 0.98
    /// How much fat boxes exceed tight ones in the broad phase.
    var aabbMargin = 10.0
    /// The most contacts a shape of a moving body may have. A shape touches a handful of others
    /// in any pile (six equal circles around one), but thousands of items made at one point all
    /// overlap, and a contact for every pair, n²/2 of them, took 3.8 GB for 3,000 items. Past the
    /// limit a pair waits until one of its shapes loses a contact, then it is looked for again.
    var maxContactsPerShape = 64
    /// Contact stiffness. Box2D v3 uses 30 Hz, and a soft contact compresses by its load·g/(m·ω²),
    /// which summed over a hundred layers sinks the top of a tall pyramid past the quarter-box
    /// criterion. At 60 Hz the sink is a quarter of that, within the criterion (DECISIONS.md).
    var contactHertz = 60.0
    /// The soft contacts' damping ratio: the joints' 2, not Box2D v3's 10. In the soft step it
    /// sets how fast a contact pulls back to its resting overlap (massScale·biasRate: 17/s at 10,
    /// 61/s at 2, 60 Hz and 240 substeps a second), and at 10 the 820-box pyramid never came to
    /// rest: it breathed at about 1 Hz, 8 pt/s root mean square in its tenth second, and crept
    /// 3.5 pt across. At 2 it rests within 5 s (docs/dynamics.md, "Stacks that breathe").
    var contactDampingRatio = 2.0
    var jointHertz = 60.0
    /// The damping ratio of the give of joints in groups solved exactly (Box2D v3's 2).
    var jointDampingRatio = 2.0
    /// The damping ratio of the give of a joint solved on its own while its bodies turn slowly:
    /// none (JointSoftness.swift).
    var loneJointDampingRatio = 0.0
    /// Joints solved one at a time beside others of a group too large to solve exactly (a long
    /// chain, a net) are no stiffer than this fraction of the substep rate (Box2D v3's joint
    /// stiffness, twice its 30 Hz contacts at 240 Hz substeps): at twice it, one Gauss-Seidel pass
    /// per substep no longer holds a hanging chain still (JointGroups.swift).
    var iterativeJointHertzPerSubstepRate = 0.25
    /// Gauss-Seidel passes per substep over those joints, while solving and while relaxing
    /// (Box2D v3 runs one of each). A net of pinned balls needs more: a pin at a ball's
    /// rim-to-rim midpoint, twice the radius out, turns the ball more than it moves it, so a
    /// ball's four pins are coupled through its turn about as strongly as each pin's own
    /// effective mass, and one pass leaves most of that error (a 100×100 net hung by two
    /// corners still swung at 7 % of its drop's energy after 10 s with one and one, and at 0.4 %
    /// with two and two; four solve passes did no better than two; docs/dynamics.md).
    var iterativeJointPasses = 2
    var iterativeJointRelaxPasses = 2
    /// The damping ratio of those joints. A pin's give is the soft step's, not physics: a net
    /// solved one joint at a time stretches under its load and, at ratio 2, bounced on that
    /// stretch for tens of seconds (a 50×50 net hung by its corners still had 6 % of its drop's
    /// energy after 10 s). The damper acts only on the stretch's own speed, which a rigid pin
    /// never has, so a large one takes out the bounce and leaves the swing (docs/dynamics.md).
    var iterativeJointDampingRatio = 30.0
    /// Whether a pin's pull on a body held off its center turns the body back implicitly where a
    /// substep cannot follow that turn (TensionInertia.swift): without it the balls beside the
    /// pins a large net hangs from turn back and forth every substep and never come to rest.
    /// Every constraint on such a body, its contacts too, sees the raised inertia: with contacts
    /// left at the body's own, the energy audit found pins that made energy (seed 98715 grew by
    /// 75,919 times its scale; DECISIONS.md, 2026-11-26).
    var implicitJointTension = true
    /// Contact stiffness is capped at this fraction of the substep rate (Box2D v3's 1/4).
    var contactHertzPerSubstepRate = 0.25
    /// Cap on the push-out speed for overlapping shapes (3 m/s).
    var contactPushMaxVelocity = 300.0
    /// Cap on the speed at which a rod's soft bias pulls its ends back to its length (the
    /// contacts' 3 m/s). A rod drifts by more than a point or two only where a substep could not
    /// follow a turn (a rod far off a tiny item whipping taut), and the pull back from tens of
    /// points, put through the item's turn, made energy (docs/dynamics.md, "Joints under long
    /// lever arms"). Pins and welds keep their full pull: a far weld under a heavy push needs it.
    var jointPushMaxVelocity = 300.0
    /// The deepest a soft contact may let two shapes overlap before it stops their approach
    /// rigidly. A soft contact yields in proportion to the force on it, and a steady push of
    /// 2,000 on a 20 pt box (5·10⁶ pt/s²) sank it into a wall a point per step, past its center
    /// and on, with the push-out capped at 3 m/s. Four slops: resting contacts, even under a
    /// hundred boxes, overlap by under one point.
    var maxSoftOverlap = 2.0
    /// Approach speeds below this bounce inelastically, on top of what the bodies' applied
    /// accelerations add along the normal in two substeps (SolverSettings.impactThreshold).
    /// Box2D's fixed 1 m/s made every impact slower than 100 pt/s inelastic: a cradle lifted
    /// less than 12° moved as one block. 2 pt/s only keeps solver round-off from bouncing.
    var restitutionThreshold = 2.0
    var maxLinearSpeed = 400_000.0
    var maxImpactSweeps = 64
    /// Islands of bodies at rest stop being simulated until something wakes them.
    var enableSleep = true
    /// Bodies slower than this (|v| + |ω|·extent), pt/s, are at rest: Box2D's 0.05 m/s.
    var sleepThreshold = 5.0
    /// An island sleeps once all its bodies have been at rest this long, s.
    var timeToSleep = 0.5
}
