// Reading rules: the `rules:` entries of a scene file, part of SceneParser's one pass (Reading).
//
// A rule is `{id, once, on: {event: NAME, ...}, do: [{action: NAME, ...}, ...]}`. The `event`
// and `action` names pick a kind from EventKinds and ActionKinds, which read their own keys; a
// misspelt name is reported where it stands with the nearest known name ("unknown event
// 'contactBegn'; did you mean 'contactBegan'?"), and the ids the kinds name are checked with
// every other reference once the whole file is read.
import Yams

extension Reading {
    mutating func rule(_ r: NodeReader) -> RuleDescription? {
        guard let m = r.mapping(allowed: RuleDescription.keys) else { return nil }
        let id = m["id"]?.identifier()
        let once = m["once"]?.bool() ?? false
        let event = m.required("on", "the event, e.g. {event: contactBegan, item: ball, with: basket}").flatMap(event)
        let actions = m.required("do", "a list of actions, e.g. [{action: counter, counter: score}]").flatMap(actionList)
        guard let event, let actions else { return nil }
        var rule = RuleDescription(id: id, once: once, event: event, actions: actions)
        rule.oncePerItem = m["oncePerItem"]?.bool() ?? false
        return rule
    }

    /// A non-empty `do:` list of actions; nil when one of them could not be read (reported).
    func actionList(_ r: NodeReader) -> [ActionDescription]? {
        guard let list = r.list() else { return nil }
        if list.isEmpty { r.error("expected at least one action") }
        let actions = list.compactMap(action)
        return actions.count == list.count && !list.isEmpty ? actions : nil
    }

    /// One `on:` mapping: `event` picks the kind, which reads the rest.
    private func event(_ r: NodeReader) -> EventDescription? {
        guard let name = kindEntry(r, key: "event", what: "event", names: EventKinds.names),
              let kind = EventKinds.kind(named: name), let m = r.mapping(allowed: ["event"] + kind.keys) else { return nil }
        return Self.read(kind, m, context: context)
    }

    /// One `do:` entry: `action` picks the kind, which reads the rest.
    private func action(_ r: NodeReader) -> ActionDescription? {
        guard let name = kindEntry(r, key: "action", what: "action", names: ActionKinds.names),
              let kind = ActionKinds.kind(named: name), let m = r.mapping(allowed: ["action"] + kind.keys) else { return nil }
        return Self.read(kind, m, context: context)
    }

    /// The name under `key` of a mapping entry, or nil after an error naming what was expected
    /// (with a did-you-mean for a misspelt name).
    private func kindEntry(_ r: NodeReader, key: String, what: String, names: [String]) -> String? {
        guard case .mapping(let mapping) = r.node else {
            r.error("expected an \(what) (a mapping with '\(key)'), found \(r.found)")
            return nil
        }
        guard let node = mapping[key] else {
            r.error("missing '\(key)' (one of \(names.joined(separator: " | ")))")
            return nil
        }
        let reader = r.child(node, key: key)
        guard case .scalar(let scalar) = node, !reader.isNull else {
            reader.error("expected one of \(names.joined(separator: " | ")), found \(reader.found)")
            return nil
        }
        let name = scalar.string
        if names.contains(name) { return name }
        if let guess = Suggestion.closest(to: name, in: names) {
            reader.error("unknown \(what) '\(name)'; did you mean '\(guess)'?")
        } else {
            reader.error("unknown \(what) '\(name)'; the \(what)s are: \(names.joined(separator: ", "))")
        }
        return nil
    }

    private static func read<K: EventKind>(_ kind: K.Type, _ m: MappingReader, context: ParsingContext) -> EventDescription? {
        K.parse(m, context: context).map(EventDescription.init)
    }

    private static func read<K: ActionKind>(_ kind: K.Type, _ m: MappingReader, context: ParsingContext) -> ActionDescription? {
        K.parse(m, context: context).map(ActionDescription.init)
    }

    /// Reports every boundary name a rule gives that no collision behavior has.
    func checkBoundaryReferences(known behaviors: [BehaviorDescription]) {
        let collisions = behaviors.compactMap { $0.as(BehaviorDescription.Collision.self) }
        let names = collisions.flatMap { ($0.segments + $0.paths).map(\.name) }
        for reference in context.boundaryReferences where !names.contains(reference.id) {
            let known = names + [EventDescription.Contact.referenceBoundary]
            if let guess = Suggestion.closest(to: reference.id, in: known) {
                reference.at.error("unknown boundary '\(reference.id)'; did you mean '\(guess)'?")
            } else {
                reference.at.error("unknown boundary '\(reference.id)'; the boundaries are: \(known.joined(separator: ", "))")
            }
        }
    }
}
