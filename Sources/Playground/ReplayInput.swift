// ReplayInput: recorded input delivered to a session as the live app took it, for `nudge simulate
// --input` (SessionReplay) and `nudge play --input` (TimeController).
//
// A recording is the input of the scene's final line of time (`InputEvent.timeline`): what a
// trip back and a resume dropped is gone, what came after is there. Keys act as the app's keys
// act on the scene, as far as a replay needs: a key pressed while the help box is open only
// closes it; `e` and Esc turn edit mode on and off, and while it is on the edit keys choose
// tools, undo (`u`) and redo (`U`), and pointer events drive the tool, through a real EditMode,
// so edits replay exactly as they were made; a key that leaves the scene ends the input, unless
// unsaved edits held it back (the live app asks for it twice), and `w` saves. What the inspector
// changed comes as its own line (RecordedTune), made through the same edit mode; the inspector's
// keys are followed only as far as they keep other keys from acting: while it is open (`i` with
// something selected, in edit mode) the arrows are its own and Esc or `i` closes it rather than
// leaving edit mode, as live.
import Gestures
import Scenes

/// The recorded keys as the live app takes them, as far as a replay needs: whether a key leaves
/// the scene. A key pressed while the help box is open (`?`) only closes it, so it leaves
/// nothing; Ctrl-C ends the program whatever is open.
public struct ReplayKeys: Sendable {
    private var helpIsOpen = false

    public init() {}

    /// The action of `key` (as `Key.description` names it), pressed after the keys given before;
    /// nil when it has none or the help box took it.
    public mutating func action(of key: String) -> KeyBinding.Action? {
        let action = KeyBinding.binding(named: key)?.action
        if helpIsOpen && action != .interrupt {
            helpIsOpen = false
            return nil
        }
        if action == .showHelp { helpIsOpen = true }
        return action
    }

    /// Whether `key`, pressed after the keys given before, leaves the scene.
    public mutating func leavesScene(_ key: String) -> Bool { action(of: key)?.leavesScene ?? false }
}

/// Recorded events delivered to one session as the live app delivered them (see the header).
public final class ReplayInput {
    private var keys = ReplayKeys()
    /// Edit mode as the recorded keys turned it on and off, with its tools and undo stack.
    public let editMode = EditMode()
    /// A leaving key held back by unsaved edits: the same key again leaves.
    private var pendingLeave: String?
    /// `W` asked "Save over FILE?": the next key answers (y saves).
    private var confirmingOverwrite = false
    /// Whether the inspector is open, as far as the keys and the selection say (see the header).
    private var inspectorIsOpen = false
    /// Whether a leaving key ended the input: what follows happened in another scene.
    public private(set) var hasLeft = false

    public init() {}

    /// Delivers `event` to `session` (nothing once the input has left the scene).
    public func deliver(_ event: InputEvent, to session: SceneSession) {
        guard !hasLeft else { return }
        switch event {
        case .pointer(let pointer):
            guard editMode.isOn else { return session.handle(pointer) }
            let phase: EditPointerPhase
            switch pointer.phase {
            case .down: phase = .down
            case .move: phase = .drag
            case .up: phase = .up
            case .scroll: return
            }
            editMode.handle(phase, at: pointer.location, time: pointer.time, in: session)
            if editMode.selection == nil { inspectorIsOpen = false }
        case .key(let key, _):
            deliver(key: key, to: session)
        case .tune(let tune):
            if let change = tune.change(in: session.scene) { _ = editMode.make(.tune(change), in: session) }
        case .resume:
            break
        }
    }

    private func deliver(key: String, to session: SceneSession) {
        let pending = pendingLeave
        pendingLeave = nil
        if confirmingOverwrite {
            confirmingOverwrite = false
            if key == "y" || key == "Y" { editMode.markSaved() }
            return
        }
        guard let action = keys.action(of: key) else { return }
        if inspectorIsOpen && editMode.isOn {
            // The open panel takes the arrows, and Esc or `i` closes it and does nothing else.
            if ["Up", "Down", "Left", "Right"].contains(key) { return }
            if key == "Esc" || action == .toggleInspector { inspectorIsOpen = false; return }
        }
        if action.leavesScene {
            if action != .interrupt, editMode.hasUnsavedEdits, pending != key {
                pendingLeave = key
                return
            }
            hasLeft = true
            return
        }
        switch action {
        case .toggleEditMode: editMode.toggle(); inspectorIsOpen = false
        case .leaveEditMode: if editMode.isOn { editMode.leave() }; inspectorIsOpen = false
        case .toggleInspector: inspectorIsOpen = editMode.isOn && editMode.selection != nil
        case .save: editMode.markSaved()
        case .overwrite: confirmingOverwrite = !editMode.isOn
        default:
            if editMode.isOn { _ = editMode.handle(action, in: session) }
            if editMode.selection == nil { inspectorIsOpen = false }
        }
    }
}
