// Motion: `action: push`, `snap` and `setVelocity`, the three ways a rule moves an item.
//
// `push` is an instantaneous PushBehavior on the item with `direction` as its pushDirection
// (100 pt/s of velocity change per unit on a 100×100 item of density 1, UIKit's unit), added and
// spent at the next step. `snap` adds a SnapBehavior to `to` (or the event's point) with
// `damping` (0.5), replacing the item's earlier snap. `setVelocity` is the animator's
// `addLinearVelocity` made absolute: the item moves at `velocity` (and `angularVelocity`) from
// the next step. An item no behavior drives ignores all three, as UIKit's animator would.
import Geometry
import Yams

extension ActionDescription {
    public struct Push: ActionKind {
        public var item: String?
        public var direction: Vector
        public init(item: String? = nil, direction: Vector) { self.item = item; self.direction = direction }
        public static let name = "push"
        public static let summary = "pushes the item once, `direction` as an instantaneous `UIPushBehavior`'s `pushDirection`"
        public static let keys = ["item", "direction"]
        public var namedItems: [String] { item.map { [$0] } ?? [] }
        public static func example(naming items: [String], behavior: String) -> Self { Self(item: items[0], direction: Vector(1, -2)) }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? {
            let item = m.actionItem(context)
            return m.required("direction", "the push vector [x, y]")?.vector().map { Self(item: item, direction: $0) }
        }
        public func write() -> [(key: String, value: Node)] {
            var w = EntryWriter()
            w.addActionItem(item)
            w.add("direction", .vector(direction))
            return w.pairs
        }
    }

    public struct Snap: ActionKind {
        public static let defaultDamping = 0.5
        public var item: String?
        public var to: Position?
        public var damping: Double
        public init(item: String? = nil, to: Position? = nil, damping: Double = Self.defaultDamping) {
            self.item = item; self.to = to; self.damping = damping
        }
        public static let name = "snap"
        public static let summary = "snaps the item to a point or the event's point (`UISnapBehavior`)"
        public static let keys = ["item", "to", "damping"]
        public var namedItems: [String] { item.map { [$0] } ?? [] }
        public static func example(naming items: [String], behavior: String) -> Self { Self(item: items[0], to: .center) }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? {
            Self(item: m.actionItem(context), to: m["to"]?.position(), damping: m["damping"]?.number(in: 0...1) ?? defaultDamping)
        }
        public func write() -> [(key: String, value: Node)] {
            var w = EntryWriter()
            w.addActionItem(item)
            w.add("to", to.map(Node.position))
            w.add("damping", damping == Self.defaultDamping ? nil : .number(damping))
            return w.pairs
        }
    }

    public struct SetVelocity: ActionKind {
        public var item: String?
        public var velocity: Vector
        public var angularVelocity: Double?
        public init(item: String? = nil, velocity: Vector, angularVelocity: Double? = nil) {
            self.item = item; self.velocity = velocity; self.angularVelocity = angularVelocity
        }
        public static let name = "setVelocity"
        public static let summary = "sets the item's velocity, pt/s, and optionally its angular velocity (`addLinearVelocity`)"
        public static let keys = ["item", "velocity", "angularVelocity"]
        public var namedItems: [String] { item.map { [$0] } ?? [] }
        public static func example(naming items: [String], behavior: String) -> Self { Self(item: items[0], velocity: Vector(0, -300)) }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? {
            let item = m.actionItem(context)
            let spin = m["angularVelocity"]?.number()
            return m.required("velocity", "[vx, vy] in pt/s")?.vector().map { Self(item: item, velocity: $0, angularVelocity: spin) }
        }
        public func write() -> [(key: String, value: Node)] {
            var w = EntryWriter()
            w.addActionItem(item)
            w.add("velocity", .vector(velocity))
            w.add("angularVelocity", angularVelocity.map(Node.number))
            return w.pairs
        }
    }
}
