// ActionItem: the item an action acts on, shared by the action kinds.
//
// `item: ID` names it; left out, the action acts on the item of the event that fired the rule
// (the ball that touched the floor), and does nothing when the event has none (a timer).
import Yams

extension MappingReader {
    /// The action's `item`, checked against the scene's ids; nil: the event's item.
    func actionItem(_ context: ParsingContext) -> String? { context.itemReference(self["item"]) }
}

extension EntryWriter {
    mutating func addActionItem(_ item: String?) { add("item", item.map(Node.string)) }
}

extension ParsingContext {
    /// A behavior id an action names, checked once every behavior is known.
    func behaviorID(_ r: NodeReader?) -> String? {
        guard let r, let id = r.identifier() else { return nil }
        behaviorReference(Reference(id: id, at: r), type: nil)
        return id
    }
}
