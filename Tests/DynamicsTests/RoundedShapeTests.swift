// RoundedShapeTests: capsules and rounded rectangles, against what geometry and mechanics fix:
// the closed forms of their area and inertia, where they rest (a capsule on its side at its
// radius, on two points; a rounded corner at the core's corner plus the radius), that a capsule
// on its end tips over, slides down a slope at g(sin θ − μ cos θ), keeps its energy bouncing with
// elasticity 1, and does not pass through a wall when fast.
import Testing
import Geometry
@testable import Dynamics

/// An item with a collision bounds type and a corner radius.
final class Pill: DynamicItem {
    var center: Point
    let bounds: Rect
    var transform: AffineTransform
    let collisionBoundsType: DynamicItemCollisionBoundsType
    let cornerRadius: Double

    init(_ center: Point, _ size: Size, angle: Double = 0, type: DynamicItemCollisionBoundsType = .capsule,
         cornerRadius: Double = 0) {
        self.center = center
        bounds = Rect(origin: .zero, size: size)
        transform = AffineTransform(rotationAngle: angle)
        collisionBoundsType = type
        self.cornerRadius = cornerRadius
    }

    var angle: Double { transform.rotationAngle }
}

@Suite struct RoundedShapeTests {
    static let g = GravityBehavior.pointsPerSecondSquared

    /// A capsule of length L between its centers and radius r is a 2r × L rectangle and two half
    /// discs: m = ρ(2rL + πr²); the rectangle turns with m_R(L² + 4r²)/12 and the half discs,
    /// their centroids 4r/(3π) beyond the ends, with m_D(r²/2 + L²/4 + 4rL/(3π)).
    @Test func capsuleMassAndInertiaAreTheClosedForms() {
        let L = 60.0, r = 10.0, density = 2.0
        let data = RoundedMass.capsule(center1: Vector(-L / 2, 0), center2: Vector(L / 2, 0), radius: r, density: density)
        let rectangle = density * 2 * r * L, discs = density * Double.pi * r * r
        let inertia = rectangle * (L * L + 4 * r * r) / 12 + discs * (r * r / 2 + L * L / 4 + 4 * r * L / (3 * Double.pi))
        #expect(abs(data.mass - (rectangle + discs)) < 1e-9 * data.mass)
        #expect(abs(data.inertia - inertia) < 1e-9 * inertia, "\(data.inertia) vs \(inertia)")
        #expect(data.center.length < 1e-12)
        // Turned and moved, the same capsule has the same mass and inertia about its own center.
        let turned = RoundedMass.capsule(center1: Vector(5, 7), center2: Vector(5 + L * 0.6, 7 + L * 0.8), radius: r,
                                         density: density)
        #expect(abs(turned.inertia - inertia) < 1e-9 * inertia)
        #expect((turned.center - Vector(5 + L * 0.3, 7 + L * 0.4)).length < 1e-9)
    }

    /// A w × h rectangle with corners rounded by r is a (w − 2r) × (h − 2r) core, four side strips
    /// and four quarter discs: area wh − (4 − π)r², and the sum of each piece's inertia about the
    /// center (strips by the parallel-axis theorem, quarter discs about their corner, r²/2 per
    /// unit mass, moved by their centroid 4r/(3π) along both axes).
    @Test func roundedRectangleMassAndInertiaAreTheClosedForms() {
        let w = 80.0, h = 50.0, r = 12.0, density = 0.5
        let cw = w - 2 * r, ch = h - 2 * r
        let data = RoundedMass.of(vertices: PolygonBuilder.box(width: cw, height: ch), radius: r, density: density)
        #expect(abs(data.mass - density * (w * h - (4 - Double.pi) * r * r)) < 1e-9 * data.mass)
        func strip(_ a: Double, _ b: Double, at d: Double) -> Double { density * a * b * ((a * a + b * b) / 12 + d * d) }
        let quarter = density * Double.pi * r * r / 4, k = 4 * r / (3 * Double.pi)
        let corner = quarter * (r * r / 2 + 2 * (cw / 2 + ch / 2) * k + (cw * cw + ch * ch) / 4)
        let inertia = density * cw * ch * (cw * cw + ch * ch) / 12
            + 2 * strip(r, ch, at: cw / 2 + r / 2) + 2 * strip(cw, r, at: ch / 2 + r / 2) + 4 * corner
        #expect(abs(data.inertia - inertia) < 1e-9 * inertia, "\(data.inertia) vs \(inertia)")
        // Without rounding it is the rectangle's m(w² + h²)/12.
        let sharp = RoundedMass.of(vertices: PolygonBuilder.box(width: w, height: h), radius: 0, density: density)
        #expect(abs(sharp.inertia - density * w * h * (w * w + h * h) / 12) < 1e-9 * sharp.inertia)
    }

    /// An animator over 640 × 384 with the bounds as walls, gravity on `items`, and `friction`.
    static func scene(_ items: [DynamicItem], friction: Double = 0.5, elasticity: Double = 0,
                      boundaries: Bool = true) -> (DynamicAnimator, CollisionBehavior) {
        let animator = DynamicAnimator(referenceBounds: bounds640)
        animator.addBehavior(GravityBehavior(items: items))
        let collision = CollisionBehavior(items: items)
        collision.setTranslatesReferenceBoundsIntoBoundary(boundaries)
        animator.addBehavior(collision)
        let props = DynamicItemBehavior(items: items)
        props.friction = friction
        props.elasticity = elasticity
        animator.addBehavior(props)
        return (animator, collision)
    }

    /// Lying on its side, a capsule's center rests one radius above the floor (within the
    /// solver's linear slop, 0.5 pt), level, on two contact points a core length apart: on the
    /// bounds' wall (a box) and on a segment boundary.
    @Test(arguments: [false, true])
    func capsuleOnItsSideRestsAtItsRadiusOnTwoPoints(onSegment: Bool) {
        let floor = onSegment ? 300.0 : 384.0
        let pill = Pill(Point(320, floor - 40), Size(100, 20))
        let (animator, collision) = Self.scene([pill])
        if onSegment { collision.addBoundary(withIdentifier: "bar", from: Point(0, 300), to: Point(640, 300)) }
        run(animator, steps: 120)
        #expect(abs(pill.center.y - (floor - 10)) < 0.5, "center at \(pill.center.y)")
        #expect(abs(sin(pill.angle)) < 1e-3)
        let points = animator.contactPoints
        #expect(points.count == 2)
        let xs = points.map(\.point.x).sorted()
        if points.count == 2 {
            #expect(abs(xs[1] - xs[0] - 80) < 1, "points at \(xs)")
            // A kept manifold's points stay where they were computed, within the recycling
            // tolerance (5 pt, ContactRecycling.swift).
            #expect(points.allSatisfy { abs($0.point.y - floor) < 5 }, "points \(points.map(\.point))")
        }
    }

    /// Standing on one end, turned 3° from upright, a 20 × 100 capsule falls over and comes to
    /// rest on its side, its center one radius above the floor.
    @Test func capsuleOnItsEndTipsOver() {
        let pill = Pill(Point(320, 384 - 50), Size(20, 100), angle: 3 * Double.pi / 180)
        let (animator, _) = Self.scene([pill])
        run(animator, steps: 240)
        #expect(abs(abs(sin(pill.angle)) - 1) < 1e-2, "angle \(pill.angle)")
        #expect(abs(pill.center.y - (384 - 10)) < 0.5, "center at \(pill.center.y)")
    }

    /// A 40 pt square with corners rounded by 8, turned 45° and held 1 pt above the ground on its
    /// corner, is 1 pt away: its core's corner lies 12√2 below the center and the rounding 8
    /// further; one point, straight below the center, with the normal straight down. Two such
    /// squares unturned, corner to corner along a diagonal, touch along that diagonal.
    @Test func roundedCornerContactIsTheCoreCornerPlusTheRadius() {
        let world = World()
        var groundBody = Body()
        groundBody.kind = .fixed
        let ground = world.createBody(groundBody.definition)
        let groundShape = world.addPolygon(body: ground, vertices: [Vector(-500, 0), Vector(500, 0), Vector(500, 100), Vector(-500, 100)])
        world.setFilter(groundShape, itemMask: 1, boundaryMask: 0)
        let reach = 12 * 2.0.squareRoot() + 8
        var b = Body()
        b.position = Vector(30, -reach - 1)
        b.rotation = Rotation(angle: Double.pi / 4)
        b.setMass(1, inertia: 100)
        let box = world.createBody(b.definition)
        let shape = world.addPolygon(body: box, vertices: PolygonBuilder.box(width: 24, height: 24), radius: 8)
        world.setFilter(shape, itemMask: 1, boundaryMask: 0)
        world.step(dt: 1.0 / 60)
        #expect(world.contacts.count == 1)
        guard let m = world.contacts.first?.manifold else { return }
        #expect(m.count == 1)
        #expect(abs(m.p1.separation - 1) < 1e-9, "separation \(m.p1.separation)")
        #expect(abs(m.p1.point.x - 30) < 1e-9)
        #expect(abs(abs(m.normal.y) - 1) < 1e-12)

        // Corner to corner: two unturned rounded squares, the second 1.5 pt beyond touching along
        // the diagonal: their nearest points are the core corners, 2·8 + 1.5 pt apart.
        let pair = World()
        var shapes: [ShapeID] = []
        let gap = 1.5, offset = 24 + (16 + gap) / 2.0.squareRoot()
        for center in [Vector(0, 0), Vector(offset, offset)] {
            var body = Body()
            body.position = center
            body.setMass(1, inertia: 100)
            let id = pair.createBody(body.definition)
            let s = pair.addPolygon(body: id, vertices: PolygonBuilder.box(width: 24, height: 24), radius: 8)
            pair.setFilter(s, itemMask: 1, boundaryMask: 0)
            shapes.append(s)
        }
        pair.step(dt: 1.0 / 60)
        #expect(pair.contacts.count == 1)
        guard let corner = pair.contacts.first?.manifold else { return }
        #expect(corner.count == 1)
        #expect(abs(corner.p1.separation - gap) < 1e-9, "separation \(corner.p1.separation)")
        #expect(abs(abs(corner.normal.x) - 1 / 2.0.squareRoot()) < 1e-9 && abs(corner.normal.x - corner.normal.y) < 1e-12)
    }

    /// Lying along a 30° slope with friction μ = 0.2, a capsule slides down it from rest at
    /// a = g(sin θ − μ cos θ), level with the slope (it slides on its side, it does not tumble):
    /// the distance after a second is a/2 within 2 %.
    @Test func capsuleSlidesDownASlopeAtTheFrictionLaw() {
        let theta = Double.pi / 6, mu = 0.2
        // The slope runs down to the right (y grows downward): from (40, 60) toward (600, 383).
        let start = Point(40, 60), direction = Vector(cos(theta), sin(theta))
        let normal = Vector(sin(theta), -cos(theta))
        let end = start + direction * 640
        let place = start + direction * 100 + normal * 10
        let pill = Pill(place, Size(60, 20), angle: theta)
        let (animator, collision) = Self.scene([pill], friction: mu, boundaries: false)
        collision.addBoundary(withIdentifier: "slope", from: start, to: end)
        run(animator, steps: 60)
        let travelled = (pill.center - place).dot(direction)
        let expected = Self.g * (sin(theta) - mu * cos(theta)) / 2
        #expect(abs(travelled - expected) < 0.02 * expected, "slid \(travelled) pt, expected \(expected)")
        #expect(abs(pill.angle - theta) < 1e-2, "turned to \(pill.angle)")
        #expect(abs((pill.center - start).dot(normal) - 10) < 0.5)
    }

    /// Dropped with elasticity 1 and no friction, a capsule (level, and turned 20°) keeps its
    /// energy, ½v² + ½(I/m)ω² + g·height per unit mass, within 1 % over three seconds of
    /// bouncing, once the integrator's own loss is added back: it takes the velocity first and
    /// the position then, which loses g²h²/2 per substep h under gravity in flight (whatever the
    /// shape; 2,083 pt²/s² a second here). The drop is timed to meet the floor at a step's end
    /// (126 pt in 30 steps from rest), so the first impact does not bounce off early from a
    /// speculative contact.
    @Test(arguments: [0.0, 20.0])
    func droppedCapsuleBouncingWithElasticityOneKeepsItsEnergy(degrees: Double) {
        let substeps = 4.0, h = 1.0 / 60 / substeps
        // From rest, k substeps fall g·h²·k(k + 1)/2.
        let fall = Self.g * h * h * (30 * substeps) * (30 * substeps + 1) / 2
        let pill = Pill(Point(320, 374 - fall), Size(80, 20), angle: degrees * Double.pi / 180)
        let (animator, _) = Self.scene([pill], friction: 0, elasticity: 1)
        #expect(Double(animator.world.settings.substeps) == substeps)
        animator.pausesAtRest = false
        let data = RoundedMass.capsule(center1: Vector(-30, 0), center2: Vector(30, 0), radius: 10, density: 1)
        let inertiaPerMass = data.inertia / data.mass
        func energy() -> Double {
            let v = animator.linearVelocity(for: pill), w = animator.angularVelocity(for: pill)
            return 0.5 * v.lengthSquared + 0.5 * inertiaPerMass * w * w + Self.g * (384 - pill.center.y)
        }
        let initial = energy()
        var worst = 0.0
        run(animator, steps: 180) { step in
            let integratorLoss = Double(step) * substeps * Self.g * Self.g * h * h / 2
            worst = max(worst, abs(energy() + integratorLoss - initial))
        }
        #expect(worst < 0.01 * initial, "energy moved by \(worst) of \(initial)")
    }

    /// At 30,000 pt/s a 60 × 12 capsule crosses the 640 pt box in a fiftieth of a second, many
    /// times its length each step; it never ends a step outside the walls.
    @Test func fastCapsuleDoesNotTunnel() {
        let pill = Pill(Point(320, 192), Size(60, 12), angle: 0.3)
        let (animator, _) = Self.scene([pill], elasticity: 1)
        let push = DynamicItemBehavior(items: [pill])
        animator.addBehavior(push)
        push.addLinearVelocity(Vector(30_000, 9_000), for: pill)
        var outside = 0
        run(animator, steps: 120) { _ in
            if !bounds640.contains(pill.center) { outside += 1 }
        }
        #expect(outside == 0, "outside the walls after \(outside) steps")
    }
}
