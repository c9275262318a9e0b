// SceneSession: one scene being played, with no terminal and no clock.
//
// It joins the scene's three moving parts: the DynamicAnimator (behaviors), a GestureRouter
// built from the scene's `gestures:` (see SceneGestures for the actions), and an AnimationRunner
// built from its `animations:`. Time only moves in whole steps of exactly 1/60 s: `step()`
// advances the gestures' clock (timeouts), then the animations, then the animator, then removes
// the items whose animation ended with `then: remove`. Pointer events carry their own times
// (seconds since the scene started); the owner delivers each event before the step that ends
// after it (`stepIndex(forEventTime:)`), so the live app and a headless replay of the same events
// run the same steps in the same order and print the same numbers.
//
// Animations and dynamics share items by AnimationRunner's rule: on an item a behavior drives,
// the animator owns center and angle, and animations own alpha, scale and size.
import Animation
import Dynamics
import Foundation
import Geometry
import Gestures
import SceneFormat
import Scenes

public final class SceneSession {
    /// The fixed step, 1/60 s, the animator's own.
    public static let stepDuration = DynamicAnimator.stepDuration

    public let scene: Scene
    public let router: GestureRouter
    public let animations: AnimationRunner
    /// Steps taken since the scene started.
    public internal(set) var stepCount = 0
    /// The runner's animation for each of the scene's `animations:` entries, in file order (nil
    /// for an entry that could not be played), so a save can ask where each one is.
    public private(set) var animationIDs: [AnimationID?] = []
    /// Every status-line message the gestures produced, oldest first.
    public internal(set) var messages: [String] = []
    /// The scene's recognizers' actions (set once, at init).
    private(set) var gestures: SceneGestures!
    /// The scene's rules at work; nil for a scene without rules (set once, at init).
    public private(set) var rules: RuleRunner?
    /// The ids of the items the scene was loaded with, when it has an `addLimit` (else empty):
    /// items of the description beyond these are the ones edit mode added (SceneSession+AddLimit).
    let loadedItemIDs: Set<String>
    /// The item each running animation animates, for `animationCompleted`.
    var animationItems: [AnimationID: String] = [:]
    /// The changes play made to the scene's structure, in order (SceneSession+RunTimeChanges).
    var runTimeChanges: [RunTimeChange] = []
    /// Whether `step()` is running (for RunTimeChange's place in time).
    var isRunningStep = false

    /// Whether a rule ended the scene (won, lost, next): time stands still from then on.
    public var hasEnded: Bool { rules?.ending != nil }

    /// Seconds since the scene started: stepCount / 60.
    public var time: Double { Double(stepCount) / 60 }

    /// The newest message, for the status line.
    public var lastMessage: String? { messages.last }

    public init(scene: Scene) {
        self.scene = scene
        self.router = GestureRouter()
        loadedItemIDs = scene.sceneDescription.addLimit == nil ? [] : Set(scene.sceneDescription.items.map(\.id))
        let scene = scene
        self.animations = AnimationRunner(time: 0, skippedProperties: { item in
            guard let item = item as? SceneItem, scene.isDynamic(item) else { return [] }
            return AnimatableProperty.ownedByDynamics
        })
        self.gestures = SceneGestures(session: self)
        router.advance(to: 0)
        animationIDs = scene.animations.map { addAnimation($0) }
        let gestureActions = scene.gestures.contains { $0.action.name == .actions }
        if !scene.sceneDescription.rules.isEmpty || gestureActions { rules = RuleRunner(session: self) }
    }

    /// Which step an event of time `t` (seconds since the scene started) belongs before: it is
    /// delivered once `stepCount` equals this index, before that step runs.
    public static func stepIndex(forEventTime t: Double) -> Int {
        guard t.isFinite, t > 0 else { return 0 }
        return Int((t * 60).rounded(.down).clamped(0, Double(Int32.max)))
    }

    // MARK: Input

    /// Feeds one pointer event (location in points, time in seconds since the scene started).
    /// Times earlier than the session's time are treated as now.
    public func handle(_ event: PointerEvent) {
        var event = event
        event.time = max(event.time, time)
        router.handle(event)
    }

    /// Applies `edit` to the scene (Scene.apply) and returns the edit that undoes it, or nil
    /// when the scene does not take it (nothing changed then). A gesture holding an item the
    /// edit removes lets go first. Deterministic: a time line that re-simulates from a snapshot
    /// gets the same scene by applying the same edits before the same steps.
    @discardableResult
    public func apply(_ edit: SceneEdit) -> SceneEdit? {
        for id in edit.removedItemIDs {
            if let item = scene.item(withID: id) { gestures.itemWillBeRemoved(item) }
        }
        return scene.apply(edit)
    }

    /// Adds a status-line message.
    public func post(_ message: String) {
        messages.append(message)
        if messages.count > 100 { messages.removeFirst(messages.count - 100) }
    }

    // MARK: Time

    /// Advances everything by exactly 1/60 s.
    public func step() {
        stepCount += 1
        if hasEnded { return }
        isRunningStep = true
        defer { isRunningStep = false }
        let now = time
        router.advance(to: now)
        rules?.beforeStep()
        let report = animations.advance(to: now)
        scene.animator.step()
        for item in report.itemsToRemove {
            guard let item = item as? SceneItem else { continue }
            removeItem(item)
        }
        if let rules {
            rules.afterStep(stepCount, completed: report.completed.compactMap { animationItems.removeValue(forKey: $0) })
        }
    }

    /// Takes `item` out of the scene, as an animation's `then: remove` does: a gesture holding it
    /// lets go, and every behavior lets go of it.
    func removeItem(_ item: SceneItem) {
        gestures.itemWillBeRemoved(item)
        if let places = scene.removeItemRecordingGroup(item) {
            noteRunTimeChange(.regroup(removing: item.id, places: places))
        }
    }

    /// Moves time to step `count` without stepping the animator: only for a session at rest,
    /// where a step changes nothing but the time (the app skips long idle stretches this way).
    public func skipIdleSteps(to count: Int) {
        precondition(isAtRest, "only a session at rest may skip steps")
        guard count > stepCount else { return }
        stepCount = count
        router.advance(to: time)
        animations.advance(to: time)
    }

    /// True when stepping would change nothing on screen until new input arrives: the animator
    /// rests (or has no behaviors), no animation is running or waiting, no gesture is in
    /// progress or waiting on a timeout, and no rule waits for a timer or a gesture it saw; or a
    /// rule has ended the scene.
    public var isAtRest: Bool {
        if hasEnded { return true }
        if rules?.awaitsBoundary == true { return false }
        return !scene.animator.isRunning && animations.isEmpty && !router.isTracking && router.nextDeadline == nil
            && !gestures.isHolding
    }

    /// The scene's state as a headless JSON line (the headless contract), labelled with `stepCount`.
    public func stateLine() -> String {
        HeadlessSimulation(scene: scene).stateLine(step: stepCount)
    }

    /// Re-lays the reference bounds (a terminal resize): the walls follow; items stay where they are.
    public func setReferenceBounds(_ bounds: Rect) {
        guard bounds != scene.referenceBounds else { return }
        scene.referenceBounds = bounds
    }

    // MARK: Animations

    /// A scene's `repeat` counts extra plays; PropertyAnimation's `repeatCount` counts cycles.
    /// An entry with `elapsed` was saved running: it goes on from there, from its `from` values.
    @discardableResult
    func addAnimation(_ d: AnimationDescription) -> AnimationID? {
        guard let item = scene.item(withID: d.item) else { return nil }
        let to = targets(d.to)
        guard to.isValid else { return nil }
        let curve: TimingCurve
        switch d.curve {
        case .linear: curve = .linear
        case .easeIn: curve = .easeIn
        case .easeOut: curve = .easeOut
        case .easeInOut: curve = .easeInOut
        case .spring: curve = .spring(SpringTimingParameters(dampingRatio: d.dampingRatio, initialSpringVelocity: d.velocity))
        }
        let animation = PropertyAnimation(to: to, duration: d.duration.isFinite ? d.duration : 0,
                                          delay: d.delay.isFinite ? d.delay : 0, curve: curve,
                                          repeatCount: d.repeatCount.isFinite && d.repeatCount > 0 ? d.repeatCount + 1 : 0,
                                          autoreverses: d.autoreverses, then: d.then == .remove ? .remove : .none)
        let id: AnimationID
        if let elapsed = d.elapsed, elapsed.isFinite, elapsed >= 0 {
            var from = item.animatableProperties
            if let given = d.from {
                let values = targets(given)
                if values.isValid { from = values.interpolate(from: from, progress: 1, only: values.properties) }
            }
            id = animations.add(animation, to: item, resumingAt: elapsed, from: from)
        } else {
            id = animations.add(animation, to: item)
        }
        animationItems[id] = item.id
        return id
    }

    /// A scene file's `to` or `from` values in points.
    private func targets(_ t: AnimationDescription.Target) -> AnimationTargets {
        AnimationTargets(center: t.center.map { $0.resolve(in: scene.referenceBounds) },
                         size: t.size, alpha: t.alpha, scale: t.scale, angle: t.angle)
    }
}

extension Double {
    func clamped(_ low: Double, _ high: Double) -> Double { Swift.min(Swift.max(self, low), high) }
}
