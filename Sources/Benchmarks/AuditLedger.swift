// AuditLedger: the energy of an audit scene as it runs, and the work its drivers did.
//
// The energy E is Σ ½·m·v² + ½·I·ω² plus the potentials: gravity's −m·g·(direction·x); linear
// gravity fields −m·a·(direction·x); radial gravity m·a·d; spring fields ½·m·ω²·d²; electric
// −q·a·d; attachment springs ½·k·(length − rest)², k = m·ω̃² with m the two items' reduced mass.
// A spring's stiffness is the one the engine's force has: for a substep h it pulls with
// ω̃² = (2·sin(ωh/2)/h)² per unit of reduced mass, not ω², so that its discrete period is exactly
// 1/f (SpringForce.swift); the spring field the same with ω = 2π·√strength. The potential of a
// force is the integral of that force, so it is ½·m·ω̃²·x²: counted with ω², a stretched spring
// showed (ωh)²/12 of its energy that it never had, 0.4 % of it at 8 Hz (seed 72244, a spring
// holding 12 times the scene's scale, read 4 % of the scale too high).
// The conservative fields act everywhere and have no falloff, so their potentials are exactly
// these. The drivers and the most work each can do:
//   - continuous pushes: force · the center's displacement (a push acts on the center);
//   - motors: the most torque × the turn of the item against what it is pinned to;
//   - snaps: the energy of their spring when the scene starts, ½·m·(2π·4 Hz)²·d²;
//   - vortex, noise and velocity fields, which do work: the most acceleration × m × the
//     distance moved (an upper bound);
//   - the items' starting velocities are in the starting energy.
// The scale the excess is measured against: every item lifted through the whole height at
// 1000 pt/s², plus the starting kinetic energy, the snaps' energy and all the work the drivers
// did so far, each step's counted as positive (a push that stretches a spring far puts energy in
// play that the scale must count).
//
// The kinetic energy is read at the positions' instant. The engine kicks a constant load (gravity,
// a continuous push, a linear gravity field) whole at the start of each substep and then moves the
// body at the kicked velocity (symplectic Euler), so the velocity it holds between steps is the
// body's mean velocity over the last substep, the velocity of half a substep h before the
// positions; at their instant it is v + a·h/2, a the item's constant acceleration. Read with v, an
// item moving against a at speed v shows m·a·v·h/2 more energy than it has (the difference between
// the two readings is exactly what the scheme's conserved energy ½·m·|v + a·h/2|² − m·a·x adds), up
// to 2 % of the scale for a light item pushed hard and swinging fast (seed 3880). The springs and
// fields close their kicks at the end of the step (velocity Verlet), so they need no such
// correction; the energy Verlet keeps for them, and for turning, is AuditVerlet.swift's. An item
// under a field that turns its velocity (magnetic, drag, velocity, turbulence) takes half its
// constant load before the step ends (the first half of Boris's kick around the turn,
// Stepper.prepareLoadHalves), so the velocity it holds is already that of the positions' instant:
// its reading adds no lag (`readLag`), though its load still enters AuditVerlet's forces. Read
// with the lag, a free item under gravity and a magnetic field would wobble by ±m·g·h/2·u about
// the energy Boris keeps exactly (FieldEnergyTests).
import Dynamics
import Foundation
import Geometry
import Scenes

struct AuditLedger {
    let scene: EnergyAudit.Scene
    let animator: DynamicAnimator
    let items: [SceneItem]
    private(set) var byID: [String: SceneItem] = [:]
    private(set) var mass: [String: Double] = [:]
    /// Each item's moment of inertia, 0 for an item that may not turn.
    private(set) var inertia: [String: Double] = [:]
    /// The item centers and angles before the step being counted.
    private var before: [String: (Point, Double)] = [:]
    private let g = GravityBehavior.pointsPerSecondSquared
    /// The last step's substep, for the springs' stiffness and the held velocity's lag (a step
    /// where a jointed item turns fast under a strong field takes shorter substeps).
    var h: Double { animator.substepDuration }
    /// The drivers' work so far, and the same with every step's work counted as positive.
    private(set) var work = 0.0, worked = 0.0
    /// The scene's scale before the drivers' work (see the top of the file).
    private(set) var scale = 0.0
    /// Each item's constant acceleration (gravity, pushes, linear gravity fields).
    private(set) var load: [String: Vector] = [:]
    /// The items a field turns, whose held velocity includes the lag already (see the top).
    private(set) var turned: Set<String> = []

    init(scene: EnergyAudit.Scene, animator: DynamicAnimator, items: [SceneItem]) {
        self.scene = scene
        self.animator = animator
        self.items = items
        for item in items { byID[item.id] = item }
        mass = Dictionary(uniqueKeysWithValues: items.map { ($0.id, animator.mass(for: $0)) })
        inertia = Dictionary(uniqueKeysWithValues: items.map { ($0.id, animator.inertia(for: $0)) })
        scale = animator.kineticEnergy
        for item in items { scale += mass[item.id]! * g * EnergyAudit.bounds.height }
        load = Self.loads(scene, mass: mass)
        for field in scene.fields where ["magnetic", "drag", "velocity", "turbulence"].contains(field.kind) {
            turned.formUnion(field.items)
        }
        for snap in scene.snaps {
            let budget = 0.5 * mass[snap.item]! * pow(2 * Double.pi * 4, 2) * snap.distance * snap.distance
            work += budget
            scale += budget
        }
    }

    func angle(_ item: SceneItem) -> Double { atan2(item.transform.b, item.transform.a) }

    /// The point `offset` from an item's center, turned with it.
    func point(_ id: String, _ offset: Vector) -> Point {
        let item = byID[id]!
        let a = angle(item), c = cos(a), s = sin(a)
        return item.center + Vector(c * offset.x - s * offset.y, s * offset.x + c * offset.y)
    }

    /// Each item's constant acceleration.
    private static func loads(_ scene: EnergyAudit.Scene, mass: [String: Double]) -> [String: Vector] {
        var a: [String: Vector] = [:]
        for id in mass.keys { a[id] = scene.gravity?.acceleration ?? .zero }
        for push in scene.pushes { a[push.item, default: .zero] += push.force / mass[push.item]! }
        for field in scene.fields where field.kind == "linearGravity" {
            for id in field.items {
                a[id, default: .zero] += field.direction.normalized * (field.strength * GravityBehavior.pointsPerSecondSquared)
            }
        }
        return a
    }

    /// What an item's held velocity lags behind that of the positions' instant (see the top):
    /// its constant acceleration times half the last step's substep.
    func readLag(_ id: String) -> Vector { turned.contains(id) ? .zero : (load[id] ?? .zero) * (h / 2) }

    /// Kinetic energy at the positions' instant (see the top) plus the potentials of gravity, the
    /// conservative fields and the springs.
    func energy() -> Double {
        var e = animator.kineticEnergy
        for item in items {
            let m = mass[item.id]!, v = animator.linearVelocity(for: item), c = readLag(item.id)
            e += m * (v.dot(c) + 0.5 * c.lengthSquared)
        }
        if let gravity = scene.gravity {
            for item in items { e -= mass[item.id]! * gravity.acceleration.dot(item.center) }
        }
        for field in scene.fields {
            for id in field.items {
                let m = mass[id]!, x = byID[id]!.center, d = x.distance(to: field.position)
                switch field.kind {
                case "linearGravity": e -= m * field.strength * g * field.direction.normalized.dot(x)
                case "radialGravity": e += m * field.strength * g * d
                case "spring": e += 0.5 * m * stiffness(field.strength > 0 ? 2 * Double.pi * field.strength.squareRoot() : 0,
                                                        orRate: field.strength) * d * d
                case "electric": e -= (scene.charges[id] ?? 0) * field.strength * g * d
                default: break
                }
            }
        }
        for spring in scene.springs {
            let s = pose(spring), stretch = s.d.length - spring.rest
            e += 0.5 * s.k * stretch * stretch
        }
        e += verletTerms() + turningTerms()
        return e
    }

    /// The stiffness per unit of mass the engine's spring of angular frequency `omega` has for
    /// the substep (see the top): (2·sin(ωh/2)/h)², ωh held below 0.9·π. A spring field of
    /// strength ≤ 0 (`rate`) pushes with (2π)²·rate.
    func stiffness(_ omega: Double, orRate rate: Double) -> Double {
        guard omega > 0 else { return pow(2 * Double.pi, 2) * rate }
        let s = 2 * sin(min(omega * h, 0.9 * Double.pi) / 2) / h
        return s * s
    }

    /// Remembers where the items are before a step.
    mutating func beginStep() {
        before = Dictionary(uniqueKeysWithValues: items.map { ($0.id, ($0.center, angle($0))) })
    }

    /// Adds the work the drivers did over the step since `beginStep`.
    mutating func endStep() {
        for push in scene.pushes {
            add(push.force.dot(byID[push.item]!.center - before[push.item]!.0))
        }
        for motor in scene.motors {
            add(motor.torque * abs(turn(motor.item) - (motor.to.map(turn) ?? 0)))
        }
        for field in scene.fields where ["vortex", "noise", "velocity"].contains(field.kind) {
            for id in field.items {
                let moved = byID[id]!.center.distance(to: before[id]!.0)
                let most: Double
                switch field.kind {
                case "velocity":
                    most = abs(field.strength) * (100 * field.direction.length + animator.linearVelocity(for: byID[id]!).length)
                case "noise": most = abs(field.strength) * g * 2.0.squareRoot()
                default: most = abs(field.strength) * g
                }
                add(mass[id]! * most * moved)
            }
        }
    }

    private mutating func add(_ w: Double) {
        work += w
        worked += abs(w)
    }

    /// An item's turn over the step, in −π…π.
    private func turn(_ id: String) -> Double {
        var d = angle(byID[id]!) - before[id]!.1
        d -= (d / (2 * .pi)).rounded() * 2 * .pi
        return d
    }
}
