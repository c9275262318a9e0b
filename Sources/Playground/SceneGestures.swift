// SceneGestures: a scene's `gestures:` entries as live recognizers with their actions.
//
// Each entry becomes one UIKit-style recognizer in the session's router, whose target runs the
// entry's action (docs/gestures.md, "Actions in scenes"). Point actions (pushToward, snapTo,
// spawn, message) fire when a discrete recognizer recognizes or a continuous one begins;
// continuous actions (dragPush, rotate, scale, grab) follow the gesture from began to
// ended/cancelled and undo what must not outlive it (the drag's push, the grab's spring).
// `on:` limits an entry to gestures that start on that item (a hit test at the press).
//
// Terminal mice report motion per cell (8×16 pt), so a click that wobbles one row has moved
// 16 pt, more than UIKit's 10 pt: taps, double taps and long presses in scenes allow
// `SceneGestures.pointerSlop` (18 pt, one cell in any direction including the diagonal).
//
// A flood of taps (a held-down autoclicker, a recorded file of 250,000 taps) must not bury the
// scene in items until a step takes seconds: gestures and rules together add at most
// `maximumSpawnedItems` items to a scene (docs/gestures.md); past that a `spawn` or `add` adds
// nothing and says so in the status line, naming what added them. A scene's `addLimit` caps
// the items the player adds (SceneSession+AddLimit): a gesture's, or a rule's that a gesture
// fired, is refused past it with the cap's own message.
import Animation
import Dynamics
import Geometry
import Gestures
import SceneFormat
import Scenes

final class SceneGestures {
    /// Movement a tap or long press allows in a scene: one cell in any direction (√(8² + 16²) ≈ 17.9).
    static let pointerSlop = 18.0
    /// The grab's soft spring: UIKit-sandbox feel, firm but springy.
    static let grabFrequency = 5.0
    static let grabDamping = 0.7

    private unowned let session: SceneSession
    private var scene: Scene { session.scene }
    /// Items gestures and rules may add to one scene (from its start or last reload); `spawn`
    /// and `add` stop there.
    /// 200 balls of the Sandbox's 32 pt fill its 640×368 pt play area (about 230 fit).
    static let maximumSpawnedItems = 200
    /// What carries from gesture to gesture: each template's last number, the items gestures
    /// and rules have added, and the ids of those the player added (for the scene's `addLimit`).
    struct SpawnState {
        var counts: [String: Int] = [:]
        var byGestures = 0
        var byRules = 0
        var playerItems: [String] = []
        var items: Int { byGestures + byRules }
    }
    private var spawned = SpawnState()

    /// Who asks for an item: a gesture entry, a rule a gesture fired (both the player's), or a
    /// rule another event fired (the scene's own).
    enum Adder { case gesture, gestureRule, rule }

    /// Per recognizer: what the current gesture holds.
    private final class Hold {
        var item: SceneItem?
        var push: PushBehavior?
        var attachment: AttachmentBehavior?
        var startAngle = 0.0
        var startScale = 1.0
        var grabOffset = Vector.zero
        var ignored = false
        /// The entry's place in the scene's `gestures:`, from 1 (for a `do:` entry's lines).
        var number = 0
    }
    private var holds: [ObjectIdentifier: Hold] = [:]

    init(session: SceneSession) {
        self.session = session
        var singleTaps: [TapGestureRecognizer] = []
        var doubleTaps: [TapGestureRecognizer] = []
        var made: [(GestureDescription, GestureRecognizer)] = []
        for (index, entry) in session.scene.gestures.enumerated() {
            let recognizer = makeRecognizer(entry)
            made.append((entry, recognizer))
            recognizer.name = "\(entry.recognizer.rawValue) → \(entry.action.name.rawValue)"
            if let tap = recognizer as? TapGestureRecognizer {
                if tap.numberOfTapsRequired == 1 { singleTaps.append(tap) } else { doubleTaps.append(tap) }
            }
            let hold = Hold()
            hold.number = index + 1
            holds[ObjectIdentifier(recognizer)] = hold
            recognizer.addTarget { [unowned self] r in self.run(entry, r, hold) }
            session.router.add(recognizer)
        }
        // UIKit's idiom: a single tap waits for the double tap to fail.
        for single in singleTaps { for double in doubleTaps { single.require(toFail: double) } }
        Self.tune(made)
    }

    /// Whether an action holds something the loop must keep stepping for (a grab, a drag push).
    var isHolding: Bool { holds.values.contains { $0.push != nil || $0.attachment != nil } }

    /// What carries from gesture to gesture (SceneSession+Checkpoint): the spawn counters. The
    /// holds are empty whenever a checkpoint is taken (no gesture in progress).
    var spawnState: SpawnState {
        get { spawned }
        set { spawned = newValue }
    }

    /// The items the player added with gestures that are still in the scene.
    var playerItemsInScene: Int { spawned.playerItems.lazy.filter { self.scene.item(withID: $0) != nil }.count }

    /// An item is leaving the scene: let go of it.
    func itemWillBeRemoved(_ item: SceneItem) {
        for hold in holds.values where hold.item === item {
            release(hold)
        }
    }

    // MARK: Recognizers

    private func makeRecognizer(_ entry: GestureDescription) -> GestureRecognizer {
        switch entry.recognizer {
        case .tap, .doubleTap:
            let tap = TapGestureRecognizer(numberOfTapsRequired: entry.taps ?? (entry.recognizer == .tap ? 1 : 2))
            tap.allowableMovement = Self.pointerSlop
            return tap
        case .longPress:
            let press = LongPressGestureRecognizer()
            press.allowableMovement = Self.pointerSlop
            return press
        case .pan:
            return PanGestureRecognizer()
        case .swipe:
            var direction: SwipeGestureRecognizer.Direction = []
            for d in entry.directions ?? [.right] {
                switch d {
                case .right: direction.insert(.right)
                case .left: direction.insert(.left)
                case .up: direction.insert(.up)
                case .down: direction.insert(.down)
                }
            }
            return SwipeGestureRecognizer(direction: direction)
        case .rotation:
            let rotation = RotationGestureRecognizer()
            rotation.pivotProvider = { [unowned self] p in
                (self.target(entry) ?? self.scene.item(at: p))?.center ?? p
            }
            return rotation
        case .pinch:
            return PinchGestureRecognizer()
        }
    }

    /// The item an entry acts on: its action's item, else `on`.
    private func target(_ entry: GestureDescription) -> SceneItem? {
        (entry.action.item ?? entry.on).flatMap { scene.item(withID: $0) }
    }

    // MARK: Actions

    private func run(_ entry: GestureDescription, _ r: GestureRecognizer, _ hold: Hold) {
        let state = r.state
        // `on:` — only gestures that start on that item.
        if state == .began || (state == .ended && !isContinuous(r)) {
            hold.ignored = false
            if let on = entry.on {
                let hit = scene.item(withID: on).map { $0.contains(r.startLocation) } ?? false
                hold.ignored = !hit
            }
        }
        if hold.ignored {
            if state == .ended || state == .cancelled { hold.ignored = false }
            return
        }
        let fires = isContinuous(r) ? state == .began : state == .ended
        switch entry.action {
        case .pushToward(let item, let push, let divisor):
            if fires { pushToward(item, push: push, divisor: divisor, r.location) }
        case .snapTo(let item, let damping):
            if fires { snapTo(item, damping: damping, r.location) }
        case .spawn(let template, let behaviors):
            if fires { spawn(template, joining: behaviors, r.location, by: .gesture) }
        case .message(let text):
            if fires { message(text, r) }
        case .dragPush(let item, let divisor):
            dragPush(item, divisor: divisor, r, hold)
        case .rotate(let item):
            rotate(item, r, hold)
        case .scale(let item):
            scale(item, r, hold)
        case .grab:
            grab(r, hold)
        case .actions(let actions):
            let item = entry.on.flatMap(scene.item(withID:)) ?? scene.item(at: r.startLocation)
            if fires {
                session.rules?.gestureFired(hold.number, recognizer: entry.recognizer.rawValue, actions: actions,
                                            EventOccurrence(item: item?.id, point: r.location))
            }
        }
    }

    private func isContinuous(_ r: GestureRecognizer) -> Bool {
        !(r is TapGestureRecognizer || r is SwipeGestureRecognizer)
    }

    /// Seed 000: aim the push from the item's center at `point`; magnitude = distance / divisor.
    private func pushToward(_ itemID: String, push id: String, divisor: Double, _ point: Point) {
        guard let item = scene.item(withID: itemID), let push = scene.behavior(withID: id) as? PushBehavior else { return }
        let d = point - item.center
        push.setAngle(d == .zero ? 0 : d.angle, magnitude: d.length / divisor)
        push.active = true
    }

    /// Seed 001: a new snap at `point` replaces the item's old one (SnapBehavior keeps one per item).
    private func snapTo(_ itemID: String, damping: Double, _ point: Point) {
        guard let item = scene.item(withID: itemID) else { return }
        let snap = SnapBehavior(item: item, snapTo: point)
        snap.damping = damping
        scene.animator.addBehavior(snap)
    }

    private func message(_ text: String, _ r: GestureRecognizer) {
        var text = text
        if text.contains("{direction}") {
            text = text.replacingOccurrences(of: "{direction}", with: Self.directionName(r))
        }
        session.post(text)
    }

    static func directionName(_ r: GestureRecognizer) -> String {
        var v = Vector.zero
        if let swipe = r as? SwipeGestureRecognizer, let d = swipe.recognizedDirection {
            if d.contains(.right) { return "Right" }
            if d.contains(.left) { return "Left" }
            if d.contains(.up) { return "Up" }
            if d.contains(.down) { return "Down" }
        }
        if let pan = r as? PanGestureRecognizer { v = pan.translation() } else { v = r.location - r.startLocation }
        if abs(v.x) >= abs(v.y) { return v.x < 0 ? "Left" : "Right" }
        return v.y < 0 ? "Up" : "Down"
    }

    /// Seed 004: while panning, a continuous push of translation.x / divisor; gone on release.
    private func dragPush(_ itemID: String, divisor: Double, _ r: GestureRecognizer, _ hold: Hold) {
        guard let pan = r as? PanGestureRecognizer, let item = scene.item(withID: itemID) else { return }
        switch r.state {
        case .began, .changed:
            if hold.push == nil {
                let push = PushBehavior(items: [item], mode: .continuous)
                scene.animator.addBehavior(push)
                hold.push = push
                hold.item = item
            }
            hold.push?.pushDirection = Vector(pan.translation().x / divisor, 0)
        default:
            release(hold)
        }
    }

    /// Seed 002: angle = the angle at the gesture's start + rotation, so turns accumulate. An
    /// item of a group turns its whole group about the group's center of mass.
    private func rotate(_ itemID: String, _ r: GestureRecognizer, _ hold: Hold) {
        guard let rotation = r as? RotationGestureRecognizer, let item = scene.item(withID: itemID) else { return }
        let group = scene.group(of: item)
        if r.state == .began { hold.startAngle = group?.angle ?? item.angle }
        guard r.state == .began || r.state == .changed || r.state == .ended else { return }
        if let group {
            group.transform = AffineTransform(rotationAngle: hold.startAngle + rotation.rotation)
        } else {
            item.angle = hold.startAngle + rotation.rotation
        }
        if scene.isDynamic(item) { scene.animator.updateItem(usingCurrentState: scene.dynamicItem(for: item)) }
    }

    /// Pinch: the item's drawn scale = its scale at the start × the pinch's scale.
    private func scale(_ itemID: String, _ r: GestureRecognizer, _ hold: Hold) {
        guard let pinch = r as? PinchGestureRecognizer, let item = scene.item(withID: itemID) else { return }
        if r.state == .began { hold.startScale = item.scale }
        guard r.state == .began || r.state == .changed || r.state == .ended else { return }
        let s = hold.startScale * pinch.scale
        if s.isFinite && s > 0 { item.scale = min(max(s, 0.05), 50) }
    }

    /// Picks up the item under the press with a soft spring to the pointer; on release the item
    /// keeps its velocity (a throw). Items no behavior drives just follow the pointer. An item of
    /// a group picks up the whole group, held at the point pressed.
    private func grab(_ r: GestureRecognizer, _ hold: Hold) {
        switch r.state {
        case .began:
            guard let item = scene.item(at: r.startLocation) else { return }
            hold.item = item
            let held = scene.dynamicItem(for: item)
            hold.grabOffset = (r.startLocation - held.center).rotated(by: -held.transform.rotationAngle)
            if scene.isDynamic(item) {
                let spring = AttachmentBehavior(item: held, offsetFromCenter: hold.grabOffset, attachedToAnchor: r.location)
                spring.length = 0
                spring.frequency = Self.grabFrequency
                spring.damping = Self.grabDamping
                scene.animator.addBehavior(spring)
                hold.attachment = spring
            } else {
                held.center = r.location - hold.grabOffset.rotated(by: held.transform.rotationAngle)
            }
        case .changed:
            guard let item = hold.item else { return }
            if let spring = hold.attachment {
                spring.anchorPoint = r.location
            } else {
                let held = scene.dynamicItem(for: item)
                held.center = r.location - hold.grabOffset.rotated(by: held.transform.rotationAngle)
            }
        default:
            release(hold)
        }
    }

    private func release(_ hold: Hold) {
        if let push = hold.push { scene.animator.removeBehavior(push) }
        if let spring = hold.attachment { scene.animator.removeBehavior(spring) }
        hold.push = nil
        hold.attachment = nil
        hold.item = nil
    }

    /// "no more items: gestures have added 200, ...", naming what added them.
    private var fullMessage: String {
        let most = Self.maximumSpawnedItems
        let who: String
        switch (spawned.byGestures, spawned.byRules) {
        case (_, 0): who = "gestures have added \(most)"
        case (0, _): who = "rules have added \(most)"
        case let (g, r): who = "gestures have added \(g) and rules \(r), \(most) in all"
        }
        return "no more items: \(who), the most one scene takes (r starts it again)"
    }

    /// Adds an item made from the entry's template at `point`, joining the listed behaviors (or
    /// every behavior whose `items` the file leaves out); `adder` says who asked (see `Adder`).
    @discardableResult
    func spawn(_ template: ItemDescription, joining ids: [String]?, _ point: Point, by adder: Adder) -> SceneItem? {
        guard spawned.items < Self.maximumSpawnedItems else {
            session.post(fullMessage)
            return nil
        }
        if adder != .rule, let refusal = session.addRefusal() {
            session.post(refusal)
            return nil
        }
        if adder == .gesture { spawned.byGestures += 1 } else { spawned.byRules += 1 }
        var template = template
        let base = template.id.isEmpty ? "spawn" : template.id
        var n = spawned.counts[base, default: 0]
        repeat { n += 1 } while scene.item(withID: "\(base)-\(n)") != nil
        spawned.counts[base] = n
        template.id = "\(base)-\(n)"
        if adder != .rule { spawned.playerItems.append(template.id) }
        template.center = Position(point)
        session.noteRunTimeChange(.add(template, joining: ids))
        return add(template, joining: ids)
    }

    /// Adds an item made from `template` as it stands (its id and center given), joining the
    /// listed behaviors or every behavior whose `items` the file leaves out; no counting.
    @discardableResult
    func add(_ template: ItemDescription, joining ids: [String]?) -> SceneItem {
        let item = SceneItem(template, in: scene.referenceBounds)
        item.collisionFilter = scene.collisionFilter(for: template)
        var joining: [DynamicBehavior] = []
        if let ids {
            joining = ids.compactMap { scene.behavior(withID: $0) }
        } else {
            for (description, behavior) in zip(scene.sceneDescription.behaviors, scene.fileBehaviors)
            where description.listsEveryItem {
                joining.append(behavior)
            }
        }
        scene.addItem(item, joining: joining)
        return item
    }
}
