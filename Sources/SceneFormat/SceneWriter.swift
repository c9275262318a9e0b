// SceneWriter: a SceneDescription back to the text of a scene file.
//
// The inverse of SceneParser: what it writes parses to an equal description (positions keep
// their percentages, numbers their exact value in shortest form), so a scene can be saved, read
// back and played on. Behaviors write themselves (each BehaviorKind's `write()`); items, gestures
// and animations are written here, one function each, in the keys' documented order. Values at
// their defaults are left out, as a person would leave them out, except an item's `size` and
// `center`, which are always written so a saved scene never depends on a default that a text
// or an image file computes. Colors that have a name are written by name. The text is plain
// block YAML with lists and short mappings in flow style, unlimited in width, so a line never
// wraps inside a value.
import Geometry
import Yams

public struct SceneWriter: Sendable {
    /// A writer (it holds no state).
    public init() {}

    /// The scene as a YAML mapping.
    public func node(for scene: SceneDescription) -> Node {
        var w = EntryWriter()
        w.add("name", .string(scene.name))
        w.add("summary", scene.summary.isEmpty ? nil : .string(scene.summary))
        w.add("size", scene.size.map(Node.size))
        w.add("addLimit", scene.addLimit.map { .number(Double($0)) })
        w.add("sleeping", scene.sleeping ? nil : .bool(false))
        w.add("items", .blockList(scene.items.map { block(item($0, placed: true)) }))
        w.add("groups", scene.groups.isEmpty ? nil : .blockList(scene.groups.map { block(group($0)) }))
        w.add("behaviors", scene.behaviors.isEmpty ? nil : .blockList(scene.behaviors.map { $0.write() }))
        w.add("gestures", scene.gestures.isEmpty ? nil : .blockList(scene.gestures.map { block(gesture($0)) }))
        w.add("animations", scene.animations.isEmpty ? nil : .blockList(scene.animations.map { block(animation($0)) }))
        w.add("rules", scene.rules.isEmpty ? nil : .blockList(scene.rules.map { $0.write() }))
        return block(w.pairs)
    }

    /// The scene file's text; `comment` (one or more lines, without `#`) goes at the top.
    public func text(for scene: SceneDescription, comment: String? = nil) throws -> String {
        let body = try Yams.serialize(node: node(for: scene), width: -1, allowUnicode: true)
        guard let comment else { return body }
        let lines = comment.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.map { $0.isEmpty ? "#" : "# " + $0 }.joined(separator: "\n") + "\n" + body
    }

    // MARK: Items

    /// An item's keys; a gesture's template (`placed` false) has no center and no motion.
    func item(_ item: ItemDescription, placed: Bool) -> [(key: String, value: Node)] {
        var w = EntryWriter()
        w.add("id", .string(item.id))
        w.add("shape", item.shape == .rectangle ? nil : Node(item.shape.rawValue))
        w.add("text", item.text.map(Node.string))
        w.add("vertices", item.vertices.map { .list($0.map(Node.vector)) })
        w.add("image", item.image.map(Node.string))
        w.add("size", .size(item.size))
        w.add("cornerRadius", item.cornerRadius == 0 ? nil : .number(item.cornerRadius))
        if placed { w.add("center", .position(item.center)) }
        w.add("angle", item.angle == 0 ? nil : .number(item.angle))
        w.add("color", item.color == .white ? nil : .color(item.color))
        w.add("alpha", item.alpha == 1 ? nil : .number(item.alpha))
        w.add("scale", item.scale == 1 ? nil : .number(item.scale))
        w.add("category", item.category.isEmpty ? nil
              : (item.category.count == 1 ? .string(item.category[0]) : .list(item.category.map(Node.string))))
        w.add("collidesWith", item.collidesWith.map { .list($0.map(Node.string)) })
        w.add("collisionGroup", item.collisionGroup == 0 ? nil : .number(Double(item.collisionGroup)))
        if placed {
            w.add("velocity", item.velocity == .zero ? nil : .vector(item.velocity))
            w.add("angularVelocity", item.angularVelocity == 0 ? nil : .number(item.angularVelocity))
            w.add("asleep", item.asleep ? .bool(true) : nil)
        }
        return w.pairs
    }

    /// A group's keys: its id when it has one, and its items.
    func group(_ g: GroupDescription) -> [(key: String, value: Node)] {
        var w = EntryWriter()
        w.add("id", g.id.map(Node.string))
        w.add("items", .list(g.items.map(Node.string)))
        return w.pairs
    }

    // MARK: Gestures

    /// A gesture's tuning keys, those not at their defaults.
    func tuning(_ t: GestureTuning) -> [(key: String, value: Node)] {
        var w = EntryWriter()
        w.add("id", t.id.map(Node.string))
        w.add("requireToFail", t.requireToFail.isEmpty ? nil : .list(t.requireToFail.map(Node.string)))
        switch t.simultaneous {
        case .always: break
        case .never: w.add("simultaneous", .bool(false))
        case .only(let ids): w.add("simultaneous", .list(ids.map(Node.string)))
        }
        w.add("minimumPressDuration", t.minimumPressDuration.map(Node.number))
        w.add("allowableMovement", t.allowableMovement.map(Node.number))
        return w.pairs
    }

    func gesture(_ g: GestureDescription) -> [(key: String, value: Node)] {
        var w = EntryWriter()
        w.add("recognizer", Node(g.recognizer.rawValue))
        w.add("directions", g.directions.map { .list($0.map { Node($0.rawValue) }) })
        w.add("taps", g.taps.map { .number(Double($0)) })
        for (key, value) in tuning(g.tuning) { w.add(key, value) }
        w.add("on", g.on.map(Node.string))
        if g.action.name != .actions { w.add("action", Node(g.action.name.rawValue)) }
        typealias Action = GestureDescription.Action
        switch g.action {
        case .pushToward(let item, let push, let divisor):
            w.add("item", .string(item))
            w.add("push", .string(push))
            w.add("divisor", divisor == Action.pushTowardDivisor ? nil : .number(divisor))
        case .snapTo(let item, let damping):
            w.add("item", .string(item))
            w.add("damping", damping == Action.snapDamping ? nil : .number(damping))
        case .dragPush(let item, let divisor):
            w.add("item", item == g.on ? nil : .string(item))
            w.add("divisor", divisor == Action.dragPushDivisor ? nil : .number(divisor))
        case .message(let text):
            w.add("text", .string(text))
        case .rotate(let item), .scale(let item):
            w.add("item", item == g.on ? nil : .string(item))
        case .grab:
            break
        case .spawn(let template, let behaviors):
            w.add("template", flow(item(template, placed: false)))
            w.add("behaviors", behaviors.map(Node.ids))
        case .actions(let actions):
            w.add("do", .blockList(actions.map { $0.write() }))
        }
        return w.pairs
    }

    // MARK: Animations

    func animation(_ a: AnimationDescription) -> [(key: String, value: Node)] {
        var w = EntryWriter()
        w.add("item", .string(a.item))
        w.add("delay", a.delay == 0 ? nil : .number(a.delay))
        w.add("duration", .number(a.duration))
        w.add("curve", a.curve == .easeInOut ? nil : Node(a.curve.rawValue))
        if a.curve == .spring {
            w.add("dampingRatio", a.dampingRatio == 1 ? nil : .number(a.dampingRatio))
            w.add("velocity", a.velocity == 0 ? nil : .number(a.velocity))
        }
        w.add("repeat", a.repeatCount == 0 ? nil : .number(a.repeatCount))
        w.add("autoreverse", a.autoreverses ? .bool(true) : nil)
        w.add("to", flow(target(a.to)))
        w.add("then", a.then == .none ? nil : Node(a.then.rawValue))
        w.add("elapsed", a.elapsed.map(Node.number))
        w.add("from", a.from.map { flow(target($0)) })
        return w.pairs
    }

    private func target(_ t: AnimationDescription.Target) -> [(key: String, value: Node)] {
        var to = EntryWriter()
        to.add("center", t.center.map(Node.position))
        to.add("size", t.size.map(Node.size))
        to.add("alpha", t.alpha.map(Node.number))
        to.add("scale", t.scale.map(Node.number))
        to.add("angle", t.angle.map(Node.number))
        return to.pairs
    }

    private func block(_ pairs: [(key: String, value: Node)]) -> Node {
        .mapping(Node.Mapping(pairs.map { (Node($0.key), $0.value) }, Tag(.map), .block))
    }

    private func flow(_ pairs: [(key: String, value: Node)]) -> Node {
        .flowMapping(pairs.map { ($0.key, $0.value) })
    }
}

extension SceneDescription {
    /// The scene as the text of a scene file (`SceneWriter`), which parses back to this value.
    public func yaml(comment: String? = nil) throws -> String {
        try SceneWriter().text(for: self, comment: comment)
    }
}
