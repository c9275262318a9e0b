// World+DriveSpeeds: how much faster each body's drive may make it close on another within a
// step, for the narrow phase's speculative margin.
//
// The narrow phase gives a pair speculative points within `speculativeDistance` plus its closing
// distance over the step, read from the velocities at the step's start. A body that its forces,
// gravity or a field speed up within the step goes ½·|a|·dt² further than that: a light charged
// item on a pin, 10 pt from a wall at 50 pt/s, was sped to 4,500 pt/s within a step by an
// electric field and the pin, crossed the wall with no point to stop it, and was put back by
// continuous collision while the item pinned to it kept the field's work beyond the wall (audit
// seed 48812, +34 % of its scale; docs/dynamics.md, "A contact the step's drive outruns"). So a
// body's closing speed counts half the speed its drive adds over the step, |a|·dt/2, with a the
// acceleration its forces, gravity and fields give it where the step starts. A field the solver
// applies at every substep has already added its acceleration there to the body's load
// (FieldBehavior.applyBeforeStep), so the load is read once, as a vector: gravity and a field
// pulling opposite ways add no margin they do not add together.
import Geometry

extension World {
    /// By body index, |a|·dt/2 for each awake dynamic body (0 for the others).
    func driveSpeeds(dt: Double) -> [Double] {
        var speeds = [Double](repeating: 0, count: bodies.count)
        for i in bodies.indices where bodies[i].kind == .dynamic && bodies[i].isActive {
            let b = bodies[i]
            speeds[i] = (b.force * b.invMass + b.acceleration).length * dt / 2
        }
        return speeds
    }
}
