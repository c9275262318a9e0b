// Scene+Editing: applying a SceneEdit to the live scene and its description at once.
//
// The description and the live scene change together, so `sceneDescription` always says what
// is playing (a writer can save it with the live positions) and `fileBehaviors[i]` stays the
// live behavior of `sceneDescription.behaviors[i]` through every edit. An edit that would break
// the description (an unknown item id, an item still named by a behavior, an index out of
// range) is refused: `apply` returns nil and changes nothing, so a bad edit never leaves a
// broken scene. New behaviors are built through the same BehaviorRuntime path SceneBuilder
// uses. A replaced behavior is changed in place where its kind can (BehaviorRuntime.change),
// since building it again would lose live state (a pin's anchor on moving items, warm-started
// contacts): a list's items, an attachment's length, spring, friction and motor, a dynamic
// item's properties. Otherwise it is built again and joins the end of the animator's behaviors.
import Dynamics
import Geometry
import SceneFormat

extension Scene {
    /// Applies `edit` to the live scene and its description and returns the edit that undoes
    /// it, or nil (and nothing changed) when the edit does not fit the scene. Deterministic:
    /// the same edits applied in the same order to the same state give the same scene.
    @discardableResult
    public func apply(_ edit: SceneEdit) -> SceneEdit? {
        // An edit made while time stands still shows at once (the animator commits it).
        defer { animator.commitChanges() }
        switch edit {
        case .insertItem(let d, let index, let placement): return insertItem(d, at: index, placement: placement)
        case .removeItem(let id): return removeDescribedItem(id)
        case .replaceItem(let index, let d): return replaceItem(at: index, with: d)
        case .placeItem(let id, let placement): return place(id, placement)
        case .insertBehavior(let b, let index): return insertBehavior(b, at: index)
        case .removeBehavior(let index): return removeBehavior(at: index)
        case .replaceBehavior(let index, let b): return replaceBehavior(at: index, with: b)
        case .tune(let change): return change.apply(to: self) ? .tune(change.inverse) : nil
        case .insertGroup(let g, let index): return insertGroup(g, at: index)
        case .removeGroup(let index): return removeGroup(at: index)
        case .batch(let edits):
            var inverses: [SceneEdit] = []
            for e in edits {
                guard let inverse = apply(e) else {
                    for undo in inverses.reversed() { apply(undo) }
                    return nil
                }
                inverses.append(inverse)
            }
            return .batch(inverses.reversed())
        }
    }

    /// Whether some behavior, group, gesture, animation or rule of the description names `id`.
    public func descriptionNames(_ id: String) -> Bool {
        sceneDescription.behaviors.contains { $0.namedItems.contains(id) } || sceneDescription.group(containing: id) != nil
            || sceneDescription.rules.contains { $0.namedItems.contains(id) }
            || sceneDescription.gestures.contains { $0.action.item == id || $0.on == id || $0.actionsName(id) }
            || sceneDescription.animations.contains { $0.item == id }
    }

    // MARK: Items

    private func insertItem(_ d: ItemDescription, at index: Int, placement: ItemPlacement?) -> SceneEdit? {
        guard index >= 0, index <= sceneDescription.items.count, !d.id.isEmpty, item(withID: d.id) == nil,
              !sceneDescription.items.contains(where: { $0.id == d.id }) else { return nil }
        let item = SceneItem(d, in: referenceBounds)
        item.collisionFilter = collisionFilter(for: d)
        if let placement, placement.center.isFinite, placement.angle.isFinite {
            item.center = placement.center
            item.transform = AffineTransform(rotationAngle: placement.angle)
        }
        guard item.center.isFinite else { return nil }
        let liveIndex = index < sceneDescription.items.count
            ? items.firstIndex { $0.id == sceneDescription.items[index].id } ?? items.count : items.count
        items.insert(item, at: liveIndex)
        sceneDescription.items.insert(d, at: index)
        for (i, b) in sceneDescription.behaviors.enumerated() where b.listsEveryItem {
            b.runtime.take(item, intoLive: fileBehaviors[i])
        }
        return .removeItem(id: d.id)
    }

    private func removeDescribedItem(_ id: String) -> SceneEdit? {
        guard let index = sceneDescription.items.firstIndex(where: { $0.id == id }), !descriptionNames(id) else { return nil }
        let d = sceneDescription.items[index]
        var placement: ItemPlacement?
        if let live = item(withID: id) {
            placement = ItemPlacement(center: live.center, angle: live.angle)
            removeItem(live)
        }
        sceneDescription.items.remove(at: index)
        return .insertItem(d, at: index, placement: placement)
    }

    private func replaceItem(at index: Int, with d: ItemDescription) -> SceneEdit? {
        guard sceneDescription.items.indices.contains(index), sceneDescription.items[index].id == d.id else { return nil }
        let old = sceneDescription.items[index]
        sceneDescription.items[index] = d
        if let live = item(withID: d.id) {
            live.color = d.color
            live.alpha = d.alpha
            live.text = d.text
        }
        return .replaceItem(at: index, with: old)
    }

    private func place(_ id: String, _ placement: ItemPlacement) -> SceneEdit? {
        guard let live = item(withID: id), placement.center.isFinite, placement.angle.isFinite else { return nil }
        if let group = group(of: live) { return place(group, by: live, at: placement) }
        let old = ItemPlacement(center: live.center, angle: live.angle)
        live.center = placement.center
        live.transform = AffineTransform(rotationAngle: placement.angle)
        if animator.contains(live) {
            animator.updateItem(usingCurrentState: live)
            animator.setVelocity(.zero, angular: 0, for: live)
        }
        return .placeItem(id: id, old)
    }

    // MARK: Behaviors

    /// Whether `b` can join the scene: every item it names exists, and its id is new.
    private func fits(_ b: BehaviorDescription, replacing index: Int? = nil) -> Bool {
        let known = Set(sceneDescription.items.map(\.id))
        guard b.namedItems.allSatisfy({ known.contains($0) && item(withID: $0) != nil }) else { return false }
        if let id = b.id {
            for (i, other) in sceneDescription.behaviors.enumerated() where i != index && other.id == id { return false }
        }
        return b.kind is any BehaviorRuntime
    }

    /// The live behavior `b` makes, not yet in the animator, and the work to do once it is.
    private func build(_ b: BehaviorDescription) -> (DynamicBehavior, [() -> Void]) {
        let context = BehaviorBuildContext(referenceBounds: referenceBounds, items: items, groups: groups)
        let live = b.runtime.buildLive(in: context)
        boundaryLayouts += context.boundaryLayouts
        return (live, context.afterAdding)
    }

    private func insertBehavior(_ b: BehaviorDescription, at index: Int) -> SceneEdit? {
        guard index >= 0, index <= sceneDescription.behaviors.count, fits(b) else { return nil }
        let (live, afterAdding) = build(b)
        animator.addBehavior(live)
        for work in afterAdding { work() }
        sceneDescription.behaviors.insert(b, at: index)
        fileBehaviors.insert(live, at: index)
        if let id = b.id { behaviorsByID[id] = live }
        return .removeBehavior(at: index)
    }

    private func removeBehavior(at index: Int) -> SceneEdit? {
        guard sceneDescription.behaviors.indices.contains(index) else { return nil }
        let live = fileBehaviors[index]
        if let id = sceneDescription.behaviors[index].id,
           sceneDescription.gestures.contains(where: { $0.uses(behavior: id) }) { return nil }
        // What an undo puts back: the entry as its kind says (an attachment where it is now).
        let old = sceneDescription.behaviors[index].runtime.removedEntry(from: live)
        animator.removeBehavior(live)
        retiredBehaviors.append(live)
        sceneDescription.behaviors.remove(at: index)
        fileBehaviors.remove(at: index)
        if let id = old.id { behaviorsByID[id] = nil }
        return .insertBehavior(old, at: index)
    }

    private func replaceBehavior(at index: Int, with b: BehaviorDescription) -> SceneEdit? {
        guard sceneDescription.behaviors.indices.contains(index) else { return nil }
        let old = sceneDescription.behaviors[index]
        guard old.type == b.type, old.id == b.id, fits(b, replacing: index) else { return nil }
        let live = fileBehaviors[index]
        if !changeInPlace(live, from: old, to: b) {
            let (rebuilt, afterAdding) = build(b)
            animator.removeBehavior(live)
            retiredBehaviors.append(live)
            animator.addBehavior(rebuilt)
            for work in afterAdding { work() }
            fileBehaviors[index] = rebuilt
            if let id = b.id { behaviorsByID[id] = rebuilt }
        }
        sceneDescription.behaviors[index] = b
        return .replaceBehavior(at: index, with: old)
    }

    /// Changes `live` from `old` to `new` where that needs no new behavior (as the kind says:
    /// BehaviorRuntime.change); false otherwise.
    private func changeInPlace(_ live: DynamicBehavior, from old: BehaviorDescription, to new: BehaviorDescription) -> Bool {
        old.runtime.change(live, to: new, in: self)
    }
}

extension GestureDescription {
    /// Whether the gesture's action addresses the behavior `id` (a push it steers, a list a
    /// spawned item joins).
    func uses(behavior id: String) -> Bool {
        switch action {
        case .pushToward(_, let push, _): push == id
        case .spawn(_, let behaviors): behaviors?.contains(id) ?? false
        default: false
        }
    }
}
