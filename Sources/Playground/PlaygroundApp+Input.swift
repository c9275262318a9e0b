// PlaygroundApp's input other than keys: the mouse (to the scene's gestures, or to edit mode's
// tools), resizes, and what follows from them: edits kept in history, the inspector following the
// selection, and the toast (`note`), the one place a message's time starts.
//
// A pointer event is stamped with the scene's own time (steps run plus the fraction of the step
// under way, TimeController.eventTime), delivered at once, kept in history at the step it came
// before and written to the recording, so a replay delivers it before the same step and plays
// the scene again as it went. A paused scene ignores the pointer (edit mode's tools still work).
import Foundation
import Geometry
import Gestures
import Scenes
import TerminalUI

extension PlaygroundApp {
    func handle(_ event: TerminalEvent, now: Double) {
        update(now: now)
        switch event {
        case .key(let key): handleKey(key, now: now)
        case .mouse(let mouse): handleMouse(mouse, now: now)
        case .resize: resized()
        case .paste(let text): post(PastedText.message(characters: text.count), now: now)
        }
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
        let t = time.eventTime(of: s, at: now)
        // Recorded (a replay drives its own edit mode with it) before the edit it may make.
        time.recordEditPointer(PointerEvent(phase == .down ? .down : phase == .drag ? .move : .up, at: point, time: t))
        editMode.handle(phase, at: point, time: t, in: s)
        followSelection()
        note(s, nil, now: now)
    }

    private func handleMouse(_ mouse: MouseEvent, now: Double) {
        if editMode.isOn, let s = session { return handleEditMouse(mouse, s, now: now) }
        guard let s = session, !time.isPaused else { return }
        let point = viewport.scenePoint(cellSize.center(column: mouse.column, row: mouse.row))
        guard let events = play.pointer.events(for: mouse, at: point, time: time.eventTime(of: s, at: now)) else { return }
        for event in events {
            time.recordLine(.pointer(event))
            time.remember(.pointer(event), at: s.stepCount)
            s.handle(event)
        }
        note(s, nil, now: now)
    }

    func resized() {
        needsDraw = true
        guard !isTooSmall, session != nil else { return }
        endTravel()
        settleShownFrame()
        if let s = session, s.scene.sceneDescription.size == nil {
            let bounds = SceneFit.bounds(SceneFit.referenceBounds(for: s.scene.sceneDescription, available: availableSize),
                                         holding: s.scene)
            guard bounds != s.scene.referenceBounds else { return }
            time.remember(.referenceBounds(bounds), at: s.stepCount)
            s.setReferenceBounds(bounds)
        }
    }

    /// An edit made in edit mode (undos too): history keeps it, to make it again when it
    /// re-simulates, and what was recorded after this step did not happen after all.
    func recordEdit(_ edit: SceneEdit) {
        guard let s = session else { return }
        time.rememberEdit(edit, at: s.stepCount)
    }

    /// The open inspector shows what is selected now; with nothing selected it closes.
    func followSelection() {
        guard let panel = inspector else { return }
        guard let selection = editMode.selection else { inspector = nil; return }
        if panel.selection != selection { inspector = Inspector(selection: selection) }
    }

    /// Shows `message` in the status line from `now`; with no message, shows the session's newest
    /// if it posted one since the last (a gesture's, an edit's): the one place a toast starts.
    func note(_ s: SceneSession, _ message: String?, now: Double) {
        if let message { s.post(message) }
        if s.messages.count != play.messagesShown || message != nil {
            play.messagesShown = s.messages.count
            play.toast = StatusMessage(s.lastMessage ?? "", shownAt: now, duration: options.messageDuration)
        }
        needsDraw = true
    }

    /// Shows `text` in the status line as a message (news from whoever runs the app, such as a
    /// recording that stopped), from the time of the app's clock.
    public func showMessage(_ text: String) { post(text, now: clock()) }

    /// Shows `text` in the status line from `now` for `messageDuration`.
    func post(_ text: String, now: Double) {
        guard let s = session else { return }
        note(s, text, now: now)
    }

    // MARK: Trails and the inspector (edit mode's `t` and `i`)

    /// Turns the trail behind the item on or off; false when the scene has no such item.
    @discardableResult
    public func toggleTrail(itemID: String) -> Bool {
        guard let s = session, s.scene.item(withID: itemID) != nil else { return false }
        play.trails.toggle(itemID)
        needsDraw = true
        return true
    }

    /// Gives a key to the open inspector: ↑/↓ choose a field, ←/→ change it in the scene at once.
    /// The change made (for undo); nil when nothing changed.
    @discardableResult
    public func inspect(_ key: Key) -> PropertyChange? { inspect(key, now: clock()) }

    @discardableResult
    func inspect(_ key: Key, now: Double) -> PropertyChange? {
        guard var panel = inspector, let s = session else { return nil }
        switch key {
        case .left, .right:
            // A change is an edit like any other: undone by u, kept by history, saved by w.
            let direction = key == .right ? 1 : -1
            if let why = panel.refusal(direction, in: s.scene) { post(why, now: now); return nil }
            guard let change = panel.change(direction, in: s.scene),
                  editMode.make(.tune(change), in: s) else { return nil }
            // Written as the change itself: a replay has no panel to turn the arrow into it.
            time.recordLine(.tune(RecordedTune(change, time: time.eventTime(of: s, at: now))))
            needsDraw = true
            return change
        default:
            panel.handle(key, in: s.scene)
            inspector = panel
            return nil
        }
    }
}
