// RuleRunner: a scene's `rules:` at work, run at every step boundary, the same in the playground
// and in `nudge simulate`.
//
// It listens as UIKit code would: the collision delegate of every collision behavior in the
// animator (contacts began and ended), the animator's delegate (paused, resumed), the animations
// that completed and each item's side of the reference bounds. After each step the session
// hands it the step's facts; every rule, in file order, finds its event's occurrences among them
// and, for each, runs its actions in order. Nothing reads a clock or a random number, and the
// facts come in the engine's own order, so the same scene and input give the same lines every
// run. An `end` (or `nextScene`) stops the rules at once: nothing after it in that step runs.
//
// Headless output: each occurrence writes an event line and each action an action line
// (docs/headless-output.md, "Rules"), kept in `lines` until the owner takes them. A scene with
// no rules has no runner (SceneSession makes none), so its output and speed are unchanged.
import Dynamics
import Foundation
import Geometry
import SceneFormat
import Scenes

public final class RuleRunner: CollisionBehaviorDelegate, DynamicAnimatorDelegate {
    /// How a rule ended the scene: `won`, `lost` or `next`, with its message.
    public struct Ending: Equatable, Sendable {
        public var result: String
        public var message: String?
    }

    unowned let session: SceneSession
    let rules: [RuleDescription]
    let memories: [RuleMemory]
    /// The counters rules changed, in the order each was first changed.
    public internal(set) var counters: [(name: String, value: Double)] = []
    /// Set once by an `end` or `nextScene` action.
    public internal(set) var ending: Ending?
    /// Bells rung and not yet heard by the terminal.
    var bells = 0
    /// Headless lines not yet taken.
    var lines: [String] = []
    /// What the delegates heard since the last boundary.
    var contacts: [ContactFact] = []
    var paused = false, resumed = false
    /// Each item's side of the reference bounds at the last boundary.
    var inside: [ObjectIdentifier: Bool] = [:]
    /// Gesture entries with `do:` that fired since the last boundary.
    var gestures: [(number: Int, recognizer: String, actions: [ActionDescription], occurrence: EventOccurrence)] = []
    /// Instantaneous pushes added by rules, taken out once spent.
    var pushes: [PushBehavior] = []

    init(session: SceneSession) {
        self.session = session
        rules = session.scene.sceneDescription.rules
        memories = rules.map { _ in RuleMemory() }
        session.scene.animator.delegate = self
        for (rule, memory) in zip(rules, memories) { rule.event.runtime?.install(in: session, memory: memory) }
        for item in session.scene.items { inside[ObjectIdentifier(item)] = isInside(item) }
        listenToCollisions()
    }

    /// The headless lines written since the last call, oldest first.
    public func takeLines() -> [String] {
        defer { lines.removeAll() }
        return lines
    }

    /// Bells rung since the last call.
    public func takeBells() -> Int {
        defer { bells = 0 }
        return bells
    }

    /// "score 3 │ won: In!": the counters and the ending, for the status line; nil when neither.
    public var statusText: String? {
        var parts = counters.map { "\($0.name) \(HeadlessJSON.number($0.value))" }
        if let ending, ending.result != "next" { parts.append(ending.result + (ending.message.map { ": " + $0 } ?? "")) }
        return parts.isEmpty ? nil : parts.joined(separator: " │ ")
    }

    /// Whether a coming step boundary has something to do though nothing moves: a timer still to
    /// fire, or a gesture seen since the last boundary. The session is not at rest then, so the
    /// app keeps stepping instead of skipping idle steps.
    var awaitsBoundary: Bool {
        if !gestures.isEmpty { return true }
        for (rule, memory) in zip(rules, memories) where !(rule.once && memory.fired) {
            if !memory.pending.isEmpty || rule.event.kind is EventDescription.Every { return true }
            if let after = rule.event.kind as? EventDescription.After,
               session.stepCount < EventDescription.timerSteps(after.seconds) { return true }
        }
        return false
    }

    // MARK: The boundary

    /// Before a step: every collision behavior now in the animator reports to the runner.
    func beforeStep() {
        listenToCollisions()
    }

    /// After step `step`: the rules look at what happened and act.
    func afterStep(_ step: Int, completed: [String]) {
        for push in pushes { session.scene.animator.removeBehavior(push) }
        pushes.removeAll()
        let facts = StepFacts(scene: session.scene, step: step)
        facts.contacts = contacts
        facts.paused = paused
        facts.resumed = resumed
        facts.completedAnimations = completed
        facts.leftPlayArea = departures()
        facts.counter = { [unowned self] name in counters.first { $0.name == name }?.value ?? 0 }
        contacts.removeAll()
        paused = false
        resumed = false
        var acted = !gestures.isEmpty
        for gesture in gestures where ending == nil {
            run(gesture.actions, head: "{\"step\":\(step),\"gesture\":\(gesture.number)", event: gesture.recognizer,
                gesture.occurrence, step: step, adder: .gesture)
        }
        gestures.removeAll()
        for (index, rule) in rules.enumerated() where ending == nil {
            let memory = memories[index]
            guard !(rule.once && memory.fired), let event = rule.event.runtime else { continue }
            for occurrence in event.occurrences(in: facts, memory: memory) {
                guard ending == nil, !(rule.once && memory.fired) else { break }
                if rule.oncePerItem, let item = occurrence.item, !memory.firedItems.insert(item).inserted { continue }
                memory.fired = true
                acted = true
                fire(rule, number: index + 1, occurrence, step: step)
            }
        }
        if acted { session.scene.animator.commitChanges() }
    }

    private func fire(_ rule: RuleDescription, number: Int, _ occurrence: EventOccurrence, step: Int) {
        let head = "{\"step\":\(step),\"rule\":\(number)" + (rule.id.map { ",\"id\":" + HeadlessJSON.string($0) } ?? "")
        let byGesture = rule.event.kind is EventDescription.Tap || rule.event.kind is EventDescription.Pan
            || rule.event.kind is EventDescription.LongPress
        run(rule.actions, head: head, event: rule.event.name, occurrence, step: step, adder: byGesture ? .gestureRule : .rule)
    }

    /// Writes the event line, runs `actions` in order (until one ends the scene), one line each.
    private func run(_ actions: [ActionDescription], head: String, event: String, _ occurrence: EventOccurrence, step: Int,
                     adder: SceneGestures.Adder) {
        lines.append(Self.line(head, [("event", HeadlessJSON.string(event))] + occurrence.jsonFields))
        for action in actions {
            guard ending == nil, let runtime = action.runtime else { break }
            let fields = runtime.run(ActionContext(session: session, runner: self, occurrence: occurrence, adder: adder))
            lines.append(Self.line(head, [("action", HeadlessJSON.string(action.name))] + fields))
        }
        if ending != nil && endingStep == nil { endingStep = step }
    }

    /// The step the scene ended at.
    public internal(set) var endingStep: Int?

    /// `{"step":S,"result":"won","message":"..."}`, the last line of a headless run that ended.
    public var resultLine: String? {
        guard let ending, let endingStep else { return nil }
        return "{\"step\":\(endingStep),\"result\":" + HeadlessJSON.string(ending.result)
            + (ending.message.map { ",\"message\":" + HeadlessJSON.string($0) } ?? "") + "}"
    }

    private static func line(_ head: String, _ fields: [(String, String)]) -> String {
        head + fields.map { ",\"\($0.0)\":\($0.1)" }.joined() + "}"
    }

    /// A gesture entry with `do:` recognized (or began): its actions run at the next boundary.
    func gestureFired(_ number: Int, recognizer: String, actions: [ActionDescription], _ occurrence: EventOccurrence) {
        gestures.append((number, recognizer, actions, occurrence))
    }

    // MARK: What actions change

    /// `text` with every `{name}` of a counter replaced by its value ("{score} pins" → "7 pins").
    func filling(_ text: String) -> String {
        guard text.contains("{") else { return text }
        var filled = text
        // Counters a rule names read 0 until changed; a gesture entry's `do:` may change others.
        let named = rules.flatMap(\.actions).compactMap { ($0.kind as? ActionDescription.Counter)?.counter }
            + counters.map(\.name)
        for name in named where filled.contains("{\(name)}") {
            let value = counters.first { $0.name == name }?.value ?? 0
            filled = filled.replacingOccurrences(of: "{\(name)}", with: HeadlessJSON.number(value))
        }
        return filled
    }

    /// Adds `by` to the counter `name` (or sets it `to`) and returns its new value.
    func change(_ name: String, by: Double, to: Double?) -> Double {
        let index = counters.firstIndex { $0.name == name } ?? {
            counters.append((name, 0))
            return counters.count - 1
        }()
        let value = to ?? counters[index].value + by
        counters[index].value = value.isFinite ? value : counters[index].value
        return counters[index].value
    }

    /// Ends the scene (the first ending stands).
    func end(_ ending: Ending) {
        if self.ending == nil { self.ending = ending }
    }

    /// An instantaneous push to take out after the step that spends it.
    func spent(_ push: PushBehavior) { pushes.append(push) }

    // MARK: Listening

    private func listenToCollisions() {
        func visit(_ behavior: DynamicBehavior) {
            if let collision = behavior as? CollisionBehavior, collision.collisionDelegate == nil { collision.collisionDelegate = self }
            for child in behavior.childBehaviors { visit(child) }
        }
        for behavior in session.scene.animator.behaviors { visit(behavior) }
    }

    private func isInside(_ item: SceneItem) -> Bool {
        let b = session.scene.referenceBounds, c = item.center
        return c.x >= b.minX && c.x <= b.maxX && c.y >= b.minY && c.y <= b.maxY
    }

    /// The items whose center went out of the reference bounds since the last boundary.
    private func departures() -> [String] {
        var left: [String] = []
        var now: [ObjectIdentifier: Bool] = [:]
        for item in session.scene.items {
            let key = ObjectIdentifier(item), isIn = isInside(item)
            if inside[key] == true && !isIn { left.append(item.id) }
            now[key] = isIn
        }
        inside = now
        return left
    }

    private func note(_ fact: ContactFact) {
        if !contacts.contains(fact) { contacts.append(fact) }
    }

    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem, at point: Point) {
        guard let a = item1 as? SceneItem, let b = item2 as? SceneItem else { return }
        note(ContactFact(began: true, item: a.id, other: b.id, point: point))
    }

    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem, with item2: DynamicItem) {
        guard let a = item1 as? SceneItem, let b = item2 as? SceneItem else { return }
        note(ContactFact(began: false, item: a.id, other: b.id, point: nil))
    }

    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                                  withBoundaryIdentifier identifier: String?, at point: Point) {
        guard let a = item as? SceneItem else { return }
        note(ContactFact(began: true, item: a.id, boundary: identifier ?? EventDescription.Contact.referenceBoundary, point: point))
    }

    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem, withBoundaryIdentifier identifier: String?) {
        guard let a = item as? SceneItem else { return }
        note(ContactFact(began: false, item: a.id, boundary: identifier ?? EventDescription.Contact.referenceBoundary, point: nil))
    }

    public func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { paused = true }
    public func dynamicAnimatorWillResume(_ animator: DynamicAnimator) { resumed = true }
}
