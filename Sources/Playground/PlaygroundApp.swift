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
    /// The load error of the scene at `sceneIndex`, if it failed.
    public private(set) var loadError: String?
    /// Every error of that load, in full (`?` shows them).
    public private(set) var loadErrorDetails: [String] = []

    private var exit: Exit?
    /// Clock time at which step 0 of the session began (moved on pause and on dropped catch-up).
    private var origin = 0.0
    private var pausedAt = 0.0
    private var needsDraw = true
    /// When the last frame was drawn: frames come at most 60 times a second, however many
    /// events arrive, so drawing never takes the time the simulation and the keys need.
    private var lastDrawAt = -Double.infinity
    static let frameInterval = 1.0 / 60
    private var frameTimes: [Double] = []
    private var stepMilliseconds = 0.0
    /// Simulated time dropped because steps could not keep up, and when (for the slow-motion
    /// figure in the status line).
    private var droppedTime: [(at: Double, seconds: Double)] = []
    private var messageShownAt = -Double.infinity
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
            update(now: clock())
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
        let target = dueStep(now: now)
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
            observer?.playgroundApp(self, didStep: s)
            ran += 1
        }
        if s.stepCount < target {
            // Capped: forget the time we could not catch up on.
            let dropped = Double(target - s.stepCount) / 60
            origin += dropped
            droppedTime.append((now, dropped))
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
                s.handle(pointer)
                if s.messages.count != messageCount {
                    messageCount = s.messages.count
                    messageShownAt = clock()
                }
            case .key(let key, _):
                if SessionReplay.leavesScene(key) { replay = [] }
            }
        }
    }

    private func dueStep(now: Double) -> Int {
        let steps = ((now - origin) * 60 + 1e-9).rounded(.down)
        guard steps.isFinite else { return session?.stepCount ?? 0 }
        return Int(steps.clamped(0, Double(Int32.max)))
    }

    private func skip(_ s: SceneSession, to target: Int) {
        let from = s.stepCount
        s.skipIdleSteps(to: target)
        if s.stepCount > from { observer?.playgroundApp(self, didSkipIdleStepsOf: s, from: from) }
    }

    /// The session's time for an event happening at `now`: the steps run plus the fraction of
    /// the step in progress (kept below 1, so the event belongs before the next step).
    private func eventTime(now: Double) -> Double {
        guard let s = session else { return 0 }
        let fraction = ((now - origin) * 60 - Double(s.stepCount)).clamped(0, 1 - 1e-6)
        return (Double(s.stepCount) + fraction) / 60
    }

    private func waitTimeout(now: Double) -> Double {
        if exit != nil { return 0 }
        if needsDraw { return max(0, lastDrawAt + Self.frameInterval - now) }
        var timeout = options.idleTimeout
        if let s = session, !isPaused, !s.isAtRest {
            let next = origin + Double(s.stepCount + 1) / 60
            timeout = (next - now).clamped(0, 1.0 / 60)
        }
        if session != nil, !isPaused, let next = replay.first {
            // Wake for the next replayed event even while the scene rests.
            let due = origin + Double(SceneSession.stepIndex(forEventTime: next.time)) / 60
            timeout = min(timeout, max(due - now, 0))
        }
        if let interval = options.reloadInterval, watcher.isWatching {
            timeout = min(timeout, max(lastReloadCheck + interval - now, 0) + 0.001)
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
                s.post("Reloaded \(file.path.split(separator: "/").last.map(String.init) ?? file.path).")
                messageCount = s.messages.count
                messageShownAt = now
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
        let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
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
            let scene = SceneBuilder().build(description, referenceBounds: description.referenceBounds(available: availableSize))
            session = SceneSession(scene: scene)
            loadError = nil
            loadErrorDetails = []
            watcher.watch(scenes[index], description: description)
        } catch {
            watcher.watch(scenes[index], description: nil)
            show(SceneLoadFailure(error, in: scenes[index]))
        }
        lastReloadCheck = clock()
        origin = clock()
        pausedAt = origin
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
        }
    }

    private func handleKey(_ key: Key, now: Double) {
        record?(InputEvent.key(key.description, time: eventTime(now: now)).jsonLine)
        needsDraw = true
        let action = KeyBinding.binding(for: key, editing: editMode.isOn)?.action
        if showsHelp {
            showsHelp = false
            if action == .showHelp || key == .escape { return }
        }
        let pending = pendingLeave
        pendingLeave = nil
        if let action, action.leavesScene, action != .interrupt, editMode.hasUnsavedEdits, pending != key, let s = session {
            pendingLeave = key
            note(s, "Unsaved edits: w saves, the same key again discards.", now: now)
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
            } else if let s = session {
                s.post("There is no scene \(n + 1): there \(scenes.count == 1 ? "is 1" : "are \(scenes.count)").")
                messageCount = s.messages.count
                messageShownAt = now
            }
        case .togglePause:
            if isPaused { origin += now - pausedAt; isPaused = false } else { pausedAt = now; isPaused = true }
        case .stepOnce:
            if isPaused, let s = session {
                s.step()
                observer?.playgroundApp(self, didStep: s)
                origin -= 1.0 / 60
            }
        case .reload: load(sceneIndex)
        case .showHelp: showsHelp = true
        case .suspend:
            suspendHandler?()
            resized()
        case .toggleEditMode:
            editMode.toggle()
            pointer.reset()
        case .some(let other):
            if let s = session, editMode.handle(other, in: s) { note(s, nil, now: now) }
        case nil: break
        }
    }

    /// Shows `message` (or the session's newest) in the status line from `now`.
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
        note(s, nil, now: now)
    }

    private func handleMouse(_ mouse: MouseEvent, now: Double) {
        if editMode.isOn, let s = session { return handleEditMouse(mouse, s, now: now) }
        guard let s = session, !isPaused else { return }
        let point = viewport.scenePoint(cellSize.center(column: mouse.column, row: mouse.row))
        guard let events = pointer.events(for: mouse, at: point, time: eventTime(now: now)) else { return }
        for event in events {
            record?(InputEvent.pointer(event).jsonLine)
            s.handle(event)
        }
        if s.messages.count != messageCount {
            messageCount = s.messages.count
            messageShownAt = now
        }
        needsDraw = true
    }

    private func resized() {
        needsDraw = true
        guard !isTooSmall, let s = session else { return }
        if s.scene.sceneDescription.size == nil {
            s.setReferenceBounds(Rect(origin: .zero, size: availableSize))
        }
    }

    // MARK: Drawing

    private func draw(now: Double) {
        needsDraw = false
        lastDrawAt = now
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
                                        background: renderer.background)
                    } else {
                        canvas = Canvas(columns: columns, rows: rows - 1, cellSize: cellSize, glyphs: options.glyphs,
                                        background: renderer.background)
                    }
                }
                renderer.redraw(s.scene, on: &canvas!, viewport: viewport)
                editMode.draw(on: &canvas!, scene: s.scene, viewport: viewport)
                canvas!.render(into: &grid, colorMode: terminal.colorMode)
            }
            frameTimes.append(now)
            frameTimes.removeAll { $0 <= now - 1 }
            let statusText = status(now: now)
            let bar = Color.darkGray
            grid.fill(Cell.blank(bar), columns: 0..<columns, rows: (rows - 1)..<rows)
            grid.write(Self.fitted(statusText, width: columns), column: 0, row: rows - 1,
                       foreground: .white, background: bar)
            if showsHelp { HelpOverlay(loadErrors: loadErrorDetails, gestures: session?.scene.gestures ?? []).draw(into: &grid) }
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
            let rate = max(0, 1 - droppedTime.reduce(0) { $0 + $1.seconds })
            state = String(format: "slow motion %.2f×", rate)
        }
        if editMode.isOn { state += " │ \(editMode.statusText)" }
        let fps = isPaused || s.isAtRest ? 0 : min(frameTimes.count, 60)
        let ms = String(format: "%.2f", stepMilliseconds)
        var tail = s.scene.sceneDescription.summary
        if let message = s.lastMessage, now - messageShownAt < options.messageDuration { tail = message }
        return " \(s.scene.sceneDescription.name) \(place) │ \(state) │ \(fps) fps │ \(ms) ms │ \(tail)"
    }

    /// `text` cut to `width` columns, ending in "…" when it was cut.
    static func fitted(_ text: String, width: Int) -> String { text.fitted(toColumns: width) }
}
