// SubstepRefinement: how many times a step divides its substeps, decided from the state at the
// step's start, where a pinned or rodded body under a strong field turns fast.
//
// The drift moves a body's center in a straight line and turns it by ω·h. A body held on a
// circle (a pin's anchor off its center, a rod's end) leaves that circle by about
// h²/2 · (ω²·r + u⊥²/L) in one drift (r the pin's arm, u⊥ the rod's ends' speed across it, L its
// length), and the joint pulls it back only over the next substeps. Along a field of acceleration
// a, that stretch is potential no kinetic energy paid for: m·a·s. At 10⁵ pt/s² and 30 rad/s on a
// 24 pt arm it is several percent of the motion's energy (docs/dynamics.md, "Rods turning within
// a substep"). The stretch goes as h², so halving h quarters it: the step takes 2, 4 or 8 times
// its substeps until a·s per unit of mass is below `workBound` (or the most, `maxFactor`). ω and
// u⊥ are those the step starts with, grown by the most the fields can add within it: a box at
// rest under 124,000 pt/s² turns 0.19 rad a substep by the end of its first step.
//
// Kept to this case: scenes with no field with a potential, or whose jointed bodies turn slowly,
// step exactly as before (a = 0 or s small), so the seed scenes and every scene without strong
// fields keep their bytes and their cost. The decision reads only the state, so a replay decides
// the same.
import Geometry

enum SubstepRefinement {
    /// The most a step divides its substeps by.
    static let maxFactor = 8
    /// The field's work over one drift's stretch, per unit of mass (pt²/s²), a step keeps below:
    /// a body lifted 0.5 pt under 1,000 pt/s².
    static let workBound = 500.0

    /// The substeps of a step of `dt`: `base` (the settings') times 1, 2, 4 or 8.
    static func substeps(dt: Double, _ base: Int, bodies: [Body], joints: [Joint], fields: [FieldLoad]) -> Int {
        let n = max(1, base)
        if fields.isEmpty || joints.isEmpty { return n }
        let h = dt / Double(n)
        var work = 0.0
        for j in joints where j.isActive && holdsOnACircle(j) {
            let a = bodies[Int(j.bodyA)], b = bodies[Int(j.bodyB)]
            if a.isAsleep || b.isAsleep { continue }
            let pullA = fieldPull(j.bodyA, a, fields), pullB = fieldPull(j.bodyB, b, fields)
            if pullA + pullB == 0 { continue }
            work = max(work, (pullA + pullB) * stretch(j, a, b, pull: (pullA, pullB), dt: dt, h: h))
        }
        var k = 1
        while k < maxFactor && work > workBound * Double(k * k) { k *= 2 }
        return n * k
    }

    /// Pins and rigid rods (or ropes, taut): the joints whose anchors move on a circle.
    @inline(__always)
    private static func holdsOnACircle(_ j: Joint) -> Bool {
        j.kind == .revolute || (j.kind == .distance && j.hertz == 0)
    }

    /// The magnitude of the fields with a potential acting on a dynamic, awake body.
    private static func fieldPull(_ index: Int32, _ body: Body, _ fields: [FieldLoad]) -> Double {
        guard body.kind == .dynamic && body.isActive else { return 0 }
        var pull = 0.0
        for load in fields where load.body == index
            && load.field.potential(at: body.position, mass: body.mass, charge: body.charge) != nil {
            pull += load.field.acceleration(at: body.position, velocity: .zero, mass: body.mass,
                                            charge: body.charge, time: load.time).length
        }
        return pull
    }

    /// How far the last straight drift of the step may carry the joint's anchors off their
    /// circle: at the turn and speed the step starts with, plus what the fields may add within
    /// the step (a body at rest under 10⁵ pt/s² turns 0.2 rad a substep by the step's end).
    private static func stretch(_ j: Joint, _ a: Body, _ b: Body, pull: (Double, Double), dt: Double,
                                h: Double) -> Double {
        let rA = a.rotation.rotate(j.localAnchorA), rB = b.rotation.rotate(j.localAnchorB)
        var curve = spinCurve(a, arm: rA, pull: pull.0, dt: dt) + spinCurve(b, arm: rB, pull: pull.1, dt: dt)
        if j.kind == .distance {
            let d = (b.position + rB) - (a.position + rA), length = d.length
            if length > 1e-9 {
                let u = (b.velocity + cross(b.angularVelocity, rB)) - (a.velocity + cross(a.angularVelocity, rA))
                let across = abs(d.cross(u)) / length + (pull.0 + pull.1) * dt
                curve += across * across / length
            }
        }
        return curve * h * h / 2
    }

    /// ω²·r for a body turning about its anchor `arm` off its center, ω grown by the most the
    /// pull's torque about the anchor can add in `dt` (m·a·r/(I + m·r²) per second).
    @inline(__always)
    private static func spinCurve(_ body: Body, arm: Vector, pull: Double, dt: Double) -> Double {
        let r = arm.length
        guard r > 0 else { return 0 }
        // A body that may not turn (or a fixed one) gains no turn.
        let gain = pull > 0 && body.invInertia > 0 ? pull * dt * body.mass * r / (body.inertia + body.mass * r * r) : 0
        let w = abs(body.angularVelocity) + gain
        return w * w * r
    }
}
