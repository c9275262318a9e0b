// AuditSceneGenerator: the energy audit's scene for a seed, written as scene YAML (so it goes
// through the real parser and builder) together with what the audit must know of it.
//
// Scenes are consistent when they start: no two items overlap each other or the walls, every
// joint holds at its creation pose (lengths default to the pose; ranges contain it), springs
// start at their rest length. Every draw is made whichever kinds are enabled, so a seed leaving
// a kind out is the same scene without it: that is how a failure is traced to its kind. The
// order of the draws is therefore part of every seed's scene and must not change.
import Foundation
import Geometry

struct AuditSceneGenerator {
    typealias Kind = EnergyAudit.Kind
    struct Item { var id: String; var center: Point; var size: Size; var ellipse: Bool }

    private var rng: SplitMix64
    private let kinds: Set<Kind>
    private var scene: EnergyAudit.Scene
    private var yaml = ""
    private var items: [Item] = []
    private let bounds = EnergyAudit.bounds
    private static let jointKinds: [Kind] = [.rod, .spring, .rope, .pin, .motor, .sliding, .fixed]
    /// The conservative fields act everywhere (a region's edge would add energy on the way in and
    /// take it on the way out, at different places); the others anywhere.
    private static let conservative: Set<Kind> = [.linearGravityField, .radialGravityField, .springField, .electricField]

    init(seed: UInt64, kinds: Set<Kind>) {
        rng = SplitMix64(seed: seed)
        self.kinds = kinds
        scene = EnergyAudit.Scene(seed: seed, yaml: "")
    }

    /// The scene: items, walls, gravity, the items' properties, joints, snaps, a push, fields.
    mutating func generate() -> EnergyAudit.Scene {
        placeItems()
        yaml = "name: Audit \(scene.seed)\nitems:\n"
        writeItems()
        yaml += "behaviors:\n  - {type: collision, boundaries: reference}\n"
        writeGravity()
        writeItemProperties()
        for _ in 0..<rng.int(0...3) { writeJoint() }
        writeSnaps()
        writePush()
        for _ in 0..<rng.int(0...2) { writeField() }
        scene.yaml = yaml
        return scene
    }

    // MARK: Formatting

    /// `x` rounded to 1/`places`.
    private static func f(_ x: Double, _ places: Double = 10) -> Double { (x * places).rounded() / places }
    private static func s(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x) }
    private static func p(_ q: Vector) -> String { "[\(s(q.x)), \(s(q.y))]" }
    private func f(_ x: Double, _ places: Double = 10) -> Double { Self.f(x, places) }
    private func s(_ x: Double) -> String { Self.s(x) }
    private func p(_ q: Vector) -> String { Self.p(q) }

    /// A draw of `chance`, made whether or not `kind` is enabled; true only when it is.
    private mutating func on(_ kind: Kind, _ chance: Double) -> Bool { rng.chance(chance) && kinds.contains(kind) }

    /// A point up to twice an item's size from its center, in the bounds.
    private mutating func near(_ item: Item) -> Point {
        let reach = 2 * max(item.size.width, item.size.height)
        let q = item.center + Vector(rng.uniform(-reach, reach), rng.uniform(-reach, reach))
        return Point(x: f(min(max(q.x, 0), bounds.width)), y: f(min(max(q.y, 0), bounds.height)))
    }

    /// A point on an item, from its center.
    private mutating func offset(_ item: Item) -> Vector {
        Vector(f(rng.uniform(-item.size.width / 2, item.size.width / 2)), f(rng.uniform(-item.size.height / 2, item.size.height / 2)))
    }

    // MARK: Items

    /// One to four items that overlap neither each other nor the walls.
    private mutating func placeItems() {
        let count = rng.int(1...4)
        var tries = 0
        while items.count < count && tries < 200 {
            tries += 1
            let size = Size(width: f(rng.logUniform(8, 80)), height: f(rng.logUniform(8, 80)))
            let radius = (size.width * size.width + size.height * size.height).squareRoot() / 2
            let center = Point(x: f(rng.uniform(radius + 2, bounds.width - radius - 2)),
                               y: f(rng.uniform(radius + 2, bounds.height - radius - 2)))
            let clear = items.allSatisfy {
                let other = ($0.size.width * $0.size.width + $0.size.height * $0.size.height).squareRoot() / 2
                return $0.center.distance(to: center) > radius + other + 1
            }
            if clear { items.append(Item(id: "i\(items.count)", center: center, size: size, ellipse: rng.chance(0.4))) }
        }
    }

    private mutating func writeItems() {
        for item in items {
            var line = "  - {id: \(item.id)\(item.ellipse ? ", shape: ellipse" : ""), size: [\(s(item.size.width)), \(s(item.size.height))], center: \(p(item.center))"
            if rng.chance(0.5) {
                line += ", velocity: \(p(Vector(f(rng.uniform(-300, 300)), f(rng.uniform(-300, 300)))))"
            }
            yaml += line + "}\n"
        }
    }

    private mutating func writeGravity() {
        let wanted = on(.gravity, 0.6)
        let magnitude = f(rng.uniform(0.2, 1.5), 100)
        let turned = rng.chance(0.3), any = rng.uniform(0, 2 * .pi)
        let angle = turned ? f(any, 1000) : f(.pi / 2, 1000)
        if wanted {
            scene.kinds.insert(.gravity)
            yaml += "  - {type: gravity, magnitude: \(s(magnitude)), angle: \(s(angle))}\n"
            scene.gravity = EnergyAudit.Scene.Gravity(acceleration: Vector(cos(angle), sin(angle)) * (1000 * magnitude))
        }
    }

    /// Density, elasticity and friction always; resistance, rotation and spin as `properties`;
    /// a charge for the electric and magnetic fields.
    private mutating func writeItemProperties() {
        for item in items {
            var line = "  - {type: dynamicItem, items: [\(item.id)], density: \(s(f(rng.logUniform(0.1, 10), 1000)))"
            line += ", elasticity: \(s(f(rng.uniform(0, 1), 100))), friction: \(s(f(rng.uniform(0, 1), 100)))"
            var extra = ""
            if rng.chance(0.3) { extra += ", resistance: \(s(f(rng.uniform(0, 2), 100)))" }
            if rng.chance(0.3) { extra += ", angularResistance: \(s(f(rng.uniform(0, 2), 100)))" }
            if rng.chance(0.15) { extra += ", allowsRotation: false" }
            if rng.chance(0.2) { extra += ", angularVelocity: \(s(f(rng.uniform(-5, 5), 100)))" }
            if on(.properties, 0.5) {
                scene.kinds.insert(.properties)
                line += extra
            }
            let charge = f(rng.uniform(-2, 2), 100)
            if charge != 0 { line += ", charge: \(s(charge))"; scene.charges[item.id] = charge }
            yaml += line + "}\n"
        }
    }

    // MARK: Joints

    /// One attachment of a random kind, from a random item to another item or to the world.
    private mutating func writeJoint() {
        let kind = rng.pick(Self.jointKinds)
        let a = rng.int(0...(items.count - 1))
        let item = items[a]
        var other: Item?
        if items.count > 1 && rng.chance(0.5) {
            var b = rng.int(0...(items.count - 2))
            if b >= a { b += 1 }
            other = items[b]
        }
        let rest: String
        switch kind {
        case .rod, .spring, .rope: rest = distanceJoint(kind, item, other)
        case .pin, .motor: rest = pinJoint(kind, item, other)
        case .sliding: rest = slidingJoint(item, other)
        default:
            guard let other else { return }
            rest = ", kind: fixed, to: \(other.id), anchor: \(p(near(item)))"
        }
        if kinds.contains(kind) {
            scene.kinds.insert(kind)
            yaml += "  - {type: attachment, item: \(item.id)" + rest + "}\n"
        }
    }

    /// A rod, a spring (at its rest length) or a rope (slack by up to 50 pt), between two points.
    private mutating func distanceJoint(_ kind: Kind, _ item: Item, _ other: Item?) -> String {
        let from = offset(item)
        var entry = (kind == .rope ? ", kind: limit" : "") + ", offset: \(p(from))"
        var to = Vector.zero, anchor = Point.zero
        if let other {
            to = offset(other)
            entry += ", to: \(other.id), toOffset: \(p(to))"
            anchor = other.center + to
        } else {
            anchor = near(item)
            entry += ", anchor: \(p(anchor))"
        }
        let distance = (item.center + from).distance(to: anchor)
        if kind == .rope {
            entry += ", length: \(s(f(distance + rng.uniform(0.1, 50))))"
        } else if kind == .spring {
            let hertz = f(rng.uniform(0.5, 10), 100)
            let damping = rng.chance(0.5) ? 0 : f(rng.uniform(0, 1), 100)
            entry += ", frequency: \(s(hertz)), damping: \(s(damping))"
            if kinds.contains(.spring) {
                scene.springs.append(EnergyAudit.Scene.Spring(item: item.id, offset: from, to: other?.id, toOffset: to,
                                                              anchor: anchor, rest: distance, hertz: hertz))
            }
        }
        return entry
    }

    /// A pin, with a range containing its pose or friction, or a motor.
    private mutating func pinJoint(_ kind: Kind, _ item: Item, _ other: Item?) -> String {
        var entry = ", kind: pin, anchor: \(p(near(item)))" + (other.map { ", to: \($0.id)" } ?? "")
        if rng.chance(0.4) { entry += ", range: [\(s(f(-rng.uniform(0, 2), 100))), \(s(f(rng.uniform(0, 2), 100)))]" }
        if kind == .motor {
            let torque = f(rng.logUniform(10, 100_000))
            entry += ", motorSpeed: \(s(f(rng.uniform(-10, 10), 100))), motorTorque: \(s(torque))"
            if kinds.contains(.motor) { scene.motors.append(EnergyAudit.Scene.Motor(item: item.id, to: other?.id, torque: torque)) }
        } else if rng.chance(0.3) {
            entry += ", frictionTorque: \(s(f(rng.logUniform(1, 10_000))))"
        }
        return entry
    }

    /// A sliding attachment along a random axis, with a range containing its pose or none.
    private mutating func slidingJoint(_ item: Item, _ other: Item?) -> String {
        let angle = rng.uniform(0, 2 * .pi)
        var entry = ", kind: sliding, anchor: \(p(near(item))), axis: [\(s(f(cos(angle), 1000))), \(s(f(sin(angle), 1000)))]"
        entry += other.map { ", to: \($0.id)" } ?? ""
        if rng.chance(0.5) { entry += ", range: [\(s(f(-rng.uniform(0, 60)))), \(s(f(rng.uniform(0, 60))))]" }
        return entry
    }

    // MARK: Drivers and fields

    private mutating func writeSnaps() {
        for item in items where rng.chance(0.15) {
            let point = near(item)
            let damping = f(rng.uniform(0, 1), 100)
            guard kinds.contains(.snap) else { continue }
            scene.kinds.insert(.snap)
            yaml += "  - {type: snap, item: \(item.id), point: \(p(point)), damping: \(s(damping))}\n"
            scene.snaps.removeAll { $0.item == item.id }
            scene.snaps.append((item.id, point.distance(to: item.center)))
        }
    }

    private mutating func writePush() {
        guard rng.chance(0.3) else { return }
        let item = rng.pick(items)
        let magnitude = f(rng.logUniform(0.01, 2), 1000), angle = f(rng.uniform(0, 2 * .pi), 1000)
        guard kinds.contains(.push) else { return }
        scene.kinds.insert(.push)
        yaml += "  - {type: push, items: [\(item.id)], mode: continuous, magnitude: \(s(magnitude)), angle: \(s(angle))}\n"
        // A continuous push of magnitude 1 is a force of 100 mass·pt/s².
        scene.pushes.append(EnergyAudit.Scene.Push(item: item.id, force: Vector(cos(angle), sin(angle)) * (100 * magnitude)))
    }

    /// One field of a random kind over some of the items.
    private mutating func writeField() {
        let kind = rng.pick(Kind.allCases.filter { $0.fieldKind != nil })
        let name = kind.fieldKind!
        let members = items.filter { _ in rng.chance(0.7) }.map(\.id)
        guard !members.isEmpty else { return }
        let position = Point(x: f(rng.uniform(0, bounds.width)), y: f(rng.uniform(0, bounds.height)))
        var entry = "  - {type: field, kind: \(name), items: [\(members.joined(separator: ", "))], position: \(p(position))"
        let (strength, direction) = fieldStrength(kind)
        if kind == .linearGravityField || kind == .velocityField { entry += ", direction: \(p(direction))" }
        entry += ", strength: \(s(strength))"
        let round = rng.chance(0.5)
        let radius = f(rng.uniform(20, 300)), width = f(rng.uniform(20, 600)), height = f(rng.uniform(20, 400))
        if !Self.conservative.contains(kind) && rng.chance(0.4) {
            entry += round ? ", region: {radius: \(s(radius))}" : ", region: {size: [\(s(width)), \(s(height))]}"
        }
        guard kinds.contains(kind) else { return }
        scene.kinds.insert(kind)
        yaml += entry + "}\n"
        scene.fields.append(EnergyAudit.Scene.Field(kind: name, items: members, position: position, strength: strength,
                                                    direction: direction))
    }

    /// A field's strength and, for linear gravity and velocity fields, its direction.
    private mutating func fieldStrength(_ kind: Kind) -> (Double, Vector) {
        switch kind {
        case .linearGravityField:
            let strength = f(rng.uniform(0.1, 1), 100)
            let angle = rng.uniform(0, 2 * .pi)
            return (strength, Vector(f(cos(angle), 1000), f(sin(angle), 1000)))
        case .radialGravityField: return (f(rng.uniform(0.1, 1), 100), .zero)
        case .springField: return (f(rng.logUniform(0.05, 4), 100), .zero)
        case .electricField: return (f(rng.uniform(-1, 1), 100), .zero)
        case .dragField: return (f(rng.uniform(0, 3), 100), .zero)
        case .velocityField:
            let strength = f(rng.uniform(0, 5), 100)
            return (strength, Vector(f(rng.uniform(-3, 3), 100), f(rng.uniform(-3, 3), 100)))
        case .vortexField, .noiseField, .turbulenceField: return (f(rng.uniform(-1, 1), 100), .zero)
        case .magneticField: return (f(rng.uniform(-5, 5), 100), .zero)
        default: return (0, .zero)
        }
    }
}
