// The event kinds that watch something of their own between steps: gestures on items (each
// event a recognizer in the session's router) and thresholds (each item's side of the value).
import Geometry
import Gestures
import SceneFormat
import Scenes

extension EventDescription.GestureTarget {
    /// Adds a recognizer that, when `fires` says so, notes an occurrence for the next step
    /// boundary: the item under the press (which must be `item` when one is named) and the point.
    func install(_ recognizer: GestureRecognizer, in session: SceneSession, memory: RuleMemory,
                 fires: @escaping (GestureRecognizer.State) -> Bool) {
        let scene = session.scene, wanted = item
        recognizer.addTarget { r in
            guard fires(r.state) else { return }
            let hit: SceneItem?
            if let wanted {
                hit = scene.item(withID: wanted).flatMap { $0.contains(r.startLocation) ? $0 : nil }
                if hit == nil { return }
            } else {
                hit = scene.item(at: r.startLocation)
            }
            memory.pending.append(EventOccurrence(item: hit?.id, point: r.location))
        }
        session.router.add(recognizer)
    }
}

extension EventDescription.Tap: EventRuntime {
    func install(in session: SceneSession, memory: RuleMemory) {
        let tap = TapGestureRecognizer(numberOfTapsRequired: 1)
        tap.allowableMovement = SceneGestures.pointerSlop
        tap.name = "rule: tap"
        target.install(tap, in: session, memory: memory) { $0 == .ended }
    }
    func occurrences(in facts: StepFacts, memory: RuleMemory) -> [EventOccurrence] { memory.drain() }
}

extension EventDescription.Pan: EventRuntime {
    func install(in session: SceneSession, memory: RuleMemory) {
        let pan = PanGestureRecognizer()
        pan.name = "rule: pan"
        target.install(pan, in: session, memory: memory) { $0 == .began }
    }
    func occurrences(in facts: StepFacts, memory: RuleMemory) -> [EventOccurrence] { memory.drain() }
}

extension EventDescription.LongPress: EventRuntime {
    func install(in session: SceneSession, memory: RuleMemory) {
        let press = LongPressGestureRecognizer()
        press.allowableMovement = SceneGestures.pointerSlop
        press.name = "rule: longPress"
        target.install(press, in: session, memory: memory) { $0 == .began }
    }
    func occurrences(in facts: StepFacts, memory: RuleMemory) -> [EventOccurrence] { memory.drain() }
}

extension RuleMemory {
    /// The gestures seen since the last step boundary, oldest first, forgotten once read.
    func drain() -> [EventOccurrence] {
        defer { pending.removeAll() }
        return pending
    }
}

extension EventDescription.Threshold: EventRuntime {
    /// The watched value of `item` now.
    func value(of item: SceneItem, in scene: Scene) -> Double {
        switch value {
        case .speed: scene.linearVelocity(of: item).length
        case .x: item.center.x
        case .y: item.center.y
        case .angle: item.transform.rotationAngle
        case .tilt: abs(item.transform.rotationAngle)
        }
    }

    /// Whether `v` is past the threshold.
    func isOver(_ v: Double) -> Bool {
        if let above { return v > above }
        if let below { return v < below }
        return false
    }

    func install(in session: SceneSession, memory: RuleMemory) {
        for item in session.scene.items where listens(items, to: item.id) {
            memory.over[item.id] = isOver(value(of: item, in: session.scene))
        }
    }

    func occurrences(in facts: StepFacts, memory: RuleMemory) -> [EventOccurrence] {
        var found: [EventOccurrence] = []
        for item in facts.scene.items where listens(items, to: item.id) {
            let now = isOver(value(of: item, in: facts.scene))
            let was = memory.over[item.id]
            memory.over[item.id] = now
            if was == false && now { found.append(EventOccurrence(item: item.id, point: item.center)) }
        }
        return found
    }
}
