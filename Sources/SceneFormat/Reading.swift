// Reading: one pass over one scene document, the values read so far and the references to check
// at the end. The scene's top level, its lists of items and behaviors with their ids, and the
// references checked once every id is known are here; an item is read in Reading+Item.swift, a
// behavior entry by its kind (Behaviors/), gestures and animations in GestureReading.swift.
import Foundation
import Geometry
import Images
import Yams

/// One pass over one document: the values read so far and the references to check at the end.
struct Reading {
    let errors: ErrorCollector
    let defaultName: String
    /// Where image files are read from; nil: images are not read.
    let imageFolder: String?
    /// Each image file decoded at most once per scene, by resolved path.
    var images: [String: Result<Bitmap, ImageError>] = [:]
    let limits: SceneLimits
    /// The references to check at the end, shared with the behavior kinds.
    let context = ParsingContext()

    init(errors: ErrorCollector, defaultName: String, imageFolder: String?, limits: SceneLimits) {
        self.errors = errors; self.defaultName = defaultName; self.imageFolder = imageFolder; self.limits = limits
    }

    static let sceneKeys = ["name", "summary", "size", "addLimit", "sleeping", "items", "groups", "behaviors", "gestures", "animations", "rules"]
    mutating func scene(_ r: NodeReader) -> SceneDescription? {
        guard let m = r.mapping(allowed: Self.sceneKeys) else { return nil }
        var scene = SceneDescription(name: m["name"]?.string() ?? defaultName)
        scene.summary = m["summary"]?.string() ?? ""
        scene.size = m["size"]?.size()
        scene.addLimit = m["addLimit"]?.integer(minimum: 0)
        scene.sleeping = m["sleeping"]?.bool() ?? true
        let itemIDs = readItems(m, into: &scene)
        readGroups(m, into: &scene)
        let behaviorTypes = readBehaviors(m, into: &scene)
        for entry in limited(m["gestures"]?.list() ?? [], "gestures", to: limits.gestures) {
            if let gesture = gesture(entry) { scene.gestures.append(gesture) }
        }
        for entry in limited(m["animations"]?.list() ?? [], "animations", to: limits.entries) {
            if let animation = animation(entry) { scene.animations.append(animation) }
        }
        for entry in limited(m["rules"]?.list() ?? [], "rules", to: limits.gestures) {
            if let rule = rule(entry) { scene.rules.append(rule) }
        }
        // References, now that every id is known.
        checkItemReferences(known: itemIDs, inOrder: scene.items.map(\.id))
        checkGestureReferences()
        checkBehaviorReferences(known: behaviorTypes)
        checkBoundaryReferences(known: scene.behaviors)
        checkCategoryReferences()
        return scene
    }

    /// The items, each id once; returns where each id is given.
    private mutating func readItems(_ m: MappingReader, into scene: inout SceneDescription) -> [String: NodeReader] {
        var itemIDs: [String: NodeReader] = [:]
        guard let entries = m.required("items", "a list of items")?.list() else { return itemIDs }
        for entry in limited(entries, "items", to: limits.entries) {
            guard let item = item(entry, spawned: false) else { continue }
            if let first = itemIDs[item.id] {
                idReader(entry).error("duplicate item id '\(item.id)' (first used at line \(first.line), column \(first.column))")
            } else {
                itemIDs[item.id] = idReader(entry)
            }
            scene.items.append(item)
        }
        return itemIDs
    }

    /// The behaviors, each id once; returns where each id is given and its behavior's type.
    private mutating func readBehaviors(_ m: MappingReader, into scene: inout SceneDescription) -> [String: (NodeReader, String)] {
        var behaviorTypes: [String: (NodeReader, String)] = [:]
        for entry in limited(m["behaviors"]?.list() ?? [], "behaviors", to: limits.entries) {
            guard let behavior = behavior(entry) else { continue }
            if let id = behavior.id {
                if let (first, _) = behaviorTypes[id] {
                    idReader(entry).error("duplicate behavior id '\(id)' (first used at line \(first.line), column \(first.column))")
                } else {
                    behaviorTypes[id] = (idReader(entry), behavior.type)
                }
            }
            scene.behaviors.append(behavior)
        }
        return behaviorTypes
    }

    /// Reports every item reference to an id no item has, with the closest id or the list.
    private func checkItemReferences(known itemIDs: [String: NodeReader], inOrder knownItems: [String]) {
        for reference in context.itemReferences where itemIDs[reference.id] == nil {
            if let guess = Suggestion.closest(to: reference.id, in: knownItems) {
                reference.at.error("unknown item id '\(reference.id)'; did you mean '\(guess)'?")
            } else {
                reference.at.error("unknown item id '\(reference.id)'" + (knownItems.isEmpty ? "; the scene has no items"
                    : "; the items are: \(knownItems.joined(separator: ", "))"))
            }
        }
    }

    /// Reports every behavior reference to an unknown id, or to a behavior of another type.
    private func checkBehaviorReferences(known behaviorTypes: [String: (NodeReader, String)]) {
        for (reference, type) in context.behaviorReferences {
            guard let (_, found) = behaviorTypes[reference.id] else {
                let known = behaviorTypes.keys.sorted()
                if let guess = Suggestion.closest(to: reference.id, in: known) {
                    reference.at.error("unknown behavior id '\(reference.id)'; did you mean '\(guess)'?")
                } else {
                    reference.at.error("unknown behavior id '\(reference.id)'" + (known.isEmpty ? "; no behavior has an id"
                        : "; the behavior ids are: \(known.joined(separator: ", "))"))
                }
                continue
            }
            if let type, type != found {
                reference.at.error("behavior '\(reference.id)' is a \(found) behavior; expected a \(type) behavior")
            }
        }
    }

    /// The reader of an entry's `id` value (or the entry itself), for id errors.
    func idReader(_ entry: NodeReader) -> NodeReader {
        if case .mapping(let mapping) = entry.node, let id = mapping["id"] { return entry.child(id, key: "id") }
        return entry
    }

    func itemReference(_ r: NodeReader?) -> String? { context.itemReference(r) }

    /// The first `limit` entries of a list; past that, one error at the first entry left out.
    func limited(_ entries: [NodeReader], _ name: String, to limit: Int) -> ArraySlice<NodeReader> {
        if entries.count > limit {
            entries[limit].error("a scene has at most \(limit.formatted()) \(name) and this list has "
                                 + "\(entries.count.formatted()); the rest are not read")
        }
        return entries.prefix(limit)
    }

    // MARK: Behaviors

    /// One behavior entry: its `type` picks the kind (BehaviorKinds), which reads the rest.
    mutating func behavior(_ r: NodeReader) -> BehaviorDescription? { Self.behavior(r, context: context) }

    /// One behavior entry read with `context` (a composite reads its children this way).
    static func behavior(_ r: NodeReader, context: ParsingContext) -> BehaviorDescription? {
        guard case .mapping(let mapping) = r.node else {
            r.error("expected a behavior (a mapping with 'type'), found \(r.found)")
            return nil
        }
        guard let typeNode = mapping["type"] else {
            r.error("missing 'type' (one of \(BehaviorKinds.names.joined(separator: " | ")))")
            return nil
        }
        guard let type = r.child(typeNode, key: "type").choice(among: BehaviorKinds.names),
              let kind = BehaviorKinds.kind(named: type),
              let m = r.mapping(allowed: ["type", "id"] + kind.keys) else { return nil }
        return Self.read(kind, m, id: m["id"]?.identifier(), context: context)
    }

    private static func read<K: BehaviorKind>(_ kind: K.Type, _ m: MappingReader, id: String?,
                                              context: ParsingContext) -> BehaviorDescription? {
        K.parse(m, id: id, context: context).map(BehaviorDescription.init)
    }
}
