import Testing
import Geometry
@testable import Dynamics

/// Reads never write: between a change to the behaviors and the next step, every query answers
/// from the last commit and rebuilds nothing; the step commits.
@Suite struct CommitTests {
    /// A falling box on a floor, stepped once so that it is committed.
    func scene() -> (DynamicAnimator, Box) {
        let animator = DynamicAnimator(referenceBounds: bounds640)
        let box = Box(Point(200, 100), Size(40, 40))
        let collision = CollisionBehavior(items: [box])
        collision.setTranslatesReferenceBoundsIntoBoundary(true)
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: [box]))
        animator.step()
        return (animator, box)
    }

    /// Every query of the animator, as a frame that draws the physics asks them.
    func askEverything(_ animator: DynamicAnimator, about items: [DynamicItem]) {
        _ = animator.items
        _ = animator.items(in: bounds640)
        _ = animator.item(at: Point(320, 200))
        _ = animator.statistics
        _ = animator.contactPoints
        _ = animator.kineticEnergy
        _ = animator.potentialEnergy
        for item in items {
            _ = animator.linearVelocity(for: item)
            _ = animator.angularVelocity(for: item)
            _ = animator.mass(for: item)
            _ = animator.boundingBox(for: item)
            _ = animator.isSleeping(item)
            _ = animator.contains(item)
        }
    }

    @Test func queriesBetweenAChangeAndTheStepCommitNothing() {
        let (animator, box) = scene()
        let commits = animator.commitCount
        let newcomer = Box(Point(400, 100), Size(100, 100))
        let items = DynamicItemBehavior(items: [newcomer])
        items.density = 2
        animator.addBehavior(items)
        askEverything(animator, about: [box, newcomer])
        #expect(animator.commitCount == commits)
        // The answers are the last commit's: one body, and the newcomer has none yet ...
        #expect(animator.statistics.bodies == 1)
        #expect(animator.mass(for: newcomer) == 0)
        #expect(animator.items(in: Rect(x: 350, y: 50, width: 100, height: 100)).isEmpty)
        // ... while `contains` already follows the behavior tree.
        #expect(animator.contains(newcomer))
        animator.step()
        #expect(animator.commitCount == commits + 1)
        // Mass = density × width × height / 10⁴ = 2 × 100 × 100 / 10⁴.
        #expect(animator.mass(for: newcomer) == 2)
        #expect(animator.statistics.bodies == 2)
    }

    /// An item that joins takes its place at the step, not where it stood when someone asked:
    /// a query that committed would make its body at the old place.
    @Test func anItemMovedAfterAQueryJoinsWhereItIsAtTheStep() {
        let (animator, box) = scene()
        let newcomer = Box(Point(100, 100), Size(40, 40))
        animator.addBehavior(DynamicItemBehavior(items: [newcomer]))
        askEverything(animator, about: [box, newcomer])
        newcomer.center = Point(500, 300)
        animator.step()
        // Nothing acts on it (no gravity, no collision), so it stays where it was at the step.
        #expect(newcomer.center == Point(500, 300))
    }

    /// Asking every question between steps leaves the simulation bit for bit as it was.
    @Test func askingChangesNothingTheStepsDo() {
        func positions(asking: Bool) -> [Point] {
            let (animator, box) = scene()
            let other = Box(Point(260, 60), Size(30, 50), angle: 0.3)
            (animator.behaviors[0] as! CollisionBehavior).addItem(other)
            (animator.behaviors[1] as! GravityBehavior).addItem(other)
            var trace: [Point] = []
            for _ in 0..<120 {
                if asking { askEverything(animator, about: [box, other]) }
                animator.step()
                trace += [box.center, other.center]
            }
            return trace
        }
        #expect(positions(asking: true) == positions(asking: false))
    }

    /// Mutators that need a body commit first: a velocity set right after adding an item acts.
    @Test func aMutatorThatNeedsABodyCommits() {
        let (animator, _) = scene()
        let newcomer = Box(Point(300, 100), Size(40, 40))
        animator.addBehavior(DynamicItemBehavior(items: [newcomer]))
        animator.setVelocity(Vector(60, 0), angular: 0, for: newcomer)
        #expect(animator.linearVelocity(for: newcomer) == Vector(60, 0))
        animator.step()
        // 60 pt/s for 1/60 s, nothing else acting on it.
        #expect(abs(newcomer.center.x - 301) < 1e-9)
    }
}
