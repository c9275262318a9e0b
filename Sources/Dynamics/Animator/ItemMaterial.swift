// ItemMaterial: an item's physical properties as the dynamic item behaviors that name it resolve
// them (each property from the last behavior, in the animator's order, that set it explicitly),
// and how they are written into the item's body and shape.
import Geometry

/// The resolved properties of one item; the defaults are UIKit's documented ones.
struct ItemMaterial {
    var elasticity = 0.0, friction = 0.0, density = 1.0, resistance = 0.0, angularResistance = 0.0
    var allowsRotation = true, anchored = false, charge = 0.0

    /// Takes the properties `behavior` set explicitly.
    mutating func take(from behavior: DynamicItemBehavior) {
        let set = behavior.explicitly
        if set.contains(.elasticity) { elasticity = behavior.elasticity }
        if set.contains(.friction) { friction = behavior.friction }
        if set.contains(.density) { density = behavior.density }
        if set.contains(.resistance) { resistance = behavior.resistance }
        if set.contains(.angularResistance) { angularResistance = behavior.angularResistance }
        if set.contains(.allowsRotation) { allowsRotation = behavior.allowsRotation }
        if set.contains(.anchored) { anchored = behavior.isAnchored }
        if set.contains(.charge) { charge = behavior.charge }
    }

    /// Writes the properties into the item's shape and body, and sets its mass.
    func apply(to record: ItemRecord, world: World) {
        for shape in record.shapes {
            world.withShape(shape) {
                $0.restitution = min(max(elasticity, 0), 1)
                $0.friction = max(friction, 0)
            }
        }
        world.withBody(record.body) { b in
            b.linearDamping = max(resistance, 0)
            b.angularDamping = max(angularResistance, 0)
            b.allowsRotation = allowsRotation
            b.charge = charge
            let kind: BodyKind = anchored ? .anchored : .dynamic
            if b.kind != kind {
                b.kind = kind
                if kind == .anchored { b.velocity = .zero; b.angularVelocity = 0 }
            }
            if !allowsRotation { b.angularVelocity = 0 }
        }
        Self.setMass(density: max(density, 1e-9), record: record, world: world)
    }

    /// Mass = density × width × height / 10⁴ (a 100×100 item of density 1 weighs 1, whatever its
    /// shape, as in UIKit); rotational inertia from the collision shape, about the center.
    static func setMass(density: Double, record: ItemRecord, world: World) {
        if let parts = record.parts {
            setGroupMass(density: density, parts: parts, body: record.body, world: world)
            return
        }
        let size = record.item.bounds.size
        let mass = density * size.width * size.height / 10_000
        let shape = world.shape(record.shape)
        let inertia: Double
        switch shape.kind {
        case .circle:
            inertia = mass * shape.radius * shape.radius / 2
        case .polygon where shape.radius == 0:
            let v = (0..<Int(shape.vertexCount)).map { world.vertices[Int(shape.vertexStart) + $0] }
            inertia = PolygonBuilder.inertia(v, mass: mass)
        case .polygon, .capsule:
            // A rounded shape's inertia per unit mass is its area's (RoundedMass), at the mass
            // the bounds give.
            let v = (0..<Int(shape.vertexCount)).map { world.vertices[Int(shape.vertexStart) + $0] }
            let data = RoundedMass.of(vertices: v, radius: shape.radius, density: 1)
            inertia = data.mass > 0 ? mass * data.inertia / data.mass : 0
        }
        world.withBody(record.body) { $0.setMass(mass, inertia: inertia) }
    }

    /// A group's mass is the sum of its items' masses, and its inertia about its center of mass
    /// the sum over its items of each one's inertia about its own center plus its mass times the
    /// squared distance of that center (the parallel-axis theorem): Σ (Iᵢ + mᵢ dᵢ²).
    static func setGroupMass(density: Double, parts: [GroupPart], body: BodyID, world: World) {
        var mass = 0.0, inertia = 0.0
        for part in parts {
            let m = density * part.area
            mass += m
            inertia += m * part.inertiaPerMass + m * part.offset.lengthSquared
        }
        world.withBody(body) { $0.setMass(mass, inertia: inertia) }
    }
}
