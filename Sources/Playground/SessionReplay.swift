// SessionReplay: runs a session headless with recorded input, as `nudge simulate --input` does.
//
// Step 0 is printed before anything happens; then, before each step, every event whose time
// falls before that step's end is delivered (`SceneSession.stepIndex(forEventTime:)`), exactly
// where the live app delivered it, and the step runs. Keys that leave the scene in the live app
// (KeyBinding.Action.leavesScene: n, p, Tab, Shift-Tab, 1–9, r, R, q, Q, Ctrl-C) end the replay's
// input: what follows them happened in another scene. Other keys (space, `.`, `?`) change
// nothing in the simulation. The events are those of the line of time the recording ended on
// (`InputEvent.timeline`), delivered as the live app took them (ReplayInput): edit mode's keys and
// pointer events make the same edits, a key pressed while the help box is open only closes it.
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
        let input = ReplayInput()
        let events = InputEvent.timeline(events)
        write(session.stateLine())
        guard steps > 0 else { return }
        for _ in 1...steps {
            while !stopped, next < events.count,
                  SceneSession.stepIndex(forEventTime: events[next].time) <= session.stepCount {
                input.deliver(events[next], to: session)
                stopped = input.hasLeft
                next += 1
            }
            session.step()
            if let rules = session.rules {
                for line in rules.takeLines() { write(line) }
                if let result = rules.resultLine {
                    write(session.stateLine())
                    write(result)
                    return
                }
            }
            if HeadlessSimulation.reports(step: session.stepCount, of: steps, every: every) { write(session.stateLine()) }
        }
    }
}

