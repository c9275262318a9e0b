// PlaygroundApp: the interactive playground over any TerminalDriver, on an injected clock.
//
// The app is a loop over three parts (docs/architecture.md, "The app loop"):
// - TimeController: when steps run. Simulation time is whole steps of 1/60 s, due by the clock
//   against the scene's start, never summed from frame times, so it cannot drift; at most
//   `maximumStepsPerFrame` steps and `stepBudget` seconds of them run per turn, and time beyond
//   that is dropped, so a stall never turns into a burst of catch-up (a scene too costly for the
//   frame runs in slow motion, and the status line says how slow). Pause, steps by hand, the
//   speed, the scene's history and trips through it, replay and recording live there too.
// - StatusMessage: the one message the status line shows, with its expiry and priority.
// - FrameDrawer: `frame(state) -> cells`, drawing the play area, status line, help and HUD from a
//   FrameState value and changing nothing.
// What the app holds for the scene it plays is one value, ScenePlay, that `load` replaces whole.
//
// One turn of the loop reads the clock once and hands that time down: live reload, a trip
// through history under way, the steps due, messages and frame drops that aged, and the frame
// (drawn at most 60 times a second, and never while the terminal has not taken the last one:
// such a frame is dropped, and from 3 drops in a second the status line says "terminal slow").
// The wait that follows reads the clock again (drawing took time), and each event is stamped
// with the time it arrived. Keys act as KeyBinding's table says, each action one method
// (PlaygroundApp+Keys). A scene at rest skips its due steps without work, draws once and blocks
// in `nextEvent(timeout:)` with `idleTimeout`; a scene file that fails to load leaves the
// previous scene playing and shows its error; a terminal smaller than 20×6 shows a short message.
// An observer given at init (PlaygroundObserver) is told of each step run or skipped; it is
// never asked anything, so the loop runs the same with or without one.
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
    let clock: () -> Double
    private let sleep: (Double) -> Void
    let suspendHandler: (() -> Void)?
    /// Draws each frame from its state.
    let drawer = FrameDrawer()

    /// Told of every step run or skipped; never asked anything (see PlaygroundObserver).
    public let observer: PlaygroundObserver?

    /// Steps, pause, speed, history, replay and recording.
    let time: TimeController
    /// The scene being played: its session, trails, inspector, toast (replaced whole by `load`).
    var play = ScenePlay()
    /// Edit mode (`e`): its tool, selection, undo stack and unsaved-edits flag.
    public let editMode = EditMode()
    /// The place of the scene being shown (or whose load failed) in `scenes`.
    public internal(set) var sceneIndex = 0
    public internal(set) var showsHelp = false
    /// The physics overlay on show (`d` cycles them; PhysicsOverlay), with the HUD while not off.
    var overlay = PhysicsOverlay.Mode.off
    /// The load error of the scene at `sceneIndex`, if it failed.
    public internal(set) var loadError: String?
    /// Every error of that load, in full (`?` shows them).
    public internal(set) var loadErrorDetails: [String] = []
    /// Called after each `w` with what the save did (the file written, or why not).
    public var didSave: ((SceneSaving.Outcome) -> Void)?

    var exit: Exit?
    var needsDraw = true
    /// When frames were drawn and dropped (at most 60 a second; a slow terminal's drops).
    var frames = FramePacing()
    /// When the toast on screen expires (a frame is due then, even while nothing else changes).
    var shownToastExpiry: Double?
    /// Live reload: the current scene's file and pictures, and when they were last checked.
    let watcher: SceneWatcher
    var lastReloadCheck = -Double.infinity

    public init(terminal: TerminalDriver, scenes: [SceneFile], options: Options = Options(),
                clock: @escaping () -> Double, sleep: @escaping (Double) -> Void = { _ in },
                suspend: (() -> Void)? = nil, record: ((String) -> Void)? = nil, replay: [InputEvent] = [],
                files: FileStatusProvider = SystemFileStatus(), observer: PlaygroundObserver? = nil) {
        self.observer = observer
        self.watcher = SceneWatcher(files: files)
        self.terminal = terminal
        self.scenes = scenes
        self.options = options
        self.clock = clock
        self.sleep = sleep
        self.suspendHandler = suspend
        self.time = TimeController(maximumStepsPerTurn: options.maximumStepsPerFrame, stepBudget: options.stepBudget,
                                   stopwatch: clock, replay: replay, record: record)
        time.events = TimeController.Events(
            stepped: { [unowned self] s in
                play.trails.record(s.scene)
                observer?.playgroundApp(self, didStep: s)
            },
            skipped: { [unowned self] s, from in
                play.trails.record(s.scene, steps: s.stepCount - from)
                observer?.playgroundApp(self, didSkipIdleStepsOf: s, from: from)
            },
            replayed: { [unowned self] s, now in note(s, nil, now: now) })
        editMode.didApply = { [unowned self] edit in self.recordEdit(edit) }
        editMode.toggleTrail = { [unowned self] id in
            self.toggleTrail(itemID: id)
            return self.play.trails.hasTrail(id)
        }
    }

    // MARK: What the scene shows

    public var session: SceneSession? { play.session }
    public var isPaused: Bool { time.isPaused }
    /// The scene's past: what it was built from and what was delivered to it at which step.
    public var history: SessionHistory? { time.history }
    /// The trails behind items of the scene being played (`toggleTrail(itemID:)`).
    public var trails: Trails { play.trails }
    /// The inspector panel shown over the play area, nil when closed; a new scene closes it.
    public var inspector: Inspector? {
        get { play.inspector }
        set { play.inspector = newValue; needsDraw = true }
    }

    // MARK: Running

    /// Takes the terminal, plays until q or Ctrl-C, and gives the terminal back on every path.
    public func run() throws -> Exit {
        try terminal.begin()
        defer { terminal.end() }
        exit = nil
        load(options.firstScene)
        while exit == nil {
            turn(now: clock())
            waitForEvents(now: clock())
        }
        return exit ?? .quit
    }

    /// One turn at `now`: what is due happens, and a frame is drawn if one is due.
    private func turn(now: Double) {
        checkForEdits(now: now)
        if time.isTravelling { continueTravel() } else if time.needsSettle { continueSettle() }
        update(now: now)
        if let expiry = shownToastExpiry, now >= expiry { needsDraw = true }
        // A drop left the last second: redraw the status line with the new count.
        if frames.dropLeftTheSecond(at: now) { needsDraw = true }
        if needsDraw && frames.isDue(at: now) { draw(now: now) }
    }

    /// Waits from `now` until the next thing is due or an event comes, and handles the events
    /// that came (each at the time it arrived).
    private func waitForEvents(now: Double) {
        let timeout = waitTimeout(now: now)
        if let event = terminal.nextEvent(timeout: timeout) {
            handle(event, now: clock())
            var drained = 0
            while exit == nil, drained < 256, let more = terminal.nextEvent(timeout: 0) {
                handle(more, now: clock())
                drained += 1
            }
        } else {
            // A driver that returned before the time was up (it cannot wait): pace here.
            let waited = clock() - now
            if timeout > 0 && waited < 0.001 { sleep(min(timeout, 1.0 / 60)) }
        }
    }

    /// Runs the steps that are due at `now`.
    func update(now: Double) {
        guard let s = session else { return }
        if time.run(s, now: now) { needsDraw = true }
        guard let rules = s.rules else { return }
        for _ in 0..<rules.takeBells() { terminal.bell() }
        if rules.ending?.result == "next" { showNextScene(by: 1) }
    }

    /// How long the loop may wait at `now` before something is due.
    private func waitTimeout(now: Double) -> Double {
        if exit != nil || time.isTravelling || time.needsSettle { return 0 }
        if needsDraw { return frames.untilDue(at: now) }
        var timeout = time.wait(for: session, at: now, idle: options.idleTimeout)
        if let interval = options.reloadInterval, watcher.isWatching {
            timeout = min(timeout, max(lastReloadCheck + interval - now, 0) + 0.001)
        }
        if let change = frames.nextDropExpiry {
            timeout = min(timeout, max(change - now, 0) + 0.001)
        }
        if let toast = play.toast {
            let expiry = toast.expiry - now
            if expiry > 0 { timeout = min(timeout, expiry + 0.001) }
        }
        return max(timeout, 0)
    }

    // MARK: Time travel

    /// Paused, moves `steps` steps through time (TimeController+Travel); presses during a trip
    /// add to its target.
    func travel(by steps: Int, now: Double) {
        guard let s = session else { return }
        if let why = time.travel(by: steps, from: s) { return post(why, now: now) }
        // A toast belongs to the moment it was posted at, not to the step gone to.
        play.toast = nil
        needsDraw = true
        if !time.isTravelling { refillTrails(at: time.shownFrame?.step ?? s.stepCount, of: s) }
        continueTravel()
    }

    /// The trails refilled from the recorded frames up to `step` (Trails.refill), for the items
    /// of `s` (whose layout the frames fit).
    func refillTrails(at step: Int, of s: SceneSession) {
        guard let history, !play.trails.itemIDs.isEmpty else { return }
        let ids = play.trails.itemIDs
        let indices = ids.map { id in s.scene.items.firstIndex { $0.id == id } ?? -1 }
        let centers = history.centers(ofItemsAt: indices, through: step, count: play.trails.length,
                                      layout: DisplayFrame.layout(of: s.scene))
        let byID = Dictionary(zip(ids, centers), uniquingKeysWith: { a, _ in a })
        play.trails.refill { byID[$0] ?? [] }
    }

    /// Puts the exact state of the recorded frame on screen in its place, rebuilt (see
    /// TimeController.settle): before anything but time travel reads or changes the session.
    func settleShownFrame() {
        guard let s = session, let shown = time.settle(onScreen: s) else { return }
        putOnScreen(shown)
        needsDraw = true
    }

    /// Runs the trip under way a slice further; once it arrives its session is on screen.
    func continueTravel() {
        guard time.isTravelling else { return }
        needsDraw = true
        if let shown = time.continueTravel(onScreen: session) { putOnScreen(shown) }
    }

    /// Runs the settle of the recorded frame on screen a slice further (TimeController+Settle);
    /// once it arrives, the exact state takes the frame's place.
    func continueSettle() {
        guard let s = session, let exact = time.continueSettle(onScreen: s) else { return }
        putOnScreen(exact)
        needsDraw = true
    }

    /// Ends the trip under way (see TimeController.endTravel).
    func endTravel() {
        guard time.isTravelling else { return }
        if let shown = time.endTravel(onScreen: session) { putOnScreen(shown) }
        needsDraw = true
    }

    /// A trip's session takes the screen: the trails behind a session that is not the one they
    /// followed are refilled from the recorded frames up to its step, and its messages so far count as shown (and its bells as rung:
    /// re-simulating the way back rings nothing).
    private func putOnScreen(_ shown: SceneSession) {
        if shown !== play.session { refillTrails(at: shown.stepCount, of: shown) }
        play.session = shown
        play.messagesShown = shown.messages.count
        _ = shown.rules?.takeBells()
    }

    /// `text` cut to `width` columns, ending in "…" when it was cut.
    static func fitted(_ text: String, width: Int) -> String { text.escapingControlCharacters.fitted(toColumns: width) }
}
