// DynamicItemProperties: `type: dynamicItem`, DynamicItemBehavior in a scene file.
//
// Material and motion properties of its items; `velocity` and `angularVelocity` are added once
// when the scene starts (UIKit's addLinearVelocity / addAngularVelocity).
import Geometry
import Yams

extension BehaviorDescription {
    public struct DynamicItemProperties: BehaviorKind, ListingItems {
        public var id: String?
        public var items: [String]?
        public var elasticity: Double?
        public var friction: Double?
        public var density: Double?
        public var resistance: Double?
        public var angularResistance: Double?
        public var allowsRotation: Bool?
        public var anchored: Bool?
        public var charge: Double?
        /// Added once at the start, pt/s.
        public var velocity: Vector?
        /// Added once at the start, rad/s.
        public var angularVelocity: Double?
        public init(id: String? = nil, items: [String]? = nil) { self.id = id; self.items = items }

        public static func example(naming items: [String]) -> Self {
            var d = Self(items: items)
            d.elasticity = 0.5
            return d
        }

        public static let type = "dynamicItem"

        /// One line for the generated list of kinds in the README.

        public static let summary = "material and motion properties of items: density, friction, elasticity, resistance, velocity (`DynamicItemBehavior`)"
        public static let keys = ["items", "elasticity", "friction", "density", "resistance", "angularResistance",
                                  "allowsRotation", "anchored", "charge", "velocity", "angularVelocity"]

        public static let documentation = """
            | key | type | default | |
            |---|---|---|---|
            | `items` | list of ids | every item | |
            | `elasticity` | number 0…1 | `0` | 1 is a perfectly elastic bounce |
            | `friction` | number ≥ 0 | `0` | |
            | `density` | number ≥ 0.001 | `1` | mass = density × (width/100) × (height/100) |
            | `resistance` | number ≥ 0 | `0` | linear damping |
            | `angularResistance` | number ≥ 0 | `0` | angular damping |
            | `allowsRotation` | bool | `true` | |
            | `anchored` | bool | `false` | collides but never moves |
            | `charge` | number | `0` | for electric and magnetic fields |
            | `velocity` | vector | — | pt/s, added once when the scene starts |
            | `angularVelocity` | number | — | rad/s, added once when the scene starts |
            """

        public static func parse(_ m: MappingReader, id: String?, context: ParsingContext) -> Self? {
            var b = Self(id: id, items: context.itemList(m["items"]))
            b.elasticity = m["elasticity"]?.number(in: 0...1)
            b.friction = m["friction"]?.nonNegativeNumber()
            b.density = m["density"]?.positiveNumber(atLeast: 0.001)
            b.resistance = m["resistance"]?.nonNegativeNumber()
            b.angularResistance = m["angularResistance"]?.nonNegativeNumber()
            b.allowsRotation = m["allowsRotation"]?.bool()
            b.anchored = m["anchored"]?.bool()
            b.charge = m["charge"]?.number()
            b.velocity = m["velocity"]?.vector()
            b.angularVelocity = m["angularVelocity"]?.number()
            return b
        }

        public func write() -> [(key: String, value: Node)] {
            var w = EntryWriter()
            w.add("items", items.map(Node.ids))
            w.add("elasticity", elasticity.map(Node.number))
            w.add("friction", friction.map(Node.number))
            w.add("density", density.map(Node.number))
            w.add("resistance", resistance.map(Node.number))
            w.add("angularResistance", angularResistance.map(Node.number))
            w.add("allowsRotation", allowsRotation.map(Node.bool))
            w.add("anchored", anchored.map(Node.bool))
            w.add("charge", charge.map(Node.number))
            w.add("velocity", velocity.map(Node.vector))
            w.add("angularVelocity", angularVelocity.map(Node.number))
            return w.pairs
        }
    }
}
