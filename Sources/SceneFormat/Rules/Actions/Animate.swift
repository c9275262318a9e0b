// Animate: `action: animate`, a UIView.animate on the item, started when the rule fires.
//
// The same `to:` values, `duration` and `curve` as the scene's `animations:` entries (center,
// size, alpha, scale, angle; duration 0.2 s; easeInOut), with no delay: the animation starts at
// the step the rule fires. Its end fires `animationCompleted`, so rules can chain.
import Yams

extension ActionDescription {
    public struct Animate: ActionKind {
        public var item: String?
        public var to: AnimationDescription.Target
        public var duration: Double
        public var curve: AnimationDescription.Curve
        public init(item: String? = nil, to: AnimationDescription.Target, duration: Double = 0.2, curve: AnimationDescription.Curve = .easeInOut) {
            self.item = item; self.to = to; self.duration = duration; self.curve = curve
        }
        public static let name = "animate"
        public static let summary = "animates the item's center, size, alpha, scale or angle (`UIView.animate`)"
        public static let keys = ["item", "to", "duration", "curve"]
        public var namedItems: [String] { item.map { [$0] } ?? [] }
        public static func example(naming items: [String], behavior: String) -> Self {
            Self(item: items[0], to: .init(alpha: 0.25), duration: 0.5)
        }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? {
            let item = m.actionItem(context)
            var target: AnimationDescription.Target?
            if let toReader = m.required("to", "the values to animate to, e.g. {alpha: 0}"),
               let to = toReader.mapping(allowed: ["center", "size", "alpha", "scale", "angle"]) {
                if to.entries.isEmpty { toReader.error("expected at least one of center, size, alpha, scale, angle") }
                target = .init(center: to["center"]?.position(), size: to["size"]?.size(), alpha: to["alpha"]?.number(in: 0...1),
                               scale: to["scale"]?.positiveNumber(), angle: to["angle"]?.number())
            }
            let duration = m["duration"]?.nonNegativeNumber() ?? 0.2
            let curve = m["curve"]?.choice(AnimationDescription.Curve.self) ?? .easeInOut
            return target.map { Self(item: item, to: $0, duration: duration, curve: curve) }
        }
        public func write() -> [(key: String, value: Node)] {
            var w = EntryWriter()
            w.addActionItem(item)
            var to = EntryWriter()
            to.add("center", self.to.center.map(Node.position))
            to.add("size", self.to.size.map(Node.size))
            to.add("alpha", self.to.alpha.map(Node.number))
            to.add("scale", self.to.scale.map(Node.number))
            to.add("angle", self.to.angle.map(Node.number))
            w.add("to", .flowMapping(to.pairs.map { ($0.key, $0.value) }))
            w.add("duration", duration == 0.2 ? nil : .number(duration))
            w.add("curve", curve == .easeInOut ? nil : Node(curve.rawValue))
            return w.pairs
        }
    }
}
