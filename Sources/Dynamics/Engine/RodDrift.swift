// RodDrift: the stretch a rod takes from the substep's straight drift, taken out in the same
// substep.
//
// The solve pass makes the rate of a rod's length zero (less its soft bias), and the drift then
// moves each body's center in a straight line at that velocity and turns its anchor by ω·h. A
// rod's end that moves across the rod at speed u leaves its circle: the rod ends the substep
// longer by about u²·h²/(2·L), whatever the solve did along it. The soft bias pulls that back
// later, a little each substep; under a strong field it is not free. A box turning 0.19 rad a
// substep on a rod lengthened it by 0.15 pt within a step, and a field of 124,000 pt/s² along it
// did work over that stretch that nothing paid for (2.3 % of its scene's scale). The relax pass
// after the drift then takes the velocity's part along the turned rod, u·Δθ at a turn of Δθ, a
// loss of ½·m·u²·Δθ² a substep that the late pull-back only partly gives back: an item swung
// by an electric field of 54,000 pt/s² on a rod came to rest within 10 s.
//
// So the solve pass aims the rod's rate at the drift's own second-order stretch: it predicts
// the drift exactly as BodyState.advance takes it (centers straight, anchors turned by the
// renormalized small angle) at the velocity the pass meets, and adds the stretch beyond the
// rate's first-order part, divided by h, to the rod's target rate, rigidly (it is no error
// to be softened but the drift's known geometry). The rod then ends the substep at its length
// to third order, and the relax pass, which drops the rate again, meets a velocity that has
// turned with the rod instead of one pointing off it. The relax pass and springs, ropes and
// limits are unchanged; a rod whose ends hardly move across it (u·h ≪ L) gets a term of
// (u·h)²/L, which is why resting and slowly swinging rods barely change. A rod whose end moves
// across it by half its length or more in a substep (a 2 pt rod on a spinning item) gets none:
// there the second-order prediction is no longer small, and aimed at rigidly it fed energy in
// (audit seed 94, 13 times its scale).
import Geometry

extension JointSolver {
    /// The rate at which the coming drift stretches a rod beyond its rate along `axis` now:
    /// (|d′| − |d| − h·axis·v_rel)/h, with d′ the anchors' separation after the drift at the
    /// current velocities; 0 where the move across the rod is half its length or more.
    @inline(__always)
    static func driftStretchRate(_ j: Joint, _ s: UnsafeMutablePointer<BodyState>, _ h: Double,
                                 d: Vector, length: Double, axis: Vector) -> Double {
        let a = s[Int(j.bodyA)], b = s[Int(j.bodyB)]
        let rA = a.dq.rotate(j.rA), rB = b.dq.rotate(j.rB)
        let turnedA = a.dq.integrated(h * a.w).rotate(j.rA), turnedB = b.dq.integrated(h * b.w).rotate(j.rB)
        let vr = (b.v + cross(b.w, rB)) - (a.v + cross(a.w, rA))
        let move = (b.v - a.v) * h + (turnedB - rB) - (turnedA - rA)
        // Only a turn the substep resolves: a move across the rod of more than half its length
        // (a 2 pt rod on a spinning item) is no small second-order stretch, and aimed at
        // rigidly it fed energy in (audit seed 94).
        guard abs(move.cross(axis)) < 0.5 * length else { return 0 }
        let rate = ((d + move).length - length - h * axis.dot(vr)) / h
        return rate.isFinite ? rate : 0
    }
}
