// EnergyAudit: random scenes of every behavior kind, run through the real parser and builder, and
// checked for the one law that covers them all: the scene's energy never exceeds what it started
// with plus the work its drivers did. Nothing else can add energy: gravity, springs and the
// conservative fields only trade kinetic for potential energy, and collisions (elasticity ≤ 1),
// friction, resistance, damping, drag, the magnetic field and turbulence only take it out.
//
// The energy E is Σ ½·m·v² + ½·I·ω² plus the potentials: gravity's −m·g·(direction·x); linear
// gravity fields −m·a·(direction·x); radial gravity m·a·d; spring fields ½·m·ω²·d²; electric
// −q·a·d; attachment springs ½·k·(length − rest)², k = m·ω² with m the two items' reduced mass.
// The conservative fields act everywhere and have no falloff, so their potentials are exactly
// these. The drivers and the most work each can do:
//   - continuous pushes: force · the center's displacement (a push acts on the center);
//   - motors: the most torque × the turn of the item against what it is pinned to;
//   - snaps: the energy of their spring when the scene starts, ½·m·(2π·4 Hz)²·d²;
//   - vortex, noise and velocity fields, which do work: the most acceleration × m × the
//     distance moved (an upper bound);
//   - the items' starting velocities are in the starting energy.
// A scene fails when E exceeds the start plus that work by more than 1 % of its scale (every
// item lifted through the whole height at 1000 pt/s², plus the starting kinetic energy, the
// snaps' energy and all the work the drivers did so far, each step's counted as positive: a
// push that stretches a spring far puts energy in play that the scale must count), when a
// value goes NaN or infinite, or when an item's center leaves the walls.
//
// Scenes are consistent when they start: no two items overlap each other or the walls, every
// joint holds at its creation pose (lengths default to the pose; ranges contain it), springs
// start at their rest length. A seed's scene is the same on every platform (SplitMix64), and its
// YAML is printed with a failure, so any failure replays with `nudge simulate`.
import Dynamics
import Foundation
import Geometry
import SceneFormat
import Scenes

public enum EnergyAudit {
    /// The behavior kinds a scene may draw from: each can be left out to find a failure's cause.
    public enum Kind: String, CaseIterable, Sendable {
        case push, snap, gravity, rod, spring, rope, pin, motor, sliding, fixed, properties
        case linearGravityField, radialGravityField, dragField, velocityField, vortexField, springField
        case noiseField, turbulenceField, electricField, magneticField

        var fieldKind: String? {
            rawValue.hasSuffix("Field") ? String(rawValue.dropLast(5)) : nil
        }
    }

    public static let bounds = Rect(x: 0, y: 0, width: 640, height: 368)

    /// One random scene and what the audit needs to know of it beyond its YAML.
    public struct Scene: Sendable {
        public var seed: UInt64
        public var yaml: String
        /// The kinds the scene uses.
        public var kinds: Set<Kind> = []
        struct Push { var item: String; var force: Vector }
        struct Motor { var item: String; var to: String?; var torque: Double }
        struct Spring { var item: String; var offset: Vector; var to: String?; var toOffset: Vector; var anchor: Point
                        var rest: Double; var hertz: Double }
        struct Field { var kind: String; var items: [String]; var position: Point; var strength: Double
                       var direction: Vector }
        struct Gravity { var acceleration: Vector }
        var pushes: [Push] = []
        var motors: [Motor] = []
        var springs: [Spring] = []
        var fields: [Field] = []
        var gravity: Gravity?
        var snaps: [(item: String, distance: Double)] = []
        var charges: [String: Double] = [:]
    }

    /// What a run found.
    public struct Outcome: Sendable {
        /// The first check that failed, or nil.
        public var failure: String?
        /// "energy", "nan" or "walls".
        public var cause: String?
        /// The worst energy excess, as a share of the scene's scale.
        public var worstExcess = 0.0
    }

    // MARK: Generating

    /// A deterministic random scene for `seed`, drawing only on `kinds`.
    public static func scene(seed: UInt64, kinds: Set<Kind> = Set(Kind.allCases)) -> Scene {
        var rng = SplitMix64(seed: seed)
        var scene = Scene(seed: seed, yaml: "")
        struct Item { var id: String; var center: Point; var size: Size; var ellipse: Bool }
        func f(_ x: Double, _ places: Double = 10) -> Double { (x * places).rounded() / places }
        func s(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x) }
        func p(_ q: Vector) -> String { "[\(s(q.x)), \(s(q.y))]" }
        // Every draw is made whichever kinds are enabled, so a seed leaving a kind out is the same
        // scene without it: that is how a failure is traced to its kind.
        func on(_ kind: Kind, _ chance: Double) -> Bool { rng.chance(chance) && kinds.contains(kind) }

        var items: [Item] = []
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
        var yaml = "name: Audit \(seed)\nitems:\n"
        for item in items {
            var line = "  - {id: \(item.id)\(item.ellipse ? ", shape: ellipse" : ""), size: [\(s(item.size.width)), \(s(item.size.height))], center: \(p(item.center))"
            if rng.chance(0.5) {
                line += ", velocity: \(p(Vector(f(rng.uniform(-300, 300)), f(rng.uniform(-300, 300)))))"
            }
            yaml += line + "}\n"
        }
        yaml += "behaviors:\n  - {type: collision, boundaries: reference}\n"
        do {
            let wanted = on(.gravity, 0.6)
            let magnitude = f(rng.uniform(0.2, 1.5), 100)
            let turned = rng.chance(0.3), any = rng.uniform(0, 2 * .pi)
            let angle = turned ? f(any, 1000) : f(.pi / 2, 1000)
            if wanted {
                scene.kinds.insert(.gravity)
                yaml += "  - {type: gravity, magnitude: \(s(magnitude)), angle: \(s(angle))}\n"
                scene.gravity = Scene.Gravity(acceleration: Vector(cos(angle), sin(angle)) * (1000 * magnitude))
            }
        }
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
        /// A point up to twice an item's size from its center, in the bounds.
        func near(_ item: Item) -> Point {
            let reach = 2 * max(item.size.width, item.size.height)
            let q = item.center + Vector(rng.uniform(-reach, reach), rng.uniform(-reach, reach))
            return Point(x: f(min(max(q.x, 0), bounds.width)), y: f(min(max(q.y, 0), bounds.height)))
        }
        func offset(_ item: Item) -> Vector {
            Vector(f(rng.uniform(-item.size.width / 2, item.size.width / 2)), f(rng.uniform(-item.size.height / 2, item.size.height / 2)))
        }
        let jointKinds: [Kind] = [.rod, .spring, .rope, .pin, .motor, .sliding, .fixed]
        do {
            for _ in 0..<rng.int(0...3) {
                let kind = rng.pick(jointKinds)
                let a = rng.int(0...(items.count - 1))
                let item = items[a]
                var other: Item?
                if items.count > 1 && rng.chance(0.5) {
                    var b = rng.int(0...(items.count - 2))
                    if b >= a { b += 1 }
                    other = items[b]
                }
                var entry = "  - {type: attachment, item: \(item.id)"
                switch kind {
                case .rod, .spring, .rope:
                    let from = offset(item)
                    entry += (kind == .rope ? ", kind: limit" : "") + ", offset: \(p(from))"
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
                        if kinds.contains(.spring) { scene.springs.append(Scene.Spring(item: item.id, offset: from, to: other?.id, toOffset: to,
                                                          anchor: anchor, rest: distance, hertz: hertz)) }
                    }
                case .pin, .motor:
                    entry += ", kind: pin, anchor: \(p(near(item)))" + (other.map { ", to: \($0.id)" } ?? "")
                    if rng.chance(0.4) { entry += ", range: [\(s(f(-rng.uniform(0, 2), 100))), \(s(f(rng.uniform(0, 2), 100)))]" }
                    if kind == .motor {
                        let torque = f(rng.logUniform(10, 100_000))
                        entry += ", motorSpeed: \(s(f(rng.uniform(-10, 10), 100))), motorTorque: \(s(torque))"
                        if kinds.contains(.motor) { scene.motors.append(Scene.Motor(item: item.id, to: other?.id, torque: torque)) }
                    } else if rng.chance(0.3) {
                        entry += ", frictionTorque: \(s(f(rng.logUniform(1, 10_000))))"
                    }
                case .sliding:
                    let angle = rng.uniform(0, 2 * .pi)
                    entry += ", kind: sliding, anchor: \(p(near(item))), axis: [\(s(f(cos(angle), 1000))), \(s(f(sin(angle), 1000)))]"
                    entry += other.map { ", to: \($0.id)" } ?? ""
                    if rng.chance(0.5) { entry += ", range: [\(s(f(-rng.uniform(0, 60)))), \(s(f(rng.uniform(0, 60))))]" }
                default:
                    guard let other else { continue }
                    entry += ", kind: fixed, to: \(other.id), anchor: \(p(near(item)))"
                }
                if kinds.contains(kind) {
                    scene.kinds.insert(kind)
                    yaml += entry + "}\n"
                }
            }
        }
        for item in items where rng.chance(0.15) {
            let point = near(item)
            let damping = f(rng.uniform(0, 1), 100)
            guard kinds.contains(.snap) else { continue }
            scene.kinds.insert(.snap)
            yaml += "  - {type: snap, item: \(item.id), point: \(p(point)), damping: \(s(damping))}\n"
            scene.snaps.removeAll { $0.item == item.id }
            scene.snaps.append((item.id, point.distance(to: item.center)))
        }
        if rng.chance(0.3) {
            let item = rng.pick(items)
            let magnitude = f(rng.logUniform(0.01, 2), 1000), angle = f(rng.uniform(0, 2 * .pi), 1000)
            if kinds.contains(.push) {
            scene.kinds.insert(.push)
            yaml += "  - {type: push, items: [\(item.id)], mode: continuous, magnitude: \(s(magnitude)), angle: \(s(angle))}\n"
            // A continuous push of magnitude 1 is a force of 100 mass·pt/s².
            scene.pushes.append(Scene.Push(item: item.id, force: Vector(cos(angle), sin(angle)) * (100 * magnitude)))
            }
        }
        let fieldKinds = Kind.allCases.filter { $0.fieldKind != nil }
        do {
            for _ in 0..<rng.int(0...2) {
                let kind = rng.pick(fieldKinds)
                let name = kind.fieldKind!
                let members = items.filter { _ in rng.chance(0.7) }.map(\.id)
                guard !members.isEmpty else { continue }
                let position = Point(x: f(rng.uniform(0, bounds.width)), y: f(rng.uniform(0, bounds.height)))
                var entry = "  - {type: field, kind: \(name), items: [\(members.joined(separator: ", "))], position: \(p(position))"
                var strength = 0.0, direction = Vector(0, 0)
                switch kind {
                case .linearGravityField:
                    strength = f(rng.uniform(0.1, 1), 100)
                    let angle = rng.uniform(0, 2 * .pi)
                    direction = Vector(f(cos(angle), 1000), f(sin(angle), 1000))
                    entry += ", direction: \(p(direction))"
                case .radialGravityField: strength = f(rng.uniform(0.1, 1), 100)
                case .springField: strength = f(rng.logUniform(0.05, 4), 100)
                case .electricField: strength = f(rng.uniform(-1, 1), 100)
                case .dragField: strength = f(rng.uniform(0, 3), 100)
                case .velocityField:
                    strength = f(rng.uniform(0, 5), 100)
                    direction = Vector(f(rng.uniform(-3, 3), 100), f(rng.uniform(-3, 3), 100))
                    entry += ", direction: \(p(direction))"
                case .vortexField, .noiseField, .turbulenceField: strength = f(rng.uniform(-1, 1), 100)
                case .magneticField: strength = f(rng.uniform(-5, 5), 100)
                default: break
                }
                entry += ", strength: \(s(strength))"
                // The conservative fields act everywhere (a region's edge would add energy on the
                // way in and take it on the way out, at different places); the others anywhere.
                let conservative: Set<Kind> = [.linearGravityField, .radialGravityField, .springField, .electricField]
                let round = rng.chance(0.5)
                let radius = f(rng.uniform(20, 300)), width = f(rng.uniform(20, 600)), height = f(rng.uniform(20, 400))
                if !conservative.contains(kind) && rng.chance(0.4) {
                    entry += round ? ", region: {radius: \(s(radius))}" : ", region: {size: [\(s(width)), \(s(height))]}"
                }
                guard kinds.contains(kind) else { continue }
                scene.kinds.insert(kind)
                yaml += entry + "}\n"
                scene.fields.append(Scene.Field(kind: name, items: members, position: position, strength: strength,
                                                direction: direction))
            }
        }
        scene.yaml = yaml
        return scene
    }

    // MARK: Running

    /// Runs `scene` for `steps` steps of 1/60 s and checks it.
    public static func run(_ scene: Scene, steps: Int) throws -> Outcome {
        let description = try SceneParser().parse(yaml: scene.yaml, file: "audit-\(scene.seed).yaml")
        let built = SceneBuilder().build(description, referenceBounds: bounds)
        let animator = built.animator
        animator.pausesAtRest = false
        let items = built.items
        var byID: [String: SceneItem] = [:]
        for item in items { byID[item.id] = item }
        let mass = Dictionary(uniqueKeysWithValues: items.map { ($0.id, animator.mass(for: $0)) })
        let g = 1000.0

        func angle(_ item: SceneItem) -> Double { atan2(item.transform.b, item.transform.a) }
        func point(_ id: String, _ offset: Vector) -> Point {
            let item = byID[id]!
            let a = angle(item), c = cos(a), s = sin(a)
            return item.center + Vector(c * offset.x - s * offset.y, s * offset.x + c * offset.y)
        }
        func energy() -> Double {
            var e = animator.kineticEnergy
            if let gravity = scene.gravity {
                for item in items { e -= mass[item.id]! * gravity.acceleration.dot(item.center) }
            }
            for field in scene.fields {
                for id in field.items {
                    let m = mass[id]!, x = byID[id]!.center, d = x.distance(to: field.position)
                    switch field.kind {
                    case "linearGravity": e -= m * field.strength * g * field.direction.normalized.dot(x)
                    case "radialGravity": e += m * field.strength * g * d
                    case "spring": e += 0.5 * m * pow(2 * Double.pi, 2) * field.strength * d * d
                    case "electric": e -= (scene.charges[id] ?? 0) * field.strength * g * d
                    default: break
                    }
                }
            }
            for spring in scene.springs {
                let a = point(spring.item, spring.offset)
                let b = spring.to.map { point($0, spring.toOffset) } ?? spring.anchor
                let mA = mass[spring.item]!
                let m = spring.to.map { 1 / (1 / mA + 1 / mass[$0]!) } ?? mA
                let stretch = a.distance(to: b) - spring.rest
                e += 0.5 * m * pow(2 * Double.pi * spring.hertz, 2) * stretch * stretch
            }
            return e
        }
        var scale = animator.kineticEnergy
        for item in items { scale += mass[item.id]! * g * bounds.height }
        var work = 0.0
        // The drivers' work, every step's counted as positive: energy put in and taken out again
        // (a push stretching a spring) is energy in play, and the scale grows with it.
        var worked = 0.0
        for snap in scene.snaps {
            let budget = 0.5 * mass[snap.item]! * pow(2 * Double.pi * 4, 2) * snap.distance * snap.distance
            work += budget
            scale += budget
        }
        let start = energy()
        var outcome = Outcome()
        for step in 1...max(1, steps) {
            let before = Dictionary(uniqueKeysWithValues: items.map { ($0.id, ($0.center, angle($0))) })
            animator.step()
            for push in scene.pushes {
                let w = push.force.dot(byID[push.item]!.center - before[push.item]!.0)
                work += w
                worked += abs(w)
            }
            for motor in scene.motors {
                func turn(_ id: String) -> Double {
                    var d = angle(byID[id]!) - before[id]!.1
                    d -= (d / (2 * .pi)).rounded() * 2 * .pi
                    return d
                }
                work += motor.torque * abs(turn(motor.item) - (motor.to.map(turn) ?? 0))
                worked += motor.torque * abs(turn(motor.item) - (motor.to.map(turn) ?? 0))
            }
            for field in scene.fields where ["vortex", "noise", "velocity"].contains(field.kind) {
                for id in field.items {
                    let moved = byID[id]!.center.distance(to: before[id]!.0)
                    let most: Double
                    switch field.kind {
                    case "velocity":
                        most = abs(field.strength) * (100 * field.direction.length + animator.linearVelocity(for: byID[id]!).length)
                    case "noise": most = abs(field.strength) * g * 2.0.squareRoot()
                    default: most = abs(field.strength) * g
                    }
                    work += mass[id]! * most * moved
                    worked += mass[id]! * most * moved
                }
            }
            for item in items {
                let v = animator.linearVelocity(for: item), w = animator.angularVelocity(for: item)
                guard item.center.x.isFinite, item.center.y.isFinite, v.x.isFinite, v.y.isFinite, w.isFinite else {
                    outcome.failure = "step \(step): \(item.id) is not finite (center \(item.center), v \(v), ω \(w))"
                    outcome.cause = "nan"
                    return outcome
                }
                guard bounds.contains(item.center) else {
                    outcome.failure = "step \(step): \(item.id) left the walls, to \(item.center)"
                    outcome.cause = "walls"
                    return outcome
                }
            }
            let excess = (energy() - start - work) / (scale + worked)
            outcome.worstExcess = max(outcome.worstExcess, excess)
            if !(excess <= 0.01) {
                outcome.failure = "step \(step): energy grew by \(excess) of the scene's scale beyond the drivers' work"
                outcome.cause = "energy"
                return outcome
            }
        }
        return outcome
    }

    /// Runs `seeds` and returns the failures, each with its scene.
    public static func audit(seeds: Range<UInt64>, steps: Int, kinds: Set<Kind> = Set(Kind.allCases),
                             progress: (UInt64) -> Void = { _ in }) -> [(scene: Scene, outcome: Outcome)] {
        var failures: [(scene: Scene, outcome: Outcome)] = []
        for seed in seeds {
            progress(seed)
            let scene = scene(seed: seed, kinds: kinds)
            let outcome: Outcome
            do { outcome = try run(scene, steps: steps) } catch {
                failures.append((scene, Outcome(failure: "does not parse: \(error)", cause: "parse")))
                continue
            }
            if outcome.failure != nil { failures.append((scene, outcome)) }
        }
        return failures
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny generator whose sequence depends only on its
/// seed, on every platform; the audit's scenes and the joint property test draw from it.
public struct SplitMix64 {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    public mutating func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }
    /// Uniform in the logarithm: as likely in [0.01, 0.1] as in [10, 100].
    public mutating func logUniform(_ low: Double, _ high: Double) -> Double { exp(uniform(log(low), log(high))) }
    public mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    public mutating func chance(_ p: Double) -> Bool { unit() < p }
    public mutating func pick<T>(_ choices: [T]) -> T { choices[int(0...(choices.count - 1))] }
}
