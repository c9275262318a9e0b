// Add: `action: add`, a new item made from an item of the scene, as a `spawn` gesture makes one.
//
// `template` names an item of the scene file (it may sit out of sight); the new item is a copy
// of its description with the id `<template>-<n>`, placed at `at` or, left out, at the event's
// point (where the contact began, where the tap was), else at the template's own center. It
// joins the listed `behaviors`, or every behavior whose `items` the file leaves out. Rules and
// gestures together add at most 200 items to a scene, so an `every` timer cannot bury it.
import Yams

extension ActionDescription {
    public struct Add: ActionKind {
        public var template: String
        public var at: Position?
        public var behaviors: [String]?
        public init(template: String, at: Position? = nil, behaviors: [String]? = nil) {
            self.template = template; self.at = at; self.behaviors = behaviors
        }
        public static let name = "add"
        public static let summary = "adds a copy of a template item at a point or the event's point (`addSubview`, `addItem`)"
        public static let keys = ["template", "at", "behaviors"]
        public var namedItems: [String] { [template] }
        public static func example(naming items: [String], behavior: String) -> Self {
            Self(template: items[0], at: Position(x: .percent(50), y: .points(20)))
        }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? {
            let template = context.itemReference(m.required("template", "the id of the item to copy"))
            let at = m["at"]?.position()
            var behaviors: [String]?
            if let list = m["behaviors"]?.identifierList() {
                for reference in list { context.behaviorReference(reference, type: nil) }
                behaviors = list.map(\.id)
            }
            return template.map { Self(template: $0, at: at, behaviors: behaviors) }
        }
        public func write() -> [(key: String, value: Node)] {
            var w = EntryWriter()
            w.add("template", .string(template))
            w.add("at", at.map(Node.position))
            w.add("behaviors", behaviors.map(Node.ids))
            return w.pairs
        }
    }
}
