// PlaygroundApp: the interactive playground over any TerminalDriver, on an injected clock.
//
// The loop (docs/playground.md):
// - Simulation time is whole steps of 1/60 s. The number of steps due is computed from the clock
//   against the scene's start (`origin`), not summed from frame times, so it cannot drift: after
//   one simulated second exactly 60 steps have run whatever the frame timing. At most
//   `maximumStepsPerFrame` steps run per frame, and no more than `stepBudget` seconds of them
//   (at least one step); time beyond that is dropped (the origin moves), so a stall never turns
//   into a burst of catch-up, and a scene whose steps cost more than the frame allows runs in
//   slow motion (the status line says how slow) while frames and keys keep coming.
// - Drawing never waits for the terminal: while the driver's terminal has not yet taken the
//   last frame (`isReadyForFrame` false) the frame is dropped before any drawing work, the app
//   tries again at the next frame time, and the status line says "terminal slow: N frames
//   dropped" (over the last second, from 3 on) while the world goes on at its own pace.
// - A session at rest (animator paused, no animation, no gesture tracking or waiting) skips its
//   due steps without work, draws once and blocks in `nextEvent(timeout:)` with `idleTimeout`;
//   otherwise it waits only until the next step is due, so frames come at up to 60 per second.
// - Pointer events are stamped with the session's own time (steps + the fraction of the current
//   step), delivered at once, and recorded with that stamp, so a replay delivers each event
//   before the same step (`SceneSession.stepIndex(forEventTime:)`) and reproduces the session.
// - Pause freezes the scene: no steps, pointer events ignored; `.` runs one step.
// - A scene file that fails to load leaves the previous scene playing (or an empty canvas) and
//   shows its error in the status line. A terminal smaller than 20×6 shows a short message and
//   keeps the last good reference bounds until it grows again.
// - Keys act as KeyBinding's table says (the help overlay is drawn from the same table).
// - An observer given at init (PlaygroundObserver) is told of each step run or skipped; it is
//   never asked anything, so the loop runs the same with or without one.
import Foundation
import Geometry
import Gestures
import SceneFormat
import Scenes
import TerminalUI

public final class PlaygroundApp {
    /// How the app ended.
    public enum Exit: Sendable, Equatable {
        /// q.
        case quit
        /// Ctrl-C (or a termination signal the driver turned into it).
        case interrupted
    }

    public let terminal: TerminalDriver
    public let scenes: [SceneFile]
    public let options: Options
    private let clock: () -> Double
    private let sleep: (Double) -> Void
    private let suspendHandler: (() -> Void)?
    private let record: ((String) -> Void)?
    /// Recorded events still to replay into the first scene (`play --input`), earliest first.
    private var replay: ArraySlice<InputEvent>
    private let renderer = SceneRenderer()
    /// The canvas frames are drawn on, kept between frames for its storage.
    private var canvas: Canvas?

    /// Told of every step run or skipped; never asked anything (see PlaygroundObserver).
    public let observer: PlaygroundObserver?

    public private(set) var session: SceneSession?
    /// Edit mode (`e`): its tool, selection, undo stack and unsaved-edits flag.
    public let editMode = EditMode()
    /// A key that would leave a scene with unsaved edits, pressed once: the same key again goes on.
    private var pendingLeave: Key?
    /// The place of the scene being shown (or whose load failed) in `scenes`.
    public private(set) var sceneIndex = 0
    public private(set) var isPaused = false
    public private(set) var showsHelp = false
    /// The physics overlay on show (`d` cycles them; PhysicsOverlay), with the HUD while not off.
    private(set) var overlay = PhysicsOverlay.Mode.off
    /// The load error of the scene at `sceneIndex`, if it failed.
    public private(set) var loadError: String?
    /// Every error of that load, in full (`?` shows them).
    public private(set) var loadErrorDetails: [String] = []
    /// The trails behind items of the scene being played (`toggleTrail(itemID:)`).
    public private(set) var trails = Trails()
    /// The inspector panel shown over the play area, nil when closed; a new scene closes it.
    public var inspector: Inspector? { didSet { needsDraw = true } }
    /// Called after each `w` with what the save did (the file written, or why not).
    public var didSave: ((SceneSaving.Outcome) -> Void)?

    private var exit: Exit?
    /// Which step is due at each moment of the clock, at the chosen speed (moved on pause, on a
    /// new speed, on dropped catch-up and on steps by hand).
    private var playback = PlaybackClock(origin: 0)
    /// The scene's past: what it was built from and what was delivered to it at which step, so
    /// any earlier step can be simulated again (`,` and ←, see SessionHistory).
    public private(set) var history: SessionHistory?
    /// A trip through history under way (see `travel(by:)`).
    private var travel: (session: SceneSession, target: Int)?
    /// The furthest step the session on screen has reached; below it, the session is in the past.
    private var furthestStep = 0
    /// The time of the last recorded event: recorded times never go back (see `recordLine`).
    private var lastRecordedTime = 0.0
    private var pausedAt = 0.0
    private var needsDraw = true
    /// When the last frame was drawn: frames come at most 60 times a second, however many
    /// events arrive, so drawing never takes the time the simulation and the keys need.
    private var lastDrawAt = -Double.infinity
    static let frameInterval = 1.0 / 60
    private var frameTimes: [Double] = []
    /// When frames were dropped by a terminal still busy with an earlier one, over the last second.
    private var frameDrops: [Double] = []
    /// Whether the status line on screen says the terminal is slow (redrawn as the count changes).
    private var showsTerminalSlow = false
    /// Frames dropped within a second before the status line says the terminal is slow: one now
    /// and then (a frame still on its way when the next is due) is not worth a word.
    static let slowTerminalDrops = 3
    private var stepMilliseconds = 0.0
    /// Simulated time dropped because steps could not keep up, and when (for the slow-motion
    /// figure in the status line).
    private var droppedTime: [(at: Double, seconds: Double)] = []
    private var messageShownAt = -Double.infinity
    /// Whether the last frame's status line showed a message (so a frame is due when it expires,
    /// even while nothing else changes: paused, or at rest).
    private var showsMessage = false
    private var messageCount = 0
    private var pointer = PointerTracker()
    /// Live reload: the current scene's file and pictures, and when they were last checked.
    private let watcher: SceneWatcher
    private var lastReloadCheck = -Double.infinity

    public init(terminal: TerminalDriver, scenes: [SceneFile], options: Options = Options(),
                clock: @escaping () -> Double, sleep: @escaping (Double) -> Void = { _ in },
                suspend: (() -> Void)? = nil, record: ((String) -> Void)? = nil, replay: [InputEvent] = [],
                files: FileStatusProvider = SystemFileStatus(), observer: PlaygroundObserver? = nil) {
        self.observer = observer
        self.replay = replay[...]
        self.watcher = SceneWatcher(files: files)
        self.terminal = terminal
        self.scenes = scenes
        self.options = options
        self.clock = clock
        self.sleep = sleep
        self.suspendHandler = suspend
        self.record = record
        editMode.didApply = { [unowned self] edit in self.recordEdit(edit) }
        editMode.toggleTrail = { [unowned self] id in
            self.toggleTrail(itemID: id)
            return self.trails.hasTrail(id)
        }
    }

    // MARK: Running

    /// Takes the terminal, plays until q or Ctrl-C, and gives the terminal back on every path.
    public func run() throws -> Exit {
        try terminal.begin()
        defer { terminal.end() }
        exit = nil
        load(options.firstScene)
        while exit == nil {
            checkForEdits(now: clock())
            if travel != nil { continueTravel() }
            update(now: clock())
            if showsMessage && clock() - messageShownAt >= options.messageDuration { needsDraw = true }
            if showsTerminalSlow, let oldest = frameDrops.first, clock() - oldest >= 1 {
                // A drop left the last second: redraw the status line with the new count.
                frameDrops.removeAll { $0 <= clock() - 1 }
                showsTerminalSlow = false
                needsDraw = true
            }
            if needsDraw && clock() >= lastDrawAt + Self.frameInterval - 1e-9 { draw(now: clock()) }
            let timeout = waitTimeout(now: clock())
            let before = clock()
            if let event = terminal.nextEvent(timeout: timeout) {
                handle(event)
                var drained = 0
                while exit == nil, drained < 256, let more = terminal.nextEvent(timeout: 0) {
                    handle(more)
                    drained += 1
                }
            } else {
                // A driver that returned before the time was up (it cannot wait): pace here.
                let waited = clock() - before
                if timeout > 0 && waited < 0.001 { sleep(min(timeout, 1.0 / 60)) }
            }
        }
        return exit ?? .quit
    }

    // MARK: Time

    /// Runs the steps that are due at `now`.
    private func update(now: Double) {
        guard let s = session, !isPaused else { return }
        deliverReplay(to: s)
        let target = playback.dueStep(at: now)
        guard target > s.stepCount else { return }
        let start = clock()
        var ran = 0
        while s.stepCount < target && ran < options.maximumStepsPerFrame
                && (ran == 0 || clock() - start < options.stepBudget) {
            deliverReplay(to: s)
            if s.isAtRest {
                // Nothing changes while the scene rests: skip to the target, or to the next
                // replayed event, whichever comes first, and go on from there.
                let next = replay.first.map { SceneSession.stepIndex(forEventTime: $0.time) } ?? Int.max
                skip(s, to: min(target, max(next, s.stepCount)))
                if replay.isEmpty || s.stepCount >= target { break }
                deliverReplay(to: s)
                if s.isAtRest { continue }
            }
            s.step()
            didStep(s)
            ran += 1
        }
        if s.stepCount < target {
            // Capped: forget the time we could not catch up on.
            droppedTime.append((now, Double(target - s.stepCount) / 60))
            playback.drop(steps: target - s.stepCount)
        }
        if ran > 0 {
            stepMilliseconds = (clock() - start) * 1000 / Double(ran)
            needsDraw = true
        }
    }

    /// Replays the recorded events due before the session's next step, as `nudge simulate
    /// --input` does (SessionReplay): pointer events go to the scene's recognizers; a key that
    /// leaves the scene ends the replay, other keys change nothing in the simulation.
    private func deliverReplay(to s: SceneSession) {
        while let event = replay.first, SceneSession.stepIndex(forEventTime: event.time) <= s.stepCount {
            replay = replay.dropFirst()
            needsDraw = true
            switch event {
            case .pointer(let pointer):
                history?.record(.pointer(pointer), at: s.stepCount)
                s.handle(pointer)
                note(s, nil, now: clock())
            case .key(let key, _):
                if SessionReplay.leavesScene(key) { replay = [] }
            }
        }
    }

    private func skip(_ s: SceneSession, to target: Int) {
        let from = s.stepCount
        s.skipIdleSteps(to: target)
        didSkip(s, from: from)
    }

    /// The session on screen ran a step: the trails follow its items, and the observer hears.
    private func didStep(_ s: SceneSession) {
        trails.record(s.scene)
        observer?.playgroundApp(self, didStep: s)
    }

    /// The session on screen skipped at rest from step `from` to its `stepCount` (if it moved).
    private func didSkip(_ s: SceneSession, from: Int) {
        guard s.stepCount > from else { return }
        trails.record(s.scene, steps: s.stepCount - from)
        observer?.playgroundApp(self, didSkipIdleStepsOf: s, from: from)
    }

    /// The session's time for an event happening at `now`: the steps run plus the fraction of
    /// the step in progress (kept below 1, so the event belongs before the next step).
    private func eventTime(now: Double) -> Double {
        guard let s = session else { return 0 }
        let fraction = (playback.steps(at: now) - Double(s.stepCount)).clamped(0, 1 - 1e-6)
        return (Double(s.stepCount) + fraction) / 60
    }

    private func waitTimeout(now: Double) -> Double {
        if exit != nil || travel != nil { return 0 }
        if needsDraw { return max(0, lastDrawAt + Self.frameInterval - now) }
        var timeout = options.idleTimeout
        if let s = session, !isPaused, !s.isAtRest {
            let next = playback.wallTime(ofStep: s.stepCount + 1)
            timeout = (next - now).clamped(0, 1.0 / 60)
        }
        if session != nil, !isPaused, let next = replay.first {
            // Wake for the next replayed event even while the scene rests.
            let due = playback.wallTime(ofStep: SceneSession.stepIndex(forEventTime: next.time))
            timeout = min(timeout, max(due - now, 0))
        }
        if let interval = options.reloadInterval, watcher.isWatching {
            timeout = min(timeout, max(lastReloadCheck + interval - now, 0) + 0.001)
        }
        if showsTerminalSlow, let oldest = frameDrops.first {
            timeout = min(timeout, max(oldest + 1 - now, 0) + 0.001)
        }
        if messageCount > 0 {
            let expiry = messageShownAt + options.messageDuration - now
            if expiry > 0 { timeout = min(timeout, expiry + 0.001) }
        }
        return max(timeout, 0)
    }

    // MARK: Scenes

    /// Live reload: when the scene file or one of its pictures changed, load it again. A good
    /// edit restarts the scene from its new text; a broken one leaves the last good scene playing,
    /// undisturbed, and shows the error (file:line:column) in the status line until it is fixed.
    private func checkForEdits(now: Double) {
        guard let interval = options.reloadInterval, watcher.isWatching, now - lastReloadCheck >= interval else { return }
        lastReloadCheck = now
        guard watcher.hasChanged(), !scenes.isEmpty else { return }
        let file = scenes[sceneIndex]
        if editMode.hasUnsavedEdits, let s = session {
            note(s, "The scene's file changed; unsaved edits: w saves, r reloads the file and discards them.", now: now)
            return
        }
        do {
            guard let description = try read(file) else { return }
            let paused = isPaused
            load(sceneIndex, parsed: description)
            isPaused = paused
            if let s = session {
                // Shown like a gesture's message: in the status line for `messageDuration`.
                note(s, "Reloaded \(file.fileName).", now: now)
            }
        } catch {
            watcher.watch(file, description: nil)
            show(SceneLoadFailure(error, in: file))
            needsDraw = true
        }
    }

    /// Reads `file` (see SceneLoading): at once when it reads within `loadPatience` of real time,
    /// else with progress in the status line while keys are still read; nil when q or Ctrl-C
    /// ended the wait (the app is leaving).
    private func read(_ file: SceneFile) throws -> SceneDescription? {
        let loading = SceneLoading(file)
        if let outcome = loading.outcome(waiting: options.loadPatience) { return try outcome.get() }
        let name = file.fileName
        let started = clock()
        while true {
            if let outcome = loading.outcome(waiting: 0.1) { return try outcome.get() }
            drawProgress("Loading \(name)… \(String(format: "%.1f", clock() - started + options.loadPatience)) s (q quits)")
            while let event = terminal.nextEvent(timeout: 0) {
                guard case .key(let key) = event, let action = KeyBinding.binding(for: key)?.action else { continue }
                if action == .quit || action == .interrupt { exit = action == .quit ? .quit : .interrupted; return nil }
            }
            if exit != nil { return nil }
        }
    }

    /// A frame that shows only `text` in the status line, over a blank play area.
    private func drawProgress(_ text: String) {
        let columns = max(terminal.size.columns, 0), rows = max(terminal.size.rows, 0)
        guard rows > 0 else { return }
        var grid = CellGrid(columns: columns, rows: rows)
        grid.fill(Cell.blank(.darkGray), columns: 0..<columns, rows: (rows - 1)..<rows)
        grid.write(Self.fitted(" " + text, width: columns), column: 0, row: rows - 1, foreground: .white, background: .darkGray)
        terminal.draw(grid)
    }

    /// Shows a failed load's first error in the status line and keeps them all for `?`.
    private func show(_ failure: SceneLoadFailure) {
        loadError = failure.statusLine
        loadErrorDetails = failure.details
    }

    /// Shows scene `index`, from `parsed` when the caller already read it.
    private func load(_ index: Int, parsed: SceneDescription? = nil) {
        guard !scenes.isEmpty else {
            loadError = "no scene files"
            needsDraw = true
            return
        }
        let index = min(max(index, 0), scenes.count - 1)
        if session != nil { replay = [] }   // the recording belongs to the first scene as it started
        sceneIndex = index
        do {
            guard let description = try parsed ?? read(scenes[index]) else { return }
            let history = SessionHistory(sceneDescription: description,
                                         referenceBounds: SceneFit.referenceBounds(for: description, available: availableSize))
            session = history.makeSession()
            self.history = history
            loadError = nil
            loadErrorDetails = []
            watcher.watch(scenes[index], description: description)
        } catch {
            watcher.watch(scenes[index], description: nil)
            show(SceneLoadFailure(error, in: scenes[index]))
        }
        lastReloadCheck = clock()
        travel = nil
        furthestStep = 0
        lastRecordedTime = 0
        playback.place(step: 0, at: clock())
        pausedAt = clock()
        trails.removeAll()
        inspector = nil
        messageCount = session?.messages.count ?? 0
        messageShownAt = -Double.infinity
        pointer.reset()
        editMode.reset()
        pendingLeave = nil
        needsDraw = true
    }

    // MARK: Events

    private func handle(_ event: TerminalEvent) {
        let now = clock()
        update(now: now)
        switch event {
        case .key(let key): handleKey(key, now: now)
        case .mouse(let mouse): handleMouse(mouse, now: now)
        case .resize: resized()
        case .paste(let text): post(PastedText.message(characters: text.count))
        }
    }

    private func handleKey(_ key: Key, now: Double) {
        recordLine(.key(key.description, time: eventTime(now: now)))
        needsDraw = true
        let action = KeyBinding.binding(for: key, editing: editMode.isOn)?.action
        if showsHelp {
            // The open box takes ?, Esc and q to close it, and nothing else of theirs happens.
            showsHelp = false
            if action == .showHelp || action == .quit || key == .escape { return }
        }
        if travel != nil && !(action?.isAboutTime ?? false) { endTravel() }
        if inspector != nil, editMode.isOn {
            // The open panel takes the arrows (the time keys ← → wait until it closes).
            if [.up, .down, .left, .right].contains(key) { inspect(key); return }
            if key == .escape || action == .toggleInspector { inspector = nil; return }
        }
        let pending = pendingLeave
        pendingLeave = nil
        if let action, action.leavesScene, action != .interrupt, editMode.hasUnsavedEdits, pending != key, session != nil {
            // The status line shows the warning while it stands (see `status`), and no longer
            // once another key has cancelled it.
            pendingLeave = key
            return
        }
        switch action {
        case .quit: exit = .quit
        case .interrupt: exit = .interrupted
        case .nextScene: load((sceneIndex + 1) % max(scenes.count, 1))
        case .previousScene: load((sceneIndex + scenes.count - 1) % max(scenes.count, 1))
        case .showScene:
            guard case .character(let c) = key, let digit = c.wholeNumberValue else { return }
            let n = digit - 1
            if n < scenes.count {
                load(n)
            } else {
                post("There is no scene \(n + 1): there \(scenes.count == 1 ? "is 1" : "are \(scenes.count)").")
            }
        case .togglePause:
            if isPaused {
                resumeFromHere()
                playback.delay(by: now - pausedAt)
                isPaused = false
            } else {
                pausedAt = now
                isPaused = true
            }
        case .stepOnce: travel(by: 1)
        case .stepBack: travel(by: -1)
        case .secondForward: travel(by: 60)
        case .secondBack: travel(by: -60)
        case .slower, .faster:
            let faster = action == .faster
            if let speed = faster ? playback.faster : playback.slower {
                playback.setSpeed(speed, at: isPaused ? pausedAt : now)
            } else {
                post(faster ? "\(PlaybackClock.label(playback.speed)) is the fastest speed."
                            : "\(PlaybackClock.label(playback.speed)) is the slowest speed.")
            }
        case .reload: load(sceneIndex)
        case .save:
            guard let s = session, !scenes.isEmpty else { return }
            let outcome = SceneSaving().save(s, from: scenes[sceneIndex])
            post(outcome.message)
            if case .saved = outcome { editMode.markSaved() }
            didSave?(outcome)
        case .showHelp: showsHelp = true
        case .cycleOverlay: overlay = overlay.next
        case .suspend:
            suspendHandler?()
            resized()
        case .toggleEditMode:
            editMode.toggle()
            if !editMode.isOn { inspector = nil }
            pointer.reset()
        case .leaveEditMode:
            editMode.leave()
            inspector = nil
        case .toggleInspector:
            guard let s = session else { return }
            if inspector != nil {
                inspector = nil
            } else if let selection = editMode.selection {
                inspector = Inspector(selection: selection)
                note(s, "Inspector: ↑/↓ choose a field, ←/→ change it, i or Esc closes.", now: now)
            } else {
                note(s, "Select an item or a joint first (v, then click it); i then inspects it.", now: now)
            }
        case .some(let other):
            if let s = session, editMode.handle(other, in: s) {
                followSelection()
                note(s, nil, now: now)
            }
        case nil: break
        }
    }

    /// An edit made in edit mode (undos too): history keeps it, to make it again when it
    /// re-simulates, and what was recorded after this step did not happen after all.
    private func recordEdit(_ edit: SceneEdit) {
        guard let s = session else { return }
        history?.record(.edit(edit), at: s.stepCount)
        if s.stepCount < furthestStep { replay = [] }
        furthestStep = s.stepCount
    }

    /// The open inspector shows what is selected now; with nothing selected it closes.
    private func followSelection() {
        guard let panel = inspector else { return }
        guard let selection = editMode.selection else { inspector = nil; return }
        if panel.selection != selection { inspector = Inspector(selection: selection) }
    }

    /// Shows `message` in the status line from `now`; with no message, shows the session's newest
    /// if it posted one since the last (a gesture's, an edit's): the one place the message clock
    /// starts.
    private func note(_ s: SceneSession, _ message: String?, now: Double) {
        if let message { s.post(message) }
        if s.messages.count != messageCount || message != nil {
            messageCount = s.messages.count
            messageShownAt = now
        }
        needsDraw = true
    }

    /// Edit mode's mouse: left press, drag and release drive the tool, at any time (paused too).
    private func handleEditMouse(_ mouse: MouseEvent, _ s: SceneSession, now: Double) {
        let phase: EditPointerPhase
        switch mouse.kind {
        case .press where mouse.button == .left: phase = .down
        case .drag: phase = .drag
        case .release: phase = .up
        default: return
        }
        let point = viewport.scenePoint(cellSize.center(column: mouse.column, row: mouse.row))
        editMode.handle(phase, at: point, time: eventTime(now: now), in: s)
        followSelection()
        note(s, nil, now: now)
    }

    private func handleMouse(_ mouse: MouseEvent, now: Double) {
        if editMode.isOn, let s = session { return handleEditMouse(mouse, s, now: now) }
        guard let s = session, !isPaused else { return }
        let point = viewport.scenePoint(cellSize.center(column: mouse.column, row: mouse.row))
        guard let events = pointer.events(for: mouse, at: point, time: eventTime(now: now)) else { return }
        for event in events {
            recordLine(.pointer(event))
            history?.record(.pointer(event), at: s.stepCount)
            s.handle(event)
        }
        note(s, nil, now: now)
    }

    private func resized() {
        needsDraw = true
        guard !isTooSmall, session != nil else { return }
        endTravel()
        if let s = session, s.scene.sceneDescription.size == nil {
            let bounds = SceneFit.bounds(SceneFit.referenceBounds(for: s.scene.sceneDescription, available: availableSize),
                                         holding: s.scene)
            guard bounds != s.scene.referenceBounds else { return }
            history?.record(.referenceBounds(bounds), at: s.stepCount)
            s.setReferenceBounds(bounds)
        }
    }

    // MARK: Time travel

    /// Longest slice of wall time a trip through history runs before the app draws its progress
    /// and reads keys again.
    static let travelSlice = 0.1

    /// Paused, moves `steps` steps through time: forward runs the session on screen, delivering
    /// what history recorded at those steps (a future gone back from is replayed); back
    /// simulates a fresh session from the start to the earlier step (SessionHistory). Presses
    /// during a trip add to its target.
    private func travel(by steps: Int) {
        guard let s = session, let history else { return }
        guard isPaused else { return post("Pause (space) to step in time.") }
        let from = travel?.target ?? s.stepCount
        if steps < 0 && from == 0 { return post("At step 0: nothing before.") }
        let target = max(0, from + steps)
        furthestStep = max(furthestStep, s.stepCount)
        if let trip = travel, target >= trip.session.stepCount {
            travel?.target = target
        } else if target >= s.stepCount {
            travel = (s, target)
        } else {
            travel = (history.makeSession(), target)
        }
        continueTravel()
    }

    /// Runs the trip under way for at most `travelSlice` of wall time (at least one step); once
    /// at its target its session is the one on screen.
    private func continueTravel() {
        guard let trip = travel, let history else { return }
        needsDraw = true
        let start = clock()
        var asked = 0
        let onScreen = trip.session === session
        let arrived = history.advance(trip.session, to: trip.target,
            stepped: { s in if onScreen { didStep(s) } },
            skipped: { s, from in if onScreen { didSkip(s, from: from) } },
            shouldStop: {
                asked += 1
                return asked > 1 && clock() - start >= Self.travelSlice
            })
        if arrived { endTravel() }
    }

    /// Ends the trip under way: a trip that arrived puts its session on screen; one that is cut
    /// short going back leaves the screen as it was, going forward where it got to.
    private func endTravel() {
        guard let trip = travel else { return }
        travel = nil
        if trip.session.stepCount == trip.target || trip.session === session {
            if trip.session !== session { trails.restart() }
            session = trip.session
            messageCount = trip.session.messages.count
        }
        if let s = session { playback.place(step: s.stepCount, at: pausedAt) }
        needsDraw = true
    }

    /// Resuming after going back: what was recorded after this step did not happen after all.
    private func resumeFromHere() {
        guard let s = session, s.stepCount < furthestStep || history?.hasFuture(after: s.stepCount) == true else { return }
        history?.dropFuture(after: s.stepCount)
        editMode.forgetEdits(after: s.stepCount)
        replay = []
        furthestStep = s.stepCount
    }

    /// Shows `text` in the status line as a message (news from whoever runs the app).
    public func showMessage(_ text: String) { post(text) }

    /// Shows `text` in the status line for `messageDuration`.
    private func post(_ text: String) {
        guard let s = session else { return }
        note(s, text, now: clock())
    }

    /// Writes `event` to the recording (`--record`). Its times never go back: a key pressed after
    /// going back in time is stamped with the last time written, and pointer events of a scene
    /// resumed from its past are left out (a recording holds one line of time; its replay shows
    /// the scene as it first went).
    private func recordLine(_ event: InputEvent) {
        guard let record else { return }
        switch event {
        case .key(let key, let time):
            lastRecordedTime = max(lastRecordedTime, time)
            record(InputEvent.key(key, time: lastRecordedTime).jsonLine)
        case .pointer(let pointer):
            guard pointer.time >= lastRecordedTime else { return }
            lastRecordedTime = pointer.time
            record(event.jsonLine)
        }
    }

    // MARK: Trails and the inspector (edit mode's `t` and `i`)

    /// Turns the trail behind the item on or off; false when the scene has no such item.
    @discardableResult
    public func toggleTrail(itemID: String) -> Bool {
        guard let s = session, s.scene.item(withID: itemID) != nil else { return false }
        trails.toggle(itemID)
        needsDraw = true
        return true
    }

    /// Gives a key to the open inspector: ↑/↓ choose a field, ←/→ change it in the scene at once.
    /// The change made (for undo); nil when nothing changed.
    @discardableResult
    public func inspect(_ key: Key) -> PropertyChange? {
        guard var panel = inspector, let s = session else { return nil }
        switch key {
        case .left, .right:
            // A change is an edit like any other: undone by u, kept by history, saved by w.
            let direction = key == .right ? 1 : -1
            if let why = panel.refusal(direction, in: s.scene) { post(why); return nil }
            guard let change = panel.change(direction, in: s.scene),
                  editMode.make(.tune(change), in: s) else { return nil }
            needsDraw = true
            return change
        default:
            panel.handle(key, in: s.scene)
            inspector = panel
            return nil
        }
    }

    // MARK: Drawing

    private func draw(now: Double) {
        lastDrawAt = now
        guard terminal.isReadyForFrame else {
            // Not even drawn: the terminal is still busy with the last frame (needsDraw stays).
            frameDrops.append(now)
            return
        }
        needsDraw = false
        let columns = max(terminal.size.columns, 0), rows = max(terminal.size.rows, 0)
        var grid = CellGrid(columns: columns, rows: rows)
        if isTooSmall {
            let lines = ["terminal", "too small", "need \(options.minimumColumns)x\(options.minimumRows)"]
            for (i, line) in lines.enumerated() where i < rows {
                grid.write(line, column: 0, row: i, foreground: .white, background: .black)
            }
        } else {
            let pixels = pixelDisplay?.cellPixelSize
            if let s = session {
                if canvas == nil || canvas!.columns != columns || canvas!.rows != rows - 1 || canvas!.cellSize != cellSize
                    || canvas!.isPixelMode != (pixels != nil)
                    || (pixels != nil && (canvas!.samplesAcross != pixels!.width || canvas!.samplesDown != pixels!.height)) {
                    if let pixels {
                        canvas = Canvas(columns: columns, rows: rows - 1, cellSize: cellSize, pixelsPerCell: pixels,
                                        background: renderer.background, retained: true)
                    } else {
                        canvas = Canvas(columns: columns, rows: rows - 1, cellSize: cellSize, glyphs: options.glyphs,
                                        background: renderer.background)
                    }
                }
                renderer.redraw(s.scene, on: &canvas!, viewport: viewport, beneathItems: [trails])
                editMode.draw(on: &canvas!, scene: s.scene, viewport: viewport)
                let contacts = overlay == .off ? [] : s.scene.animator.contactPoints
                PhysicsOverlay(mode: overlay).draw(s.scene, contacts: contacts, on: &canvas!, viewport: viewport, renderer: renderer)
                canvas!.commit()   // pixel mode: paint only where the picture changed
                canvas!.render(into: &grid, colorMode: terminal.colorMode)
                if overlay != .off {
                    HUD(figures: .init(s.scene, contacts: contacts, stepMilliseconds: stepMilliseconds)).draw(into: &grid, opaque: pixels != nil)
                }
            }
            frameTimes.append(now)
            frameTimes.removeAll { $0 <= now - 1 }
            let statusText = status(now: now)
            let bar = Color.darkGray
            grid.fill(Cell.blank(bar), columns: 0..<columns, rows: (rows - 1)..<rows)
            grid.write(Self.fitted(statusText, width: columns), column: 0, row: rows - 1,
                       foreground: .white, background: bar)
            if let inspector, let s = session { inspector.draw(into: &grid, scene: s.scene, viewport: viewport, cellSize: cellSize) }
            if showsHelp {
                HelpOverlay(loadErrors: loadErrorDetails, gestures: session?.scene.gestures ?? [], editing: editMode.isOn,
                            display: options.displayReport?.lines(colorMode: terminal.colorMode) ?? [])
                    .draw(into: &grid, opaque: pixels != nil)
            }
        }
        if let display = pixelDisplay, let canvas, canvas.isPixelMode, !isTooSmall, session != nil {
            display.draw(grid, image: canvas.pixelImage, imageRows: canvas.rows)
        } else {
            terminal.draw(grid)
        }
    }

    /// "Push 1/3 │ running │ 60 fps │ 0.12 ms │ <message, else the summary>".
    private func status(now: Double) -> String {
        let place = "\(sceneIndex + 1)/\(scenes.count)"
        showsMessage = false
        if let loadError {
            return " \(place) │ error: \(loadError)"
        }
        guard let s = session else { return " \(place)" }
        if pendingLeave != nil {
            // The warning in full, however narrow the terminal: it stands until the next key.
            return " \(s.scene.sceneDescription.name) \(place) │ unsaved edits: w saves, the same key again discards"
        }
        droppedTime.removeAll { $0.at <= now - 1 }
        var state = isPaused ? "paused" : (s.isAtRest ? "resting" : "running")
        if !isPaused && !s.isAtRest && !droppedTime.isEmpty {
            // Simulated time per real second over the last second.
            let rate = max(0, playback.speed - droppedTime.reduce(0) { $0 + $1.seconds })
            state = String(format: "slow motion %.2f×", rate)
        }
        if playback.speed != 1 { state += " at " + PlaybackClock.label(playback.speed) }
        frameDrops.removeAll { $0 <= now - 1 }
        showsTerminalSlow = !isPaused && frameDrops.count >= Self.slowTerminalDrops
        if showsTerminalSlow { state = "terminal slow: \(frameDrops.count) frames dropped" }
        if let travel, travel.session !== s {
            state = "rewinding… \(100 * travel.session.stepCount / max(travel.target, 1)) %"
        } else if isPaused {
            state += String(format: " │ %.2f s", s.time)
        }
        if editMode.isOn { state += " │ \(editMode.statusText)" }
        let fps = isPaused || s.isAtRest ? 0 : min(frameTimes.count, 60)
        let ms = String(format: "%.2f", stepMilliseconds)
        var tail = s.scene.sceneDescription.summary
        if let message = s.lastMessage, now - messageShownAt < options.messageDuration {
            tail = message
            showsMessage = true
        }
        let shown = overlay == .off ? "" : " │ overlay: \(overlay.name)"
        return " \(s.scene.sceneDescription.name) \(place) │ \(state) │ \(fps) fps │ \(ms) ms\(shown) │ \(tail)"
    }

    /// `text` cut to `width` columns, ending in "…" when it was cut; control and bidi characters
    /// (from a scene's name, summary or messages) shown as escapes (TerminalSafeText).
    static func fitted(_ text: String, width: Int) -> String { text.escapingControlCharacters.fitted(toColumns: width) }
}
