// Random joint scenes for the energy property test: a seeded, deterministic generator (the energy
// audit's SplitMix64, from Benchmarks) writing scene YAML, so every scene goes through the real
// parser and builder, and a failing seed prints the file it ran.
//
// Each scene is consistent when it starts, so the only energy that can come in is the pushes':
// items do not overlap each other or the walls; every joint holds at its creation pose (lengths,
// ranges and springs default to or include the pose the items start in); snaps pull toward the
// item's own center; springs start at rest length. Motors are left out (they do work), and pushes
// act on the center (no offset), so their work is the force times the center's displacement.
import Benchmarks
import Foundation
import Geometry

extension JointScene {
    /// A random scene of 2–4 items (densities 0.01–100) held by joints of every kind, with
    /// anchors up to three times an item's size from its center, and sometimes snaps and pushes.
    static func random(seed: UInt64) -> JointScene {
        var rng = SplitMix64(seed: seed)
        struct Item { var id: String; var center: Point; var size: Size; var ellipse: Bool }
        // Numbers are rounded to 0.1 pt (0.001 for factors) so the YAML reads as a person writes it.
        func f(_ x: Double, _ places: Double = 10) -> String {
            let r = (x * places).rounded() / places
            return r == r.rounded() ? String(Int(r)) : String(r)
        }
        func p(_ q: Point) -> String { "[\(f(q.x)), \(f(q.y))]" }
        func v(_ q: Vector) -> String { "[\(f(q.x)), \(f(q.y))]" }
        let bounds = JointScene.bounds

        var items: [Item] = []
        let count = rng.int(2...4)
        while items.count < count {
            let size = Size(width: f(rng.logUniform(4, 80)).asDouble, height: f(rng.logUniform(4, 80)).asDouble)
            let radius = (size.width * size.width + size.height * size.height).squareRoot() / 2
            let center = Point(x: f(rng.uniform(radius + 2, bounds.width - radius - 2)).asDouble,
                               y: f(rng.uniform(radius + 2, bounds.height - radius - 2)).asDouble)
            // Bounding circles apart: no two items overlap when the scene starts.
            let clear = items.allSatisfy {
                let other = ($0.size.width * $0.size.width + $0.size.height * $0.size.height).squareRoot() / 2
                return $0.center.distance(to: center) > radius + other + 1
            }
            if clear { items.append(Item(id: "i\(items.count)", center: center, size: size, ellipse: rng.chance(0.4))) }
        }
        var yaml = "name: Random \(seed)\nitems:\n"
        for item in items {
            yaml += "  - {id: \(item.id)\(item.ellipse ? ", shape: ellipse" : ""), size: [\(f(item.size.width)), \(f(item.size.height))], center: \(p(item.center))}\n"
        }
        yaml += "behaviors:\n  - {type: gravity}\n  - {type: collision, boundaries: reference}\n"
        for item in items {
            yaml += "  - {type: dynamicItem, items: [\(item.id)], density: \(f(rng.logUniform(0.01, 100), 1000))"
            yaml += ", elasticity: \(f(rng.uniform(0, 1), 100)), friction: \(f(rng.uniform(0, 1), 100))}\n"
        }
        /// A point on `item`, up to three times its size from its center, kept in the bounds.
        func near(_ item: Item) -> Point {
            let reach = 3 * max(item.size.width, item.size.height)
            let q = item.center + Vector(rng.uniform(-reach, reach), rng.uniform(-reach, reach))
            return Point(x: f(min(max(q.x, 0), bounds.width)).asDouble, y: f(min(max(q.y, 0), bounds.height)).asDouble)
        }
        func offset(_ item: Item) -> Vector {
            let reach = 3 * max(item.size.width, item.size.height)
            return Vector(f(rng.uniform(-reach, reach)).asDouble, f(rng.uniform(-reach, reach)).asDouble)
        }
        for _ in 0..<rng.int(1...3) {
            let a = rng.int(0...(items.count - 1))
            var b = rng.int(0...(items.count - 2))
            if b >= a { b += 1 }
            let item = items[a], other = items[b]
            let toOther = rng.chance(0.6)
            var entry = "  - {type: attachment, item: \(item.id)"
            switch rng.int(0...4) {
            case 0, 1:
                // distance (a rod or a spring) or limit (a rope at least as long as it starts).
                let rope = rng.chance(0.3)
                entry += rope ? ", kind: limit" : ""
                let from = offset(item)
                entry += ", offset: \(v(from))"
                let start: Point
                if toOther {
                    let to = offset(other)
                    entry += ", to: \(other.id), toOffset: \(v(to))"
                    start = other.center + to
                } else {
                    start = near(item)
                    entry += ", anchor: \(p(start))"
                }
                if rope {
                    let length = (item.center + from).distance(to: start) + rng.uniform(0, 50)
                    entry += ", length: \(f(length + 0.1))"
                } else if rng.chance(0.4) {
                    entry += ", frequency: \(f(rng.uniform(0.5, 8))), damping: \(f(rng.uniform(0, 1), 100))"
                }
            case 2:
                entry += ", kind: pin, anchor: \(p(near(item)))" + (toOther ? ", to: \(other.id)" : "")
                if rng.chance(0.4) { entry += ", range: [\(f(-rng.uniform(0, 2), 100)), \(f(rng.uniform(0, 2), 100))]" }
                if rng.chance(0.3) { entry += ", frictionTorque: \(f(rng.logUniform(1, 10_000)))" }
            case 3:
                let angle = rng.uniform(0, 2 * .pi)
                entry += ", kind: sliding, anchor: \(p(near(item))), axis: [\(f(cos(angle), 1000)), \(f(sin(angle), 1000))]"
                entry += toOther ? ", to: \(other.id)" : ""
                if rng.chance(0.5) { entry += ", range: [\(f(-rng.uniform(0, 60))), \(f(rng.uniform(0, 60)))]" }
            default:
                entry += ", kind: fixed, to: \(other.id), anchor: \(p(near(item)))"
            }
            yaml += entry + "}\n"
        }
        for item in items where rng.chance(0.15) {
            yaml += "  - {type: snap, item: \(item.id), point: \(p(item.center)), damping: \(f(rng.uniform(0, 1), 100))}\n"
        }
        var pushes: [Push] = []
        if rng.chance(0.4) {
            let item = rng.pick(items)
            let magnitude = rng.logUniform(0.001, 1), angle = rng.uniform(0, 2 * .pi)
            let m = f(magnitude, 1000).asDouble, a = f(angle, 1000).asDouble
            yaml += "  - {type: push, items: [\(item.id)], mode: continuous, magnitude: \(f(m, 1000)), angle: \(f(a, 1000))}\n"
            // A continuous push of magnitude 1 is a force of 100 mass·pt/s².
            pushes.append(Push(item: item.id, force: Vector(cos(a), sin(a)) * (100 * m)))
        }
        return JointScene(yaml: yaml, pushes: pushes)
    }
}

private extension String {
    var asDouble: Double { Double(self)! }
}
