// StatusLine: the words of the playground's bottom row, formatted from a value and nothing else.
//
// "Push 1/3 │ running │ 60 fps │ 0.12 ms │ <message, else the summary>". The app gathers what the
// line needs (the scene's name and place, the clock's state, the frame and step figures, the
// message the status line shows) into this value at drawing time; `text` only formats it, so
// formatting can be called any number of times and changes nothing (the figures that age, the
// dropped time and dropped frames of the last second, are trimmed by the loop before drawing).
//
// What the state word says, first match wins: "rewinding… N %" while a trip back re-simulates;
// "terminal slow: N frames dropped" while frames are being dropped; "slow motion R×" while steps
// cannot keep up; else "paused" (with the scene time), "resting" or "running", with the speed
// when it is not 1×. While paused on a recorded frame whose exact state is still being rebuilt
// (TimeController+Settle), the time ends in "≈": the picture is the step's, to within a cell at
// an edge, and turns exact when the "≈" goes.
//
// A message wins the room over the figures: while one shows, the fps and ms fields give way to
// it, and `lines(width:maximumLines:)` wraps a long one at spaces onto more rows (the status rows
// grow upward over the play area), so the edit tools' guidance reads whole at 80 columns. The
// summary, which is always there to read in the file, stays on one row, cut with "…".
import Foundation

struct StatusLine: Equatable {
    /// "2/5": the scene's place in the list.
    var place: String
    /// The scene's name; nil when no scene is on screen.
    var name: String?
    /// The message the status line shows (StatusMessage.shown), if any.
    var message: StatusMessage?
    var isPaused = false
    var isAtRest = false
    /// Simulated seconds per wall second over the last second, when steps could not keep up.
    var slowMotionRate: Double?
    /// The chosen speed (1 = real time).
    var speed = 1.0
    /// Frames dropped by a slow terminal over the last second, when enough to say so.
    var droppedFrames: Int?
    /// How far a trip back through history has got, in percent, while it runs.
    var rewindPercent: Int?
    /// The scene's time in seconds (shown while paused).
    var sceneTime = 0.0
    /// Whether the picture is a recorded frame, not yet the exact state ("≈" after the time).
    var showsRecordedFrame = false
    /// Edit mode's words (tool, selection), while it is on.
    var editing: String?
    var framesPerSecond = 0
    var stepMilliseconds = 0.0
    /// The physics overlay on show, nil when off.
    var overlayName: String?
    /// The scene's counters and how its rules ended it ("score 3 │ won: In!"), when it has any.
    var scoreboard: String?
    /// What the line ends with when no toast shows: the scene's summary.
    var summary = ""

    /// The line, before it is fitted to the terminal's width.
    var text: String {
        if let message, message.priority == .error { return " \(place) │ \(message.text)" }
        guard let name else { return " \(place)" }
        if let message, message.priority == .warning {
            // The warning in full, however narrow the terminal: it stands until the next key.
            return " \(name) \(place) │ \(message.text)"
        }
        let shown = overlayName.map { " │ overlay: \($0)" } ?? ""
        if let message {
            // A message takes the room of the figures.
            return " \(name) \(place) │ \(state)\(shown) │ \(message.text)"
        }
        let ms = String(format: "%.2f", stepMilliseconds)
        return " \(name) \(place) │ \(state) │ \(framesPerSecond) fps │ \(ms) ms\(shown) │ \(summary)"
    }

    /// The rows the status line takes at `width` columns, top first: one, cut with "…", when no
    /// message shows or it fits; else the text wrapped at spaces (each row begins with a space),
    /// at most `maximumLines` rows, the last cut with "…" if even they are too few.
    func lines(width: Int, maximumLines: Int) -> [String] {
        // Control and bidi characters (from a scene's name, summary or messages) shown as
        // escapes (TerminalSafeText), before the line is measured and cut.
        let width = max(width, 1), text = text.escapingControlCharacters
        guard message != nil, text.terminalColumns > width, width > 2 else { return [text.fitted(toColumns: width)] }
        var wrapped = StatusMessage(String(text.dropFirst()), shownAt: 0).lines(width: width - 1).map { " " + $0 }
        let most = max(maximumLines, 1)
        if wrapped.count > most {
            let rest = wrapped[(most - 1)...].map { $0.dropFirst() }.joined(separator: " ")
            wrapped = Array(wrapped.prefix(most - 1)) + [(" " + rest).fitted(toColumns: width)]
        }
        return wrapped
    }

    /// The state word and what goes with it (see the header).
    var state: String {
        var state = isPaused ? "paused" : (isAtRest ? "resting" : "running")
        if let slowMotionRate { state = String(format: "slow motion %.2f×", slowMotionRate) }
        if speed != 1 { state += " at " + PlaybackClock.label(speed) }
        if let droppedFrames { state = "terminal slow: \(droppedFrames) frames dropped" }
        if let rewindPercent {
            state = "rewinding… \(rewindPercent) %"
        } else if isPaused {
            state += String(format: " │ %.2f s", sceneTime) + (showsRecordedFrame ? " ≈" : "")
        }
        if let editing { state += " │ \(editing)" }
        if let scoreboard { state += " │ \(scoreboard)" }
        return state
    }
}
