// RuleDescription: one `rules:` entry, "when this happens, do these", as UIKit's delegates and
// action blocks would say it in code.
//
// A rule pairs one event (`on:`, a kind from EventKinds: a contact began, an item left the play
// area, a tap, a timer, ...) with a list of actions (`do:`, kinds from ActionKinds: set a color,
// add an item, change a counter, end the scene won or lost, ...). `once` makes a rule fire at
// most once, `oncePerItem` at most once for each item; `id` names it in headless output. Plain values only, like every description: the
// Playground module's RuleRunner finds the events and runs the actions at step boundaries.
import Yams

public struct RuleDescription: Hashable, Sendable {
    public var id: String?
    /// Fire at most once (UIKit code would remove its observer after the first call).
    public var once: Bool
    /// Fire at most once for each item (a domino counts once, however it rocks afterwards).
    public var oncePerItem: Bool = false
    public var event: EventDescription
    public var actions: [ActionDescription]

    public init(id: String? = nil, once: Bool = false, event: EventDescription, actions: [ActionDescription]) {
        self.id = id; self.once = once; self.event = event; self.actions = actions
    }

    /// The keys of a rule entry, in the order `write` uses.
    public static let keys = ["id", "once", "oncePerItem", "on", "do"]

    /// The rule as a YAML mapping: `on:` and each action in flow style, one action a line.
    public func write() -> Node {
        var w = EntryWriter()
        w.add("id", id.map(Node.string))
        w.add("once", once ? .bool(true) : nil)
        w.add("oncePerItem", oncePerItem ? .bool(true) : nil)
        w.add("on", event.write())
        w.add("do", .blockList(actions.map { $0.write() }))
        return .mapping(Node.Mapping(w.pairs.map { (Node($0.key), $0.value) }, Tag(.map), .block))
    }

    /// The item ids the rule names (its event's and its actions'): the editor refuses to delete
    /// one while the rule stands.
    public var namedItems: [String] { event.namedItems + actions.flatMap(\.namedItems) }

    /// The behavior ids the rule's actions name.
    public var namedBehaviors: [String] {
        actions.flatMap { action -> [String] in
            switch action.kind {
            case let a as ActionDescription.Add: a.behaviors ?? []
            case let a as ActionDescription.AddBehavior: [a.target.behavior]
            case let a as ActionDescription.RemoveBehavior: [a.target.behavior]
            case let a as ActionDescription.EnableBehavior: [a.target.behavior]
            case let a as ActionDescription.DisableBehavior: [a.target.behavior]
            default: []
            }
        }
    }
}
