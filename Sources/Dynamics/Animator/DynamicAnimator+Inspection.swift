// DynamicAnimator+Inspection: read-only questions about what the engine holds now, for showing
// the physics (the playground's overlays and HUD) and for tests: contact points, each item's
// bounding box and whether it sleeps, and the scene's kinetic and potential energy.
//
// Nothing here is kept up to date by the step: every answer is computed from the engine's state
// as the last commit and step left it, when it is asked, so a scene nobody inspects steps exactly as before, bit for bit. Each call
// walks what it needs once (the contacts, or the items), so asking once per drawn frame costs
// about as much as drawing the items does. Nothing here changes the engine either: the bounding
// box is worked out from the shape's vertices apart from the broad phase's own boxes, which
// hold the world vertices the next step's narrow phase reads.
import Geometry

extension DynamicAnimator {
    /// Nudge extension: the points where items touch each other or a boundary after the last
    /// step, two at most per touching pair (a box resting flat on the floor has two). Speculative
    /// points, which keep fast items from passing through before they meet, are left out.
    /// Empty before the first step.
    public var contactPoints: [ContactPoint] {
        let slop = world.settings.linearSlop
        // The stored impulse is the last substep's (warm starting carries it over substeps).
        let substep = substepDuration
        var points: [ContactPoint] = []
        for contact in world.contacts where contact.touching {
            let m = contact.manifold
            // Out of the boundary or immovable item when there is one.
            let flip = world.body(BodyID(contact.bodyB)).kind != .dynamic && world.body(BodyID(contact.bodyA)).kind == .dynamic
            let normal = flip ? -m.normal : m.normal
            for k in 0..<min(m.count, 2) {
                let p = k == 0 ? m.p1 : m.p2
                // The same test the engine uses for touching (ContactSet.updateTouching), per point.
                guard p.maxNormalImpulse > 0 || p.separation < slop else { continue }
                points.append(ContactPoint(point: p.point, normal: normal, separation: p.separation,
                                           normalForce: p.normalImpulse / substep))
            }
        }
        return points
    }

    /// Nudge extension: the smallest upright rectangle that holds the item's collision shape as
    /// the engine has it now (a square of side s turned by θ: s·(|cos θ| + |sin θ|) across), in
    /// the reference view's points; nil for an item no behavior names.
    public func boundingBox(for item: DynamicItem) -> Rect? {
        guard let record = record(for: item) else { return nil }
        let xf = world.body(record.body).transform
        var lo = Vector(Double.infinity, Double.infinity), hi = -lo
        for id in record.shapes {
            let shape = world.shape(id)
            switch shape.kind {
            case .circle:
                let c = shape.circleCenter(xf), r = shape.radius
                lo = Vector(min(lo.x, c.x - r), min(lo.y, c.y - r))
                hi = Vector(max(hi.x, c.x + r), max(hi.y, c.y + r))
            case .polygon, .capsule:
                let start = Int(shape.vertexStart), end = start + Int(shape.vertexCount), r = shape.radius
                for k in start..<end {
                    let p = xf.apply(world.vertices[k])
                    lo = Vector(min(lo.x, p.x - r), min(lo.y, p.y - r))
                    hi = Vector(max(hi.x, p.x + r), max(hi.y, p.y + r))
                }
            }
        }
        return Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    /// Nudge extension: whether the engine has put the item to sleep: it came to rest with the
    /// part of the scene it touches, and is not simulated until something wakes it. False for an
    /// item no behavior names.
    public func isSleeping(_ item: DynamicItem) -> Bool {
        return body(for: item).map { world.body($0).isAsleep } ?? false
    }

    /// Nudge extension: the length of one solver substep, in seconds (a step of 1/60 s is cut
    /// into the engine's substeps). A constant force's kick moves the body over a substep at the
    /// velocity it reaches at the kick, so between steps an item under a constant acceleration a
    /// reads the velocity of half a substep before the positions, v + a·h/2 being that of their
    /// instant: energy checks need h. It is the last step's: a step where a jointed item turns fast
    /// under a strong field takes more substeps (before the first step, the settings' count).
    public var substepDuration: Double {
        let n = world.stepper.lastSubsteps > 0 ? world.stepper.lastSubsteps : world.settings.substeps
        return Self.stepDuration / Double(max(n, 1))
    }

    /// Nudge extension: the kinetic energy of the items that move under forces (not anchored
    /// ones): Σ ½·m·v² + ½·I·ω², with m the mass the engine gives each item (a 100×100 item of
    /// density 1 has mass 1), v in pt/s, I its moment of inertia about its center and ω in rad/s;
    /// so in mass·pt²/s².
    public var kineticEnergy: Double {
        var sum = 0.0
        for r in items.compactMap(record(for:)) {
            let b = world.body(r.body)
            guard b.kind == .dynamic else { continue }
            sum += 0.5 * b.mass * b.velocity.lengthSquared + 0.5 * b.inertia * b.angularVelocity * b.angularVelocity
        }
        return sum
    }

    /// Nudge extension: the potential energy of gravity, Σ m·g·h over the items that move under
    /// forces, in mass·pt²/s² like ``kineticEnergy``. g is the acceleration of the gravity
    /// behaviors acting on the item (their sum; magnitude 1 is 1000 pt/s²), and h the item's
    /// height above the bottom of ``referenceBounds`` measured against that gravity: the distance,
    /// along the gravity's direction, from the item's center to the corner of the reference bounds
    /// farthest that way (for gravity straight down, `referenceBounds.maxY − center.y`). Fields
    /// are not counted; an item no gravity acts on has none.
    public var potentialEnergy: Double {
        var acceleration: [BodyID: Vector] = [:]
        for gravity in gravityBehaviors {
            let a = gravity.gravityDirection * GravityBehavior.pointsPerSecondSquared
            for body in gravity.bodies { acceleration[body, default: .zero] += a }
        }
        let bounds = referenceBounds
        let corners = [Point(bounds.minX, bounds.minY), Point(bounds.maxX, bounds.minY),
                       Point(bounds.minX, bounds.maxY), Point(bounds.maxX, bounds.maxY)]
        var sum = 0.0
        for r in items.compactMap(record(for:)) {
            let b = world.body(r.body)
            guard b.kind == .dynamic, let a = acceleration[r.body], a != .zero, a.x.isFinite, a.y.isFinite else { continue }
            let g = a.length, down = a / g
            let bottom = corners.map { $0.dot(down) }.max()!
            sum += b.mass * g * (bottom - b.position.dot(down))
        }
        return sum
    }
}
