import Testing
import Geometry
@testable import Dynamics

/// Sleeping islands: what rests stops being simulated, and wakes as physics needs it to.
@Suite struct SleepTests {
    /// Whether the engine has put the item's body to sleep.
    func isAsleep(_ item: DynamicItem, _ animator: DynamicAnimator) -> Bool {
        animator.body(for: item).map { animator.world.body($0).isAsleep } ?? false
    }

    /// A pyramid of 40 pt boxes (base 10: 55 boxes) with its base centered at x on the floor y.
    func pyramid(x: Double, floor: Double, base: Int = 10) -> [Box] {
        var boxes: [Box] = []
        let side = 40.0
        for row in 0..<base {
            for col in 0..<(base - row) {
                boxes.append(Box(Point(x + (Double(col) - Double(base - row - 1) / 2) * side,
                                       floor - side / 2 - Double(row) * side), Size(side, side)))
            }
        }
        return boxes
    }

    /// Gravity, the reference bounds as walls, friction: the usual resting scene.
    @discardableResult
    func standardBehaviors(_ items: [DynamicItem], _ animator: DynamicAnimator, friction: Double = 0.6)
        -> (GravityBehavior, CollisionBehavior, DynamicItemBehavior) {
        let gravity = GravityBehavior(items: items)
        let collision = CollisionBehavior(items: items)
        collision.setTranslatesReferenceBoundsIntoBoundary(true)
        let props = DynamicItemBehavior(items: items)
        props.friction = friction
        animator.addBehavior(gravity)
        animator.addBehavior(collision)
        animator.addBehavior(props)
        return (gravity, collision, props)
    }

    /// A 40 pt box dropped 144 pt lands after √(2·144/1000) = 0.54 s; after 0.5 s at rest it
    /// sleeps, where the floor holds it (center 20 pt above the floor, within the 0.5 pt slop).
    @Test func droppedBoxSleepsOnTheFloorWithinBoundedTime() {
        let animator = DynamicAnimator(referenceBounds: bounds640)
        let box = Box(Point(320, 200), Size(40, 40))
        standardBehaviors([box], animator)
        var asleepAt: Double?
        run(animator, steps: 180) { _ in
            if asleepAt == nil && isAsleep(box, animator) { asleepAt = animator.elapsedTime }
        }
        #expect(isAsleep(box, animator))
        // Landing 0.54 s, settling, then 0.5 s at rest.
        #expect((asleepAt ?? .infinity) < 1.5, "asleep at \(String(describing: asleepAt))")
        #expect(abs(box.center.y - (384 - 20)) < 0.6, "rests at \(box.center.y)")
        // A flat landing keeps it upright and where it fell (the solver's sweep order shifts it
        // by about 0.3 pt, with or without sleeping).
        #expect(abs(box.center.x - 320) < 1 && abs(box.angle) < 1e-3)
        // Asleep means at rest for the animator, which pauses.
        #expect(animator.linearVelocity(for: box) == .zero)
        #expect(!animator.isRunning)
    }

    /// The 55-box pyramid of ContactTests falls asleep, and sleeping keeps it within the same
    /// drift criterion (no box moves 10 pt from where it was built).
    @Test func pyramidSleepsAndStands() {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1000, height: 600))
        animator.pausesAtRest = false
        let boxes = pyramid(x: 500, floor: 600)
        let start = boxes.map(\.center)
        standardBehaviors(boxes, animator)
        var allAsleepAt: Double?
        run(animator, steps: 600) { _ in
            if allAsleepAt == nil && boxes.allSatisfy({ isAsleep($0, animator) }) { allAsleepAt = animator.elapsedTime }
        }
        #expect((allAsleepAt ?? .infinity) < 3, "asleep at \(String(describing: allAsleepAt))")
        #expect(boxes.allSatisfy { isAsleep($0, animator) })
        let drift = zip(boxes, start).map { $0.0.center.distance(to: $0.1) }.max()!
        #expect(drift < 10, "a box drifted \(drift) pt")
    }

    /// With sleeping off, the same pyramid never sleeps (and still stands).
    @Test func nothingSleepsWithSleepingOff() {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1000, height: 600))
        animator.pausesAtRest = false
        animator.allowsSleeping = false
        let boxes = pyramid(x: 500, floor: 600)
        standardBehaviors(boxes, animator)
        var anyAsleep = false
        run(animator, steps: 240) { _ in
            if boxes.contains(where: { isAsleep($0, animator) }) { anyAsleep = true }
        }
        #expect(!anyAsleep)
        #expect(animator.world.bodies.allSatisfy { $0.sleepTime == 0 })
    }

    /// Turning sleeping off wakes what sleeps.
    @Test func turningSleepingOffWakesSleepers() {
        let animator = DynamicAnimator(referenceBounds: bounds640)
        animator.pausesAtRest = false
        let box = Box(Point(320, 364), Size(40, 40))
        standardBehaviors([box], animator)
        run(animator, steps: 60)
        #expect(isAsleep(box, animator))
        animator.allowsSleeping = false
        animator.step()
        #expect(!isAsleep(box, animator))
    }

    /// A ball dropped on a sleeping stack of three boxes wakes it and lands on top, 120 pt above
    /// the floor, instead of passing through a frozen stack.
    @Test func ballDroppedOnSleepingStackWakesItAndLandsOnTop() {
        let animator = DynamicAnimator(referenceBounds: bounds640)
        let stack = (0..<3).map { Box(Point(320, 384 - 20 - 40 * Double($0)), Size(40, 40)) }
        let (gravity, collision, _) = standardBehaviors(stack, animator)
        run(animator, steps: 90)
        #expect(stack.allSatisfy { isAsleep($0, animator) })
        let top = stack[2].center.y
        // A 20 pt ball 150 pt above the stack's top face.
        let ball = Box.ball(Point(321, 384 - 120 - 150 - 10), diameter: 20)
        gravity.addItem(ball)
        collision.addItem(ball)
        // It falls for √(2·150/1000) = 0.55 s: the stack sleeps on while it falls.
        run(animator, steps: 20)
        #expect(stack.allSatisfy { isAsleep($0, animator) }, "adding an item far away wakes nothing")
        var stackMoved = 0.0
        run(animator, steps: 100) { _ in
            stackMoved = max(stackMoved, abs(stack[2].center.y - top))
        }
        // Resting on the top box: center 120 + 10 pt above the floor.
        #expect(abs(ball.center.y - (384 - 130)) < 1, "ball at \(ball.center.y)")
        // The impact pushed the top box (its contacts are soft); a frozen stack would not move.
        #expect(stackMoved > 0.01, "top box moved \(stackMoved) pt")
    }

    /// An elastic ball sliding on a frictionless floor into a sleeping box of equal mass: the box
    /// wakes and takes the ball's whole velocity, the ball stops (momentum and energy conserved).
    @Test func elasticBallHitsSleepingBoxAndTransfersItsVelocity() {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1000, height: 384))
        animator.pausesAtRest = false
        let box = Box(Point(500, 364), Size(40, 40))
        let ball = Box.ball(Point(300, 364), diameter: 40)
        let (_, _, props) = standardBehaviors([box, ball], animator, friction: 0)
        props.elasticity = 1
        props.allowsRotation = false
        run(animator, steps: 60)
        #expect(isAsleep(box, animator) && isAsleep(ball, animator))
        // Equal masses? A 40 pt ball and a 40 pt box both weigh 40·40/10⁴ = 0.16.
        #expect(animator.mass(for: ball) == animator.mass(for: box))
        props.addLinearVelocity(Vector(200, 0), for: ball)
        #expect(!isAsleep(ball, animator), "a velocity change wakes the ball")
        run(animator, steps: 90)    // 160 pt gap: contact after 0.8 s
        let vBox = animator.linearVelocity(for: box).x, vBall = animator.linearVelocity(for: ball).x
        #expect(abs(vBox - 200) < 4, "box \(vBox) pt/s")
        #expect(abs(vBall) < 4, "ball \(vBall) pt/s")
    }

    /// Removing the box under a sleeping box: the upper one falls freely, ½·g·t² in t = 0.2 s
    /// (20 pt at 1000 pt/s²).
    @Test func removingTheSupportMakesASleepingBoxFallWithG() {
        let animator = DynamicAnimator(referenceBounds: bounds640)
        let lower = Box(Point(320, 364), Size(40, 40)), upper = Box(Point(320, 324), Size(40, 40))
        let (gravity, collision, props) = standardBehaviors([lower, upper], animator)
        run(animator, steps: 90)
        #expect(isAsleep(lower, animator) && isAsleep(upper, animator))
        for b in [gravity, collision, props] as [ItemListBehavior] { b.removeItem(lower) }
        let y0 = upper.center.y
        run(animator, steps: 12)
        let drop = upper.center.y - y0
        let expected = 0.5 * 1000 * 0.2 * 0.2
        #expect(abs(drop - expected) / expected < 0.03, "fell \(drop) pt in 0.2 s")
    }

    /// Turning gravity sideways on a sleeping box: it wakes and slides with the new gravity,
    /// ½·g·t² = 20 pt in 0.2 s.
    @Test func changingGravityWakesTheSceneAndItFollowsTheNewGravity() {
        let animator = DynamicAnimator(referenceBounds: bounds640)
        let box = Box(Point(200, 364), Size(40, 40))
        let (gravity, _, _) = standardBehaviors([box], animator)
        run(animator, steps: 120)
        #expect(isAsleep(box, animator))
        let x0 = box.center.x
        gravity.gravityDirection = Vector(1, 0)
        run(animator, steps: 12)
        let travelled = box.center.x - x0
        #expect(abs(travelled - 20) / 20 < 0.03, "slid \(travelled) pt in 0.2 s")
    }

    /// Pushes on a sleeping item (100×100, mass 1, frictionless floor): an instantaneous push of
    /// magnitude 1 changes its velocity by 100 pt/s; a continuous one accelerates it at 100 pt/s².
    @Test func pushesMoveASleepingItemByUIKitsUnits() {
        for mode in [PushBehavior.Mode.instantaneous, .continuous] {
            let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 2000, height: 384))
            let item = Box(Point(300, 334), Size(100, 100))
            standardBehaviors([item], animator, friction: 0)
            run(animator, steps: 90)
            #expect(isAsleep(item, animator))
            let x0 = item.center.x
            let push = PushBehavior(items: [item], mode: mode)
            push.setAngle(0, magnitude: 1)
            animator.addBehavior(push)
            run(animator, steps: 60)
            let v = animator.linearVelocity(for: item).x, dx = item.center.x - x0
            // Both reach 100 pt/s; the impulse in 1 s moves it 100 pt, the force 50 pt.
            #expect(abs(v - 100) < 2, "\(mode): \(v) pt/s")
            let expected = mode == .instantaneous ? 100.0 : 50.0
            #expect(abs(dx - expected) / expected < 0.03, "\(mode): moved \(dx) pt")
        }
    }

    /// A box resting on the floor in a drag field sleeps and stays asleep: the field, unchanged,
    /// gives it the load it fell asleep with. Switching the field to linear gravity sideways
    /// (1000 pt/s², frictionless floor) wakes it and it slides ½·a·t² = 20 pt in 0.2 s.
    @Test func unchangedDragFieldKeepsASleepingBoxAsleep() {
        let animator = DynamicAnimator(referenceBounds: bounds640)
        animator.pausesAtRest = false
        let box = Box(Point(200, 364), Size(40, 40))
        standardBehaviors([box], animator, friction: 0)
        let drag = FieldBehavior.dragField()
        drag.strength = 2
        drag.addItem(box)
        animator.addBehavior(drag)
        var firstAsleep: Int?, wokeAfter = false
        run(animator, steps: 180) { step in
            let asleep = isAsleep(box, animator)
            if asleep && firstAsleep == nil { firstAsleep = step }
            if firstAsleep != nil && !asleep { wokeAfter = true }
        }
        #expect(firstAsleep != nil && firstAsleep! <= 60)
        #expect(!wokeAfter, "an unchanged field woke it")
        animator.removeBehavior(drag)
        let push = FieldBehavior.linearGravityField(direction: Vector(1, 0))
        push.addItem(box)
        animator.addBehavior(push)
        let x0 = box.center.x
        run(animator, steps: 12)
        #expect(abs((box.center.x - x0) - 20) / 20 < 0.03, "slid \(box.center.x - x0) pt")
    }

    /// A snapped item at rest sleeps; moving the snap point (as a grab drag does) wakes it, and it
    /// settles at the new point.
    @Test func movingTheSnapPointWakesTheSnappedItem() {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1000, height: 1000))
        let item = Box(Point(300, 300), Size(60, 60))
        let snap = SnapBehavior(item: item, snapTo: Point(300, 300))
        animator.addBehavior(snap)
        run(animator, steps: 60)
        #expect(isAsleep(item, animator))
        snap.snapPoint = Point(400, 250)
        animator.step()
        #expect(!isAsleep(item, animator))
        run(animator, steps: 240)
        #expect(item.center.distance(to: Point(400, 250)) < 0.5, "settled at \(item.center)")
        #expect(isAsleep(item, animator))
    }

    /// A pendulum swinging beside a sleeping pyramid keeps its period (the rigid pendulum of
    /// AttachmentTests: 3.6930 s, within 0.5%), while the pyramid sleeps.
    @Test func pendulumBesideASleepingPyramidKeepsItsPeriod() {
        let L = 300.0, g = 1000.0, theta0 = Double.pi / 3
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1600, height: 600))
        let anchor = Point(1200, 100)
        let bob = Box.ball(anchor + Vector(-L * sin(theta0), L * cos(theta0)), diameter: 20)
        let boxes = pyramid(x: 300, floor: 600)
        let (gravity, _, _) = standardBehaviors(boxes, animator)
        gravity.addItem(bob)
        animator.addBehavior(AttachmentBehavior(item: bob, attachedToAnchor: anchor))
        var crossings: [Double] = []
        var previousX = bob.center.x - anchor.x
        var sleptAt: Double?
        run(animator, steps: 1200) { _ in
            if sleptAt == nil && boxes.allSatisfy({ isAsleep($0, animator) }) { sleptAt = animator.elapsedTime }
            let x = bob.center.x - anchor.x
            if previousX < 0 && x >= 0 {
                crossings.append(animator.elapsedTime - 1.0 / 60 * x / (x - previousX))
            }
            previousX = x
        }
        #expect((sleptAt ?? .infinity) < 3, "pyramid asleep at \(String(describing: sleptAt))")
        #expect(boxes.allSatisfy { isAsleep($0, animator) })
        #expect(!isAsleep(bob, animator))
        let exact = 4 * (L / g).squareRoot() * ellipticK(pow(sin(theta0 / 2), 2))
        #expect(crossings.count >= 4)
        let measured = (crossings.last! - crossings.first!) / Double(crossings.count - 1)
        #expect(abs(measured - exact) / exact < 0.005, "period \(measured) vs \(exact)")
    }

    /// Falling asleep ends no contact: a box resting on the floor hears one "began" and no
    /// "ended", however long it sleeps.
    @Test func fallingAsleepSendsNoContactEvents() {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 400))
        animator.pausesAtRest = false
        let box = Box(Point(200, 100), Size(40, 40))
        let collision = CollisionBehavior(items: [box])
        collision.addBoundary(withIdentifier: "floor", from: Point(0, 300), to: Point(400, 300))
        let recorder = ContactTests.Recorder()
        collision.collisionDelegate = recorder
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: [box]))
        run(animator, steps: 300)
        #expect(isAsleep(box, animator))
        #expect(recorder.began == ["floor"])
        #expect(recorder.ended.isEmpty)
    }

    /// An anchored paddle moving at 100 pt/s reaches a sleeping box on a frictionless floor: the
    /// box wakes and is pushed ahead at the paddle's speed instead of being passed through.
    @Test func movingAnchoredItemWakesAndPushesASleepingBox() {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1000, height: 384))
        animator.pausesAtRest = false
        let box = Box(Point(400, 364), Size(40, 40))
        let paddle = Box(Point(200, 354), Size(20, 60))
        standardBehaviors([box], animator, friction: 0)
        let walls = CollisionBehavior(items: [box, paddle])
        walls.collisionMode = .items
        animator.addBehavior(walls)
        let anchored = DynamicItemBehavior(items: [paddle])
        anchored.isAnchored = true
        animator.addBehavior(anchored)
        run(animator, steps: 60)
        #expect(isAsleep(box, animator))
        animator.setKinematicVelocity(Vector(100, 0), angular: 0, for: paddle)
        run(animator, steps: 180)   // 170 pt gap: contact after 1.7 s, then 1.3 s of pushing
        #expect(abs(animator.linearVelocity(for: box).x - 100) < 5)
        #expect(box.center.x - paddle.center.x >= 30 - 0.6, "the paddle stays behind the box")
    }

    /// The same calls give bit-identical results with islands falling asleep and waking.
    @Test func sleepingAndWakingIsDeterministic() {
        func simulate() -> [Double] {
            let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1000, height: 600))
            let boxes = pyramid(x: 500, floor: 600, base: 6)
            let (gravity, collision, props) = standardBehaviors(boxes, animator)
            props.elasticity = 0.3
            run(animator, steps: 120)
            let ball = Box.ball(Point(503, 300), diameter: 30)
            gravity.addItem(ball)
            collision.addItem(ball)
            run(animator, steps: 120)
            return (boxes + [ball]).flatMap { [$0.center.x, $0.center.y, $0.angle] }
        }
        let a = simulate(), b = simulate()
        #expect(a.map(\.bitPattern) == b.map(\.bitPattern))
    }
}
