import Foundation
import Testing
import Geometry
@testable import Dynamics

/// Fields obey their physics over 10 s: a magnetic field turns, never speeds up; the
/// conservative fields keep kinetic plus potential energy; drag, velocity and turbulence fields
/// only take energy out, and noise stays within what its strength can give.
@Suite struct FieldEnergyTests {
    /// A 100×100 item (mass 1) under `field`, moving at `velocity`, with `charge`.
    struct Run {
        let item: Box
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 100_000, height: 100_000))

        init(_ field: FieldBehavior, at center: Point, velocity: Vector, charge: Double = 0) {
            item = Box(center, Size(100, 100))
            field.addItem(item)
            let props = DynamicItemBehavior(items: [item])
            props.charge = charge
            props.addLinearVelocity(velocity, for: item)
            animator.addBehavior(field)
            animator.addBehavior(props)
            animator.commitChanges()
        }

        var velocity: Vector { animator.linearVelocity(for: item) }
        var kinetic: Double { 0.5 * velocity.lengthSquared }   // mass 1

        /// Runs 10 s and returns the worst relative drift of `energy` from its start.
        func energyDrift(_ energy: () -> Double) -> Double {
            let e0 = energy()
            var worst = 0.0
            run(animator, steps: 600) { _ in worst = max(worst, abs(energy() - e0) / abs(e0)) }
            return worst
        }
    }

    @Test(arguments: [1.0, 3.0, 10.0])
    func magneticFieldTurnsWithoutChangingSpeed(strength: Double) {
        let field = FieldBehavior.magneticField()
        field.strength = strength
        let r = Run(field, at: Point(50_000, 50_000), velocity: Vector(100, 0), charge: 1)
        var worst = 0.0, turned = false
        run(r.animator, steps: 600) { _ in
            worst = max(worst, abs(r.velocity.length - 100) / 100)
            if r.velocity.x < -50 { turned = true }
        }
        #expect(worst < 0.005, "speed strays by \(worst)")
        #expect(turned, "the field turns the item round")
        // The orbit's radius is v/ω = 100/strength: the item stays within it of its circle.
        #expect(r.item.center.distance(to: Point(50_000, 50_000)) <= 2 * 100 / strength * 1.01)
    }

    /// ½v² + ½ω²x², ω = 2π√strength: an item swinging and circling about the field's position.
    @Test(arguments: [0.25, 1.0, 4.0])
    func springFieldKeepsItsEnergy(strength: Double) {
        let field = FieldBehavior.springField()
        field.strength = strength
        field.position = Point(50_000, 50_000)
        let r = Run(field, at: Point(50_100, 50_000), velocity: Vector(0, 300))
        let w2 = pow(2 * Double.pi, 2) * strength
        let drift = r.energyDrift { r.kinetic + 0.5 * w2 * (r.item.center - field.position).lengthSquared }
        #expect(drift < 0.01, "energy drifts by \(drift)")
    }

    /// Radial gravity of constant strength (potential g·s·d) and with falloff 2 (potential
    /// −g·s·100²/d): an item in an eccentric orbit.
    @Test(arguments: [0.0, 2.0])
    func radialGravityKeepsItsEnergy(falloff: Double) {
        let field = FieldBehavior.radialGravityField(position: Point(50_000, 50_000))
        field.falloff = falloff
        field.strength = 0.5
        let r = Run(field, at: Point(50_300, 50_000), velocity: Vector(0, 250))
        let g = 0.5 * GravityBehavior.pointsPerSecondSquared
        let drift = r.energyDrift {
            let d = r.item.center.distance(to: field.position)
            return r.kinetic + (falloff == 0 ? g * d : -g * 100 * 100 / d)
        }
        #expect(drift < 0.01, "energy drifts by \(drift)")
    }

    /// An attracting charge (charge −1) in an electric field with falloff 2: a Kepler orbit,
    /// potential −g·s·|q|·100²/d for mass 1.
    @Test func electricFieldKeepsItsEnergy() {
        let field = FieldBehavior.electricField()
        field.position = Point(50_000, 50_000)
        field.falloff = 2
        let r = Run(field, at: Point(50_400, 50_000), velocity: Vector(0, 120), charge: -1)
        let g = GravityBehavior.pointsPerSecondSquared
        let drift = r.energyDrift { r.kinetic - g * 100 * 100 / r.item.center.distance(to: field.position) }
        #expect(drift < 0.01, "energy drifts by \(drift)")
    }

    /// Linear gravity: ½v² − g·y stays put.
    @Test func linearGravityFieldKeepsItsEnergy() {
        let field = FieldBehavior.linearGravityField(direction: Vector(0, 1))
        let r = Run(field, at: Point(50_000, 10_000), velocity: Vector(100, -3000))
        let g = GravityBehavior.pointsPerSecondSquared
        let drift = r.energyDrift { r.kinetic - g * r.item.center.y + 1e8 }
        #expect(drift < 0.01, "energy drifts by \(drift)")
    }

    /// Drag only slows; a velocity field only brings the velocity closer to its target.
    @Test func dragAndVelocityFieldsOnlyTakeEnergyOut() {
        let drag = FieldBehavior.dragField()
        drag.strength = 3
        let d = Run(drag, at: Point(50_000, 50_000), velocity: Vector(400, 300))
        var last = d.kinetic, grew = false
        run(d.animator, steps: 600) { _ in if d.kinetic > last * (1 + 1e-6) { grew = true }; last = d.kinetic }
        #expect(!grew)
        #expect(abs(d.velocity.length - 500 * exp(-3.0)) < 500 * exp(-3.0) * 0.01 || d.velocity.length < 1e-3)

        let steer = FieldBehavior.velocityField(direction: Vector(1, 0))
        steer.strength = 20
        let v = Run(steer, at: Point(50_000, 50_000), velocity: Vector(-300, 200))
        var gap = (v.velocity - Vector(100, 0)).length, widened = false
        run(v.animator, steps: 600) { _ in
            let now = (v.velocity - Vector(100, 0)).length
            if now > gap * (1 + 1e-6) + 1e-6 { widened = true }
            gap = now
        }
        #expect(!widened)
        #expect(gap < 1e-3)
    }

    /// Turbulence stirs but never speeds an item up; noise gives at most its strength's
    /// acceleration, so the speed after 10 s is at most 10 s × 1000 pt/s² × strength.
    @Test func turbulenceNeverSpeedsUpAndNoiseStaysBounded() {
        let turbulence = FieldBehavior.turbulenceField(smoothness: 0.2, animationSpeed: 2)
        turbulence.strength = 2
        let t = Run(turbulence, at: Point(50_000, 50_000), velocity: Vector(300, 0))
        var speed = t.velocity.length, sped = false, turned = false
        run(t.animator, steps: 600) { _ in
            if t.velocity.length > speed * (1 + 1e-5) { sped = true }
            if abs(t.velocity.y) > 1 { turned = true }
            speed = t.velocity.length
        }
        #expect(!sped)
        #expect(turned, "turbulence stirs")

        let noise = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 1)
        noise.strength = 0.5
        let n = Run(noise, at: Point(50_000, 50_000), velocity: .zero)
        var fastest = 0.0, elapsed = 0.0
        run(n.animator, steps: 600) { _ in
            elapsed += 1.0 / 60
            fastest = max(fastest, n.velocity.length)
            #expect(n.velocity.length <= elapsed * 500 * 2.0.squareRoot() + 1e-6)
        }
        #expect(fastest > 0)
    }

    /// An item resting on the floor under a field reads at rest: the field's last half kick
    /// comes before the contacts' last pass, which takes it out (after it, the item read
    /// a·h/2 = 2 pt/s into the floor, above the animator's rest speed of 1 pt/s).
    @Test func anItemRestingUnderAFieldReadsAtRest() {
        let item = Box(Point(320, 300), Size(40, 40))
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 640, height: 368))
        let field = FieldBehavior.radialGravityField(position: Point(320, 10_000))
        field.addItem(item)
        animator.addBehavior(field)
        let walls = CollisionBehavior(items: [item])
        walls.setTranslatesReferenceBoundsIntoBoundary(true)
        animator.addBehavior(walls)
        animator.pausesAtRest = false
        run(animator, steps: 180)
        #expect(abs(item.center.y - 348) < 1, "rests on the floor: \(item.center)")
        #expect(animator.linearVelocity(for: item).length < 0.5, "reads \(animator.linearVelocity(for: item))")
    }
}
