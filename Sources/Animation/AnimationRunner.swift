// AnimationRunner: plays PropertyAnimations on Animatable items as time is fed in.
//
// There is no clock: the app calls `advance(by:)` with its fixed step (1/60 s), or `advance(to:)`.
// Each call starts the animations whose delay has run out, writes interpolated values into their
// items, ends those that reached their end, and returns a report of what ended and which items
// must be removed (`then: .remove`). Completions are called at the end of that call, after every
// item is up to date, in the order the animations were added, so a completion may safely add,
// cancel or chain animations (new ones count their delay from the runner's current time).
//
// Timing rules:
// - An animation starts when the runner's time reaches add-time + delay and ends when it reaches
//   start + activeDuration; "reaches" allows 1e-9 s of rounding, so with dt = 1/60 an animation
//   with delay 2 and duration 3 ends on step 300 exactly, not 301.
// - From-values are read from the item when the animation starts (after its delay), not when it
//   is added. UIKit reads them at the call; reading them later means an item that dynamics moved
//   during the delay starts from where it really is instead of jumping back.
// - An animation added with no delay starts inside `add`; if its duration is ≤ 0 its targets are
//   applied inside `add` too ("applies at once"). Its completion comes with the next advance.
// - Nudge has one copy of each property, not UIKit's model and presentation layers: during an
//   animation the item's properties hold the in-flight value. At the end they hold `to` (UIKit's
//   model value), or the last shown value with `fillsForward`.
// - When an animation starts, it takes over the properties it animates from any animation already
//   running on the same item; the older one keeps its other properties, and if none are left it
//   ends with finished = false (UIKit's beginFromCurrentState replacement). Its from-value is the
//   in-flight value, so nothing jumps.
// - `then: .remove` reports the item once in `itemsToRemove`; the item's other animations end
//   there with finished = false. `cancel` leaves the item where it is and calls the completion
//   with false before returning.
//
// Sharing an item with dynamics (the rule; the app does the integration): UIKit Dynamics
// overwrites an item's center and rotation every step while a behavior drives it. So, on an item
// that dynamics drive, the dynamics win for `center` and `angle`, while `alpha`, `scale` and
// `size` always come from the animation; an item no behavior drives takes all five from the
// animation. The app says which items are driven through the `skippedProperties` closure given to
// `init` (return `AnimatableProperty.ownedByDynamics` for a driven item): the runner then leaves
// those properties alone on that item, while timing, completion and removal go on unchanged. An
// animation that starts while its item is driven still reads its from-values; if the dynamics let
// go mid-way, the item jumps to where the animation's curve says it is by then (as a UIKit view
// shows its animation again once nothing overrides it).
// `animatedProperties(of:)` tells the app which properties an animation is driving now.
import Geometry

/// Identifies one animation added to a runner.
public struct AnimationID: Hashable, Sendable, CustomStringConvertible {
    /// The runner's serial number for the animation, from 0 in the order they were added.
    public let rawValue: Int
    /// `animation#N`.
    public var description: String { "animation#\(rawValue)" }
}

/// Plays ``PropertyAnimation``s on ``Animatable`` items as the owner feeds it time.
/// UIKit's counterpart is the animation machinery behind `UIView.animate(withDuration:...)`.
///
/// There is no clock: call ``advance(by:)`` with each frame's step (1/60 s) or
/// ``advance(to:)``. Each call starts animations whose delay has passed, writes interpolated
/// values into their items, and ends those that reached their end; completions run at the end
/// of the call, in the order the animations were added. Times are in seconds.
public final class AnimationRunner {
    /// What one advance ended.
    public struct StepReport {
        /// Animations that ran to their end during this advance (completion called with true).
        public var completed: [AnimationID] = []
        /// Animations ended early: replaced, or their item removed (completion called with false).
        public var interrupted: [AnimationID] = []
        /// Items whose finished animation says `then: .remove`, each once, in animation order.
        public var itemsToRemove: [any Animatable] = []

        /// A report of nothing.
        public init() {}

        /// Whether nothing ended and nothing is to be removed.
        public var isEmpty: Bool { completed.isEmpty && interrupted.isEmpty && itemsToRemove.isEmpty }
    }

    /// Slack in comparing times, so a sum of steps that rounds a hair short still counts.
    public static let timeTolerance = 1e-9

    /// Seconds since the runner was made (or since `time` given to init).
    public private(set) var time: Double

    fileprivate struct Record {
        let id: AnimationID
        let item: any Animatable
        let animation: PropertyAnimation
        let startTime: Double
        let curve: ResolvedTimingCurve
        var started = false
        var from = AnimatableProperties(center: .zero, size: .zero)
        var driven: Set<AnimatableProperty> = []
        /// nil while running or waiting; true when it ran to its end; false when interrupted.
        var outcome: Bool?
    }

    private var records: [Record] = []
    private var nextID = 0
    private let skippedProperties: (any Animatable) -> Set<AnimatableProperty>

    /// - Parameters:
    ///   - time: the starting time in seconds.
    ///   - skippedProperties: asked at every application, the properties of an item that the
    ///     runner must not write now (for an item that dynamics drive:
    ///     `AnimatableProperty.ownedByDynamics`). By default it writes them all.
    public init(time: Double = 0,
                skippedProperties: @escaping (any Animatable) -> Set<AnimatableProperty> = { _ in [] }) {
        precondition(time.isFinite, "time must be finite")
        self.time = time
        self.skippedProperties = skippedProperties
    }

    // MARK: - Adding and removing

    /// Adds `animation` for `item`; its delay counts from the runner's current time.
    @discardableResult
    public func add(_ animation: PropertyAnimation, to item: any Animatable) -> AnimationID {
        let id = AnimationID(rawValue: nextID)
        nextID += 1
        let duration = max(animation.duration, 0)
        records.append(Record(id: id, item: item, animation: animation,
                              startTime: time + max(animation.delay, 0),
                              curve: animation.curve.resolved(forDuration: duration)))
        if animation.delay <= 0 {
            let index = records.count - 1
            start(index)
            if animation.duration <= 0 { apply(index, progress: 1) }
        }
        return id
    }

    /// Adds `animation` for `item` as already under way: `elapsed` seconds (≥ 0) after its start,
    /// its delay over, with `from` as the values it started from (nil reads them from the item
    /// now). Nothing is written into the item until the next advance, which goes on exactly where
    /// the animation was: the same leg, direction and point of its curve (see AnimationPhase).
    /// It takes over its properties from animations already running on the item, as a start does.
    @discardableResult
    public func add(_ animation: PropertyAnimation, to item: any Animatable, resumingAt elapsed: Double,
                    from: AnimatableProperties? = nil) -> AnimationID {
        precondition(elapsed.isFinite && elapsed >= 0, "elapsed must be a finite number ≥ 0")
        let id = AnimationID(rawValue: nextID)
        nextID += 1
        var resumed = animation
        resumed.delay = 0
        records.append(Record(id: id, item: item, animation: resumed, startTime: time - elapsed,
                              curve: animation.curve.resolved(forDuration: max(animation.duration, 0))))
        start(records.count - 1)
        if let from { records[records.count - 1].from = from }
        return id
    }

    /// Where animation `id` is now (see AnimationPhase); nil once it has ended or when there is
    /// no such animation.
    public func phase(of id: AnimationID) -> AnimationPhase? {
        guard let record = records.first(where: { $0.id == id && $0.outcome == nil }) else { return nil }
        if !record.started { return .waiting(delayLeft: max(record.startTime - time, 0)) }
        return .running(elapsed: max(time - record.startTime, 0), from: record.from, driven: record.driven)
    }

    /// Ends one animation where it is, calling its completion with false. Returns false if no
    /// such animation is running or waiting.
    @discardableResult
    public func cancel(_ id: AnimationID) -> Bool {
        guard let index = records.firstIndex(where: { $0.id == id }) else { return false }
        let record = records.remove(at: index)
        record.animation.completion?(record.outcome ?? false)
        return true
    }

    /// Ends every animation of `item` where it is, calling their completions with false.
    public func cancelAnimations(of item: any Animatable) {
        let ended = records.filter { $0.item === item }
        records.removeAll { $0.item === item }
        for record in ended { record.animation.completion?(record.outcome ?? false) }
    }

    /// Ends every animation where it is, calling their completions with false.
    public func removeAll() {
        let ended = records
        records.removeAll()
        for record in ended { record.animation.completion?(record.outcome ?? false) }
    }

    // MARK: - Queries

    /// Animations running or waiting out their delay.
    public var count: Int { records.lazy.filter { $0.outcome == nil }.count }
    /// Whether no animation is running or waiting.
    public var isEmpty: Bool { count == 0 }

    /// True while any animation added to `item` has not ended, including one still in its delay.
    public func isAnimating(_ item: any Animatable) -> Bool {
        records.contains { $0.item === item && $0.outcome == nil }
    }

    /// The properties of `item` that a started, unfinished animation drives right now.
    public func animatedProperties(of item: any Animatable) -> Set<AnimatableProperty> {
        var set = Set<AnimatableProperty>()
        for record in records where record.item === item && record.started && record.outcome == nil {
            set.formUnion(record.driven)
        }
        return set
    }

    // MARK: - Advancing

    /// Moves time forward by `dt` seconds (≥ 0) and applies the animations.
    @discardableResult
    public func advance(by dt: Double) -> StepReport {
        precondition(dt.isFinite && dt >= 0, "dt must be a finite number ≥ 0")
        return advance(to: time + dt)
    }

    /// Moves time forward to `newTime` (not earlier than `time`) and applies the animations.
    @discardableResult
    public func advance(to newTime: Double) -> StepReport {
        precondition(newTime.isFinite && newTime >= time, "time only moves forward")
        time = newTime
        let tolerance = Self.timeTolerance
        var removed: [any Animatable] = []

        for index in records.indices where records[index].outcome == nil {
            if !records[index].started {
                guard time + tolerance >= records[index].startTime else { continue }
                start(index)
            }
            let record = records[index]
            let animation = record.animation
            let local = time - record.startTime
            if local + tolerance >= animation.activeDuration {
                let progress = animation.fillsForward && animation.duration > 0
                    ? record.curve.progress(at: animation.legFraction(atTime: animation.activeDuration))
                    : 1
                apply(index, progress: progress)
                records[index].outcome = true
                if animation.then == .remove && !removed.contains(where: { $0 === record.item }) {
                    removed.append(record.item)
                }
            } else {
                apply(index, progress: record.curve.progress(at: animation.legFraction(atTime: local)))
            }
        }

        if !removed.isEmpty {
            for index in records.indices where records[index].outcome == nil
                && removed.contains(where: { $0 === records[index].item }) {
                records[index].outcome = false
            }
        }

        var report = StepReport()
        report.itemsToRemove = removed
        let ended = records.filter { $0.outcome != nil }
        guard !ended.isEmpty else { return report }
        records.removeAll { $0.outcome != nil }
        for record in ended {
            if record.outcome == true { report.completed.append(record.id) } else { report.interrupted.append(record.id) }
        }
        for record in ended { record.animation.completion?(record.outcome == true) }
        return report
    }

    // MARK: - Internals

    /// Reads the from-values and takes over the animated properties from older animations.
    private func start(_ index: Int) {
        let item = records[index].item
        let driven = records[index].animation.to.properties
        records[index].started = true
        records[index].from = item.animatableProperties
        records[index].driven = driven
        guard !driven.isEmpty else { return }
        for other in records.indices where other != index && records[other].started
            && records[other].outcome == nil && records[other].item === item {
            let hadProperties = !records[other].driven.isEmpty
            records[other].driven.subtract(driven)
            if hadProperties && records[other].driven.isEmpty { records[other].outcome = false }
        }
    }

    /// Writes from → to at `progress` into the item, for the properties this animation drives and
    /// the app does not skip, in a fixed order.
    private func apply(_ index: Int, progress: Double) {
        let record = records[index]
        guard !record.driven.isEmpty else { return }
        let item = record.item
        let written = record.driven.subtracting(skippedProperties(item))
        guard !written.isEmpty else { return }
        let value = record.animation.to.interpolate(from: record.from, progress: progress, only: written)
        for property in AnimatableProperty.allCases where written.contains(property) {
            switch property {
            case .center: item.center = value.center
            case .size: item.size = value.size
            case .alpha: item.alpha = value.alpha
            case .scale: item.scale = value.scale
            case .angle: item.angle = value.angle
            }
        }
    }

    // MARK: - Checkpoints

    /// The runner's state at a moment, with items named by keys so it restores into a runner
    /// whose items are other objects of the same names (a scene built again).
    public struct Checkpoint {
        fileprivate let time: Double
        fileprivate let nextID: Int
        fileprivate let records: [(key: String, record: Record)]
    }

    /// The runner's state now, each item named by `key`; nil when an item has no key or an
    /// animation has a completion (a closure that would outlive the objects it refers to).
    public func checkpoint(key: (any Animatable) -> String?) -> Checkpoint? {
        var named: [(key: String, record: Record)] = []
        for record in records {
            guard let name = key(record.item), record.animation.completion == nil else { return nil }
            named.append((name, record))
        }
        return Checkpoint(time: time, nextID: nextID, records: named)
    }

    /// Puts back `c`, finding each item by its key with `item`; returns false, changing
    /// nothing, when an item is missing.
    public func restore(_ c: Checkpoint, item: (String) -> (any Animatable)?) -> Bool {
        var restored: [Record] = []
        for (name, record) in c.records {
            guard let target = item(name) else { return false }
            var copy = Record(id: record.id, item: target, animation: record.animation, startTime: record.startTime,
                              curve: record.curve)
            copy.started = record.started
            copy.from = record.from
            copy.driven = record.driven
            copy.outcome = record.outcome
            restored.append(copy)
        }
        time = c.time
        nextID = c.nextID
        records = restored
        return true
    }
}
