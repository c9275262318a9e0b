// The runner as a specification: UIView animation timing (delay, duration, repeat, autoreverse,
// completion, removal) stepped at the app's fixed 1/60 s.
import Testing
import Geometry
@testable import Animation

final class Box: Animatable {
    var center: Point
    var size: Size
    var alpha: Double = 1
    var scale: Double = 1
    var angle: Double = 0
    init(center: Point = Point(0, 0), size: Size = Size(100, 100)) {
        self.center = center
        self.size = size
    }
}

/// Collects what completions and reports say, per step.
final class Log {
    var completions: [(step: Int, finished: Bool)] = []
    var removals: [Int] = []
}

@Suite struct AnimationRunnerTests {
    let dt = 1.0 / 60

    /// Steps `runner` from step `first` through `last`, calling `check` after each with the step
    /// number and its report.
    func step(_ runner: AnimationRunner, _ steps: ClosedRange<Int>,
              check: (Int, AnimationRunner.StepReport) -> Void = { _, _ in }) {
        for n in steps { check(n, runner.advance(by: dt)) }
    }

    @Test func delayedEaseInOutMoveFollowsTheCurveAndEndsOnStep300() {
        // delay 2 s, duration 3 s: untouched until 2 s, half-way at 3.5 s (easeInOut(0.5) = 0.5,
        // Bézier symmetry), at the target at 5 s = step 300, when the completion fires.
        let box = Box(center: Point(100, 50))
        let runner = AnimationRunner()
        let log = Log()
        runner.add(PropertyAnimation(to: AnimationTargets(center: Point(400, 350)), duration: 3, delay: 2,
                                     curve: .easeInOut, completion: { log.completions.append((-1, $0)) }),
                   to: box)
        step(runner, 1...300) { n, report in
            if n <= 120 { #expect(box.center == Point(100, 50), "step \(n)") }
            if n == 210 {
                #expect(abs(box.center.x - 250) < 1e-6 && abs(box.center.y - 200) < 1e-6)
            }
            if n < 300 { #expect(log.completions.isEmpty && report.completed.isEmpty, "step \(n)") }
            if n == 300 {
                #expect(log.completions.count == 1 && log.completions[0].finished)
                #expect(report.completed.count == 1)
                #expect(box.center == Point(400, 350))
            }
        }
        #expect(!runner.isAnimating(box))
    }

    @Test func fromValuesAreReadWhenTheDelayEnds() {
        let box = Box(center: Point(0, 0))
        let runner = AnimationRunner()
        runner.add(PropertyAnimation(to: AnimationTargets(center: Point(200, 0)), duration: 2, delay: 1,
                                     curve: .linear), to: box)
        step(runner, 1...30)
        box.center = Point(100, 0)          // something else moved it during the delay
        step(runner, 31...120)              // 2 s: half-way through the 2 s animation
        #expect(abs(box.center.x - 150) < 1e-9)
    }

    @Test func autoreverseRepeatTwiceGoesBackOnTheSecondLeg() {
        // repeatCount 2 with autoreverse: there (0–1 s), back (1–2 s), there, back; ends at 4 s.
        let box = Box(center: Point(0, 0))
        let runner = AnimationRunner()
        var ended: Int?
        var step = 0
        runner.add(PropertyAnimation(to: AnimationTargets(center: Point(100, 0)), duration: 1, curve: .linear,
                                     repeatCount: 2, autoreverses: true,
                                     completion: { if $0 { ended = step } }), to: box)
        var xs: [Double] = [0]
        for n in 1...240 { step = n; runner.advance(by: dt); xs.append(box.center.x) }
        #expect(abs(xs[90] - 50) < 1e-6)            // middle of the second leg, 1.5 s
        #expect(xs[91] < xs[90] && xs[90] < xs[89])  // and moving back
        #expect(abs(xs[150] - 50) < 1e-6)           // middle of the third leg
        #expect(xs[151] > xs[150])                   // moving out again
        #expect(abs(xs[60] - 100) < 1e-6 && abs(xs[120]) < 1e-6)
        #expect(ended == 240)
        #expect(box.center.x == 100)                 // UIKit's model value after the end: `to`
    }

    @Test func legsAlternateDirectionWhenAutoreversing() {
        let animation = PropertyAnimation(to: AnimationTargets(alpha: 0), duration: 1, repeatCount: 2, autoreverses: true)
        #expect(animation.activeDuration == 4)                 // 2 cycles × (there + back)
        #expect(!animation.isReversing(atTime: 0.5) && animation.isReversing(atTime: 1.5))
        #expect(!animation.isReversing(atTime: 2.5) && animation.isReversing(atTime: 3.5))
        #expect(animation.legFraction(atTime: 4) == 0)         // a whole number of round trips
    }

    @Test func backwardLegPlaysTheCurveInReverseTime() {
        // Going back, a quarter of the way into the leg, an easeIn animation shows the forward
        // value at three quarters: easeIn(0.75) = 0.6219 of the distance.
        let box = Box(center: Point(0, 0))
        let runner = AnimationRunner()
        runner.add(PropertyAnimation(to: AnimationTargets(center: Point(100, 0)), duration: 1, curve: .easeIn,
                                     autoreverses: true), to: box)
        runner.advance(to: 1.25)
        #expect(abs(box.center.x - 62.19) < 0.1)
    }

    @Test func autoreverseWithFillsForwardEndsWhereItStarted() {
        let box = Box(center: Point(0, 0))
        let runner = AnimationRunner()
        runner.add(PropertyAnimation(to: AnimationTargets(center: Point(100, 0)), duration: 1, curve: .linear,
                                     autoreverses: true, fillsForward: true), to: box)
        step(runner, 1...120)
        #expect(box.center.x == 0)
        #expect(!runner.isAnimating(box))
    }

    @Test func repeatCountOneAndAHalfStopsHalfWayThroughTheSecondCycle() {
        let box = Box(center: Point(0, 0))
        let runner = AnimationRunner()
        var ended: Int?
        var step = 0
        runner.add(PropertyAnimation(to: AnimationTargets(center: Point(100, 0)), duration: 1, curve: .linear,
                                     repeatCount: 1.5, completion: { if $0 { ended = step } }), to: box)
        for n in 1...89 { step = n; runner.advance(by: dt) }
        #expect(abs(box.center.x - 100 * (89.0 / 60 - 1)) < 1e-6)   // second cycle, from 0 again
        #expect(ended == nil)
        step = 90; runner.advance(by: dt)
        #expect(ended == 90)                                          // 1.5 s
        #expect(box.center.x == 100)                                  // UIKit: the model value
    }

    @Test func fractionalRepeatWithFillsForwardKeepsTheHalfWayValue() {
        let box = Box(center: Point(0, 0))
        let runner = AnimationRunner()
        runner.add(PropertyAnimation(to: AnimationTargets(center: Point(100, 0)), duration: 1, curve: .linear,
                                     repeatCount: 1.5, fillsForward: true), to: box)
        step(runner, 1...100)
        #expect(abs(box.center.x - 50) < 1e-9)
    }

    @Test func thenRemoveReportsTheItemOnTheFinalStep() {
        let box = Box()
        let other = Box()
        let runner = AnimationRunner()
        runner.add(PropertyAnimation(to: AnimationTargets(alpha: 0), duration: 3, delay: 2, then: .remove), to: box)
        runner.add(PropertyAnimation(to: AnimationTargets(alpha: 0), duration: 10), to: other)
        var removals: [(Int, Int)] = []
        step(runner, 1...360) { n, report in
            if !report.itemsToRemove.isEmpty { removals.append((n, report.itemsToRemove.count)) }
            if n == 300 { #expect(report.itemsToRemove.first === box) }
        }
        #expect(removals.count == 1 && removals.first! == (300, 1))
        #expect(runner.isAnimating(other))
    }

    @Test func removalEndsTheItemsOtherAnimations() {
        let box = Box()
        let runner = AnimationRunner()
        var spinFinished: Bool?
        runner.add(PropertyAnimation(to: AnimationTargets(alpha: 0), duration: 1, then: .remove), to: box)
        runner.add(PropertyAnimation(to: AnimationTargets(angle: 10), duration: 5,
                                     completion: { spinFinished = $0 }), to: box)
        var removedAt: Int?
        step(runner, 1...60) { n, report in if !report.itemsToRemove.isEmpty { removedAt = n } }
        #expect(removedAt == 60)
        #expect(spinFinished == false)
        #expect(!runner.isAnimating(box))
    }

    @Test func zeroDurationAppliesAtOnce() {
        let box = Box(center: Point(10, 10))
        let runner = AnimationRunner()
        var finished: Bool?
        runner.add(PropertyAnimation(to: AnimationTargets(center: Point(50, 60), alpha: 0.5), duration: 0,
                                     completion: { finished = $0 }), to: box)
        #expect(box.center == Point(50, 60) && box.alpha == 0.5)   // before any step
        #expect(finished == nil)
        let report = runner.advance(by: dt)
        #expect(finished == true && report.completed.count == 1)
    }

    @Test func zeroDurationWithDelayAppliesWhenTheDelayEnds() {
        let box = Box()
        let runner = AnimationRunner()
        runner.add(PropertyAnimation(to: AnimationTargets(scale: 3), duration: -1, delay: 1), to: box)
        step(runner, 1...59)
        #expect(box.scale == 1)
        step(runner, 60...60)
        #expect(box.scale == 3)
    }

    @Test func linearFadeIsAQuarterLeftAtThreeQuarters() {
        let box = Box()
        let runner = AnimationRunner()
        runner.add(PropertyAnimation(to: AnimationTargets(alpha: 0), duration: 4, curve: .linear), to: box)
        step(runner, 1...180)
        #expect(abs(box.alpha - 0.25) < 1e-9)
    }

    @Test func scaleDoublesOverFiveSeconds() {
        let box = Box()
        let runner = AnimationRunner()
        runner.add(PropertyAnimation(to: AnimationTargets(scale: 2), duration: 5), to: box)
        step(runner, 1...150)
        #expect(abs(box.scale - 1.5) < 1e-9)     // easeInOut(0.5) = 0.5
        step(runner, 151...300)
        #expect(box.scale == 2)
    }

    @Test func springEndsExactlyOnTarget() {
        let box = Box(center: Point(0, 0))
        let runner = AnimationRunner()
        var maxX = 0.0
        runner.add(PropertyAnimation(to: AnimationTargets(center: Point(200, 0)), duration: 1,
                                     curve: .spring(SpringTimingParameters(dampingRatio: 0.3))), to: box)
        step(runner, 1...60) { _, _ in maxX = max(maxX, box.center.x) }
        #expect(maxX > 200)
        #expect(box.center.x == 200)
    }

    @Test func reportsWhatIsAnimatedAndWhen() {
        let box = Box()
        let runner = AnimationRunner()
        runner.add(PropertyAnimation(to: AnimationTargets(center: Point(1, 1), alpha: 0), duration: 1, delay: 1), to: box)
        step(runner, 1...30)
        #expect(runner.isAnimating(box))
        #expect(runner.animatedProperties(of: box).isEmpty)      // still in its delay
        step(runner, 31...90)
        #expect(runner.animatedProperties(of: box) == [.center, .alpha])
        step(runner, 91...120)
        #expect(!runner.isAnimating(box) && runner.animatedProperties(of: box).isEmpty)
    }

    @Test func aNewAnimationTakesOverItsPropertiesWithoutAJump() {
        let box = Box(center: Point(0, 0))
        let runner = AnimationRunner()
        var firstFinished: Bool?
        runner.add(PropertyAnimation(to: AnimationTargets(center: Point(100, 0)), duration: 2, curve: .linear,
                                     completion: { firstFinished = $0 }), to: box)
        step(runner, 1...60)
        #expect(abs(box.center.x - 50) < 1e-9)
        runner.add(PropertyAnimation(to: AnimationTargets(center: Point(50, 100)), duration: 1, curve: .linear), to: box)
        step(runner, 61...61) { _, report in #expect(report.interrupted.count == 1) }
        #expect(firstFinished == false)
        #expect(abs(box.center.y - 100.0 / 60) < 1e-9 && abs(box.center.x - 50) < 1e-9)
    }

    @Test func aTakeoverOfSomePropertiesLeavesTheRestRunning() {
        let box = Box(center: Point(0, 0))
        let runner = AnimationRunner()
        var firstFinished: Bool?
        runner.add(PropertyAnimation(to: AnimationTargets(center: Point(100, 0), alpha: 0), duration: 2,
                                     curve: .linear, completion: { firstFinished = $0 }), to: box)
        step(runner, 1...60)
        runner.add(PropertyAnimation(to: AnimationTargets(center: Point(0, 0)), duration: 1, curve: .linear), to: box)
        step(runner, 61...90)
        #expect(abs(box.alpha - 0.25) < 1e-9)      // the fade goes on: 1.5 s of 2 s
        #expect(abs(box.center.x - 25) < 1e-9)     // the new move: half-way from 50 to 0
        step(runner, 91...120)
        #expect(firstFinished == true && box.alpha == 0)
    }

    @Test func cancelLeavesTheItemWhereItIs() {
        let box = Box(center: Point(0, 0))
        let runner = AnimationRunner()
        var finished: Bool?
        let id = runner.add(PropertyAnimation(to: AnimationTargets(center: Point(100, 0)), duration: 2,
                                              curve: .linear, completion: { finished = $0 }), to: box)
        step(runner, 1...60)
        #expect(runner.cancel(id))
        #expect(finished == false)
        step(runner, 61...120)
        #expect(abs(box.center.x - 50) < 1e-9)
        #expect(runner.isEmpty)
    }

    @Test func removeAllEndsEverythingUnfinished() {
        let a = Box(), b = Box()
        let runner = AnimationRunner()
        var results: [Bool] = []
        runner.add(PropertyAnimation(to: AnimationTargets(alpha: 0), duration: 1, completion: { results.append($0) }), to: a)
        runner.add(PropertyAnimation(to: AnimationTargets(alpha: 0), duration: 1, delay: 5, completion: { results.append($0) }), to: b)
        runner.removeAll()
        #expect(results == [false, false])
        #expect(!runner.isAnimating(a) && !runner.isAnimating(b))
    }

    @Test func aCompletionCanChainTheNextAnimation() {
        // Move right for 1 s, then down for 1 s, started from the first one's completion.
        let box = Box(center: Point(0, 0))
        let runner = AnimationRunner()
        runner.add(PropertyAnimation(to: AnimationTargets(center: Point(100, 0)), duration: 1, curve: .linear,
                                     completion: { _ in
                                         runner.add(PropertyAnimation(to: AnimationTargets(center: Point(100, 100)),
                                                                      duration: 1, curve: .linear), to: box)
                                     }), to: box)
        step(runner, 1...90)
        #expect(box.center.x == 100 && abs(box.center.y - 50) < 1e-9)
        step(runner, 91...120)
        #expect(box.center == Point(100, 100))
    }
}

@Suite struct SharingWithDynamicsTests {
    @Test func dynamicsKeepCenterAndAngleWhileAlphaAndScaleAnimate() {
        // The rule: on an item dynamics drive, center and angle belong to the dynamics.
        let driven = Box(center: Point(10, 20))
        let free = Box(center: Point(10, 20))
        let runner = AnimationRunner(skippedProperties: { $0 === driven ? AnimatableProperty.ownedByDynamics : [] })
        var finished: Bool?
        let targets = AnimationTargets(center: Point(300, 300), alpha: 0, scale: 2, angle: 1)
        runner.add(PropertyAnimation(to: targets, duration: 1, curve: .linear, completion: { finished = $0 }), to: driven)
        runner.add(PropertyAnimation(to: targets, duration: 1, curve: .linear), to: free)
        for _ in 1...60 { runner.advance(by: 1.0 / 60) }
        #expect(driven.center == Point(10, 20) && driven.angle == 0)
        #expect(driven.alpha == 0 && driven.scale == 2)
        #expect(free.center == Point(300, 300) && free.angle == 1)
        #expect(finished == true)
    }
}
