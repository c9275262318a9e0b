// LibraryClientTests: the four library modules used the way another package uses them, with
// plain imports and no @testable, so nothing internal is within reach. Each test is a small
// program a client would write, checked against a number the physics or UIKit's documentation
// fixes: a free fall against ½·g·t², a dropped ball resting on the floor, a pan's translation
// against the drag, and a linear animation against its midpoint.
import Animation
import Dynamics
import Geometry
import Gestures
import Testing

/// The smallest class a client writes to be moved by dynamics, as a UIView would be.
final class Ball: DynamicItem {
    var center: Point
    let bounds: Rect
    var transform = AffineTransform.identity
    var collisionBoundsType: DynamicItemCollisionBoundsType { .ellipse }

    init(center: Point, diameter: Double) {
        self.center = center
        self.bounds = Rect(x: 0, y: 0, width: diameter, height: diameter)
    }
}

/// UIKit's documented way to make a behavior of one's own: a composite of built-in behaviors.
final class FallingBehavior: DynamicBehavior {
    init(items: [DynamicItem]) {
        super.init()
        addChildBehavior(GravityBehavior(items: items))
        let collision = CollisionBehavior(items: items)
        collision.setTranslatesReferenceBoundsIntoBoundary(true)
        addChildBehavior(collision)
    }
}

/// A behavior of a client's own through the override points UIKit gives: `willMove(to:)` and an
/// `action` run after every step. It accelerates its items sideways by changing their velocity
/// through a child DynamicItemBehavior, as a UIKit subclass would.
final class WindBehavior: DynamicBehavior {
    /// pt/s².
    let acceleration: Double
    private(set) var moves: [DynamicAnimator?] = []
    private let itemBehavior: DynamicItemBehavior

    init(items: [DynamicItem], acceleration: Double) {
        self.acceleration = acceleration
        itemBehavior = DynamicItemBehavior(items: items)
        super.init()
        addChildBehavior(itemBehavior)
        action = { [unowned self] in
            for item in itemBehavior.items {
                itemBehavior.addLinearVelocity(Vector(self.acceleration * DynamicAnimator.stepDuration, 0), for: item)
            }
        }
    }

    override func willMove(to animator: DynamicAnimator?) {
        moves.append(animator)
    }
}

@Suite("The library products as a client package uses them")
struct LibraryClientTests {
    static let bounds = Rect(x: 0, y: 0, width: 400, height: 1000)
    /// Gravity of magnitude 1 is 1000 pt/s² (UIKit).
    static let g = 1000.0
    static let dt = 1.0 / 60

    @Test("A ball falls ½·g·t² in t seconds before it lands (gravity 1 = 1000 pt/s²)")
    func freeFallFollowsHalfGTSquared() {
        let ball = Ball(center: Point(200, 100), diameter: 40)
        let animator = DynamicAnimator(referenceBounds: Self.bounds)
        animator.addBehavior(FallingBehavior(items: [ball]))
        for step in 1...60 {
            animator.step()
            let t = Double(step) * Self.dt
            // A fixed-step integrator may differ from the exact fall by at most ½·g·t·Δt (the
            // error of explicit Euler over steps of Δt = 1/60 s), 8.3 pt at t = 1 s out of 500.
            let fallen = ball.center.y - 100
            #expect(abs(fallen - Self.g * t * t / 2) <= Self.g * t * Self.dt / 2 + 1e-9, "t = \(t) s")
            #expect(ball.center.x == 200)
        }
        // g·t after one second. The solver holds velocities in single precision (Box2D's floats):
        // 240 substeps of rounding at 1000 pt/s stay well inside 1e-5 of it, relatively.
        #expect(abs(animator.linearVelocity(for: ball).y - Self.g * 1.0) < Self.g * 1e-5)
    }

    @Test("A dropped ball comes to rest on the floor of the reference bounds")
    func droppedBallRestsOnTheFloor() {
        let ball = Ball(center: Point(200, 100), diameter: 40)
        let animator = DynamicAnimator(referenceBounds: Self.bounds)
        animator.addBehavior(FallingBehavior(items: [ball]))
        for _ in 0..<(60 * 5) { animator.step() }
        // Resting: its bottom at the floor, y = 1000, within the contact slop (0.5 pt, Box2D's
        // 0.005 m at 100 pt per meter).
        #expect(abs(ball.center.y + 20 - 1000) <= 0.5)
        #expect(abs(animator.linearVelocity(for: ball).y) < 1)
    }

    @Test("A subclass's action runs once per step and willMove(to:) brackets its time in the animator")
    func subclassOverridePointsWork() {
        let ball = Ball(center: Point(100, 500), diameter: 20)
        let animator = DynamicAnimator(referenceBounds: Self.bounds)
        let wind = WindBehavior(items: [ball], acceleration: 300)
        animator.addBehavior(wind)
        #expect(wind.moves.count == 1 && wind.moves[0] === animator)
        #expect(wind.dynamicAnimator === animator)
        for _ in 0..<60 { animator.step() }
        // 60 actions each added 300 pt/s² × 1/60 s: 300 pt/s after one second, and nothing else
        // moves the ball (no gravity, no walls). Tolerances are relative 1e-5: the solver holds
        // velocities in single precision.
        #expect(abs(animator.linearVelocity(for: ball).x - 300) < 300e-5)
        #expect(animator.linearVelocity(for: ball).y == 0)
        // The velocity added after step n moves the ball from step n + 1: Σ 5·n·(1/60) for
        // n = 1…59 is 5·59·60/2/60 = 147.5 pt.
        #expect(abs(ball.center.x - 100 - 147.5) < 147.5e-5)
        animator.removeBehavior(wind)
        #expect(wind.moves.count == 2 && wind.moves[1] == nil)
    }

    @Test("A pan fed pointer events reports a translation equal to the drag")
    func panTranslationIsTheDrag() {
        let pan = PanGestureRecognizer()
        var seen: [(GestureRecognizer.State, Vector)] = []
        pan.addTarget { recognizer in
            seen.append((recognizer.state, (recognizer as! PanGestureRecognizer).translation()))
        }
        let start = Point(100, 100)
        pan.handle(.down(start, time: 0))
        // 20 moves of (3, 2) pt, 1/60 s apart: 60 pt right and 40 pt down in 1/3 s.
        for i in 1...20 {
            pan.handle(.move(start + Vector(3, 2) * Double(i), time: Double(i) / 60))
            if i == 10 {
                // 180 pt/s right and 120 pt/s down, steady for longer than the 0.1 s window.
                #expect(abs(pan.velocity().x - 180) < 1e-6 && abs(pan.velocity().y - 120) < 1e-6)
            }
        }
        pan.handle(.up(start + Vector(60, 40), time: 21.0 / 60))
        #expect(seen.first?.0 == .began)
        #expect(seen.last?.0 == .ended)
        #expect(seen.last?.1 == Vector(60, 40))
        // Every report equals the pointer's offset from the press at that moment: began came at
        // the first move beyond 10 pt, the third (9, 6) is 10.8 pt away.
        #expect(seen.first?.1 == Vector(9, 6))
    }

    @Test("A linear animation of the center is halfway at half its duration")
    func linearAnimationIsHalfwayAtHalfTime() {
        final class Item: Animatable {
            var center = Point(0, 0)
            var size = Size(10, 10)
            var alpha = 1.0
            var scale = 1.0
            var angle = 0.0
        }
        let item = Item()
        let runner = AnimationRunner()
        var finished: Bool?
        runner.add(PropertyAnimation(to: AnimationTargets(center: Point(100, 50)), duration: 1, curve: .linear,
                                     completion: { finished = $0 }), to: item)
        runner.advance(by: 0.5)
        #expect(item.center == Point(50, 25))
        runner.advance(by: 0.5)
        #expect(item.center == Point(100, 50))
        #expect(finished == true)
    }
}
