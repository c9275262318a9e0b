// TimeController: the playground's time, kept apart from its keys and its drawing.
//
// It owns everything about when steps run: the playback clock (which step is due at a moment of
// the wall clock, at the chosen speed), pause, steps and seconds by hand, the scene's history
// and trips through it (TimeController+Travel), the replay of a recording (`play --input`) and
// the writing of one (`--record`). It never reads the wall clock itself: every call that depends
// on the time is given `now`, the time the loop read once at the start of its turn, so a test
// drives it with whatever times it likes. The one clock it holds, `stopwatch`, measures work:
// how long a batch of steps or a slice of re-simulation has taken, against its budget (with a
// stopwatch that stands still, the step budget never runs out).
//
// The scene on screen is the app's; the controller is handed it, steps it, and tells the app
// through `events` what it did (a step run, idle steps skipped, a replayed pointer event), so
// the trails, the observer and the messages stay where they belong.
//
// What belongs to one scene (its history, a trip under way, the furthest step reached, the
// last recorded time) is one value, `SceneTime`, that `start` replaces whole; the speed, pause,
// the replay and the recording carry on from scene to scene.
//
// Going back in time asks the history for a session to start from (`SessionHistory.start(toReach:)`:
// one restored from the latest checkpoint before the target) and runs it on to the target. The
// history takes its checkpoints from the steps run here (`offerCheckpoint`) and from trips.
import Dynamics
import Foundation
import Gestures
import Scenes

final class TimeController {
    /// What the controller tells the app as it runs the scene.
    struct Events {
        /// A step of the session on screen ran.
        var stepped: (SceneSession) -> Void = { _ in }
        /// The session on screen skipped idle steps from a step to its `stepCount`.
        var skipped: (SceneSession, Int) -> Void = { _, _ in }
        /// A replayed pointer event was delivered to the session on screen, at a time.
        var replayed: (SceneSession, Double) -> Void = { _, _ in }
    }

    /// A trip through history under way: the session being run and the step it is bound for.
    struct Trip {
        let session: SceneSession
        var target: Int
    }

    /// One scene's part of time; `start` replaces it whole.
    struct SceneTime {
        /// The scene's past (nil while no scene has loaded).
        var history: SessionHistory?
        var trip: Trip?
        /// The recorded frame shown in place of the session on screen, and its step
        /// (TimeController+Travel).
        var shown: (step: Int, frame: DisplayFrame)?
        /// The exact state of the shown frame's step being rebuilt while paused, a slice per
        /// turn (TimeController+Settle).
        var settling: Trip?
        /// The settle's start being made in pieces (SessionHistory.startInPieces), the step it
        /// was bound for and the session on screen it was asked from.
        var settleStart: (target: Int, from: SceneSession, work: Piecework<SceneSession>)?
        /// The furthest step the session on screen has reached; below it, it is in the past.
        var furthestStep = 0
        /// The time of the last recorded event: recorded times never go back.
        var lastRecordedTime = 0.0
    }

    /// Most steps run per turn, and most seconds of stepping (at least one step runs).
    let maximumStepsPerTurn: Int
    let stepBudget: Double
    /// Measures the work done (the step budget, a trip's slices, milliseconds per step).
    let stopwatch: () -> Double
    var events = Events()
    /// Where recorded lines go (`--record`), nil when not recording.
    private let record: ((String) -> Void)?

    var playback = PlaybackClock(origin: 0)
    private(set) var isPaused = false
    /// The wall time the pause began (or the scene started).
    private(set) var pausedAt = 0.0
    var scene = SceneTime()
    /// Recorded events still to replay into the first scene, earliest first.
    private(set) var replay: ArraySlice<InputEvent>
    /// Delivers the replayed events as the live app took them (keys, edit mode, leaving).
    private let replayInput = ReplayInput()
    /// Edit mode's pointer events made while the screen shows the past, not yet written: they
    /// are written after a `resume` line once they turn out to change the past (an edit).
    private var pastEditEvents: [PointerEvent] = []
    /// Milliseconds the last batch of steps took per step (the status line and the HUD).
    private(set) var stepMilliseconds = 0.0
    /// Simulated time dropped because steps could not keep up, and when.
    private(set) var droppedTime: [(at: Double, seconds: Double)] = []

    /// Milliseconds of re-simulation (by the last measured step) below which a step through
    /// time rebuilds the exact state at once rather than showing the recorded frame alone: a
    /// frame's worth, so that what fits in it is shown exact.
    var exactTravelBudget = 50.0

    /// Longest slice of wall time a trip through history runs before the app draws its progress
    /// and reads keys again.
    static let travelSlice = 0.1

    init(maximumStepsPerTurn: Int, stepBudget: Double, stopwatch: @escaping () -> Double,
         replay: [InputEvent] = [], record: ((String) -> Void)? = nil) {
        self.maximumStepsPerTurn = maximumStepsPerTurn
        self.stepBudget = stepBudget
        self.stopwatch = stopwatch
        self.replay = InputEvent.timeline(replay)[...]
        self.record = record
    }

    var history: SessionHistory? { scene.history }
    var speed: Double { playback.speed }

    // MARK: Scenes

    /// A scene starts (or starts over) at `now` with `history`: step 0 is due at once.
    func start(_ history: SessionHistory?, at now: Double) {
        scene = SceneTime(history: history)
        pastEditEvents = []
        playback.place(step: 0, at: now)
        pausedAt = now
    }

    /// The recording being replayed ends (it belongs to the first scene as it started).
    func endReplay() { replay = [] }

    // MARK: Running

    /// Runs the steps of `s` due at `now`: at most `maximumStepsPerTurn`, and no more than
    /// `stepBudget` of stopwatch time (at least one); time beyond that is dropped. A scene at
    /// rest skips to the target, or to the next replayed event, without stepping. Returns
    /// whether anything happened that shows (a step run or a replayed event).
    @discardableResult
    func run(_ s: SceneSession, now: Double) -> Bool {
        guard !isPaused else { return false }
        var changed = deliverReplay(to: s, now: now)
        let target = playback.dueStep(at: now)
        guard target > s.stepCount else { return changed }
        let start = stopwatch()
        var ran = 0
        while s.stepCount < target && ran < maximumStepsPerTurn && (ran == 0 || stopwatch() - start < stepBudget) {
            changed = deliverReplay(to: s, now: now) || changed
            if s.isAtRest {
                // Nothing changes while the scene rests: skip to the target, or to the next
                // replayed event, whichever comes first, and go on from there.
                let next = replay.first.map { SceneSession.stepIndex(forEventTime: $0.time) } ?? Int.max
                skip(s, to: min(target, max(next, s.stepCount)))
                if replay.isEmpty || s.stepCount >= target { break }
                changed = deliverReplay(to: s, now: now) || changed
                if s.isAtRest { continue }
            }
            scene.history?.recordFrame(of: s)
            s.step()
            events.stepped(s)
            scene.history?.offerCheckpoint(of: s)
            ran += 1
        }
        if s.stepCount < target {
            // Capped: forget the time we could not catch up on.
            droppedTime.append((now, Double(target - s.stepCount) / 60))
            playback.drop(steps: target - s.stepCount)
        }
        if ran > 0 {
            stepMilliseconds = (stopwatch() - start) * 1000 / Double(ran)
            changed = true
        }
        return changed
    }

    /// Replays the recorded events due before the session's next step, as `nudge simulate
    /// --input` does (SessionReplay): pointer events go to the scene's recognizers; a key that
    /// leaves the scene ends the replay, other keys change nothing in the simulation.
    private func deliverReplay(to s: SceneSession, now: Double) -> Bool {
        var delivered = false
        replayInput.editMode.didApply = { [unowned self] edit in scene.history?.record(.edit(edit), at: s.stepCount) }
        while let event = replay.first, SceneSession.stepIndex(forEventTime: event.time) <= s.stepCount {
            replay = replay.dropFirst()
            delivered = true
            if case .pointer(let pointer) = event, !replayInput.editMode.isOn {
                scene.history?.record(.pointer(pointer), at: s.stepCount)
            }
            replayInput.deliver(event, to: s)
            if replayInput.hasLeft { replay = [] }
            if case .pointer = event { events.replayed(s, now) }
        }
        return delivered
    }

    func skip(_ s: SceneSession, to target: Int) {
        let from = s.stepCount
        scene.history?.recordFrame(of: s)
        s.skipIdleSteps(to: target)
        if s.stepCount > from {
            scene.history?.recordSkip(of: s, from: from)
            events.skipped(s, from)
        }
    }

    /// The session's time for an event happening at `now`: the steps run plus the fraction of
    /// the step in progress (kept below 1, so the event belongs before the next step).
    func eventTime(of s: SceneSession?, at now: Double) -> Double {
        guard let s else { return 0 }
        let fraction = (playback.steps(at: now) - Double(s.stepCount)).clamped(0, 1 - 1e-6)
        return (Double(s.stepCount) + fraction) / 60
    }

    /// Forgets the dropped time older than a second before `now` (the slow-motion figure).
    func forgetDroppedTime(before now: Double) { droppedTime.removeAll { $0.at <= now - 1 } }

    /// Simulated seconds per wall second over the last second, when steps could not keep up.
    var slowMotionRate: Double? {
        droppedTime.isEmpty ? nil : max(0, playback.speed - droppedTime.reduce(0) { $0 + $1.seconds })
    }

    /// How long the loop may wait at `now` for the next step of `s` or the next replayed event,
    /// at most `idle` (the wait of a scene with nothing due: paused, or at rest).
    func wait(for s: SceneSession?, at now: Double, idle: Double) -> Double {
        guard let s, !isPaused else { return idle }
        var timeout = idle
        if !s.isAtRest { timeout = (playback.wallTime(ofStep: s.stepCount + 1) - now).clamped(0, 1.0 / 60) }
        if let next = replay.first {
            // Wake for the next replayed event even while the scene rests.
            let due = playback.wallTime(ofStep: SceneSession.stepIndex(forEventTime: next.time))
            timeout = min(timeout, max(due - now, 0))
        }
        return timeout
    }

    // MARK: Pause and speed

    /// Pauses at `now`: no steps run until `resume`.
    func pause(at now: Double) {
        pausedAt = now
        isPaused = true
    }

    /// Resumes at `now`: the clock takes up where it stopped. Resuming from an earlier step than
    /// the furthest reached drops the future recorded after it; returns that step when it did.
    @discardableResult
    func resume(_ s: SceneSession?, at now: Double) -> Int? {
        let dropped = s.flatMap { resumeFromHere($0) }
        playback.delay(by: now - pausedAt)
        isPaused = false
        return dropped
    }

    private func resumeFromHere(_ s: SceneSession) -> Int? {
        guard s.stepCount < scene.furthestStep || scene.history?.hasFuture(after: s.stepCount) == true else { return nil }
        scene.history?.dropFuture(after: s.stepCount)
        replay = []
        scene.furthestStep = s.stepCount
        recordResume(at: s.stepCount)
        return s.stepCount
    }

    /// One speed up (`faster`) or down at `now`; the message to show when there is none.
    func changeSpeed(faster: Bool, at now: Double) -> String? {
        guard let speed = faster ? playback.faster : playback.slower else {
            let label = PlaybackClock.label(playback.speed)
            return faster ? "\(label) is the fastest speed." : "\(label) is the slowest speed."
        }
        playback.setSpeed(speed, at: isPaused ? pausedAt : now)
        return nil
    }

    // MARK: Recording

    /// Records `event` in the history, delivered to the session at `step`.
    func remember(_ event: SessionHistory.Event, at step: Int) {
        scene.history?.record(event, at: step)
    }

    /// An edit at `step`: the history keeps it, and what was recorded after it did not happen.
    func rememberEdit(_ edit: SceneEdit, at step: Int) {
        scene.history?.record(.edit(edit), at: step)
        if step < scene.furthestStep {
            replay = []
            recordResume(at: step)
        }
        scene.furthestStep = step
    }

    /// Writes that the session went back to `step` and goes on from there (a resume, or an edit
    /// in the past): a replay drops what was recorded after it (InputEvent.timeline). Then the
    /// edit mode's pointer events made there, held until now, are written.
    private func recordResume(at step: Int) {
        guard let record else { return }
        let time = Double(step) / 60
        record(InputEvent.resume(time: time).jsonLine)
        scene.lastRecordedTime = time
        for event in pastEditEvents where event.time >= time { recordLine(.pointer(event)) }
        pastEditEvents = []
    }

    /// An edit mode pointer event: written at once, or, while the screen shows the past (its time
    /// is before the last written), held until it changes the past (`recordResume`).
    func recordEditPointer(_ event: PointerEvent) {
        guard record != nil else { return }
        if event.time < scene.lastRecordedTime { pastEditEvents.append(event) } else { recordLine(.pointer(event)) }
    }

    /// Forgets the held edit mode pointer events (a trip through time began: they changed nothing).
    func forgetPastEditEvents() { pastEditEvents = [] }

    /// Writes `event` to the recording (`--record`). Its times never go back: a key pressed after
    /// going back in time is stamped with the last time written, and pointer events of a past
    /// not resumed from are left out; a resume writes its own line (`recordResume`), after which
    /// times go on from the resumed step.
    func recordLine(_ event: InputEvent) {
        guard let record else { return }
        switch event {
        case .key(let key, let time):
            scene.lastRecordedTime = max(scene.lastRecordedTime, time)
            record(InputEvent.key(key, time: scene.lastRecordedTime).jsonLine)
        case .pointer(let pointer):
            guard pointer.time >= scene.lastRecordedTime else { return }
            scene.lastRecordedTime = pointer.time
            record(event.jsonLine)
        case .tune(let tune):
            scene.lastRecordedTime = max(scene.lastRecordedTime, tune.time)
            record(InputEvent.tune(tune.at(scene.lastRecordedTime)).jsonLine)
        case .resume:
            break
        }
    }
}
