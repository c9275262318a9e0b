import Foundation
import Testing
import Geometry
@testable import Dynamics

/// The settling of a cone-shaped field's work (FieldWork.swift) when something else changes the
/// body's velocity between the field's kicks: a joint that holds the body, a spring that pulls it.
/// The trapezoid rule over the path is what the kicks gave only when the field alone moves the
/// body; with a joint or a spring in between, the kicks may already have given more than the
/// potential's fall, and giving back the trapezoid's shortfall then made energy.
@Suite struct ConeFieldWorkTests {
    /// Kinetic energy as the engine's drift keeps it (the turning part T̃ of AuditVerlet.swift)
    /// plus the electric field's potential −q·s·1000·d.
    static func energy(_ animator: DynamicAnimator, _ item: Box, field: FieldBehavior, charge: Double) -> Double {
        let m = animator.mass(for: item), inertia = animator.inertia(for: item)
        let h = animator.substepDuration, x = animator.angularVelocity(for: item) * h
        let turning = inertia / (h * h) * (x * atan(x) - 0.5 * log1p(x * x))
        let potential = -charge * field.strength * GravityBehavior.pointsPerSecondSquared
            * item.center.distance(to: field.position)
        return 0.5 * m * animator.linearVelocity(for: item).lengthSquared + turning + potential
    }

    /// An 18.7×27.6 item (density 0.12, mass 0.0062, charge 1.45) on a rod from a point 13 pt off
    /// its center, swung by an attracting electric field (54,000 pt/s²) past the field's center
    /// 5 to 10 pt away (the energy audit's seed 96112 without its spring). The rod turns what the
    /// field's kicks push along it partly into spin, so the kicks gave more than the trapezoid
    /// over the path says, while the trapezoid fell short of the potential's fall near the
    /// center; the settling gave that shortfall back and the energy grew by 1.3 % of m·1000·368
    /// (the audit's scale for the scene) within two steps.
    @Test func anItemOnARodSweptPastAnElectricFieldsCenterGainsNoEnergy() {
        let item = Box(Point(220.4, 48), Size(18.7, 27.6))
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 640, height: 368))
        animator.pausesAtRest = false
        let props = DynamicItemBehavior(items: [item])
        props.density = 0.12
        props.elasticity = 0.69
        props.friction = 0.83
        props.charge = 1.45
        props.addLinearVelocity(Vector(-9.7, 143), for: item)
        let rod = AttachmentBehavior(item: item, offsetFromCenter: Vector(-8.4, -10.1), attachedToAnchor: Point(182.2, 5.4))
        let field = FieldBehavior.electricField()
        field.position = Point(201.1, 48.4)
        field.strength = -0.23
        field.addItem(item)
        let walls = CollisionBehavior(items: [item])
        walls.setTranslatesReferenceBoundsIntoBoundary(true)
        for behavior in [props, rod, field, walls] as [DynamicBehavior] { animator.addBehavior(behavior) }
        animator.commitChanges()
        let scale = animator.mass(for: item) * GravityBehavior.pointsPerSecondSquared * 368
        let e0 = Self.energy(animator, item, field: field, charge: 1.45)
        var worst = 0.0
        run(animator, steps: 600) { _ in
            worst = max(worst, (Self.energy(animator, item, field: field, charge: 1.45) - e0) / scale)
        }
        #expect(worst < 0.01, "energy grows by \(worst) of m·1000·368")
    }

    /// A light item (9.9×15.6, density 0.149, charge −1.75) between two electric fields that pull
    /// it opposite ways, one attracting it to a center 240 pt off, one pushing it from a center
    /// 48 pt off (the energy audit's seed 56926 without its other item): the summed pull changes
    /// its size as the item moves (from 560 at the start to 980 two steps on, between 420 and
    /// 1,190 wherever it goes), and the two fields'
    /// kicks gave m·h²/8·(|a_end|² − |a_start|²) more than their trapezoids, which each field's
    /// settling took for what its own kicks gave. The item gained 36 % of m·1000·368 within a
    /// step. Settled together on the summed pull, its energy is the fields' fall to rounding in
    /// free flight, and the bounces off the walls (elasticity 0.4) only take energy out.
    @Test func anItemBetweenTwoOpposedElectricFieldsGainsNoEnergy() {
        let item = Box(Point(68, 322.4), Size(9.9, 15.6))
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 640, height: 368))
        animator.pausesAtRest = false
        let props = DynamicItemBehavior(items: [item])
        props.density = 0.149
        props.elasticity = 0.4
        props.friction = 0.53
        props.charge = -1.75
        let toward = FieldBehavior.electricField(), away = FieldBehavior.electricField()
        toward.position = Point(273.4, 197.5)
        toward.strength = 0.46
        away.position = Point(115.8, 328.7)
        away.strength = -0.22
        toward.addItem(item)
        away.addItem(item)
        let walls = CollisionBehavior(items: [item])
        walls.setTranslatesReferenceBoundsIntoBoundary(true)
        for behavior in [props, toward, away, walls] as [DynamicBehavior] { animator.addBehavior(behavior) }
        animator.commitChanges()
        func energy() -> Double {
            Self.energy(animator, item, field: toward, charge: -1.75)
                + 1.75 * away.strength * GravityBehavior.pointsPerSecondSquared * item.center.distance(to: away.position)
        }
        let scale = animator.mass(for: item) * GravityBehavior.pointsPerSecondSquared * 368
        let e0 = energy()
        var worst = 0.0, freeFlight = 0.0, steps = 0
        run(animator, steps: 600) { _ in
            steps += 1
            let excess = (energy() - e0) / scale
            worst = max(worst, excess)
            // Its first two steps, 0 to 9,000 pt/s over 100 pt, touch no wall.
            if steps <= 2 { freeFlight = max(freeFlight, abs(excess)) }
        }
        #expect(freeFlight < 1e-4, "in free flight the energy strays by \(freeFlight) of m·1000·368")
        #expect(worst < 0.01, "energy grows by \(worst) of m·1000·368")
    }

    /// A 10×10 item (mass 0.01, charge −1) let go at the center of a spring field (strength 3,
    /// ω̃² ≈ 118/s²) and pulled by an electric field of 100,000 pt/s² toward a center 100 pt
    /// off: it swings through the electric field's center to x ≈ 503 and back, without touching
    /// a wall. Velocity Verlet's kicks give the trapezoids plus m·h²/8·Δ|E + S|², E the electric
    /// field's acceleration and S the spring field's, and the settling of the electric field's
    /// work took the trapezoid for what its kicks gave: its part of that, m·h²/4·Δ(E·S), stayed
    /// in the motion (and the give-back's bound, the field's own kicks, counted the spring's kicks
    /// it met as the field's); the energy strayed between −10 % and +1.3 % of m·1000·368 in 2 s.
    ///
    /// Which energy is kept. Velocity Verlet with both forces smooth keeps, to O(h⁴),
    ///     H̃ = T + U_E + U_S + h²/12·q̇ᵀ·(U_E″ + U_S″)·q̇ − m·h²/24·|E + S|².
    /// The settling makes the field's part exact: it takes every term with E out of H̃ (its
    /// curvature, m·h²/24·|E|² and the cross term m·h²/12·E·S), which leaves
    ///     H̃_S = T + U_E + ½·m·k·s² + m·h²/12·k·|v|² − m·h²/24·k²·s²,
    /// the spring field's Verlet energy beside the field's exact potential: what the audit counts
    /// (AuditVerlet.swift) and what the settling keeps for an attachment spring beside the field
    /// (ConeFieldSpringTests). This test used to measure J = T + U_E + ½·m·k·s² − m·h²/8·k²·s²,
    /// which Verlet keeps for a lone linear spring too, since there J = H̃_S/(1 + h²·k/6) up to
    /// O(h⁴); but J = H̃_S − h²·k/6·(T + ½·m·k·s²) + O(h⁴), and beside the field T + U_S changes by
    /// the field's work −ΔU_E, so where H̃_S is kept J moves by +h²·k/6·ΔU_E: with h = 1/240 s,
    /// k = 118.4/s² and U_E falling by 1000·100 on the way to the field's center, −0.93 % of
    /// m·1000·368 (0.0093 was read, and H̃_S held). Exact Verlet feeds the field's work into
    /// H̃_S, not into J; kept here within 0.1 %, and J moves as predicted.
    @Test func anItemInAnElectricAndASpringFieldKeepsItsEnergy() {
        let item = Box(Point(320, 184), Size(10, 10))
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 640, height: 368))
        animator.pausesAtRest = false
        let props = DynamicItemBehavior(items: [item])
        props.elasticity = 1
        props.friction = 0
        props.charge = -1
        let electric = FieldBehavior.electricField(), spring = FieldBehavior.springField()
        electric.position = Point(420, 184)
        electric.strength = 1
        spring.position = Point(320, 184)
        spring.strength = 3
        electric.addItem(item)
        spring.addItem(item)
        let walls = CollisionBehavior(items: [item])
        walls.setTranslatesReferenceBoundsIntoBoundary(true)
        for behavior in [props, electric, spring, walls] as [DynamicBehavior] { animator.addBehavior(behavior) }
        animator.commitChanges()
        let m = animator.mass(for: item), h = animator.substepDuration
        let k = SpringForce.stiffness(omega: 2 * Double.pi * 3.0.squareRoot(), h: h)
        // (U_E, T + U_S, H̃_S, J): see the top.
        func energies() -> (field: Double, swing: Double, kept: Double, old: Double) {
            let s = item.center.distance(to: spring.position), v2 = animator.linearVelocity(for: item).lengthSquared
            let field = GravityBehavior.pointsPerSecondSquared * item.center.distance(to: electric.position)
            let swing = 0.5 * m * v2 + 0.5 * m * k * s * s
            return (field, swing, field + swing + m * h * h / 12 * k * v2 - m * h * h / 24 * k * k * s * s,
                    field + swing - m * h * h / 8 * k * k * s * s)
        }
        let scale = m * GravityBehavior.pointsPerSecondSquared * 368
        let e0 = energies()
        var worst = 0.0, farthest = 0.0, oldWorst = 0.0, predictedWorst = 0.0, missed = 0.0
        run(animator, steps: 120) { _ in
            let e = energies()
            worst = max(worst, abs(e.kept - e0.kept) / scale)
            let predicted = h * h * k / 6 * (e.field - e0.field) / scale
            oldWorst = max(oldWorst, abs(e.old - e0.old) / scale)
            predictedWorst = max(predictedWorst, abs(predicted))
            missed = max(missed, abs((e.old - e0.old) / scale - predicted))
            farthest = max(farthest, item.center.x)
        }
        #expect(worst < 1e-3, "H̃_S strays by \(worst) of m·1000·368")
        // J moves with the field's potential as H̃_S predicts (up to 0.93 % here).
        #expect(predictedWorst > 5e-3 && missed < 1e-3,
                "J strays by \(oldWorst), h²·k/6·ΔU_E predicts up to \(predictedWorst), missed by \(missed)")
        #expect(farthest > 480 && farthest < 620, "swings to x = \(farthest)")
    }
}
