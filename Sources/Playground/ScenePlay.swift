// ScenePlay: what the playground holds for the one scene it plays, as one value.
//
// Loading a scene (a new one, the same one again, or a failed load that leaves the last scene
// playing) replaces this value whole, so nothing of the last scene's play (its trails, the open
// inspector, a pending warning, the toast, the pointer's press) can be forgotten by a reset
// written out field by field. What outlives a scene stays on the app (the scene list and place,
// pause and speed in the TimeController, the overlay, the help box) and is not in here.
import Scenes
import TerminalUI

struct ScenePlay {
    /// The session on screen; nil until a scene has loaded.
    var session: SceneSession?
    /// The trails behind items (edit mode's `t`).
    var trails = Trails()
    /// The inspector panel, nil when closed.
    var inspector: Inspector?
    /// A key that would leave a scene with unsaved edits, pressed once: the same key again goes on.
    var pendingLeave: Key?
    /// `W` pressed once: the file it would save over, until the next key answers (y writes).
    var confirmingOverwrite: String?
    /// The toast in the status line (StatusMessage), nil when none was shown.
    var toast: StatusMessage?
    /// The session's messages already shown (a newer one starts a new toast).
    var messagesShown = 0
    /// The terminal's mouse reports made into pointer events.
    var pointer = PointerTracker()

    init(session: SceneSession? = nil) {
        self.session = session
        messagesShown = session?.messages.count ?? 0
    }

    /// The warning a pending leave, or a question before saving over the file, shows (it stands
    /// until the next key).
    var leaveWarning: StatusMessage? {
        if let name = confirmingOverwrite {
            return StatusMessage("Save over \(name)? y saves, any other key does not", priority: .warning, shownAt: -.infinity)
        }
        return pendingLeave.map { _ in
            StatusMessage("unsaved edits: w saves, the same key again discards", priority: .warning, shownAt: -.infinity)
        }
    }

    /// The toast follows the session's newest message: a message a step posted (a long press
    /// recognized as time passed) takes the place of the one showing, within its time.
    mutating func followMessages() {
        guard toast != nil, let s = session else { return }
        if let last = s.lastMessage { toast?.text = last } else { toast = nil }
    }
}
