import Testing
import Geometry
@testable import Dynamics

@Suite struct FieldTests {
    func world() -> DynamicAnimator { DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 10_000, height: 10_000)) }

    @Test func linearGravityFieldOfStrengthOneIsOneG() {
        let item = Box(Point(500, 500), Size(50, 50))
        let animator = world()
        let field = FieldBehavior.linearGravityField(direction: Vector(1, 0))
        field.addItem(item)
        animator.addBehavior(field)
        run(animator, steps: 60)
        #expect(abs(animator.linearVelocity(for: item).x - 1000) < 20)
    }

    @Test func radialGravityPullsTowardItsPositionInsideItsRegionOnly() {
        let inside = Box(Point(600, 500), Size(10, 10)), outside = Box(Point(900, 500), Size(10, 10))
        let animator = world()
        let field = FieldBehavior.radialGravityField(position: Point(500, 500))
        field.region = .circle(radius: 200)
        field.addItem(inside); field.addItem(outside)
        animator.addBehavior(field)
        run(animator, steps: 6)
        #expect(animator.linearVelocity(for: inside).x < -90)
        #expect(animator.linearVelocity(for: outside) == .zero)
    }

    @Test func springFieldOfStrengthOneOscillatesAtOneHertz() {
        let item = Box(Point(600, 500), Size(10, 10))
        let animator = world()
        let field = FieldBehavior.springField()
        field.position = Point(500, 500)
        field.addItem(item)
        animator.addBehavior(field)
        var crossings: [Double] = [], previous = 100.0, t = 0.0
        run(animator, steps: 300) { _ in
            t += 1.0 / 60
            let x = item.center.x - 500
            if previous > 0 && x <= 0 { crossings.append(t - 1.0 / 60 * (-x) / (previous - x)) }
            previous = x
        }
        let period = (crossings.last! - crossings.first!) / Double(crossings.count - 1)
        #expect(abs(period - 1) < 0.02)
    }

    @Test func dragFieldDecaysVelocityExponentially() {
        let item = Box(Point(500, 500), Size(10, 10))
        let animator = world()
        let drag = FieldBehavior.dragField()
        drag.strength = 2
        drag.addItem(item)
        let props = DynamicItemBehavior(items: [item])
        props.addLinearVelocity(Vector(1000, 0), for: item)
        animator.addBehavior(drag)
        animator.addBehavior(props)
        run(animator, steps: 30)
        #expect(abs(animator.linearVelocity(for: item).x - 1000 * exp(-1)) / (1000 * exp(-1)) < 0.02)
    }

    @Test func vortexTurnsClockwiseAndNoiseIsRepeatable() {
        let item = Box(Point(600, 500), Size(10, 10))
        let animator = world()
        let vortex = FieldBehavior.vortexField()
        vortex.position = Point(500, 500)
        vortex.addItem(item)
        animator.addBehavior(vortex)
        animator.step()
        // At (+100, 0) from the center, clockwise on screen (y down) is +y.
        #expect(animator.linearVelocity(for: item).y > 0)

        func noiseRun() -> Point {
            let item = Box(Point(500, 500), Size(10, 10))
            let animator = world()
            let noise = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 1)
            noise.addItem(item)
            animator.addBehavior(noise)
            run(animator, steps: 120)
            return item.center
        }
        let a = noiseRun(), b = noiseRun()
        #expect(a == b)
        #expect(a.distance(to: Point(500, 500)) > 1)
    }

    @Test func electricFieldRepelsLikeChargesAndIgnoresNeutralItems() {
        let charged = Box(Point(600, 500), Size(100, 100)), neutral = Box(Point(400, 500), Size(100, 100))
        let animator = world()
        let field = FieldBehavior.electricField()
        field.position = Point(500, 500)
        field.addItem(charged); field.addItem(neutral)
        let props = DynamicItemBehavior(items: [charged])
        props.charge = 1
        animator.addBehavior(field)
        animator.addBehavior(props)
        run(animator, steps: 6)
        #expect(animator.linearVelocity(for: charged).x > 0)
        #expect(animator.linearVelocity(for: neutral) == .zero)
    }
}

@Suite struct FieldEdgeTests {
    @Test func noiseFieldIsFiniteFarFromTheOrigin() {
        let field = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 1)
        for p in [Point(1e300, -1e300), Point(9.3e18, 1), Point(-1e19, 5e20)] {
            let a = field.acceleration(at: p, velocity: .zero, mass: 1, charge: 0, time: 1e12)
            #expect(a.isFinite && a.length <= 1000 * 2.0.squareRoot())
        }
    }
}
