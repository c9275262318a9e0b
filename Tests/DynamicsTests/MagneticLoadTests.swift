import Foundation
import Testing
import Geometry
@testable import Dynamics

/// A constant load (gravity) beside a magnetic field. The magnetic force q·v×B does no work, so
/// an item let go at rest under gravity g and a field that turns it at ω rad/s moves on a
/// cycloid: its centre of turning drifts across gravity at g/ω and never along it, it never
/// rises above its start (it comes back to rest there at each cusp) and falls at most 2·g/ω²
/// below it, and ½·v² − g·y (mass 1) stays what it was. The engine used to kick the whole load
/// after the turn; the turn then left a·h/2 of every substep's load pointing along the load, and
/// the item drifted down at g·h/2 (2.08 pt/s at 1,000 pt/s² and 240 substeps a second) beside
/// its drift across gravity, losing g²·h/2 of energy per second: 20.8 pt of fall in 10 s, for a drop
/// of 23.9 pt where the cycloid falls 3.5 pt. Half the load before the turn and half after it
/// (Boris) keeps ½·|v|² − g·y exactly (to 10⁻⁵ pt of height in 10 s, single precision's
/// rounding), and the drift g/ω exactly.
@Suite struct MagneticLoadTests {
    /// A 100×100 item (mass 1, charge 1) at rest under gravity and a magnetic field that turns it
    /// by `turnPerSubstep` radians a substep, far from any wall: its height, horizontal travel and
    /// energy over 10 s. (At a turn of radians per substep the substeps' polygon is wider than
    /// the cycloid by √(1 + (ω·h/2)²); up to 0.2 rad it is within 0.5 %.)
    @Test(arguments: [0.05, 0.1, 0.2])
    func anItemUnderGravityAndAMagneticFieldDriftsAcrossGravity(turnPerSubstep: Double) {
        let start = Point(50_000, 50_000)
        let item = Box(start, Size(100, 100))
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 100_000, height: 100_000))
        animator.pausesAtRest = false
        let props = DynamicItemBehavior(items: [item])
        props.charge = 1
        let field = FieldBehavior.magneticField()
        let h = 1.0 / 240
        // Boris's angle 2·atan(ω·h/2) per substep: ω for the asked turn.
        let omega = 2 / h * tan(turnPerSubstep / 2)
        field.strength = omega   // charge 1, mass 1
        field.addItem(item)
        for behavior in [props, field, GravityBehavior(items: [item])] as [DynamicBehavior] {
            animator.addBehavior(behavior)
        }
        animator.commitChanges()
        #expect(abs(animator.mass(for: item) - 1) < 1e-12)
        #expect(abs(animator.substepDuration - h) < 1e-15)
        let g = GravityBehavior.pointsPerSecondSquared
        func energy() -> Double { 0.5 * animator.linearVelocity(for: item).lengthSquared - g * (item.center.y - start.y) }
        var highest = 0.0, lowest = 0.0, worst = 0.0
        run(animator, steps: 600) { _ in
            highest = min(highest, item.center.y - start.y)
            lowest = max(lowest, item.center.y - start.y)
            worst = max(worst, abs(energy()))
        }
        let drop = 2 * g / (omega * omega)
        #expect(highest > -0.01, "rises \(-highest) pt above its start")
        #expect(lowest < drop * 1.01 + 0.01, "falls \(lowest) pt, the cycloid \(drop) pt")
        // Energy within g·0.01 pt of height over 10 s (the old kick order lost g·20.8 pt).
        #expect(worst < g * 0.01, "energy strays by \(worst / g) pt of height")
        // The centre of turning drifts g/ω across gravity: 10·g/ω in 10 s, give or take the
        // cycloid's own width g/ω² either side (the substeps' polygon is √(1 + (ω·h/2)²) wider,
        // under 0.5 % at these turns).
        let travel = abs(item.center.x - start.x)
        #expect(abs(travel - 10 * g / omega) <= 1.01 * g / (omega * omega) + 0.01, "travels \(travel) pt, drift \(10 * g / omega)")
    }
}
