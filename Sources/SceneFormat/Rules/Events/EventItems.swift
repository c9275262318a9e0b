// EventItems: how an event names the items it listens to, shared by the event kinds.
//
// `item: ball` listens to one item, `items: [d1, d2, d3]` to several (a row of dominoes), and
// neither to every item of the scene, spawned ones included. Each id goes through the parsing
// context, so an unknown one is reported with a did-you-mean at its line and column.
import Yams

extension MappingReader {
    /// `item` or `items` (not both); nil when neither is given: every item.
    func eventItems(_ context: ParsingContext) -> [String]? {
        if has("item") && has("items") { forbid("items", "give either 'item' or 'items', not both") }
        if let one = context.itemReference(self["item"]) { return [one] }
        return context.itemList(self["items"])
    }
}

extension EntryWriter {
    /// Writes an event's items back as `item` (one) or `items` (several).
    mutating func addEventItems(_ items: [String]?) {
        guard let items else { return }
        if items.count == 1 { add("item", .string(items[0])) } else { add("items", .ids(items)) }
    }
}
