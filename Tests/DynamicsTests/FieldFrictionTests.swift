// FieldFrictionTests: an item a strong field presses against a wall, with a pull along the wall
// that friction can hold, stays where it is and never gains energy; pressed into a corner, the
// same.
//
// The field is the electric field of a charge 10⁹ pt away (uniform over the scene to 1 part in
// 10⁷), of acceleration a from 10³ to 10⁶ pt/s², pointing into the right wall and up along it at
// tan θ = 0.35, below the item's friction of 1, or into the top-right corner. Static friction
// holds the item, so it may not move down (against the pull) by more than half a point beyond
// the 5.5·(1 − cos t + sin t) pt its center drops as a box turned by t = 0.14 rad tips flat about
// its corner on the wall, and kinetic plus potential energy (½·m·v² + ½·I·ω² − m·a·(d·(x − x₀))
// for the uniform field along d) may not rise. A field kicks in halves at both ends of each
// substep; with friction solved only in the relax pass, the warm start's tangent impulse, which
// held against both halves, acted with only one of them there, and the rest moved the item down
// the wall against the field: a light box pressed at 452,000 pt/s² crept 5.5 pt a step (the
// energy audit's seed 27441). On the old code every case here failed (the box slid 0.9 to 192 pt
// against the field, gaining up to 63 times m·a·1.1 pt). Harder pressed (the corner from 10⁴
// turned and 10⁵ flat), friction at points still apart moved it out of the corner until only
// touching points held friction. Flat in the corner, started 0 or 0.1 pt off at 10⁶ pt/s² or
// pressed at 3·10⁶, it gained 0.8 to 6.2 times m·a·1.1 pt while each wall's separation was
// measured along a normal that did not turn with the box's face; along the turned normal it
// stays. Against the wall alone at 10⁶ pt/s² (a·h² is 17 pt a substep, more than the box's
// size) it tipped within a step and tumbled until its pair with the wall was collided again at
// every substep.
import Foundation
import Testing
import Geometry
@testable import Dynamics

@Suite struct FieldFrictionTests {
    @Test("an item a field presses against a wall, pulled along it less than friction holds, stays put and gains no energy",
          arguments: [1e3, 1e4, 1e5], [0, 0.14])
    func pressedAgainstAWall(acceleration: Double, tilt: Double) {
        let result = check(acceleration: acceleration, tilt: tilt, direction: Vector(1, -0.35), corner: false)
        #expect(result.gain <= 0.01, "\(result.label): energy above the start by \(result.gain) of m·a·1.1 pt")
        #expect(result.down <= result.allowed, "\(result.label): moved \(result.down) pt against the field")
    }

    @Test("an item a field presses into a corner stays put and gains no energy",
          arguments: [(1e3, 0), (1e4, 0), (1e3, 0.14)] as [(Double, Double)])
    func pressedIntoACorner(acceleration: Double, tilt: Double) {
        let result = check(acceleration: acceleration, tilt: tilt, direction: Vector(0.8, -0.6), corner: true)
        #expect(result.gain <= 0.01, "\(result.label): energy above the start by \(result.gain) of m·a·1.1 pt")
        #expect(result.down <= result.allowed, "\(result.label): moved \(result.down) pt against the field")
    }

    /// Harder pressed into the corner: from 10⁴ pt/s² turned and 10⁵ flat up to 3·10⁶. Friction
    /// at a point still apart (speculative) ran along the other wall's normal and stopped the
    /// approach there: the box stood apart from both walls, turned, and ratcheted out of the
    /// corner, 0.7 to 6.2 pt against the field, gaining 0.07 to 5.5 times m·a·1.1 pt. Under a field
    /// only touching points hold friction now. The flat box started half a point from both walls
    /// at 10⁶ pt/s², and a quarter point off at 3·10⁵, stay too (with side walls that reach past
    /// the corners they gained 3.4 and 2.6 times m·a·1.1 pt). Started touching both walls or 0.1 pt
    /// off at 10⁶, or pressed at 3·10⁶, it gained 0.81, 6.2 and 1.5 times m·a·1.1 pt: each wall's
    /// friction turned the box a little in each substep's move, and the separation, measured
    /// along a normal that stayed where the step began while the box's face it came from turned,
    /// let a face that touched at one point throw the box out of the corner.
    @Test("harder pressed, an item in a corner stays put and gains no energy",
          arguments: [(1e4, 0.14, 0.25), (1e5, 0, 0.25), (1e5, 0.14, 0.25), (1e6, 0, 0.25), (1e6, 0.14, 0.25),
                      (1e6, 0, 0.5), (3e5, 0, 0.25), (1e6, 0, 0.1), (1e6, 0, 0), (3e6, 0, 0.25)]
              as [(Double, Double, Double)])
    func pressedHarder(acceleration: Double, tilt: Double, offset: Double) {
        let result = check(acceleration: acceleration, tilt: tilt, direction: Vector(0.8, -0.6), corner: true,
                           offset: offset)
        #expect(result.gain <= 0.01, "\(result.label): energy above the start by \(result.gain) of m·a·1.1 pt")
        #expect(result.down <= result.allowed, "\(result.label): moved \(result.down) pt against the field")
    }

    /// Against the wall alone at 10⁶ pt/s² (a·h² = 17 pt a substep, more than the box's size),
    /// turned by 0.14 rad: the box slides up the wall, along the field, into the corner within
    /// three steps. While the side walls stopped at the corner it tumbled there (spinning at
    /// 450 rad/s while the right wall's end face touched it, in steps 41 and 42), then walked down the wall
    /// against the field 4 to 5 pt a step, as the flat box below does, and ended 43 times
    /// m·a·1.1 pt above its start by step 120. With the side walls reaching past the corner
    /// (WallSeamTests) it rests in the corner from step 5 on, 58 times m·a·1.1 pt below its start.
    @Test("pressed against a wall at 10⁶ pt/s², a turned item slides into the corner and gains no energy")
    func turnedAtAMillion() {
        let result = check(acceleration: 1e6, tilt: 0.14, direction: Vector(1, -0.35), corner: false)
        #expect(result.gain <= 0.01 && result.down <= result.allowed, "gain \(result.gain), moved \(result.down) pt")
    }

    /// Flat against the wall alone at 10⁶ pt/s² (a·h² is 17 pt a substep, more than the box's
    /// size) the box tips within a step: on the points found where the step began it tumbled,
    /// ending 0.24 times m·a·1.1 pt above its start. Its pair with the wall is now collided again
    /// at every substep (SubstepManifolds.swift), and it stays.
    @Test("pressed flat against a wall at 10⁶ pt/s², an item stays put and gains no energy")
    func pressedAtAMillion() {
        let result = check(acceleration: 1e6, tilt: 0, direction: Vector(1, -0.35), corner: false)
        #expect(result.gain <= 0.01 && result.down <= result.allowed, "gain \(result.gain), moved \(result.down) pt")
    }

    /// Four boxes 40 pt apart on the floor: their four contacts with it share no moving body, so
    /// they fill one color's batch and the wide solver's lanes solve them. The field presses them
    /// down and pulls them right at tan θ = 0.35, which friction 1 holds. On the old code the
    /// lanes solved friction in the relax pass only, and the boxes crept left, against the pull.
    @Test("a row of items a field presses onto the floor, solved in the wide lanes, stays put and gains no energy",
          arguments: [1e4, 1e5])
    func rowPressedOntoTheFloor(acceleration a: Double) {
        let d = Vector(0.35, 1) * (1 / Vector(0.35, 1).length)
        let starts = (0..<4).map { Point(200 + 40 * Double($0), 384 - 5.75) }
        let items = starts.map { Box($0, Size(11, 11)) }
        let animator = Self.chargedAnimator(items)
        let m = animator.mass(for: items[0])
        let field = FieldBehavior.electricField()
        field.position = Point(320, 384) - d * 1e9
        field.strength = a * m / GravityBehavior.pointsPerSecondSquared
        for item in items { field.addItem(item) }
        animator.addBehavior(field)
        var worstGain = -Double.infinity, furthestBack = 0.0
        run(animator, steps: 120) { _ in
            var energy = 0.0
            for (item, start) in zip(items, starts) {
                let v = animator.linearVelocity(for: item), w = animator.angularVelocity(for: item)
                energy += 0.5 * m * v.lengthSquared + 0.5 * animator.inertia(for: item) * w * w
                    - m * a * d.dot(item.center - start)
                furthestBack = max(furthestBack, start.x - item.center.x)
            }
            worstGain = max(worstGain, energy / (4 * m * a * 1.1))
        }
        #expect(worstGain <= 0.01, "\(a) pt/s²: energy above the start by \(worstGain) of 4·m·a·1.1 pt")
        #expect(furthestBack <= 0.5, "\(a) pt/s²: a box moved \(furthestBack) pt against the pull")
    }

    /// Four boxes, one in each corner of the bounds, each pressed into its corner by its own
    /// field (along (±0.8, ±0.6)). Each box's two wall contacts share no moving body with the
    /// other boxes', so the four first contacts fill one color and the four second ones another,
    /// and the wide solver's lanes solve them all. On the old code those lanes bounded a point
    /// still apart by its speculative impulse, as the scalar solver once did: each wall's
    /// friction, running along the other wall's normal, held the box off the other wall and
    /// ratcheted it out of its corner against the field (at 10⁵ pt/s², flat or turned by
    /// 0.14 rad, more than m·a·1.1 pt above the start). At 10⁶ pt/s² the lanes' boxes still
    /// move out of their corners (3.4 to 3.6 pt), like the single box flat against a wall at
    /// 10⁶ (`pressedAtAMillion`); a cause not found yet.
    @Test("four items, each pressed into its own corner and solved in the wide lanes, stay put and gain no energy",
          arguments: [(1e4, 0.14), (1e5, 0), (1e5, 0.14)] as [(Double, Double)])
    func fourPressedIntoCorners(acceleration a: Double, tilt: Double) {
        let half = 5.5 * (cos(tilt) + sin(tilt)) + 0.25
        let signs = [(1.0, -1.0), (-1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
        let starts = signs.map { Point($0.0 > 0 ? 640 - half : half, $0.1 < 0 ? half : 384 - half) }
        let items = starts.map { Box($0, Size(11, 11), angle: tilt) }
        let animator = Self.chargedAnimator(items)
        let m = animator.mass(for: items[0]), inertia = animator.inertia(for: items[0])
        let directions = signs.map { Vector(0.8 * $0.0, 0.6 * $0.1) }
        for (item, d) in zip(items, directions) {
            let field = FieldBehavior.electricField()
            field.position = item.center - d * 1e9
            field.strength = a * m / GravityBehavior.pointsPerSecondSquared
            field.addItem(item)
            animator.addBehavior(field)
        }
        var worstGain = -Double.infinity, furthestOut = 0.0
        run(animator, steps: 120) { _ in
            for ((item, start), (d, sign)) in zip(zip(items, starts), zip(directions, signs)) {
                let v = animator.linearVelocity(for: item), w = animator.angularVelocity(for: item)
                let energy = 0.5 * m * v.lengthSquared + 0.5 * inertia * w * w - m * a * d.dot(item.center - start)
                worstGain = max(worstGain, energy / (m * a * 1.1))
                furthestOut = max(furthestOut, -sign.1 * (item.center.y - start.y))
            }
        }
        let allowed = 0.5 + 5.5 * (1 - cos(tilt) + sin(tilt))
        #expect(worstGain <= 0.01, "\(a) pt/s², tilt \(tilt): energy above the start by \(worstGain) of m·a·1.1 pt")
        #expect(furthestOut <= allowed, "\(a) pt/s², tilt \(tilt): a box moved \(furthestOut) pt out of its corner")
    }

    /// An 11 pt box at rest `offset` (a quarter point unless told) from the right boundary
    /// (x = 640), halfway down it or in the top-right corner, under the field along `direction`
    /// for 2 s.
    /// Returns the most energy above the start (in m·a·1.1 pt, the drive's work over a tenth of the
    /// item's size), the furthest move against the field along the wall (down; in the corner,
    /// away from the ceiling) and the move allowed (the tip's drop and half a point).
    func check(acceleration a: Double, tilt: Double, direction: Vector, corner: Bool, offset: Double = 0.25)
        -> (gain: Double, down: Double, allowed: Double, label: String) {
        let d = direction * (1 / direction.length)
        let half = 5.5 * (cos(tilt) + sin(tilt)) + offset
        let start = Point(640 - half, corner ? half : 192)
        let item = Box(start, Size(11, 11), angle: tilt)
        let animator = Self.chargedAnimator([item])
        let m = animator.mass(for: item), inertia = animator.inertia(for: item)
        let field = FieldBehavior.electricField()
        field.position = start - d * 1e9
        field.strength = a * m / GravityBehavior.pointsPerSecondSquared
        field.addItem(item)
        animator.addBehavior(field)
        let label = "\(a) pt/s², tilt \(tilt), \(offset) pt off, \(corner ? "in the corner" : "against the wall")"
        let scale = m * a * 1.1
        var worstGain = -Double.infinity, furthestDown = 0.0
        run(animator, steps: 120) { _ in
            let v = animator.linearVelocity(for: item), w = animator.angularVelocity(for: item)
            let energy = 0.5 * m * v.lengthSquared + 0.5 * inertia * w * w - m * a * d.dot(item.center - start)
            worstGain = max(worstGain, energy / scale)
            furthestDown = max(furthestDown, item.center.y - start.y)
        }
        return (worstGain, furthestDown, 0.5 + 5.5 * (1 - cos(tilt) + sin(tilt)), label)
    }

    /// Items inside the 640×384 bounds' walls, charge 1 (for the fields that press them),
    /// friction 1 and elasticity 0, committed.
    static func chargedAnimator(_ items: [Box]) -> DynamicAnimator {
        let animator = DynamicAnimator(referenceBounds: bounds640)
        let collision = CollisionBehavior(items: items)
        collision.setTranslatesReferenceBoundsIntoBoundary(true)
        animator.addBehavior(collision)
        let properties = DynamicItemBehavior(items: items)
        properties.charge = 1
        properties.friction = 1
        properties.elasticity = 0
        animator.addBehavior(properties)
        animator.commitChanges()
        return animator
    }
}
