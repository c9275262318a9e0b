// Composite: `type: composite`, a behavior whose children are added and removed as one.
//
// UIKit packages behaviors by subclassing UIDynamicBehavior and adding children
// (`addChildBehavior`); a scene writes the same as an entry with `children:`, each child an
// ordinary behavior entry of any kind but `composite`. Adding or removing the composite (a
// rule's `addBehavior`/`removeBehavior` by its id) adds or removes every child with it. The
// children have no ids of their own: what addresses them is the composite's id.
import Yams

extension BehaviorDescription {
    public struct Composite: BehaviorKind {
        public var id: String?
        public var children: [BehaviorDescription]
        public init(id: String? = nil, children: [BehaviorDescription]) { self.id = id; self.children = children }

        public static func example(naming items: [String]) -> Self {
            var push = Push(items: [items[0]])
            push.angle = 0
            push.magnitude = 0.5
            return Self(children: [BehaviorDescription(Gravity.example(naming: items)), BehaviorDescription(push)])
        }

        public static let type = "composite"
        public static let summary = "several behaviors added and removed as one (a `UIDynamicBehavior` with `childBehaviors`)"
        public static let keys = ["children"]

        public static let documentation = """
            | key | type | default | |
            |---|---|---|---|
            | `children` | non-empty list of behavior entries (any `type` but `composite`, no `id`) | required | each child acts as it would alone; the composite's id adds and removes them together |
            """

        public var namedItems: [String] {
            var seen: [String] = []
            for id in children.flatMap(\.namedItems) where !seen.contains(id) { seen.append(id) }
            return seen
        }

        public var listsEveryItem: Bool { children.contains { $0.listsEveryItem } }

        public static func parse(_ m: MappingReader, id: String?, context: ParsingContext) -> Self? {
            guard let reader = m.required("children", "a list of behavior entries"), let list = reader.list() else { return nil }
            if list.isEmpty { reader.error("expected at least one child behavior") }
            var children: [BehaviorDescription] = []
            for entry in list {
                if case .mapping(let mapping) = entry.node {
                    if mapping["type"]?.string == type { entry.error("a composite cannot hold a composite"); continue }
                    if let idNode = mapping["id"] {
                        entry.child(idNode, key: "id").error("a child has no id of its own; give the composite the id")
                        continue
                    }
                }
                if let child = Reading.behavior(entry, context: context) { children.append(child) }
            }
            return children.count == list.count && !list.isEmpty ? Self(id: id, children: children) : nil
        }

        public func write() -> [(key: String, value: Node)] {
            [("children", .blockList(children.map { $0.write() }))]
        }
    }
}
