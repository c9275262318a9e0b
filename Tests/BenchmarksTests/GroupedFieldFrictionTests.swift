// Friction of contacts under a field whose normal rows a joint group solves (ContactSolver.
// solveFriction, SolverContext.solveGroupedFriction). Audit seed 90508: an ellipse that radial
// gravity holds near the field's centre, a box pinned to it (a pin with limits and friction) and
// pressed by it into the floor and the right wall, both under radial and linear gravity fields.
// The box's wall contacts join the pin's group; their friction, solved in the biased pass after
// the group's exact solve, carried the pair off the pin's and the walls' rows over the move, and
// the relax pass left the fight in the velocities: from step 230 on the two items held 1,000 to
// 1,400 pt/s while they moved a hundredth of a point a step.
//
// What physics fixes: a body's position after a step is its held velocity's doing, give or take
// what the loads change within the step. So while an item is still (it moves under 0.1 pt a
// step), the speed it holds is at most its move per step plus what its loads add in a step,
// a·dt with a the sum of the magnitudes of gravity and the two fields (0.75 + 0.8 + 0.9 times
// 1,000 pt/s², 41 pt/s); a contact can only take speed away.
import Dynamics
import Foundation
import Geometry
import SceneFormat
import Scenes
import Testing
@testable import Benchmarks

@Suite("friction of grouped contacts under fields")
struct GroupedFieldFrictionTests {
    @Test func aPinnedPairPressedIntoACornerHoldsNoSpeedItDoesNotMove() throws {
        let scene = EnergyAudit.scene(seed: 90508)
        let description = try SceneParser().parse(yaml: scene.yaml, file: "audit-90508.yaml")
        let built = SceneBuilder().build(description, referenceBounds: EnergyAudit.bounds)
        let animator = built.animator
        animator.pausesAtRest = false
        let pair = built.items.filter { ["i0", "i1"].contains($0.id) }
        #expect(pair.count == 2)
        let dt = 1.0 / 60
        let loads = (0.75 + 0.8 + 0.9) * GravityBehavior.pointsPerSecondSquared
        var stillSteps = 0, worst = -Double.infinity
        for _ in 0..<600 {
            let before = pair.map { ($0.center, animator.linearVelocity(for: $0)) }
            animator.step()
            for (item, (center, held)) in zip(pair, before) {
                let move = item.center.distance(to: center)
                guard move < 0.1 else { continue }
                stillSteps += 1
                worst = max(worst, held.length - (move / dt + loads * dt))
            }
        }
        // The pair spends most of the run still against the corner (on the old code as well).
        #expect(stillSteps > 300, "still for \(stillSteps) item-steps")
        #expect(worst <= 0, "a still item held \(worst) pt/s beyond its move and loads")
    }
}
