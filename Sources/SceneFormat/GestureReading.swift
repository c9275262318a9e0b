// Reading gestures and animations: the `gestures:` and `animations:` entries of a scene file.
//
// Part of SceneParser's one pass over a document (Reading): each entry's keys are checked
// against what its action, recognizer or curve takes, every problem reported where it stands,
// and a gesture's action is built as the enum case holding exactly its values.
import Geometry

extension Reading {
    // MARK: Gestures

    static let gestureKeys = ["recognizer", "action", "item", "on", "push", "divisor", "damping", "directions",
                              "text", "taps", "template", "behaviors", "do"] + gestureTuningKeys

    mutating func gesture(_ r: NodeReader) -> GestureDescription? {
        guard let m = r.mapping(allowed: Self.gestureKeys) else { return nil }
        typealias Name = GestureDescription.Action.Name
        let recognizer = m.required("recognizer", "one of \(GestureDescription.Recognizer.allCases.map(\.rawValue).joined(separator: " | "))")?
            .choice(GestureDescription.Recognizer.self)
        let names = Name.written.map(\.rawValue)
        if m.has("do") && m.has("action") { m.forbid("do", "give either 'action' or 'do' (a list of rule actions), not both") }
        let action: Name? = m.has("do") && !m.has("action") ? .actions
            : m.required("action", "one of \(names.joined(separator: " | ")), or 'do' with a list of actions")?
                .choice(among: names).flatMap(Name.init(rawValue:))
        let item = itemReference(m["item"])
        let on = itemReference(m["on"])
        var pushID: String?
        if let pushReader = m["push"], let id = pushReader.identifier() {
            context.behaviorReference(Reference(id: id, at: pushReader), type: BehaviorDescription.Push.type)
            pushID = id
        }
        guard let recognizer, let action else { return nil }
        checkGestureKeys(m, recognizer: recognizer, action: action)

        let divisor = m["divisor"]?.positiveNumber()
        let damping = m["damping"]?.number(in: 0...1)
        var directions: [GestureDescription.Direction]?
        if let list = m["directions"]?.list() {
            let chosen = list.compactMap { $0.choice(GestureDescription.Direction.self) }
            if list.isEmpty { m["directions"]?.error("expected at least one of right | left | up | down") }
            if chosen.count == list.count { directions = chosen }
        }
        let text = m["text"]?.string()
        let taps = m["taps"]?.integer(minimum: 1)
        let template = m["template"].flatMap { self.item($0, spawned: true) }
        var behaviors: [String]?
        if let list = m["behaviors"]?.identifierList() {
            for reference in list { context.behaviorReference(reference, type: nil) }
            behaviors = list.map(\.id)
        }

        // The action with what it takes; a missing value has been reported above.
        typealias Action = GestureDescription.Action
        let built: Action?
        switch action {
        case .pushToward:
            built = item.flatMap { item in pushID.map { Action.pushToward(item: item, push: $0, divisor: divisor ?? Action.pushTowardDivisor) } }
        case .snapTo: built = item.map { Action.snapTo(item: $0, damping: damping ?? Action.snapDamping) }
        case .dragPush: built = (item ?? on).map { Action.dragPush(item: $0, divisor: divisor ?? Action.dragPushDivisor) }
        case .message: built = text.map(Action.message)
        case .rotate: built = (item ?? on).map(Action.rotate)
        case .scale: built = (item ?? on).map(Action.scale)
        case .grab: built = .grab
        case .spawn: built = template.map { Action.spawn(template: $0, behaviors: behaviors) }
        case .actions: built = m["do"].flatMap(actionList).map(Action.actions)
        }
        guard let built else { return nil }
        var g = GestureDescription(recognizer: recognizer, action: built, on: on)
        g.directions = directions
        g.taps = taps
        g.tuning = gestureTuning(m, recognizer: recognizer)
        return g
    }

    /// What each action needs, the recognizers it makes sense with, and the keys that belong to
    /// other actions or recognizers.
    private func checkGestureKeys(_ m: MappingReader, recognizer: GestureDescription.Recognizer,
                                  action: GestureDescription.Action.Name) {
        let needs: [GestureDescription.Action.Name: [GestureDescription.Recognizer]] = [
            .dragPush: [.pan], .grab: [.pan, .longPress], .rotate: [.rotation], .scale: [.pinch],
        ]
        if let allowed = needs[action], !allowed.contains(recognizer) {
            m.keyReader("action")?.error("action \(action.rawValue) needs recognizer \(allowed.map(\.rawValue).joined(separator: " or ")), found \(recognizer.rawValue)")
        }
        switch action {
        case .pushToward:
            _ = m.required("item", "the item to push")
            _ = m.required("push", "the id of a push behavior on the item")
        case .snapTo:
            _ = m.required("item", "the item to snap")
        case .dragPush, .rotate, .scale:
            if !m.has("item") && !m.has("on") { m.reader.error("missing 'on' or 'item' (the item to \(action == .dragPush ? "push" : action.rawValue))") }
        case .message:
            _ = m.required("text", "the message to show")
        case .spawn:
            _ = m.required("template", "the item to add, e.g. {shape: ellipse, size: [40, 40], color: orange}")
        case .grab, .actions:
            break
        }
        if action == .actions { m.forbid("item", "'item' applies to action:, not to 'do' (each action names its own item)") }
        if action != .pushToward { m.forbid("push", "'push' applies only to action: pushToward") }
        if action != .pushToward && action != .dragPush { m.forbid("divisor", "'divisor' applies only to action: pushToward or dragPush") }
        if action != .snapTo { m.forbid("damping", "'damping' applies only to action: snapTo") }
        if action != .message { m.forbid("text", "'text' applies only to action: message") }
        if action != .spawn {
            m.forbid("template", "'template' applies only to action: spawn")
            m.forbid("behaviors", "'behaviors' applies only to action: spawn")
        }
        if recognizer != .swipe { m.forbid("directions", "'directions' applies only to recognizer: swipe") }
        if recognizer != .tap && recognizer != .doubleTap { m.forbid("taps", "'taps' applies only to recognizer: tap or doubleTap") }
    }

    // MARK: Animations

    static let animationKeys = ["item", "delay", "duration", "curve", "dampingRatio", "velocity", "repeat",
                                "autoreverse", "to", "then", "elapsed", "from"]

    mutating func animation(_ r: NodeReader) -> AnimationDescription? {
        guard let m = r.mapping(allowed: Self.animationKeys) else { return nil }
        let item = itemReference(m.required("item", "the id of the animated item"))
        var target: AnimationDescription.Target?
        if let toReader = m.required("to", "the values to animate to, e.g. {center: [500, 300], alpha: 0}") {
            target = animationTarget(toReader)
        }
        let curve = m["curve"]?.choice(AnimationDescription.Curve.self) ?? .easeInOut
        if curve != .spring {
            m.forbid("dampingRatio", "'dampingRatio' applies only to curve: spring")
            m.forbid("velocity", "'velocity' applies only to curve: spring")
        }
        let delay = m["delay"]?.nonNegativeNumber()
        let duration = m["duration"]?.number()
        var dampingRatio: Double?
        if let reader = m["dampingRatio"], let value = reader.number() {
            if value > 0 && value <= 1 { dampingRatio = value }
            else { reader.error("expected a damping ratio greater than 0 and at most 1, found \(NodeReader.format(value))") }
        }
        let velocity = m["velocity"]?.number()
        let repeatCount = m["repeat"]?.nonNegativeNumber()
        let autoreverses = m["autoreverse"]?.bool()
        let then = m["then"]?.choice(AnimationDescription.Completion.self)
        let (elapsed, from) = animationPhase(m, target: target)
        guard let item, let target else { return nil }
        var a = AnimationDescription(item: item, to: target)
        a.curve = curve
        if let delay { a.delay = delay }
        if let duration { a.duration = duration }
        if let dampingRatio { a.dampingRatio = dampingRatio }
        if let velocity { a.velocity = velocity }
        if let repeatCount { a.repeatCount = repeatCount }
        if let autoreverses { a.autoreverses = autoreverses }
        if let then { a.then = then }
        a.elapsed = elapsed
        a.from = from
        return a
    }

    /// `to` or `from`: at least one of the five animatable values, each in its range.
    private func animationTarget(_ r: NodeReader) -> AnimationDescription.Target? {
        guard let to = r.mapping(allowed: ["center", "size", "alpha", "scale", "angle"]) else { return nil }
        if to.entries.isEmpty { r.error("expected at least one of center, size, alpha, scale, angle") }
        return AnimationDescription.Target(center: to["center"]?.position(), size: to["size"]?.size(),
                                           alpha: to["alpha"]?.number(in: 0...1), scale: to["scale"]?.positiveNumber(),
                                           angle: to["angle"]?.number())
    }

    /// A running animation's phase: `elapsed` (seconds since it started, so no `delay`) and
    /// `from` (only with `elapsed`, and only values that `to` animates).
    private func animationPhase(_ m: MappingReader, target: AnimationDescription.Target?) -> (Double?, AnimationDescription.Target?) {
        let elapsed = m["elapsed"]?.nonNegativeNumber()
        if m["elapsed"] != nil {
            m.forbid("delay", "'delay' and 'elapsed' exclude each other: 'elapsed' says the animation has started")
        } else {
            m.forbid("from", "'from' applies only with 'elapsed' (the values a running animation started from)")
        }
        guard let fromReader = m["from"], let from = animationTarget(fromReader) else { return (elapsed, nil) }
        let given: [(String, Bool, Bool)] = [("center", from.center != nil, target?.center != nil),
                                             ("size", from.size != nil, target?.size != nil),
                                             ("alpha", from.alpha != nil, target?.alpha != nil),
                                             ("scale", from.scale != nil, target?.scale != nil),
                                             ("angle", from.angle != nil, target?.angle != nil)]
        for (key, inFrom, inTo) in given where inFrom && !inTo && target != nil {
            fromReader.error("'\(key)' in 'from' but not in 'to': from gives only values the animation changes")
        }
        return (elapsed, from)
    }
}
