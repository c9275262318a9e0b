// ActionRuntime: the runtime half of an action kind, what it does when its rule fires.
//
// Each kind runs against an ActionContext (the session, the runner, the event's occurrence) and
// returns the fields of its headless line beyond `step`, `rule` and `action` (already JSON
// encoded, in a fixed order, so a run prints the same bytes every time). Actions that change
// the world take the paths gestures and animations take: items are added as a `spawn` adds
// them (sharing its limit of 200, and the scene's `addLimit` when a gesture fired them),
// removed as `then: remove` removes them, and behaviors go
// through the animator's addBehavior/removeBehavior; RuleRunner commits once after a boundary's
// actions so the headless line of that step already shows them.
import Dynamics
import Geometry
import SceneFormat
import Scenes

protocol ActionRuntime: ActionKind {
    /// Does the action; returns its headless line's own fields.
    func run(_ context: ActionContext) -> [(String, String)]
}

extension ActionDescription {
    /// The kind's runtime half (every registered kind has one; EveryRuleKindTests checks it).
    var runtime: (any ActionRuntime)? { kind as? any ActionRuntime }
}

/// What an action sees when it runs.
struct ActionContext {
    let session: SceneSession
    let runner: RuleRunner
    let occurrence: EventOccurrence
    /// Who fired the actions: a gesture entry, a rule of a gesture event, or another rule.
    var adder: SceneGestures.Adder = .rule
    var scene: Scene { session.scene }

    /// The item `id` names, else the event's item; nil when there is none (any more).
    func item(_ id: String?) -> SceneItem? { (id ?? occurrence.item).flatMap(scene.item(withID:)) }

    /// `position` resolved in the reference bounds, else the event's point.
    func point(_ position: Position?) -> Point? { position.map { $0.resolve(in: scene.referenceBounds) } ?? occurrence.point }
}

/// The `"item"` field of an action's line, or nothing when the action found no item.
func itemField(_ item: SceneItem?) -> [(String, String)] {
    item.map { [("item", HeadlessJSON.string($0.id))] } ?? []
}

// MARK: Looks

extension ActionDescription.SetColor: ActionRuntime {
    func run(_ c: ActionContext) -> [(String, String)] {
        let target = c.item(item)
        target?.color = color
        return itemField(target) + [("color", HeadlessJSON.string(color.description))]
    }
}

extension ActionDescription.SetAlpha: ActionRuntime {
    func run(_ c: ActionContext) -> [(String, String)] {
        let target = c.item(item)
        target?.alpha = alpha
        return itemField(target) + [("alpha", HeadlessJSON.number(alpha))]
    }
}

extension ActionDescription.SetScale: ActionRuntime {
    func run(_ c: ActionContext) -> [(String, String)] {
        let target = c.item(item)
        target?.scale = scale
        return itemField(target) + [("scale", HeadlessJSON.number(scale))]
    }
}

// MARK: Items in and out

extension ActionDescription.Remove: ActionRuntime {
    func run(_ c: ActionContext) -> [(String, String)] {
        let target = c.item(item)
        if let target { c.session.removeItem(target) }
        return itemField(target)
    }
}

extension ActionDescription.Add: ActionRuntime {
    func run(_ c: ActionContext) -> [(String, String)] {
        guard let description = c.scene.sceneDescription.items.first(where: { $0.id == template }) else { return [] }
        let point = c.point(at) ?? description.center.resolve(in: c.scene.referenceBounds)
        let added = c.session.gestures.spawn(description, joining: behaviors, point, by: c.adder)
        return itemField(added) + [("x", HeadlessJSON.number(point.x)), ("y", HeadlessJSON.number(point.y))]
    }
}
