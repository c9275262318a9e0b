// Field: `type: field`, FieldBehavior in a scene file.
//
// One type, ten kinds of field (UIFieldBehavior's class constructors); `direction` belongs to
// the linear-gravity and velocity fields, `smoothness` and `animationSpeed` to noise and
// turbulence, and `region` limits any field to a circle or a rectangle around its position.
import Geometry
import Yams

extension BehaviorDescription {
    public struct Field: BehaviorKind, ListingItems {
        public enum Kind: String, CaseIterable, Sendable {
            case radialGravity, linearGravity, drag, vortex, spring, noise, velocity, turbulence, electric, magnetic
        }
        public enum Region: Hashable, Sendable {
            case infinite
            case circle(radius: Double)
            case rect(size: Size)
        }
        public var id: String?
        public var kind: Kind
        public var items: [String]?
        public var position: Position?
        public var strength: Double?
        public var falloff: Double?
        public var minimumRadius: Double?
        /// linearGravity and velocity fields.
        public var direction: Vector?
        public var region: Region = .infinite
        /// noise and turbulence fields, 0...1.
        public var smoothness: Double?
        /// noise and turbulence fields.
        public var animationSpeed: Double?
        public init(id: String? = nil, kind: Kind, items: [String]? = nil) { self.id = id; self.kind = kind; self.items = items }

        public static func example(naming items: [String]) -> Self {
            var f = Self(kind: .radialGravity, items: items)
            f.position = .center
            f.strength = 2
            return f
        }

        public static let type = "field"

        /// One line for the generated list of kinds in the README.

        public static let summary = "a force field in a region: radial or linear gravity, drag, vortex, spring, noise, velocity, turbulence, electric or magnetic (`FieldBehavior`)"
        public static let keys = ["kind", "items", "position", "strength", "falloff", "minimumRadius", "direction", "region",
                                  "smoothness", "animationSpeed"]

        public static let documentation = """
            | key | type | default | |
            |---|---|---|---|
            | `kind` | `radialGravity` \\| `linearGravity` \\| `drag` \\| `vortex` \\| `spring` \\| `noise` \\| `velocity` \\| `turbulence` \\| `electric` \\| `magnetic` | required | |
            | `items` | list of ids | every item | a field acts only on its own items |
            | `position` | position | the middle of the reference bounds | |
            | `strength` | number | `1` | |
            | `falloff` | number ≥ 0 | `0` | |
            | `minimumRadius` | number ≥ 0 | `0` | |
            | `direction` | vector | `[0, 1]` for linearGravity, `[0, 0]` for velocity | only those two kinds |
            | `region` | `{radius: r}` (r > 0) or `{size: [w, h]}` | everywhere | where the field acts, around `position` |
            | `smoothness` | number 0…1 | `0.5` | noise and turbulence only |
            | `animationSpeed` | number ≥ 0 | `1` | noise and turbulence only |
            """

        public static func parse(_ m: MappingReader, id: String?, context: ParsingContext) -> Self? {
            guard let kind = m.required("kind", "the field's kind")?.choice(Kind.self) else { return nil }
            var b = Self(id: id, kind: kind, items: context.itemList(m["items"]))
            b.position = m["position"]?.position()
            b.strength = m["strength"]?.number()
            b.falloff = m["falloff"]?.nonNegativeNumber()
            b.minimumRadius = m["minimumRadius"]?.nonNegativeNumber()
            if kind == .linearGravity || kind == .velocity {
                b.direction = m["direction"]?.vector()
            } else {
                m.forbid("direction", "'direction' applies only to kind: linearGravity or velocity")
            }
            if kind == .noise || kind == .turbulence {
                b.smoothness = m["smoothness"]?.number(in: 0...1)
                b.animationSpeed = m["animationSpeed"]?.nonNegativeNumber()
            } else {
                m.forbid("smoothness", "'smoothness' applies only to kind: noise or turbulence")
                m.forbid("animationSpeed", "'animationSpeed' applies only to kind: noise or turbulence")
            }
            if let regionReader = m["region"], let region = regionReader.mapping(allowed: ["radius", "size"]) {
                if region.has("radius") == region.has("size") {
                    regionReader.error("expected a region {radius: r} or {size: [width, height]}")
                } else if let radius = region["radius"]?.positiveNumber() {
                    b.region = .circle(radius: radius)
                } else if let size = region["size"]?.size() {
                    b.region = .rect(size: size)
                }
            }
            return b
        }

        public func write() -> [(key: String, value: Node)] {
            var w = EntryWriter()
            w.add("kind", Node(kind.rawValue))
            w.add("items", items.map(Node.ids))
            w.add("position", position.map(Node.position))
            w.add("strength", strength.map(Node.number))
            w.add("falloff", falloff.map(Node.number))
            w.add("minimumRadius", minimumRadius.map(Node.number))
            w.add("direction", direction.map(Node.vector))
            switch region {
            case .infinite: break
            case .circle(let radius): w.add("region", .flowMapping([("radius", .number(radius))]))
            case .rect(let size): w.add("region", .flowMapping([("size", .size(size))]))
            }
            w.add("smoothness", smoothness.map(Node.number))
            w.add("animationSpeed", animationSpeed.map(Node.number))
            return w.pairs
        }
    }
}
