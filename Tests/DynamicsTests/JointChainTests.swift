// Chains and nets of pins. A pinned item's rest is exact statics: a chain hanging straight down
// from a pin at the top has every link's weight carried by the pin above it, and nothing should
// move. Groups of joints that share items are solved exactly (JointGroups.swift): densely up to
// 64 rows, by an envelope factorization for longer chains, and one joint at a time, softer, for
// large nets. Each test fails where one of those once broke: a chain of 13 or more pins left the
// dense solve for a one-at-a-time pass too stiff for it and reached 480,000 pt/s within 4 s.
import Testing
import Geometry
@testable import Dynamics

@Suite struct JointChainTests {
    static let bounds = Rect(x: -20_000, y: -20_000, width: 40_000, height: 40_000)
    static let gravity = 1000.0

    /// A chain of `count` 40 pt balls 60 pt apart straight down from (0, 60), each pinned to the
    /// one above at their midpoint and the first to the world 30 pt above its center.
    static func chain(_ count: Int) -> (DynamicAnimator, [Box]) {
        let animator = DynamicAnimator(referenceBounds: bounds)
        animator.pausesAtRest = false
        animator.allowsSleeping = false
        let balls = (0..<count).map { Box.ball(Point(0, 60 + 60 * Double($0)), diameter: 40) }
        animator.addBehavior(GravityBehavior(items: balls))
        let links = DynamicBehavior()
        links.addChildBehavior(AttachmentBehavior.pinAttachment(with: balls[0], attachmentAnchor: Point(0, 30)))
        for k in 1..<count {
            links.addChildBehavior(AttachmentBehavior.pinAttachment(with: balls[k], attachedTo: balls[k - 1],
                                                                     attachmentAnchor: Point(0, 30 + 60 * Double(k))))
        }
        animator.addBehavior(links)
        return (animator, balls)
    }

    static func fastest(_ animator: DynamicAnimator, _ items: [Box]) -> Double {
        items.map { animator.linearVelocity(for: $0).length }.max() ?? 0
    }

    @Test("a hanging chain of pinned balls at rest stays at rest for 10 s and stretches by under 0.5 %, at every length",
          arguments: [2, 12, 13, 15, 30, 33, 60, 200])
    func chainAtRestStaysAtRest(count: Int) {
        let (animator, balls) = Self.chain(count)
        let start = balls.map(\.center)
        var fastest = 0.0, farthest = 0.0
        run(animator, steps: 600) { _ in
            fastest = max(fastest, Self.fastest(animator, balls))
            farthest = max(farthest, zip(balls, start).map { $0.center.distance(to: $1) }.max()!)
        }
        #expect(Self.fastest(animator, balls) < 1, "\(count) links: \(Self.fastest(animator, balls)) pt/s after 10 s")
        #expect(fastest < 5, "\(count) links: \(fastest) pt/s at most")
        // The pins are soft constraints (120 Hz), which give under their load as springs would:
        // the bottom of a 200-link chain settles some 35 pt lower. A link that let go would drop it
        // by far more; the chain's stretch stays within half a percent of its length.
        #expect(farthest < 0.005 * 60 * Double(count), "\(count) links: a ball moved \(farthest) pt")
    }

    /// An `n`×`n` net of 20 pt balls on a 40 pt lattice, each pinned to its right and lower
    /// neighbors at the midpoint, hung by its two top corners (Box2D v3's joint grid).
    static func net(_ n: Int) -> (DynamicAnimator, [Box]) {
        let animator = DynamicAnimator(referenceBounds: bounds)
        animator.pausesAtRest = false
        animator.allowsSleeping = false
        let spacing = 40.0
        let balls = (0..<(n * n)).map { Box.ball(Point(Double($0 % n) * spacing, Double($0 / n) * spacing), diameter: 20) }
        animator.addBehavior(GravityBehavior(items: balls))
        let net = DynamicBehavior()
        for row in 0..<n {
            for col in 0..<n {
                let item = balls[row * n + col]
                if col + 1 < n {
                    net.addChildBehavior(AttachmentBehavior.pinAttachment(with: balls[row * n + col + 1], attachedTo: item,
                                                                           attachmentAnchor: item.center + Vector(spacing / 2, 0)))
                }
                if row + 1 < n {
                    net.addChildBehavior(AttachmentBehavior.pinAttachment(with: balls[(row + 1) * n + col], attachedTo: item,
                                                                           attachmentAnchor: item.center + Vector(0, spacing / 2)))
                }
            }
        }
        net.addChildBehavior(AttachmentBehavior.pinAttachment(with: balls[0], attachmentAnchor: balls[0].center))
        net.addChildBehavior(AttachmentBehavior.pinAttachment(with: balls[n - 1], attachmentAnchor: balls[n - 1].center))
        animator.addBehavior(net)
        return (animator, balls)
    }

    /// A 20 pt ball at density 1: m = 1 · 0.2 · 0.2, I = ½·m·r² (docs/scene-format.md).
    static let ballMass = 0.04, ballInertia = 0.5 * 0.04 * 10 * 10

    /// Kinetic plus gravitational potential energy (y grows downward): Σ ½·m·v² + ½·I·ω² − m·g·y.
    static func energy(_ animator: DynamicAnimator, _ items: [Box]) -> Double {
        items.reduce(0) { sum, item in
            let v = animator.linearVelocity(for: item), w = animator.angularVelocity(for: item)
            return sum + 0.5 * ballMass * v.lengthSquared + 0.5 * ballInertia * w * w - ballMass * gravity * item.center.y
        }
    }

    @Test("a net hung by its top corners swings down and never has more energy than it started with",
          arguments: [5, 8, 10, 20])
    func netEnergyBoundedByItsDrop(n: Int) {
        let (animator, balls) = Self.net(n)
        let start = Self.energy(animator, balls)
        // The scale of the energy the drop releases: the net's weight over its own size.
        let scale = Self.ballMass * Double(n * n) * Self.gravity * 40 * Double(n)
        var worst = -Double.infinity, finite = true
        run(animator, steps: 600) { _ in
            let e = Self.energy(animator, balls)
            finite = finite && e.isFinite
            worst = max(worst, e - start)
        }
        #expect(finite, "\(n)×\(n): energy not finite")
        #expect(worst <= 1e-3 * scale, "\(n)×\(n): energy rose \(worst) above its start (scale \(scale))")
        #expect(Self.energy(animator, balls) < start, "\(n)×\(n): the net did not fall")
    }

    // A net far too large to solve exactly, solved one joint at a time. With one Gauss-Seidel
    // pass per substep (Box2D v3's) its energy rose above its start by step 155 and every value
    // was NaN by step 190: each ball's pins, 20 pt out on a 10 pt ball, are coupled through its
    // turn more strongly than one pass resolves (WorldSettings.iterativeJointPasses).
    @Test("a 50×50 net of pinned balls swings down for 4 s, finite and never above its starting energy")
    func largeNetEnergyBoundedByItsDrop() {
        let n = 50
        let (animator, balls) = Self.net(n)
        let start = Self.energy(animator, balls)
        let scale = Self.ballMass * Double(n * n) * Self.gravity * 40 * Double(n)
        var worst = -Double.infinity, finite = true
        run(animator, steps: 240) { _ in
            let e = Self.energy(animator, balls)
            finite = finite && e.isFinite
            worst = max(worst, e - start)
        }
        #expect(finite, "energy not finite")
        #expect(worst <= 1e-3 * scale, "energy rose \(worst) above its start (scale \(scale))")
        #expect(Self.energy(animator, balls) < start, "the net did not fall")
    }
}

/// A large net's swing must die out, and its corners must hang calmly while it swings.
extension JointChainTests {
    /// Kinetic energy, linear and turning, Σ ½·m·v² + ½·I·ω².
    static func kinetic(_ animator: DynamicAnimator, _ items: [Box]) -> Double {
        items.reduce(0) { sum, item in
            let v = animator.linearVelocity(for: item), w = animator.angularVelocity(for: item)
            return sum + 0.5 * ballMass * v.lengthSquared + 0.5 * ballInertia * w * w
        }
    }

    // A net hung by its two top corners, its top row straight between them, has to stretch to
    // carry any load, so it drops on its pins' give and swings. With the pins' damping ratio of
    // 2 the 50×50 net bounced on that give with 6 % of the drop's energy after 10 s; with the
    // damping ratio of joints solved one at a time (WorldSettings.iterativeJointDampingRatio) the
    // give is damped and the swing dies out. Stepped with the earlier settings (damping ratio 2,
    // four and two passes) this test fails: 8.7 % of the drop's energy in the tenth second.
    @Test("a 50×50 net hung by its top corners settles within 10 s: its swing gives up 99.9 % of the drop's energy")
    func largeNetSettles() {
        let (released, lastSecond, _, _) = Self.hangLargeNet()
        #expect(released > 0, "the net did not drop")
        #expect(lastSecond < 1e-3 * released, "kinetic energy \(lastSecond) in the 10th second, \(lastSecond / released) of the drop's \(released)")
    }

    // The balls beside the corner pins, pulled by half the net's weight 20 pt off their
    // centers, have a turning stiffness h²·k/I ≈ 9 at 50×50 that the substep integrated
    // explicitly, unstable beyond h²·k/I = 4 (docs/dynamics.md): they turned back and forth
    // every substep, and once the net had settled they kept a velocity the solve pass undid and
    // the relax pass gave back each substep, 75 pt/s and 6 rad/s in the tenth second while they
    // did not move. The backward step of that stiffness (TensionInertia.swift) holds them still.
    @Test("the balls of a settled 50×50 net rest, and those beside the corner pins never outrun the net")
    func largeNetCornersRest() {
        let (_, _, fastestLastSecond, worstCorner) = Self.hangLargeNet()
        // No ball moves faster than the engine's own speed of rest (WorldSettings.sleepThreshold).
        #expect(fastestLastSecond < 5, "a ball moved at \(fastestLastSecond) pt/s in the 10th second")
        // A ball one link from a fixed pin swings on that link alone: it moves at a fraction of
        // the net's fastest ball; as fast as the fastest, it is jitter.
        #expect(worstCorner < 0.5, "a ball beside a corner pin moved at \(worstCorner) of the fastest ball's speed")
    }

    /// A 50×50 net hung by its top corners run 10 s: the energy its drop released, its largest
    /// kinetic energy and fastest ball in the tenth second, and the largest share of the fastest
    /// ball's speed a ball beside a corner pin had after the first half second.
    static func hangLargeNet() -> (released: Double, lastSecond: Double, fastestLastSecond: Double, worstCorner: Double) {
        let n = 50
        let (animator, balls) = net(n)
        let startHeight = balls.reduce(0) { $0 + $1.center.y }
        let beside = [balls[1], balls[n], balls[n - 2], balls[2 * n - 1]]
        var lastSecond = 0.0, fastestLastSecond = 0.0, worstCorner = 0.0
        for step in 1...600 {
            animator.step()
            let fastest = fastest(animator, balls)
            // After the first half second, once the pins carry the net (before it, every ball
            // falls freely at the same speed).
            if step > 30 { worstCorner = max(worstCorner, Self.fastest(animator, beside) / (fastest + 1)) }
            if step > 540 {
                lastSecond = max(lastSecond, kinetic(animator, balls))
                fastestLastSecond = max(fastestLastSecond, fastest)
            }
        }
        // The energy the drop released: the net's weight times how far its center came down.
        let released = ballMass * gravity * (balls.reduce(0) { $0 + $1.center.y } - startHeight)
        return (released, lastSecond, fastestLastSecond, worstCorner)
    }
}

/// The 100×100 net of Box2D v3's joint grid, for its first two seconds (ten seconds of it take
/// minutes in a debug build; docs/dynamics.md has the release build's numbers up to 10 s).
extension JointChainTests {
    // With the corner balls' turn integrated explicitly, by 2 s they spun at 146 rad/s and were
    // the fastest balls of the net (4,400 pt/s), and the net stretched on without end.
    @Test("a 100×100 net hung by its top corners swings down for 2 s finitely, never above its starting energy, its corner balls calm")
    func hundredNetSwingsDown() {
        let n = 100
        let (animator, balls) = Self.net(n)
        let start = Self.energy(animator, balls)
        let scale = Self.ballMass * Double(n * n) * Self.gravity * 40 * Double(n)
        let beside = [balls[1], balls[n], balls[n - 2], balls[2 * n - 1]]
        var worst = -Double.infinity, finite = true, worstCorner = 0.0
        run(animator, steps: 120) { step in
            let e = Self.energy(animator, balls)
            finite = finite && e.isFinite
            worst = max(worst, e - start)
            if step > 30 { worstCorner = max(worstCorner, Self.fastest(animator, beside) / (Self.fastest(animator, balls) + 1)) }
        }
        #expect(finite, "energy not finite")
        #expect(worst <= 1e-3 * scale, "energy rose \(worst) above its start (scale \(scale))")
        #expect(Self.energy(animator, balls) < start, "the net did not fall")
        // A ball one link from a fixed pin swings on that link alone, slower than the net's
        // fastest; as fast as the fastest, it is jitter.
        #expect(worstCorner < 0.5, "a ball beside a corner pin moved at \(worstCorner) of the fastest ball's speed")
    }
}
