// Scene+CurrentDescription: the live scene written back as a description that goes on from now.
//
// Saving must give a file that, built and played, continues the motion where it was saved. So
// the description is the one the scene was built from with what has changed since put back,
// and its `size` is the reference bounds it was playing in (items are written in points):
// - Items: the scene's items as they are (spawned ones included, removed ones gone), each at its
//   live center in points, angle, size, alpha, color and drawn scale, with its velocity and
//   angular velocity when a behavior drives it (items no behavior drives have none).
// - Groups: as the description has them; an item of a group writes the group's velocity at its
//   center and the group's angular velocity, so any of them gives the group's motion back.
// - Behaviors: `fileBehaviors[i]` is the live form of `sceneDescription.behaviors[i]`, and each
//   kind writes its own live state (BehaviorRuntime.current, in Behaviors/): list behaviors the
//   items they hold now (left out when they hold every item and the file left them out), a push
//   its live direction, a snap its live point, an attachment its live definition. A file
//   behavior that has left the animator (its item was removed, or a gesture replaced the snap
//   it was) is left out. A snap a tap made (`snapTo`) holds its item until the next tap, so it
//   is written as a `type: snap` after the file's behaviors; what gestures in progress hold (a
//   drag's push, a grab's spring) ends with the gesture and is left out.
// - Animations, at `time` seconds after the start: one that has ended is left out (its end
//   values are in the items); one still waiting keeps the rest of its delay. Where one in flight
//   is (its elapsed time and the values it started from) is known only to the session's
//   animation runner, which writes it exactly (SceneSession.currentDescription); without one,
//   an animation in flight is written as what is left of it, one pass to the same targets.
// - Gestures and animations that name an item or behavior no longer there are left out, so the
//   description is always one the parser accepts.
import Dynamics
import Geometry
import SceneFormat

extension Scene {
    /// The scene as it is now; building it gives a scene that moves on from here. `time` is the
    /// seconds since the scene started, for its animations.
    public func currentDescription(time: Double = 0) -> SceneDescription {
        var d = sceneDescription
        // Items are written in points: the bounds they were measured in go with them, so walls
        // and percentages land where they were in any terminal.
        d.size = d.size ?? referenceBounds.size
        d.items = items.map(currentDescription(of:))
        let itemIDs = Set(d.items.map(\.id))
        d.groups = sceneDescription.groups.filter { $0.items.allSatisfy(itemIDs.contains) }
        var behaviors: [BehaviorDescription] = []
        for (entry, live) in zip(sceneDescription.behaviors, fileBehaviors) where live.dynamicAnimator === animator {
            if let written = currentEntry(entry, live, itemIDs: itemIDs) { behaviors.append(written) }
        }
        behaviors += gestureSnaps(itemIDs: itemIDs)
        d.behaviors = behaviors
        let behaviorIDs = Set(behaviors.compactMap(\.id))
        d.gestures = sceneDescription.gestures.compactMap { Self.keeping($0, items: itemIDs, behaviors: behaviorIDs) }
        d.animations = sceneDescription.animations.compactMap { animation in
            itemIDs.contains(animation.item) ? Self.remaining(of: animation, at: time) : nil
        }
        // A rule is kept while everything it names is still there.
        d.rules = sceneDescription.rules.filter {
            Set($0.namedItems).isSubset(of: itemIDs) && Set($0.namedBehaviors).isSubset(of: behaviorIDs)
        }
        return d
    }

    /// One item as it is now.
    func currentDescription(of item: SceneItem) -> ItemDescription {
        var d = ItemDescription(id: item.id, shape: item.shape, size: Size(Self.bounded(item.size.width, 0.1...1e6),
                                                                          Self.bounded(item.size.height, 0.1...1e6)),
                                center: Position(Point(Self.bounded(item.center.x), Self.bounded(item.center.y))),
                                angle: Self.bounded(item.angle), color: item.color, alpha: Self.bounded(item.alpha, 0...1),
                                text: item.text, vertices: item.vertices, image: item.image, bitmap: item.bitmap,
                                scale: item.scale.isFinite && item.scale > 0 ? Self.bounded(item.scale) : 1)
        if item.shape == .rectangle && item.cornerRadius > 0 {
            d.cornerRadius = min(Self.bounded(item.cornerRadius), min(d.size.width, d.size.height) / 2)
        }
        d.category = item.category
        d.collidesWith = item.collidesWith
        d.collisionGroup = item.collisionGroup
        if isDynamic(item) {
            let v = linearVelocity(of: item)
            d.velocity = Vector(Self.bounded(v.x), Self.bounded(v.y))
            d.angularVelocity = Self.bounded(angularVelocity(of: item))
        }
        return d
    }

    /// A number the scene format accepts: finite and within `range` (NaN becomes 0).
    /// A pin's or slider's `range` counted from the present angle or travel `here`. A scene file's
    /// range must contain 0 (where the item starts), so a joint that a soft limit lets sit a hair
    /// past its end is saved with that end at 0: where it is, at its limit.
    static func rangeFromHere(_ range: ClosedRange<Double>, at here: Double) -> ClosedRange<Double> {
        let lower = bounded(range.lowerBound - here), upper = bounded(range.upperBound - here)
        return min(lower, 0)...max(upper, 0)
    }

    static func bounded(_ value: Double, _ range: ClosedRange<Double> = -1e6...1e6) -> Double {
        guard value.isFinite else { return value.isNaN ? min(max(0, range.lowerBound), range.upperBound) : (value > 0 ? range.upperBound : range.lowerBound) }
        return min(max(value, range.lowerBound), range.upperBound)
    }

    static func position(_ p: Point) -> Position { Position(Point(bounded(p.x), bounded(p.y))) }

    // MARK: Behaviors

    /// The entry with its live state, as its kind writes it; nil when nothing of it is left.
    private func currentEntry(_ entry: BehaviorDescription, _ live: DynamicBehavior, itemIDs: Set<String>) -> BehaviorDescription? {
        entry.runtime.currentEntry(live, in: self, itemIDs: itemIDs)
    }

    /// The snaps a tap's `snapTo` made, which hold their items until another tap moves them: a
    /// `type: snap` entry each, after the file's behaviors, in the animator's order.
    private func gestureSnaps(itemIDs: Set<String>) -> [BehaviorDescription] {
        let fromFile = Set(fileBehaviors.map(ObjectIdentifier.init))
        return animator.behaviors.compactMap { live in
            guard let snap = live as? SnapBehavior, !fromFile.contains(ObjectIdentifier(snap)),
                  let item = snap.item as? SceneItem, itemIDs.contains(item.id) else { return nil }
            var entry = BehaviorDescription.Snap(item: item.id, point: Self.position(snap.snapPoint))
            entry.damping = Self.bounded(snap.damping, 0...1)
            return BehaviorDescription(entry)
        }
    }

    /// The ids a list behavior holds now: nil (every item) when the file left `items` out and it
    /// still holds every item; `.some(nil)` for "every item", `nil` when the list is empty.
    func itemList(_ written: [String]?, _ live: ItemListBehavior) -> [String]?? {
        let held = live.items.flatMap { item in
            ((item as? DynamicItemGroup)?.items ?? [item]).compactMap { ($0 as? SceneItem)?.id }
        }
        if written == nil && Set(held) == Set(items.map(\.id)) { return .some(nil) }
        return held.isEmpty ? nil : .some(held)
    }

    // MARK: Gestures and animations

    /// The gesture, if every item and behavior it names is still there (a spawn's behaviors
    /// lose those that are gone).
    static func keeping(_ g: GestureDescription, items: Set<String>, behaviors: Set<String>) -> GestureDescription? {
        if let on = g.on, !items.contains(on) { return nil }
        if let item = g.action.item, !items.contains(item) { return nil }
        var g = g
        switch g.action {
        case .pushToward(_, let push, _):
            if !behaviors.contains(push) { return nil }
        case .spawn(let template, let ids?):
            g.action = .spawn(template: template, behaviors: ids.filter(behaviors.contains))
        case .actions(let actions):
            let rule = RuleDescription(event: EventDescription(EventDescription.Rest()), actions: actions)
            if !Set(rule.namedItems).isSubset(of: items) || !Set(rule.namedBehaviors).isSubset(of: behaviors) { return nil }
        default:
            break
        }
        return g
    }

    /// What is left of an animation `time` seconds after the scene started; nil once it has ended.
    static func remaining(of a: AnimationDescription, at time: Double) -> AnimationDescription? {
        let legs = (a.repeatCount > 0 ? a.repeatCount + 1 : 1) * (a.autoreverses ? 2 : 1)
        let end = max(a.delay, 0) + (a.duration > 0 ? a.duration * legs : 0)
        guard time > 0 else { return a }
        if time >= end - 1e-9 { return nil }
        var rest = a
        if time < a.delay {
            rest.delay = a.delay - time
        } else {
            rest.delay = 0
            rest.duration = end - time
            rest.repeatCount = 0
            rest.autoreverses = false
        }
        return rest
    }
}
