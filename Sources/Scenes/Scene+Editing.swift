// Scene+Editing: applying a SceneEdit to the live scene and its description at once.
//
// The description and the live scene change together, so `sceneDescription` always says what
// is playing (a writer can save it with the live positions) and `fileBehaviors[i]` stays the
// live behavior of `sceneDescription.behaviors[i]` through every edit. An edit that would break
// the description (an unknown item id, an item still named by a behavior, an index out of
// range) is refused: `apply` returns nil and changes nothing, so a bad edit never leaves a
// broken scene. New behaviors are built through the same BehaviorBuilding path SceneBuilder
// uses. A replaced behavior is changed in place where it can be, since building it again
// would lose live state (a pin's anchor on moving items, warm-started contacts): a list's
// items, an attachment's length, spring, friction and motor, a dynamic item's properties.
// Otherwise it is built again and joins the end of the animator's behaviors.
import Dynamics
import Geometry
import SceneFormat

/// A behavior kind that lists the items it acts on (`items: nil` is every item).
protocol ListingItems {
    var items: [String]? { get set }
}

extension BehaviorDescription.Collision: ListingItems {}
extension BehaviorDescription.Gravity: ListingItems {}
extension BehaviorDescription.Push: ListingItems {}
extension BehaviorDescription.DynamicItemProperties: ListingItems {}
extension BehaviorDescription.Field: ListingItems {}

extension BehaviorDescription {
    /// The item ids the entry names: its list, or an attachment's or snap's items.
    public var namedItems: [String] {
        if let list = kind as? any ListingItems { return list.items ?? [] }
        if let a = self.as(Attachment.self) { return [a.item] + (a.to.map { [$0] } ?? []) }
        if let s = self.as(Snap.self) { return [s.item] }
        return []
    }

    /// The entry's `items` list, for kinds that have one (nil inside: every item).
    public var listedItems: [String]?? { (kind as? any ListingItems).map(\.items) }

    /// The same entry with `items` replaced (unchanged for kinds without a list).
    public func withListedItems(_ items: [String]?) -> BehaviorDescription {
        guard var list = kind as? any ListingItems else { return self }
        list.items = items
        guard let changed = list as? any BehaviorKind else { return self }
        return BehaviorDescription(changed)
    }
}

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

    /// Whether some behavior, gesture or animation of the description names `id`.
    public func descriptionNames(_ id: String) -> Bool {
        sceneDescription.behaviors.contains { $0.namedItems.contains(id) }
            || sceneDescription.gestures.contains { $0.action.item == id || $0.on == id }
            || sceneDescription.animations.contains { $0.item == id }
    }

    // MARK: Items

    private func insertItem(_ d: ItemDescription, at index: Int, placement: ItemPlacement?) -> SceneEdit? {
        guard index >= 0, index <= sceneDescription.items.count, !d.id.isEmpty, item(withID: d.id) == nil,
              !sceneDescription.items.contains(where: { $0.id == d.id }) else { return nil }
        let item = SceneItem(d, in: referenceBounds)
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
            (fileBehaviors[i] as? ItemListBehavior)?.addItem(item)
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
        return b.kind is any BehaviorBuilding
    }

    /// The live behavior `b` makes, not yet in the animator, and the work to do once it is.
    private func build(_ b: BehaviorDescription) -> (DynamicBehavior, [() -> Void]) {
        let context = BehaviorBuildContext(referenceBounds: referenceBounds, items: items)
        let live = (b.kind as! any BehaviorBuilding).build(in: context)
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
        var old = sceneDescription.behaviors[index]
        let live = fileBehaviors[index]
        if let id = old.id, sceneDescription.gestures.contains(where: { $0.uses(behavior: id) }) { return nil }
        if var a = old.as(BehaviorDescription.Attachment.self), a.to != nil, a.kind != .distance && a.kind != .limit,
           let attachment = live as? AttachmentBehavior {
            // A point shared by two items moves with them: undo puts the joint where it is now.
            let point = attachment.attachmentPoints.0
            if point.isFinite { a.anchor = Position(point); old = BehaviorDescription(a) }
        }
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

    /// Changes `live` from `old` to `new` where that needs no new behavior; false otherwise.
    private func changeInPlace(_ live: DynamicBehavior, from old: BehaviorDescription, to new: BehaviorDescription) -> Bool {
        if let listed = new.listedItems, let list = live as? ItemListBehavior {
            // Everything but the list must stay, apart from a dynamic item's properties below.
            var rest = old.withListedItems(listed)
            if let o = rest.as(BehaviorDescription.DynamicItemProperties.self),
               let n = new.as(BehaviorDescription.DynamicItemProperties.self), let d = live as? DynamicItemBehavior {
                guard Self.setsEveryPropertyOf(o, n) else { return false }
                if let v = n.elasticity { d.elasticity = v }
                if let v = n.friction { d.friction = v }
                if let v = n.density { d.density = v }
                if let v = n.resistance { d.resistance = v }
                if let v = n.angularResistance { d.angularResistance = v }
                if let v = n.allowsRotation { d.allowsRotation = v }
                if let v = n.anchored { d.isAnchored = v }
                if let v = n.charge { d.charge = v }
                rest = new
            }
            guard rest == new else { return false }
            let wanted = listed.map { $0.compactMap(item(withID:)) } ?? items
            for item in list.items where !wanted.contains(where: { $0 === item }) { list.removeItem(item) }
            for item in wanted where !list.items.contains(where: { $0 === item }) { list.addItem(item) }
            return true
        }
        if var o = old.as(BehaviorDescription.Attachment.self), let n = new.as(BehaviorDescription.Attachment.self),
           let a = live as? AttachmentBehavior {
            o.length = n.length; o.frequency = n.frequency; o.damping = n.damping; o.range = n.range
            o.frictionTorque = n.frictionTorque; o.motorSpeed = n.motorSpeed; o.motorTorque = n.motorTorque
            guard o == n else { return false }
            if let v = n.length { a.length = v }
            a.frequency = n.frequency ?? 0
            a.damping = n.damping ?? 0
            a.attachmentRange = n.range
            a.frictionTorque = n.frictionTorque ?? 0
            a.motorSpeed = n.motorSpeed ?? 0
            a.maxMotorTorque = n.motorTorque ?? 0
            return true
        }
        return false
    }

    /// Whether `new` sets every property `old` sets (a property set back to "not given" needs a
    /// new behavior: a live one cannot forget a value).
    private static func setsEveryPropertyOf(_ old: BehaviorDescription.DynamicItemProperties,
                                            _ new: BehaviorDescription.DynamicItemProperties) -> Bool {
        (old.elasticity == nil || new.elasticity != nil) && (old.friction == nil || new.friction != nil)
            && (old.density == nil || new.density != nil) && (old.resistance == nil || new.resistance != nil)
            && (old.angularResistance == nil || new.angularResistance != nil)
            && (old.allowsRotation == nil || new.allowsRotation != nil) && (old.anchored == nil || new.anchored != nil)
            && (old.charge == nil || new.charge != nil) && old.velocity == new.velocity
            && old.angularVelocity == new.angularVelocity
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
