// SessionReplay: runs a session headless with recorded input, as `nudge simulate --input` does.
//
// Step 0 is printed before anything happens; then, before each step, every event whose time
// falls before that step's end is delivered (`SceneSession.stepIndex(forEventTime:)`), exactly
// where the live app delivered it, and the step runs. Keys that leave the scene in the live app
// (KeyBinding.Action.leavesScene: n, p, Tab, Shift-Tab, 1–9, r, R, q, Q, Ctrl-C) end the replay's
// input: what follows them happened in another scene. Other keys (space, `.`, `?`) change
// nothing in the simulation. A key pressed while the help box is open only closes it (ReplayKeys).
import SceneFormat
import Scenes

public enum SessionReplay {
    /// Whether `key` (as `Key.description` names it) leaves the scene in the live app.
    public static func leavesScene(_ key: String) -> Bool {
        KeyBinding.binding(named: key)?.action.leavesScene ?? false
    }

    /// Steps `session` `steps` times with `events`, writing step 0, every `every`-th step and the
    /// last.
    public static func run(_ session: SceneSession, events: [InputEvent], steps: Int, every: Int,
                           write: (String) -> Void) {
        precondition(steps >= 0 && every >= 1, "steps ≥ 0 and every ≥ 1 (the command line checks them)")
        var next = 0
        var stopped = false
        var keys = ReplayKeys()
        write(session.stateLine())
        guard steps > 0 else { return }
        for _ in 1...steps {
            while !stopped, next < events.count,
                  SceneSession.stepIndex(forEventTime: events[next].time) <= session.stepCount {
                switch events[next] {
                case .pointer(let event): session.handle(event)
                case .key(let key, _): if keys.leavesScene(key) { stopped = true }
                }
                next += 1
            }
            session.step()
            if HeadlessSimulation.reports(step: session.stepCount, of: steps, every: every) { write(session.stateLine()) }
        }
    }
}

/// The recorded keys as the live app takes them, as far as a replay needs: whether a key leaves
/// the scene. A key pressed while the help box is open (`?`) only closes it, so it leaves
/// nothing; Ctrl-C ends the program whatever is open.
public struct ReplayKeys: Sendable {
    private var helpIsOpen = false

    public init() {}

    /// Whether `key` (as `Key.description` names it), pressed after the keys given before, leaves
    /// the scene.
    public mutating func leavesScene(_ key: String) -> Bool {
        let action = KeyBinding.binding(named: key)?.action
        if helpIsOpen && action != .interrupt {
            helpIsOpen = false
            return false
        }
        if action == .showHelp { helpIsOpen = true }
        return action?.leavesScene ?? false
    }
}
