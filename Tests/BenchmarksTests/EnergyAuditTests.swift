// The energy audit (Benchmarks/EnergyAudit.swift) as a property test: random scenes of every
// behavior kind through the real parser and builder, seeded (SplitMix64) so a failure replays.
// 1,000 seeds by default; NUDGE_AUDIT_SEEDS sets another count (a release run:
// `NUDGE_AUDIT_SEEDS=100000 swift test -c release --filter EnergyAuditTests`, or
// `nudge bench audit --seeds 100000`). A debug build steps each scene 4 s instead of 10 s so the
// thousand fit in CI time (about 100 s of one core).
import Foundation
import Testing
@testable import Benchmarks

@Suite("energy audit")
struct EnergyAuditTests {
    static var seeds: UInt64 {
        ProcessInfo.processInfo.environment["NUDGE_AUDIT_SEEDS"].flatMap(UInt64.init) ?? 1000
    }
    #if DEBUG
    static let steps = 240
    #else
    static let steps = 600
    #endif

    /// Every kind is enabled. (electricField came in when continuous collision stopped handing
    /// back the speed an item gained behind a wall: seed 624, a light charged item pulled at up to
    /// 10⁶ pt/s² through a wall's place within a step, had +35 % of the scene's scale at step 1.
    /// magneticField came in when springs and fields kicked before the constant loads: the field
    /// had turned the velocity gravity gave a resting item before the wall took it back, and the
    /// item crept along the wall, seed 8331.)
    static let enabled = Set(EnergyAudit.Kind.allCases)

    /// Seeds of the default run that fail for a cause in another part of the engine, each a
    /// known issue (reported as such, and failing the test once the cause is fixed, so it comes
    /// off this list): not hidden, not skipped.
    /// (Seed 773, a light ellipse squeezed through a wall by heavier items under sideways
    /// gravity, came off it when two-point contacts were solved as blocks.)
    /// (Seed 773 came back on it when springs and fields began to kick before gravity, its light
    /// ellipse squeezed out through a wall by heavier items, and came off again when the wall
    /// guard began to put back a slow body pressed through a still shape.)
    /// (Seeds 495 and 514 came off it when the electric field's work over a step was made the
    /// fall of its potential (FieldWork.swift: 495, a light charged item crossing the field's
    /// center within a substep, kicked from both sides by the full force) and the magnetic field
    /// began to turn by Boris's angle 2·atan(ω·h/2) (514, a light item beside an electric field
    /// turned by radians per substep).)
    static let awaiting: [UInt64: String] = [:]

    /// Runs the audit's scene of `seed` for 10 s and expects it to pass.
    static func expectNoFailure(seed: UInt64, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let outcome = try EnergyAudit.run(EnergyAudit.scene(seed: seed), steps: 600)
        #expect(outcome.failure == nil, "seed \(seed): \(outcome.failure ?? "")", sourceLocation: sourceLocation)
    }

    @Test("random scenes of every enabled behavior kind never gain energy beyond their drivers' work, never go NaN and never leave the walls")
    func randomScenesKeepTheirEnergy() {
        let failures = EnergyAudit.audit(seeds: 0..<Self.seeds, steps: Self.steps, kinds: Self.enabled)
        let unexpected = failures.filter { Self.awaiting[$0.scene.seed] == nil }
        let report = unexpected.prefix(10).map { "seed \($0.scene.seed): \($0.outcome.failure ?? "")\n\($0.scene.yaml)" }
        #expect(unexpected.isEmpty, "\(unexpected.count) of \(Self.seeds) scenes failed:\n\(report.joined(separator: "\n"))")
        for (seed, cause) in Self.awaiting.sorted(by: { $0.key < $1.key }) where seed < Self.seeds {
            let outcome = failures.first { $0.scene.seed == seed }?.outcome
            withKnownIssue("seed \(seed) awaits \(cause)") {
                #expect(outcome == nil, "\(outcome?.failure ?? "")")
            }
        }
    }

    /// Pins on bodies that contacts, motors, snaps and springs also act on: with the pin's turning
    /// stiffness taken implicitly (TensionInertia.swift) and contacts solved with the bodies' own
    /// inertia, these grew by 75,919 (98715), 269 (99942), 4.96 (49991), 1,585 (7365) and 5.6
    /// (3937) times the scene's scale within 33 steps; every constraint on a body must see the
    /// inertia the backward step gives it.
    @Test("pins sharing bodies with contacts, motors, snaps and springs keep their energy", arguments: [98715, 99942, 49991, 7365, 3937] as [UInt64])
    func pinsBesideOtherConstraints(seed: UInt64) throws {
        try Self.expectNoFailure(seed: seed)
    }

    /// Springs and spring fields holding tens of times the scene's scale, whose T + V wobbles
    /// by more than 1 % of the scale under velocity Verlet (55558, 55599, 86875, 91118), and
    /// thin items spun to 100 rad/s on an attachment's lever arm, where ½·I·ω² reads x²/6 more
    /// than the drift's T̃ (55558, 91118): the ledger counts the energy the scheme keeps
    /// (AuditVerlet.swift). Each read 1.3 to 3.2 % of its scale above its start.
    /// (42743: a box swung past its spring's anchor by a spring field, whose crossings' settling
    /// kept another energy than Verlet's, SpringShadow.swift; 49564, a spring and a spring field
    /// beside a magnetic field, passed with the same change.)
    @Test("springs against spring fields keep the energy velocity Verlet keeps", arguments: [55558, 55599, 86875, 91118, 42743, 49564] as [UInt64])
    func springsAgainstSpringFields(seed: UInt64) throws {
        try Self.expectNoFailure(seed: seed)
    }

    /// A light ellipse whipped on a rod from a point off its center (23108: to 108 rad/s within a
    /// step under a spring field and radial gravity). The give of a joint solved on its own is
    /// undamped, and a drift that turns the body 0.45 rad carries the rod's end well off its
    /// circle; undamped, the give handed that stretch back as motion (+1.26 % of the scale at
    /// step 6). A joint whose body turns more than 0.2 rad a substep keeps the damped give
    /// (JointSoftness.swift).
    @Test("an item whipped on a rod does not take its give's stretch back as motion", arguments: [23108] as [UInt64])
    func whippedOnARod(seed: UInt64) throws {
        try Self.expectNoFailure(seed: seed)
    }

    /// 98125: a light ellipse on a rod 9.5 pt off its center under gravity of 1,080 pt/s², swung
    /// from 19 to 49 rad/s within step 17 (a turn of 0.08 rad a substep as the step begins, under
    /// the damped give's 0.2). The ledger reads 1.4 % of the scale lost in that step and 2.7 %
    /// gained in the next, the first with shorter substeps: +1.53 % at step 18. Damping the give
    /// in every substep whose turn passes 0.2 rad, not only from the step's start, it still made
    /// 1.7 %; with every joint's give damped it passed (docs/dynamics.md, "Rods turning within a
    /// substep"). The one seed of the 100,000 that fails.
    @Test("an item whipped on a rod within one step keeps its energy")
    func whippedWithinAStep() throws {
        withKnownIssue("98125 gains 1.53 % of its scale as its rod's give gives back a whip within one step (docs/dynamics.md, Rods turning within a substep)") {
            try Self.expectNoFailure(seed: 98125)
        }
    }

    /// Light charged items thrown into a wall by an electric field: impacts resolved after the
    /// opening half kick reflected the approach speed that kick added, though the item never
    /// crossed the gap the kick belongs to, and the bounce gained 1.4 to 57 % of the scene's scale
    /// (docs/dynamics.md, "Bounces under cone potentials").
    @Test("items thrown into walls by an electric field bounce without gaining energy", arguments: [12958, 19637, 38429, 42492, 46198, 54292, 74591] as [UInt64])
    func electricBounces(seed: UInt64) throws {
        try Self.expectNoFailure(seed: seed)
    }

    /// Light charged items an electric field presses against a wall, with a pull along the wall
    /// that friction holds (27441: 452,000 pt/s², a box on its corner against the right wall;
    /// 76248: a box thrown into the wall and held there; 95481: an item the field holds against
    /// the ceiling beside a snap): with friction solved only in the relax pass, the warm start's
    /// tangent impulse, which held against the field's two half kicks, acted with only one of
    /// them before the move, and the item crept along the wall against the field, by up to
    /// 5.5 pt a step (docs/dynamics.md, "Friction under fields").
    @Test("items an electric field presses against a wall stay put without gaining energy", arguments: [27441, 76248, 95481] as [UInt64])
    func fieldFriction(seed: UInt64) throws {
        try Self.expectNoFailure(seed: seed)
    }

    /// A box pinned to an ellipse that radial gravity holds at its centre, pressed into the floor
    /// and the right wall (90508: radial and linear gravity fields, a pin with limits and
    /// friction, and an item on a sliding joint). The box's contacts are solved in the pin's
    /// group, and their friction, solved in the biased pass since items under a field need it
    /// there, came after the group's exact solve: the substep's move then carried the pair off
    /// the pin's and the walls' rows (the pin 17 pt apart by step 230), and the held velocities
    /// grew to 1,400 pt/s while the items moved a hundredth of a point a step: +4.1 % of the
    /// scene's scale at step 262, +250 % by step 400. The grouped contacts' friction now comes
    /// before the joints (docs/dynamics.md, "Friction under fields").
    @Test("a pinned pair pressed into a corner under fields keeps its energy", arguments: [90508] as [UInt64])
    func groupedFieldFriction(seed: UInt64) throws {
        try Self.expectNoFailure(seed: seed)
    }

    /// Items under fields (magnetic and spring 2360, electric and spring 46035, turbulence and
    /// spring 52744, radial and linear gravity 90508) against the walls, each other and joints:
    /// friction at a point still apart (speculative) held against motion along the other
    /// contacts' normals, and energy grew (by 1.7, 0.33 and 0.04 of the scene's scale; 52744's
    /// item left the walls). Under a field only touching points hold friction now
    /// (docs/dynamics.md, "Friction in corners"). Not reduced further. 2360, 52744 and 90508
    /// pass with this rule alone too; their own tests are deepPointsUnderFields and
    /// groupedFieldFriction.
    @Test("items under fields against walls hold friction only where they touch", arguments: [46035] as [UInt64])
    func speculativeFriction(seed: UInt64) throws {
        try Self.expectNoFailure(seed: seed)
    }

    /// Light charged items whose velocity something else changes between the electric field's
    /// kicks: 96112, an item on a rod from a point off its center swung past the field's center
    /// (+1.9 % of the scene's scale at step 3), and 97385, an item pulled into the ceiling by the
    /// field against an undamped 6 Hz spring (+1.7 % at step 7). The trapezoid over the path fell
    /// short of the potential's fall while the kicks, which the rod and the spring had given a
    /// different velocity to act on, had already given more than it; the settling gave the
    /// shortfall back (FieldWork.swift, docs/dynamics.md "Cone potentials beside joints and springs").
    @Test("items a joint or a spring moves between an electric field's kicks gain no energy from its settling", arguments: [96112, 97385] as [UInt64])
    func electricBesideJointsAndSprings(seed: UInt64) throws {
        try Self.expectNoFailure(seed: seed)
    }

    /// Light charged items under an electric field beside other position forces: 56926, an item
    /// between two electric fields pulling it opposite ways (+1.4 % of the scene's scale at step
    /// 1); 46035, a light ellipse on two springs to a heavier one, in a spring field as well
    /// (+33 % by step 27); 64168, an item on an undamped 7 Hz spring and a rod, pushed, in a
    /// spring field (+1.04 % at step 19). Velocity Verlet's kicks give the trapezoids plus
    /// m·h²/8·Δ|a|², a the sum of every position force, and the settling took the trapezoid for
    /// what the electric field's kicks gave; it now takes out the fields' part of that term
    /// (FieldWork.swift, docs/dynamics.md "Cone potentials beside other forces").
    @Test("items under an electric field beside a second field or springs gain no energy from the kicks' cross terms",
          arguments: [56926, 46035, 64168] as [UInt64])
    func electricBesideOtherForces(seed: UInt64) throws {
        try Self.expectNoFailure(seed: seed)
    }

    /// Light charged items on an undamped spring that an electric field pulls: 86348, an item on
    /// a 9.8 Hz spring from a point off its center, swung past the field's center 7 pt away
    /// (+2.04 % of the scene's scale at step 2, wobbling between −0.3 and +2.5 % with the swing);
    /// 56811, an item on a 4.7 Hz spring, pushed, in a magnetic field, stretched by a field of
    /// 62,000 pt/s² from 300 pt away (+1.21 % at step 17). Where the field bends the path, the
    /// spring's trapezoid misses −m·h²/6·Ē·ΔS of the energy Verlet keeps for it, which the
    /// settling left in the motion: summed from the step ends it predicts +2.06 % and +1.29 %
    /// there (FieldWork.swift, docs/dynamics.md "Springs beside cone potentials").
    @Test("items on springs an electric field pulls keep the energy Verlet keeps for the springs",
          arguments: [86348, 56811] as [UInt64])
    func springsBesideConePotentials(seed: UInt64) throws {
        try Self.expectNoFailure(seed: seed)
    }

    /// A magnetic field on an item held by a stiff undamped spring (15228: a push and a rod as
    /// well; 58620: gravity, 8.3 Hz): the field turned the velocity between quarter kicks of the
    /// spring at each end of a substep, and the energy gained 1.03 % and 1.00 % of the scene's
    /// scale (steps 203 and 105). Turned whole between the spring's two half kicks, it does no
    /// work (SolverStages.applyForces).
    @Test("a magnetic field beside a spring does no work", arguments: [15228, 58620] as [UInt64])
    func magneticFieldBesideASpring(seed: UInt64) throws {
        try Self.expectNoFailure(seed: seed)
    }

    /// Magnetic fields beside constant loads (gravity, continuous pushes, linear gravity fields),
    /// springs and joints. The whole load was kicked after the substep's turn, so an item in free
    /// flight drifted along its load at a·h/2 (losing ½·m·a²·h² a substep) and the kinetic energy
    /// read at the positions' instant, v + a·h/2, wobbled by ±½·h·m·a·u about what the scheme
    /// keeps (u the speed of turning), and the turn was split around the relax pass: 4964, 7035,
    /// 39237, 54585, 75044, 89649 and 98251 read 1.00 to 1.15 % of their scale above their
    /// start, and 85293 (an item on a 3.9 pt rod and a sliding joint) grew to 312 times its
    /// scale by step 100. With half the load before the turn and half after it, and the turn
    /// once per substep after the relax pass (Boris), the velocity held is the instant's and the
    /// energy read is the one the scheme keeps; each passes (docs/dynamics.md, "Constant loads
    /// under a magnetic field").
    @Test("magnetic fields beside gravity, pushes, springs and joints do no work",
          arguments: [4964, 7035, 39237, 54585, 75044, 85293, 89649, 98251] as [UInt64])
    func magneticFieldBesideLoadsAndJoints(seed: UInt64) throws {
        try Self.expectNoFailure(seed: seed)
    }

    /// Contact points deeper than the soft overlap under a field: the biased pass's friction was
    /// bounded by the push-out's normal impulse and gripped the surfaces while the soft row pushed
    /// them apart. 2360 (a light ellipse pinned to a heavy one, thrown into the left wall at
    /// 3,900 pt/s beside a magnetic field) grew by 173 % of its scale at step 39, 52744 (a light
    /// ellipse squeezed into the bottom-right corner) left the right wall at step 35, and 54674
    /// (an ellipse swung on a rod into the left wall, DeepContactFrictionTests) grew by 28 % at
    /// step 180. Each passed while such points were still impacts; friction at a deep point now
    /// waits for the relax pass (docs/dynamics.md, "Friction under fields").
    @Test("points deeper than the soft overlap under a field do not grip while they are pushed out",
          arguments: [2360, 52744, 54674] as [UInt64])
    func deepPointsUnderFields(seed: UInt64) throws {
        try Self.expectNoFailure(seed: seed)
    }

    /// A heavy free item thrown into a light item that a pin holds (68317: a box of mass 1.37,
    /// pulled at 480 pt/s² by a linear gravity field, into a pinned ellipse of mass 0.0033 that
    /// cannot turn) pushed the ellipse 21.5 pt through its pin, took the pin's push-out through
    /// the contact and kept it, leaving at 573 pt/s of the 400 it came with (+6.8 % of the scale
    /// at step 56). Such a contact is now solved with the pin in its group (HeavyToucherTests).
    @Test("a heavy item thrown into a light pinned one keeps none of the pin's push-out", arguments: [68317] as [UInt64])
    func heavyItemAgainstAPinnedLightOne(seed: UInt64) throws {
        try Self.expectNoFailure(seed: seed)
    }

    /// Two items pinned to each other, no gravity or field, elastic (e 0.32 and 0.43) against the
    /// walls and two free items (21590): an impact struck at its moment of contact shifted the
    /// pinned bodies by −Δv·t*, which the pin, pulling them before the contact as a load would,
    /// did not see, and energy grew by 3.2 % of the scale at step 35. A jointed body's impact
    /// applies at once (ImpactShift.swift).
    @Test("a pinned pair's impacts gain no energy from being struck at the moment of contact", arguments: [21590] as [UInt64])
    func pinnedPairStruckAtContact(seed: UInt64) throws {
        try Self.expectNoFailure(seed: seed)
    }

    /// Light charged items turning fast on a pin (1008: 8.5×13, 31.85 rad/s on a 24.2 pt arm under
    /// 65,800 pt/s²; 3455) or a rod (29786, 58326: up to 0.19 rad a substep under 124,000 pt/s²):
    /// each straight drift carried the joint's end off its circle by h²/2·(ω²·r + u⊥²/L), and the
    /// field's work over that stretch, paid by nothing, was 1.2 % to 2.3 % of the scale within six
    /// steps. Such a step now takes shorter substeps (SubstepRefinement), the stretch going as h².
    @Test("pins and rods turning fast under a strong field keep their length and their energy",
          arguments: [1008, 3455, 29786, 58326] as [UInt64])
    func jointsTurningFastUnderStrongFields(seed: UInt64) throws {
        try Self.expectNoFailure(seed: seed)
    }

    /// A light charged item (12.1×10.2) on a motor pin to a snapped ellipse, sped within a step
    /// from 50 to 4,500 pt/s toward a wall by an electric field (48812): the narrow phase's margin,
    /// read from the speed at the step's start, gave the pair no point, the item crossed the wall
    /// and continuous collision put it back while the ellipse kept the field's work beyond it
    /// (+34 % of the scale at step 2). The margin now counts the speed the drive adds in the step.
    @Test("an item a strong field speeds toward a wall within a step meets it", arguments: [48812] as [UInt64])
    func itemSpedTowardAWallWithinAStep(seed: UInt64) throws {
        try Self.expectNoFailure(seed: seed)
    }

    /// One charged ellipse held by a motor pin and a rod to the world, which lock it, the motor
    /// pushing against the rod, under an electric field (9912): with every exactly solved joint's
    /// give undamped, the lock's give stored what the motor pushed and gave it back (+1.06 % of
    /// the scale at step 88), and with the rod's alone undamped +1.08 %; the joints' damper takes
    /// it out (docs/dynamics.md, "Rods turning within a substep").
    @Test("a motor pin locked by a rod gains nothing from the lock's give", arguments: [9912] as [UInt64])
    func motorLockedByARod(seed: UInt64) throws {
        try Self.expectNoFailure(seed: seed)
    }

    /// The audit's measure catches energy from nowhere: the same scene with the work of its
    /// drivers forgotten fails (a push that is not counted is energy from nowhere).
    @Test func anUncountedPushFails() throws {
        var scene = EnergyAudit.Scene(seed: 0, yaml: """
            items:
              - {id: a, size: [40, 40], center: [320, 184]}
            behaviors:
              - {type: collision, boundaries: reference}
              - {type: push, items: [a], mode: continuous, magnitude: 1, angle: 0}
            """)
        scene.kinds = [.push]
        let outcome = try EnergyAudit.run(scene, steps: 60)
        #expect(outcome.cause == "energy")
    }
}
