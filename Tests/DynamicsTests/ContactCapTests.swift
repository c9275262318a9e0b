// The cap on contacts per shape counts pairs of fat boxes, and a body in a stirred pile fills it
// with pairs of bodies it does not touch. A body coming at it must still get its pair: a pair
// refused while it cannot touch within the step waits until it may, and a full shape then gives
// up its farthest pair that cannot (ContactEviction.swift). Bodies made at one point, whose
// boxes all overlap, give nothing up: no shape ever has more than the cap.
//
// A small cap (4) stands for the 64 of a pile: the rule does not depend on its size. A ball with
// four equal neighbors 11 pt off (their fat boxes overlap its own, so it is full), and a heavy box
// coming straight at it between them at 300 to 2,400 pt/s (5 to 40 pt a step). When the cap
// refused the box's pair, the box went through the ball (at 600 pt/s, 149.5 pt past its edge).
// With the pair, the box pushes the ball ahead, and the two never overlap by more than the soft
// contact's largest overlap.
import Testing
import Geometry
@testable import Dynamics

@Suite struct ContactCapTests {
    @Test("a ball full of pairs with bodies it does not touch is still met by a box coming at it",
          arguments: [300.0, 600, 1200, 2400])
    func fullBallMeetsAnIncomingBox(speed: Double) {
        var settings = WorldSettings()
        settings.maxContactsPerShape = 4
        let world = World(settings: settings)
        func ball(at p: Vector) -> BodyID {
            var b = Body()
            b.position = p
            b.setMass(1, inertia: 1)
            let id = world.createBody(b.definition)
            world.setFilter(world.addCircle(body: id, radius: 4.5), itemMask: 1, boundaryMask: 0)
            return id
        }
        let middle = ball(at: Vector(0, 0))
        for p in [Vector(-20, 0), Vector(20, 0), Vector(-20, 15), Vector(20, 15)] { _ = ball(at: p) }
        var box = Body()
        box.position = Vector(0, -60)
        box.velocity = Vector(0, speed)
        box.setMass(100, inertia: 100 * (20.0 * 20 + 10 * 10) / 12)
        let boxID = world.createBody(box.definition)
        world.setFilter(world.addPolygon(body: boxID, vertices: [Vector(-10, -5), Vector(10, -5), Vector(10, 5), Vector(-10, 5)]),
                        itemMask: 1, boundaryMask: 0)
        var deepest = -Double.infinity
        for _ in 0..<20 {
            world.step(dt: 1.0 / 60)
            let b = world.body(boxID).position, m = world.body(middle).position
            // How far the box's lower face is past the ball's upper edge, while the ball is under it.
            if abs(m.x - b.x) < 10 { deepest = max(deepest, (b.y + 5) - (m.y - 4.5)) }
        }
        let m = world.body(middle)
        #expect(deepest <= WorldSettings().maxSoftOverlap, "the box was \(deepest) pt into the ball")
        // Pushed ahead: the ball moves on with the box, it is not left behind it.
        #expect(m.position.y > world.body(boxID).position.y, "the ball is at \(m.position), the box at \(world.body(boxID).position)")
        #expect(m.velocity.y > 0.5 * speed, "the ball moves at \(m.velocity)")
    }

    /// Two full balls meet: A holds pairs it could give up (its neighbors are 20 pt off), B only
    /// pairs with the two balls it carries 0.6 pt off, which may touch within any step. The new
    /// pair is refused, since B has nothing to give, and A must then keep its pairs. Asked first,
    /// A gave one up before B refused: its pair with a far ball was missing for a step.
    @Test("a pair refused at two full shapes costs neither shape a contact")
    func refusedPairCostsNoContact() {
        var settings = WorldSettings()
        settings.maxContactsPerShape = 2
        let world = World(settings: settings)
        func ball(at p: Vector, moving v: Double = 0) -> Int32 {
            var b = Body()
            b.position = p
            b.velocity = Vector(v, 0)
            b.setMass(1, inertia: 1)
            let id = world.createBody(b.definition)
            let shape = world.addCircle(body: id, radius: 4.5)
            world.setFilter(shape, itemMask: 1, boundaryMask: 0)
            return Int32(shape.index)
        }
        let a = ball(at: Vector(0, 0))
        let farPairs = [ball(at: Vector(-20, 0)), ball(at: Vector(-20, 15))]
        // B and its two riders, 9.6 pt apart on the diagonals behind it, all at −60 pt/s.
        let d = 9.6 / 2.0.squareRoot()
        let b = ball(at: Vector(40, 0), moving: -60)
        for y in [-d, d] { _ = ball(at: Vector(40 + d, y), moving: -60) }
        // B comes 1 pt a step: their tight boxes overlap from about the 30th step, when B's
        // surface is a point or so from A's (B then goes on into A: the cap refused its pair).
        var lost = 0
        for _ in 0..<34 {
            world.step(dt: 1.0 / 60)
            lost += farPairs.filter { !world.contactSet.hasContact(a, $0) }.count
        }
        let made = world.contactSet.hasContact(a, b)
        #expect(!made, "B had room after all: the case did not arise")
        #expect(lost == 0, "A's far pairs were missing \(lost) times")
    }

    @Test("200 balls made at one point: no shape is charged more contacts than the cap")
    func crowdKeepsTheCap() {
        var settings = WorldSettings()
        settings.maxContactsPerShape = 16
        let world = World(settings: settings)
        for k in 0..<200 {
            var b = Body()
            b.position = Vector(0.01 * Double(k % 14), 0.01 * Double(k / 14))
            b.setMass(1, inertia: 1)
            let id = world.createBody(b.definition)
            let shape = world.addCircle(body: id, radius: 8)
            world.setFilter(shape, itemMask: 1, boundaryMask: 0)
        }
        var most = 0
        for _ in 0..<30 {
            world.step(dt: 1.0 / 60)
            var charged = [Int](repeating: 0, count: 200)
            for c in world.contacts {
                if c.charged & 1 != 0 { charged[Int(c.shapeA)] += 1 }
                if c.charged & 2 != 0 { charged[Int(c.shapeB)] += 1 }
            }
            most = max(most, charged.max() ?? 0)
        }
        #expect(most <= 16, "a shape was charged \(most) contacts")
        // Every contact is charged to one of its shapes: at most 16 per shape in all.
        #expect(world.contacts.count <= 200 * 16)
    }
}
