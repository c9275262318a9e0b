// An animation added again at its phase (AnimationRunner.phase, then add(_:to:resumingAt:from:))
// goes on as the original goes on: same leg, same direction, same point of the curve, a spring
// moving at the same speed. The two runners' clocks differ (the copy's starts at 0), so the two
// sums of time may differ in the last bit; the values agree to 1e-9 of the distance.
import Testing
import Geometry
@testable import Animation

@Suite struct AnimationResumeTests {
    static let dt = 1.0 / 60

    /// The original runs `before` steps; a copy on another box resumes it at its phase; both run
    /// `after` steps and the largest difference of center, alpha and scale is returned.
    static func divergence(_ animation: PropertyAnimation, before: Int, after: Int) throws -> Double {
        let live = Box(center: Point(100, 50)), copy = Box(center: .zero)
        let runner = AnimationRunner()
        let id = runner.add(animation, to: live)
        for _ in 0..<before { runner.advance(by: dt) }
        guard case .running(let elapsed, let from, let driven)? = runner.phase(of: id) else {
            Issue.record("not running after \(before) steps: \(String(describing: runner.phase(of: id)))")
            return .infinity
        }
        #expect(driven == animation.to.properties)
        #expect(abs(elapsed - (Double(before) * dt - animation.delay)) < 1e-12)
        copy.animatableProperties = live.animatableProperties
        let resumed = AnimationRunner()
        resumed.add(animation, to: copy, resumingAt: elapsed, from: from)
        var worst = 0.0
        for _ in 0..<after {
            runner.advance(by: dt)
            resumed.advance(by: dt)
            worst = max(worst, live.center.distance(to: copy.center), abs(live.alpha - copy.alpha), abs(live.scale - copy.scale))
        }
        #expect(runner.isEmpty == resumed.isEmpty)
        return worst
    }

    @Test("a repeating, autoreversing spring resumed mid-leg, on the way back and in its last part goes on as the original",
          arguments: [20, 75, 130, 200])
    func spring(before: Int) throws {
        let animation = PropertyAnimation(to: AnimationTargets(center: Point(400, 300), alpha: 0.2, scale: 3), duration: 1,
                                          delay: 0.25, curve: .spring(SpringTimingParameters(dampingRatio: 0.3, initialSpringVelocity: 2)),
                                          repeatCount: 2.5, autoreverses: true)
        // 0.25 s of delay, then legs of 1 s: step 75 is in the first (forward) leg, 130 in the
        // second (backward), 200 in the third; the animation lasts 0.25 + 5 s = 315 steps.
        #expect(try Self.divergence(animation, before: before, after: 200) < 1e-9)
    }

    @Test("an eased move resumed half-way ends where the original ends, at the same step")
    func eased() throws {
        let animation = PropertyAnimation(to: AnimationTargets(center: Point(576, 313), alpha: 0), duration: 3, curve: .easeInOut)
        #expect(try Self.divergence(animation, before: 60, after: 200) < 1e-9)
    }

    @Test("phase: waiting with its delay left, then running; nil once it has ended")
    func phases() {
        let runner = AnimationRunner()
        let id = runner.add(PropertyAnimation(to: AnimationTargets(alpha: 0), duration: 1, delay: 0.5), to: Box(center: .zero))
        runner.advance(by: 0.25)
        #expect(runner.phase(of: id) == .waiting(delayLeft: 0.25))
        runner.advance(by: 0.5)
        guard case .running(let elapsed, let from, let driven)? = runner.phase(of: id) else {
            Issue.record("not running"); return
        }
        #expect(abs(elapsed - 0.25) < 1e-12 && from.alpha == 1 && driven == [.alpha])
        runner.advance(by: 1)
        #expect(runner.phase(of: id) == nil)
    }

    @Test("a newer animation's takeover shows in the older one's phase: it drives only what is left")
    func takeover() {
        let runner = AnimationRunner(), box = Box(center: .zero)
        let older = runner.add(PropertyAnimation(to: AnimationTargets(alpha: 0, scale: 2), duration: 2), to: box)
        runner.advance(by: 0.5)
        runner.add(PropertyAnimation(to: AnimationTargets(alpha: 1), duration: 1), to: box)
        guard case .running(_, _, let driven)? = runner.phase(of: older) else { Issue.record("not running"); return }
        #expect(driven == [.scale])
    }
}
