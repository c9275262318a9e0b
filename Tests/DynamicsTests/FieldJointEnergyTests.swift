import Foundation
import Testing
import Geometry
@testable import Dynamics

/// Conservative fields keep kinetic plus potential energy beside joints: an item hung on a rod
/// from a point off its center (a double pendulum: the rod swings and the item swings about its
/// end), let go at rest with the rod level, in each kind of conservative field, keeps its energy
/// within 1 % of its swing's energy (its start less the lowest potential its center can reach)
/// for 10 s. Nothing else acts: no walls, no friction, no damping.
@Suite struct FieldJointEnergyTests {
    /// The anchor the rod hangs from, its length, the item's attachment point from its center,
    /// and the center of the radial, spring and electric fields (50 pt below the anchor, inside
    /// the ring the item's center sweeps, so the cone fields' items pass close by their center).
    static let anchor = Point(1000, 1000), rodLength = 60.0, offset = Vector(-8, -9)
    static let fieldCenter = Point(1000, 1050)

    enum Kind: String, CustomStringConvertible, Sendable {
        case linearGravity, radialGravity, spring, electric
        var description: String { rawValue }
    }

    struct Swing {
        let item: Box
        let field: FieldBehavior
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 2000, height: 2000))
        let kind: Kind
        let charge = 2.0

        init(_ kind: Kind, strength: Double, pin: Bool = false) {
            self.kind = kind
            let end = FieldJointEnergyTests.anchor + Vector(FieldJointEnergyTests.rodLength, 0)
            item = Box(end - FieldJointEnergyTests.offset, Size(20, 30))
            switch kind {
            case .linearGravity: field = FieldBehavior.linearGravityField(direction: Vector(0, 1))
            case .radialGravity: field = FieldBehavior.radialGravityField(position: FieldJointEnergyTests.fieldCenter)
            case .spring: field = FieldBehavior.springField()
            case .electric: field = FieldBehavior.electricField()
            }
            field.position = FieldJointEnergyTests.fieldCenter
            field.strength = strength
            field.addItem(item)
            let props = DynamicItemBehavior(items: [item])
            props.charge = charge
            let joint = pin ? AttachmentBehavior.pinAttachment(with: item, attachmentAnchor: end)
                : AttachmentBehavior(item: item, offsetFromCenter: FieldJointEnergyTests.offset,
                                     attachedToAnchor: FieldJointEnergyTests.anchor)
            for behavior in [props, joint, field] as [DynamicBehavior] { animator.addBehavior(behavior) }
            animator.pausesAtRest = false
            animator.commitChanges()
        }

        /// The potential of the item's center at `p` (the field's own: −m·a·y, m·s·1000·d,
        /// ½·m·k·d² with the spring's discrete stiffness, −q·s·1000·d).
        func potential(at p: Point) -> Double {
            let m = animator.mass(for: item), g = GravityBehavior.pointsPerSecondSquared
            let d = p.distance(to: field.position)
            switch kind {
            case .linearGravity: return -m * field.strength * g * p.y
            case .radialGravity: return m * field.strength * g * d
            case .spring:
                let omega = 2 * Double.pi * field.strength.squareRoot()
                return 0.5 * m * SpringForce.stiffness(omega: omega, h: animator.substepDuration) * d * d
            case .electric: return -charge * field.strength * g * d
            }
        }

        /// Kinetic energy as the drift keeps it (the turn's part T̃, AuditVerlet.swift) plus the
        /// potential.
        var energy: Double {
            let m = animator.mass(for: item), inertia = animator.inertia(for: item)
            let h = animator.substepDuration, x = animator.angularVelocity(for: item) * h
            let turning = inertia / (h * h) * (x * atan(x) - 0.5 * log1p(x * x))
            return 0.5 * m * animator.linearVelocity(for: item).lengthSquared + turning + potential(at: item.center)
        }

        /// The lowest potential the item's center can reach: anywhere in the ring of radii
        /// L ± |offset| around the anchor (sampled every half degree and 0.2 pt).
        var lowestPotential: Double {
            let r = FieldJointEnergyTests.offset.length, L = FieldJointEnergyTests.rodLength
            var lowest = Double.infinity
            for i in 0...120 {
                let radius = L - r + 2 * r * Double(i) / 120
                for j in 0..<720 {
                    let t = Double(j) * Double.pi / 360
                    lowest = min(lowest, potential(at: FieldJointEnergyTests.anchor + Vector(cos(t), sin(t)) * radius))
                }
            }
            return lowest
        }

        /// The largest drift of the energy over 10 s, as a share of the swing's energy.
        func drift() -> (drift: Double, swing: Double) {
            let e0 = energy, swing = e0 - lowestPotential
            var worst = 0.0
            run(animator, steps: 600) { _ in worst = max(worst, abs(energy - e0) / swing) }
            return (worst, swing)
        }
    }
    /// Let go at rest with the rod level, the item swings round its anchor and about the rod's
    /// end, within 1 % of its swing for 10 s under a 0.71 Hz spring field and an electric field
    /// of 1,300 pt/s². With the rod's give damped at Box2D v3's ratio of 2 it lost 1.7 % and
    /// 1.2 % (JointSoftness.swift). Over ten strengths from 0.8 to 1.2 times these, the drift
    /// measured 0.53 % and 0.57 % on average, at most 0.82 % and 0.99 % (2.3 % and 3.3 % on
    /// average damped).
    @Test(arguments: [(Kind.spring, 0.5), (Kind.electric, -0.04)])
    func anItemOnARodFromAPointOffItsCenterKeepsItsEnergy(kind: Kind, strength: Double) {
        let (drift, swing) = Swing(kind, strength: strength).drift()
        #expect(swing > 0)
        #expect(drift < 0.01, "\(kind): energy strays by \(drift) of the swing's \(swing)")
    }

    /// Under radial gravity (3,000 pt/s² and nine strengths about it, 0.8 to 1.2 times) its
    /// center passes close to the field's center, where the cone potential's force flips, and
    /// the drift is a lottery of those passes: 2.3 % on average, up to 8.6 %, nine of the ten
    /// above 1 % (7.7 % on average damped). Under a linear gravity field (a constant load,
    /// kicked whole at each substep's start, like gravity) it strays by 2.4 % on average at
    /// 1,000 pt/s², every strength above 1 %; the stray shrinks as h² (under 1 % with 8
    /// substeps), and a linear gravity field is not among the fields whose steps take shorter
    /// substeps (docs/dynamics.md, "Rods turning within a substep": not fixed).
    @Test(arguments: [(Kind.radialGravity, 3.0), (Kind.linearGravity, 1.0)])
    func anItemOnARodFromAPointOffItsCenterKeepsItsEnergyAtEveryStrength(kind: Kind, strength: Double) {
        let drifts = Self.strengths(about: strength).map { Swing(kind, strength: $0).drift().drift }
        withKnownIssue("an item on a rod off its center strays under radial gravity and constant loads (docs/dynamics.md, Rods turning within a substep)") {
            #expect(drifts.allSatisfy { $0 < 0.01 }, "\(kind): energy strays by \(drifts) of the swing")
        }
    }

    /// The same item pinned at the rod's end point (a pin off its center, no rod): a pendulum
    /// about the pin, within 1 % of its swing for 10 s under a linear gravity field of
    /// 1,000 pt/s², radial gravity of 3,000 pt/s², a 0.71 Hz spring field and an electric field
    /// of 1,300 pt/s², each at ten strengths from 0.8 to 1.2 times these. Measured at most 0.08 %,
    /// 0.30 %, 0.16 % and 0.08 %; with the pin's give damped the radial case strayed by 1.5 %
    /// on average and every strength above 1 %.
    @Test(arguments: [(Kind.linearGravity, 1.0), (Kind.radialGravity, 3.0), (Kind.spring, 0.5), (Kind.electric, -0.04)])
    func anItemPinnedOffItsCenterKeepsItsEnergy(kind: Kind, strength: Double) {
        for s in Self.strengths(about: strength) {
            let (drift, swing) = Swing(kind, strength: s, pin: true).drift()
            #expect(swing > 0)
            #expect(drift < 0.01, "\(kind) at \(s): energy strays by \(drift) of the swing's \(swing)")
        }
    }

    /// Ten strengths from 0.8 to 1.2 times `strength`: a swing is chaotic, and one run is one
    /// draw of where it passes.
    static func strengths(about strength: Double) -> [Double] {
        (0..<10).map { strength * (0.8 + 0.045 * Double($0)) }
    }

    /// The energy audit's seed 58326 reduced: a 33.2×13.8 box (density 0.13, charge −1.9) on a rod
    /// from a point 9.8 pt off its center, repelled by an electric field of 124,000 pt/s², turning
    /// up to 0.19 rad a substep. The drift moved the box straight at the velocity the solve left,
    /// its rod's end off its circle, and the soft bias pulled it back only a little each
    /// substep: the rod measured 12.9 pt longer by the third step, and the field's work over the
    /// stretch, paid by nothing, was 1.8 % of the audit's scale m·1000·368 in the first step.
    /// 0.03 pt of stretch along the field is the audit's whole 1 %; a rigid rod should keep its
    /// length to that. Such steps now take 8 times shorter substeps (the most; the stretch goes as
    /// h²) and the rod strayed by 1.07 pt within 3 steps, not 12.9; with the give of a joint on
    /// its own undamped (JointSoftness.swift) it strays by 2.46 pt: still more than that
    /// (docs/dynamics.md, "Rods turning within a substep").
    @Test
    func aBoxTurningFastOnARodUnderAStrongFieldKeepsTheRodsLength() {
        let item = Box(Point(612.9, 303.1), Size(33.2, 13.8))
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 640, height: 368))
        animator.pausesAtRest = false
        let props = DynamicItemBehavior(items: [item])
        props.density = 0.13
        props.charge = -1.9
        let offset = Vector(-9.1, 3.7), anchor = Point(640, 314.8)
        let rod = AttachmentBehavior(item: item, offsetFromCenter: offset, attachedToAnchor: anchor)
        let field = FieldBehavior.electricField()
        field.position = Point(519.1, 141.3)
        field.strength = -0.39
        field.addItem(item)
        for behavior in [props, rod, field] as [DynamicBehavior] { animator.addBehavior(behavior) }
        animator.commitChanges()
        func rodLength() -> Double {
            let c = cos(item.angle), s = sin(item.angle)
            return (item.center + Vector(c * offset.x - s * offset.y, s * offset.x + c * offset.y)).distance(to: anchor)
        }
        let length = rodLength()
        var stretch = 0.0
        run(animator, steps: 3) { _ in stretch = max(stretch, abs(rodLength() - length)) }
        withKnownIssue("strays by 2.46 pt within 3 steps (docs/dynamics.md, Rods turning within a substep)") {
            #expect(stretch < 0.03, "the rod's length strays by \(stretch) pt")
        }
    }

    /// The energy audit's seed 1008 reduced: an 8.5×13 item (density 0.54, charge 0.51) pinned
    /// 24.2 pt from its center, thrown at 314 pt/s under gravity of 1,170 pt/s² and an electric
    /// field of 65,800 pt/s² there, swung to 32 rad/s (0.13 rad a substep) by the sixth step. The
    /// last drift of that step carried its center r·(√(1 + (ω·h)²) − 1) = 0.21 pt off the pin's
    /// circle, 0.23 pt with the substeps before, and 0.056 pt of it along the field is the audit's
    /// whole 1 % of the scale. Its fast steps take 8 times shorter substeps (SubstepRefinement).
    /// With no walls here it turns faster still, and its pin's ends stray 0.26 pt apart within
    /// 12 steps: more than the 0.05 pt the audit's 1 % allows (a known issue).
    @Test
    func aLightItemTurningFastOnAPinUnderAStrongFieldTakesShorterSubsteps() {
        let item = Box(Point(539.2, 341.5), Size(8.5, 13))
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 640, height: 368))
        animator.pausesAtRest = false
        let props = DynamicItemBehavior(items: [item])
        props.density = 0.54
        props.charge = 0.51
        props.angularResistance = 1.42
        props.addLinearVelocity(Vector(-190.8, -249.9), for: item)
        let anchor = Point(517.1, 351.4), offset = anchor - item.center
        let pin = AttachmentBehavior.pinAttachment(with: item, attachmentAnchor: anchor)
        let gravity = GravityBehavior(items: [item])
        gravity.magnitude = 1.17
        let field = FieldBehavior.electricField()
        field.position = Point(576.1, 311)
        field.strength = 0.77
        field.addItem(item)
        for behavior in [props, pin, gravity, field] as [DynamicBehavior] { animator.addBehavior(behavior) }
        animator.commitChanges()
        func pinGap() -> Double {
            let c = cos(item.angle), s = sin(item.angle)
            return (item.center + Vector(c * offset.x - s * offset.y, s * offset.x + c * offset.y)).distance(to: anchor)
        }
        #expect(animator.substepDuration == DynamicAnimator.stepDuration / 4)
        var gap = 0.0, shortest = Double.infinity
        run(animator, steps: 12) { _ in
            gap = max(gap, pinGap())
            shortest = min(shortest, animator.substepDuration)
        }
        withKnownIssue("the pin's ends stray 0.26 pt apart (docs/dynamics.md, Rods turning within a substep)") {
            #expect(gap < 0.05, "the pin's ends stray \(gap) pt apart")
        }
        // At 32 rad/s the field's work over one drift's stretch is a·s = 14,000 pt²/s², above
        // 500·4² and below 500·8²: the fast steps take 8 times the 4 substeps.
        #expect(shortest == DynamicAnimator.stepDuration / 32)
    }
}
