import Testing
import Foundation
import Geometry
@testable import Dynamics

/// A contact keeps its manifold while its bodies hardly move relative to each other
/// (ContactRecycling.swift). These tests check the rule's two thresholds from both sides (ten
/// linear slops, 5 pt, for touching contacts; the speculative distance, 2 pt, for the others;
/// an 11.5° turn in the world), that a kept manifold's separations are the geometry's, and that
/// friction still decelerates a sliding box at μg while its contact is kept.
@Suite struct ContactRecyclingTests {
    static let dt = 1.0 / 60

    /// A 100 pt box with its center at `center`, turned by `angle`; 2,000 pt wide fixed ground
    /// whose top face is y = 0 (y grows downward). No gravity: nothing moves unless told.
    struct Scene {
        let world: World
        let ground: BodyID
        let box: BodyID
        let boxShape: ShapeID

        init(boxCenter: Vector, angle: Double = 0, recycleDistance: Double = 5, restitution: Double = 0) {
            var settings = WorldSettings()
            settings.contactRecycleDistance = recycleDistance
            world = World(settings: settings)
            var g = Body()
            g.kind = .fixed
            ground = world.createBody(g.definition)
            let groundShape = world.addPolygon(body: ground, vertices: Self.rectangle(width: 2000, height: 100, center: Vector(0, 50)))
            world.setFilter(groundShape, itemMask: 1, boundaryMask: 0)
            var b = Body()
            b.position = boxCenter
            b.rotation = Rotation(angle: angle)
            b.setMass(1, inertia: 1.0 / 6 * 100 * 100)
            box = world.createBody(b.definition)
            boxShape = world.addPolygon(body: box, vertices: Self.rectangle(width: 100, height: 100, center: .zero))
            world.setFilter(boxShape, itemMask: 1, boundaryMask: 0)
            world.withShape(boxShape) { $0.restitution = restitution; $0.friction = 0.5 }
            world.withShape(groundShape) { $0.friction = 0.5 }
        }

        static func rectangle(width w: Double, height h: Double, center c: Vector) -> [Vector] {
            [Vector(c.x - w / 2, c.y - h / 2), Vector(c.x + w / 2, c.y - h / 2),
             Vector(c.x + w / 2, c.y + h / 2), Vector(c.x - w / 2, c.y + h / 2)]
        }

        /// The separations of the one contact, deepest first.
        var separations: [Double] {
            let m = world.contacts[0].manifold
            return (m.count > 1 ? [m.p1.separation, m.p2.separation] : [m.p1.separation]).sorted()
        }

        func move(by d: Vector, angle: Double = 0) {
            let b = world.body(box)
            world.setTransform(box, position: b.position + d, angle: angle)
            world.withBody(box) { $0.velocity = .zero; $0.angularVelocity = 0 }
        }
    }

    /// A box lying on the ground, its bottom face exactly on the ground's top (y = 0).
    static func restingBox(recycleDistance: Double = 5, restitution: Double = 0) -> Scene {
        let scene = Scene(boxCenter: Vector(0, -50), recycleDistance: recycleDistance, restitution: restitution)
        scene.world.step(dt: dt)
        return scene
    }

    @Test func aTouchingContactSlidByLessThanTenSlopsIsKeptAndByMoreIsCollidedAgain() {
        for (shift, kept) in [(4.9, true), (5.1, false)] {
            let scene = Self.restingBox()
            #expect(scene.world.contacts.count == 1 && scene.world.contacts[0].touching)
            scene.move(by: Vector(shift, 0))
            scene.world.step(dt: Self.dt)
            #expect(scene.world.recycledContactCount == (kept ? 1 : 0), "slid \(shift) pt")
        }
    }

    @Test func aContactNotTouchingIsKeptOnlyWithinTheSpeculativeDistance() {
        for (shift, kept) in [(1.9, true), (2.1, false)] {
            // 1 pt above the ground: within the speculative margin, but not touching (slop 0.5).
            let scene = Scene(boxCenter: Vector(0, -51))
            scene.world.step(dt: Self.dt)
            #expect(scene.world.contacts.count == 1 && !scene.world.contacts[0].touching)
            #expect(abs(scene.separations[0] - 1) < 1e-9)
            scene.move(by: Vector(shift, 0))
            scene.world.step(dt: Self.dt)
            #expect(scene.world.recycledContactCount == (kept ? 1 : 0), "slid \(shift) pt")
        }
    }

    /// Two boxes turned together keep their relative pose; past 11.5° in the world the normal kept
    /// in world orientation would be wrong, so the pair is collided again.
    @Test func aPairTurnedTogetherPastElevenAndAHalfDegreesIsCollidedAgain() {
        for (degrees, kept) in [(10.0, true), (12.0, false)] {
            let world = World()
            var ids: [BodyID] = []
            for y in [-50.0, -150.0] {
                var b = Body()
                b.position = Vector(0, y)
                b.setMass(1, inertia: 1.0 / 6 * 100 * 100)
                let id = world.createBody(b.definition)
                let s = world.addPolygon(body: id, vertices: Scene.rectangle(width: 100, height: 100, center: .zero))
                world.setFilter(s, itemMask: 1, boundaryMask: 0)
                ids.append(id)
            }
            world.step(dt: Self.dt)
            #expect(world.contacts.count == 1)
            // Turn both about the lower box's center: the upper one's center swings with it.
            let angle = degrees * Double.pi / 180
            let pivot = Vector(0, -50)
            for id in ids {
                let p = world.body(id).position - pivot
                world.setTransform(id, position: pivot + p.rotated(by: angle), angle: angle)
            }
            world.step(dt: Self.dt)
            #expect(world.recycledContactCount == (kept ? 1 : 0), "turned \(degrees)°")
        }
    }

    /// Translation moves every point of the box alike, so a kept manifold's separations must be
    /// the geometric ones: 0.3 pt into the ground, and 1.2 pt above it.
    @Test(arguments: [0.3, -1.2])
    func aKeptManifoldMeasuresTheTranslatedBoxExactly(depth: Double) {
        let scene = Self.restingBox()
        scene.move(by: Vector(2, depth))
        scene.world.step(dt: Self.dt)
        #expect(scene.world.recycledContactCount == 1)
        #expect(scene.separations.count == 2)
        for s in scene.separations { #expect(abs(s - -depth) < 1e-9, "separation \(s)") }
    }

    /// Tilted by 2° about its center, both bottom corners rise by 50(1 − cos θ) and one goes down
    /// and the other up by 50 sin θ: one dips 50 sin θ − 50(1 − cos θ) below the ground, the other
    /// stands 50 sin θ + 50(1 − cos θ) above it. The kept manifold follows
    /// the same material points, so it must agree with the geometry, and with a manifold computed
    /// afresh, to well under a hundredth of a point.
    @Test func aKeptManifoldFollowsATiltedBox() {
        let theta = 2 * Double.pi / 180
        let kept = Self.restingBox()
        kept.move(by: .zero, angle: theta)
        kept.world.step(dt: Self.dt)
        #expect(kept.world.recycledContactCount == 1)
        let fresh = Self.restingBox(recycleDistance: 0)
        fresh.move(by: .zero, angle: theta)
        fresh.world.step(dt: Self.dt)
        #expect(fresh.world.recycledContactCount == 0)
        let dip = 50 * sin(theta) - 50 * (1 - cos(theta)), rise = 50 * sin(theta) + 50 * (1 - cos(theta))
        let expected = [-dip, rise]
        #expect(kept.separations.count == 2 && fresh.separations.count == 2)
        for k in 0..<2 {
            #expect(abs(kept.separations[k] - expected[k]) < 0.01, "kept \(kept.separations) against \(expected)")
            #expect(abs(kept.separations[k] - fresh.separations[k]) < 0.01, "kept \(kept.separations), fresh \(fresh.separations)")
        }
    }

    /// The impact pass (Newton's cradle) reads an elastic contact's geometry every step.
    @Test func anElasticContactIsNeverKept() {
        let scene = Self.restingBox(restitution: 0.5)
        scene.world.step(dt: Self.dt)
        #expect(scene.world.contacts.count == 1)
        #expect(scene.world.recycledContactCount == 0)
    }

    /// A box sliding at 200 pt/s on a floor with μ = 0.5 under 1,000 pt/s² decelerates at μg =
    /// 500 pt/s² and stops after v²/(2μg) = 40 pt. Its contact slides less than 5 pt a step, so
    /// it is kept for most of the way: friction must work the same on a kept manifold.
    @Test func aSlidingBoxStopsWhereFrictionSays() {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 2000, height: 400))
        let box = Box(Point(200, 400 - 20), Size(40, 40))
        animator.addBehavior(GravityBehavior(items: [box]))
        let collision = CollisionBehavior(items: [box])
        collision.setTranslatesReferenceBoundsIntoBoundary(true)
        animator.addBehavior(collision)
        let props = DynamicItemBehavior(items: [box])
        props.friction = 0.5
        animator.addBehavior(props)
        run(animator, steps: 30)   // settle on the floor
        let start = box.center.x
        props.addLinearVelocity(Vector(200, 0), for: box)
        var recycledSteps = 0
        run(animator, steps: 60) { _ in
            if animator.world.recycledContactCount > 0 { recycledSteps += 1 }
        }
        let distance = box.center.x - start
        #expect(abs(distance - 40) < 40 * 0.03, "slid \(distance) pt")
        #expect(recycledSteps >= 30, "the floor contact was kept in \(recycledSteps) of 60 steps")
    }
}
